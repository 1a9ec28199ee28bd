package io.colfile.kudu;

import io.colfile.core.FileWriter;
import io.colfile.core.ReadOptions;
import io.colfile.core.error.UnsupportedFeatureException;
import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.read.ReadablePrefix;
import io.colfile.core.read.SalvageReport;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.kudu.meta.CFileFooter;
import java.io.IOException;
import java.util.Map;
import java.util.Objects;

/**
 * Copies the values that can still be read from a damaged Kudu CFile into a new, valid CFile.
 *
 * <p>The footer (type, encoding, compression, value count, indexes) must be intact: it is at the
 * end of the file, so a truncated CFile is refused (its type and encoding, and where its blocks
 * are, went with it). The values are read in order through the positional index, every data
 * block's checksum verified (when the file has checksums) and its values decoded, and the
 * values before the first one that cannot be read are kept: the values up to the first damaged
 * data block (or index block on the way to it). The rest is reported lost.
 *
 * <p>The output is written with {@link CFileWriter} with the input's type, nullability,
 * encoding, compression, checksums, format version and indexes (positional, value), and the
 * footer's metadata pairs except {@code min_key} and {@code max_key}, which described all of
 * the input's values. DeltaFiles and BloomFiles are refused. The input is only
 * read.
 */
public final class CFileSalvage {
  private CFileSalvage() {}

  /**
   * Salvages {@code in} into {@code out}; the output is published only when complete.
   *
   * @throws IOException when the input's header or footer cannot be read (nothing is written)
   *     or the output cannot be written
   * @throws UnsupportedFeatureException for a DeltaFile or a BloomFile
   */
  public static SalvageReport salvage(InputFile in, OutputFile out) throws IOException {
    Objects.requireNonNull(out, "out");
    try (CFileReader reader = CFileReader.open(in)) {
      return salvage(reader, out);
    }
  }

  /** {@link #salvage(InputFile, OutputFile)} of an open reader, which stays open. */
  public static SalvageReport salvage(CFileReader reader, OutputFile out) throws IOException {
    CFile file = reader.file();
    CFileFooter footer = file.footer();
    String role = CFileDescription.role(footer);
    if (role.equals("delta file") || role.equals("bloom file")) {
      throw new UnsupportedFeatureException("colfile salvage copies the values of column "
          + "CFiles, not a " + role + "'s");
    }
    long values = reader.numberOfRows();
    SalvageReport report = new SalvageReport(KuduFormat.NAME + " CFile", values);
    ReadablePrefix prefix = ReadablePrefix.find(reader, ReadOptions.defaults(), 0, values + 1);
    long kept = Math.min(prefix.rows(), values);
    if (prefix.failure() != null || prefix.rows() != values) {
      report.lost("", kept, values - kept, prefix.failure() != null ? prefix.failure()
          : new IOException("the data blocks give " + prefix.rows()
              + (prefix.rows() > values ? " or more" : "") + " values; the footer says "
              + values));
    }
    CFileWriterOptions.Builder options = CFileWriterOptions.builder(footer.dataType())
        .nullable(footer.nullable())
        .encoding(footer.encoding())
        .compression(footer.compression())
        .checksums(footer.hasChecksums())
        .positionalIndex(footer.posIndexRoot() != null)
        .valueIndex(footer.valueIndexRoot() != null)
        .formatVersion(file.version());
    for (Map.Entry<String, byte[]> e : footer.metadata()) {
      if (!e.getKey().equals("min_key") && !e.getKey().equals("max_key")) {
        options.metadata(e.getKey(), e.getValue());
      }
    }
    CFileWriter writer = CFileWriter.create(out, options.build());
    try {
      prefix.copy(reader, kept, new Values(writer,
          reader.schema()));
      writer.close();
    } catch (IOException | RuntimeException | Error e) {
      writer.abort();
      throw e;
    }
    report.kept(kept == values ? "all values" : kept == 0 ? null : "values 0-" + (kept - 1),
        kept);
    return report;
  }

  /** The CFile writer as a {@link FileWriter} of one-column batches. */
  private static final class Values implements FileWriter {
    private final CFileWriter writer;
    private final Type type;

    Values(CFileWriter writer, Type type) {
      this.writer = writer;
      this.type = type;
    }

    @Override
    public String formatName() {
      return KuduFormat.NAME;
    }

    @Override
    public Type schema() {
      return type;
    }

    @Override
    public void write(ColumnBatch batch) throws IOException {
      writer.append(batch.cols[0], 0, batch.size);
    }

    @Override
    public long numberOfRows() {
      return writer.numValues();
    }

    @Override
    public void close() throws IOException {
      writer.close();
    }

    @Override
    public void abort() {
      writer.abort();
    }
  }
}
