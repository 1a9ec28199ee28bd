package io.colfile.kudu;

import io.colfile.core.FileReader;
import io.colfile.core.FileWriter;
import io.colfile.core.FormatProvider;
import io.colfile.core.WriteOptions;
import io.colfile.core.error.UnsupportedFeatureException;
import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.kudu.rowset.RowSetManifest;
import io.colfile.kudu.rowset.RowSetReader;
import io.colfile.kudu.rowset.RowSetWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

/**
 * Registers Kudu with {@link io.colfile.core.ColFile}: single CFiles (files that start with
 * {@code kuducfl2} or {@code kuducfil}, whatever their role) are read as one column; rowset
 * directories (a {@code rowset.json} beside the CFiles) are read and written as tables.
 */
public final class KuduFormat implements FormatProvider {
  /** The format's name, which its readers' {@code formatName()} give. */
  public static final String NAME = "Kudu";
  /** The primary key columns, comma-separated, in key order; default the first column. */
  public static final String KEY_PROPERTY = "kudu.key";
  /** Per-column encodings: {@code col=ENCODING,col2=ENCODING}. */
  public static final String ENCODING_PROPERTY = "kudu.encoding";
  /** Whether to write CRC-32C checksums: {@code true} (default, as Kudu) or {@code false}. */
  public static final String CHECKSUMS_PROPERTY = "kudu.checksums";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public boolean matches(byte[] head, byte[] tail, long length) {
    return CFile.hasMagic(head);
  }

  @Override
  public FileReader open(InputFile file) throws IOException {
    return CFileReader.open(file);
  }

  @Override
  public boolean matchesDirectory(Path dir) {
    return Files.isRegularFile(dir.resolve(RowSetManifest.FILE_NAME));
  }

  @Override
  public FileReader openDirectory(Path dir) throws IOException {
    return RowSetReader.openDirectory(dir);
  }

  @Override
  public boolean writesDirectories() {
    return true;
  }

  @Override
  public FileWriter create(OutputFile file, Type schema, WriteOptions options)
      throws IOException {
    throw new UnsupportedFeatureException("Kudu tables are written as rowset directories "
        + "(one CFile per column); give a directory to create instead of a file");
  }

  /**
   * A rowset directory of the rows of {@code schema} (a struct of primitive types, mapped as
   * {@link KuduTypes#fromType} says), with the key, encodings and checksums of the properties
   * {@value #KEY_PROPERTY}, {@value #ENCODING_PROPERTY} and {@value #CHECKSUMS_PROPERTY}, and
   * the compression and block size of {@code options} for every column.
   */
  @Override
  public FileWriter createDirectory(Path dir, Type schema, WriteOptions options)
      throws IOException {
    if (!options.bloomFilterColumns().isEmpty()) {
      throw new IllegalArgumentException("Kudu's bloom filter is on the primary key; "
          + "it takes no bloom filter columns");
    }
    options.checkProperties(NAME, "kudu.",
        Set.of(KEY_PROPERTY, ENCODING_PROPERTY, CHECKSUMS_PROPERTY));
    KuduTableOptions table = KuduTableOptions.from(schema, options);
    return RowSetWriter.create(dir, table.schema(), table.writerOptions());
  }
}
