package io.colfile.cli;

import io.colfile.core.ColFile;
import io.colfile.core.FileReader;
import io.colfile.core.FileWriter;
import io.colfile.core.FormatProvider;
import io.colfile.core.WriteOptions;
import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.error.UnsupportedFeatureException;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.text.convert.CsvSource;
import io.colfile.text.convert.FileReaderSource;
import io.colfile.text.convert.JsonLinesSource;
import io.colfile.text.convert.RowSource;
import io.colfile.text.convert.SchemaInference;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code colfile convert}: JSON lines (as {@code colfile cat} prints them), CSV with a header,
 * or any column file colfile reads, into a format colfile writes (ORC or Trevni). The output
 * appears only when the whole input was converted; on any error nothing is left at OUT and a
 * file already there is untouched.
 */
@Command(name = "convert", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = "Convert JSON lines, CSV or a column file into ORC, Trevni or a Kudu "
        + "rowset directory.")
final class ConvertCommand implements Callable<Integer>, FileCommand {
  enum InputFormat {
    AUTO,
    JSON,
    CSV,
    FILE
  }

  @ParentCommand
  private Main main;

  @Parameters(index = "0", paramLabel = "IN",
      description = "Input: .jsonl/.json/.ndjson (JSON lines), .csv, or a column file.")
  private Path in;

  @Parameters(index = "1", paramLabel = "OUT",
      description = "The file to write (for kudu: the rowset directory, which must not exist).")
  private Path out;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "orc",
      description = "Output format: orc, trevni or kudu (default: ${DEFAULT-VALUE}).")
  private String format;

  @Option(names = "--input-format", paramLabel = "KIND", defaultValue = "auto",
      description = "json, csv, file or auto (by extension, else by the file's bytes).")
  private String inputFormat;

  @Option(names = "--schema", paramLabel = "TYPE",
      description = "ORC type string of the rows, e.g. 'struct<a:int,b:string>', where "
          + "'not null' after a field's type makes it required in Trevni and NOT NULL in Kudu "
          + "(e.g. 'struct<a:int not null,b:string>'); without it the schema is inferred from "
          + "the input (every column nullable) and printed on stderr.")
  private String schema;

  @picocli.CommandLine.Mixin
  private KuduServerOptions server = new KuduServerOptions();

  @Option(names = "--compression", paramLabel = "CODEC",
      description = "none, zlib (deflate), snappy, lz4 or zstd; Trevni has none, zlib and "
          + "snappy (default: the format's own: zstd for ORC, none for Trevni).")
  private String compression;

  @Option(names = {"--stripe-size", "--block-size"}, paramLabel = "BYTES",
      description = "ORC: target stripe size (default 64 MiB); Trevni: bytes a column "
          + "buffers before it closes a block (default 64 KiB).")
  private Long blockSize;

  @Option(names = "--bloom-columns", split = ",", paramLabel = "NAME",
      description = "Columns that get bloom filters (comma-separated).")
  private List<String> bloomColumns;

  @Option(names = "--key", split = ",", paramLabel = "NAME",
      description = "Kudu: the primary key columns, in key order (default: the first column).")
  private List<String> key;

  @Option(names = "--encoding", split = ",", paramLabel = "COLUMN=ENCODING",
      description = "Kudu: column encodings (auto, plain, rle, bitshuffle, dict, prefix), "
          + "e.g. id=plain,name=prefix.")
  private List<String> encodings;

  @Option(names = "--set", paramLabel = "KEY=VALUE",
      description = "A format-specific setting, e.g. trevni.checksum=crc32 or "
          + "trevni.codec=bzip2 (repeatable).")
  private Map<String, String> properties;

  @Override
  public Path file() {
    return in;
  }

  @Override
  public Integer call() throws Exception {
    FormatProvider output;
    try {
      output = ColFile.format(format);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--format: " + e.getMessage());
    }
    WriteOptions options = options();
    InputFormat kind = inputFormat();
    Type type = null;
    if (schema != null) {
      try {
        type = Type.parse(schema);
      } catch (IllegalArgumentException e) {
        throw new UsageException("--schema: " + e.getMessage());
      }
    }
    if (kind == InputFormat.JSON || kind == InputFormat.CSV) {
      if (type == null) {
        type = infer(kind);
        main.stderr().println("colfile: inferred schema " + type);
        main.stderr().flush();
      }
      try (RowSource source = open(kind, type)) {
        write(output, source, options);
      }
    } else {
      FileReader reader = ColumnFiles.open(in, server);
      for (String d : ColumnFiles.damage(reader)) {
        main.stderr().println("colfile: salvage: " + d);
      }
      try (RowSource source = new FileReaderSource(reader)) {
        if (type != null && !type.allNullable().equals(reader.schema().allNullable())) {
          throw new UsageException("--schema " + type + " differs from the file's schema "
              + reader.schema());
        }
        write(output, source, options);
      }
    }
    return Failures.OK;
  }

  private WriteOptions options() {
    WriteOptions o = WriteOptions.defaults();
    try {
      if (compression != null) {
        CompressionCodec codec = CompressionCodec.writableNamed(compression).orElseThrow(
            () -> new UsageException("--compression must be "
                + CompressionCodec.WRITABLE_NAMES + ", not '" + compression + "'"));
        o = o.withCompression(codec);
      }
      if (blockSize != null) {
        o = o.withBlockSize(blockSize);
      }
      if (properties != null) {
        for (Map.Entry<String, String> e : properties.entrySet()) {
          o = o.withProperty(e.getKey(), e.getValue());
        }
      }
      if (key != null) {
        o = o.withProperty("kudu.key", String.join(",", key));
      }
      if (encodings != null) {
        o = o.withProperty("kudu.encoding", String.join(",", encodings));
      }
      return bloomColumns == null ? o : o.withBloomFilterColumns(bloomColumns);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }

  private InputFormat inputFormat() {
    InputFormat kind;
    try {
      kind = InputFormat.valueOf(inputFormat.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new UsageException("--input-format must be json, csv, file or auto, not '"
          + inputFormat + "'");
    }
    if (kind != InputFormat.AUTO) {
      return kind;
    }
    String name = in.getFileName() == null ? "" : in.getFileName().toString()
        .toLowerCase(Locale.ROOT);
    if (name.endsWith(".jsonl") || name.endsWith(".json") || name.endsWith(".ndjson")) {
      return InputFormat.JSON;
    }
    if (name.endsWith(".csv")) {
      return InputFormat.CSV;
    }
    return InputFormat.FILE;
  }

  private Type infer(InputFormat kind) throws IOException {
    try (InputStream s = new BufferedInputStream(Files.newInputStream(in))) {
      return kind == InputFormat.JSON
          ? SchemaInference.json(in.toString(), s)
          : SchemaInference.csv(in.toString(), new InputStreamReader(s, StandardCharsets.UTF_8));
    }
  }

  private RowSource open(InputFormat kind, Type type) throws IOException {
    InputStream s = Files.newInputStream(in);
    try {
      if (kind == InputFormat.JSON) {
        return new JsonLinesSource(in.toString(), s, type);
      }
      try {
        return new CsvSource(in.toString(), new InputStreamReader(s, StandardCharsets.UTF_8),
            type);
      } catch (IllegalArgumentException e) {
        throw new UsageException("--schema: " + e.getMessage());
      }
    } catch (IOException | RuntimeException e) {
      s.close();
      throw e;
    }
  }

  /** Writes every row; on any failure the writer is aborted, leaving nothing at OUT. */
  private void write(FormatProvider format, RowSource source, WriteOptions options)
      throws IOException {
    FileWriter writer;
    try {
      writer = format.writesDirectories()
          ? format.createDirectory(out, source.schema(), options)
          : format.create(OutputFile.local(out), source.schema(), options);
    } catch (IllegalArgumentException | UnsupportedFeatureException e) {
      throw new UsageException(e.getMessage());
    }
    try {
      ColumnBatch batch = new ColumnBatch(source.schema(), ColumnBatch.DEFAULT_SIZE);
      while (source.next(batch)) {
        writer.write(batch);
      }
      writer.close();
    } catch (IllegalArgumentException e) {
      writer.abort();
      throw new IOException(e.getMessage(), e);
    } catch (IOException | RuntimeException | Error e) {
      writer.abort();
      throw e;
    }
  }
}
