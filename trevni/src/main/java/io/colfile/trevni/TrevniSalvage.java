package io.colfile.trevni;

import io.colfile.core.ReadOptions;
import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.read.ReadablePrefix;
import io.colfile.core.read.SalvageReport;
import java.io.IOException;
import java.util.Map;
import java.util.Objects;

/**
 * Copies the rows that can still be read from a damaged Trevni file into a new, valid Trevni
 * file.
 *
 * <p>The header (row count, columns, codec, checksum, metadata) must be intact; the file may
 * be cut short after it (columns that start past the end give no rows). The rows are read
 * with every column together, each block's checksum verified and its values decoded, and the
 * rows before the first row any column cannot give are kept: the rows up to the first damaged
 * (or, in a truncated file, missing) block of any column. The rest is reported lost with the
 * damage that ended the read. A checksum catches most damage; damage inside a file without
 * checksums that still decodes cannot be told from data.
 *
 * <p>The output is written with {@link TrevniWriter} with the input's Avro schema (or, for a
 * file without one, the row type colfile reads), file codec and checksum, and the input's user
 * metadata entries; per-column codecs and colfile's sorted-column marks are not carried over.
 * The input is only read.
 */
public final class TrevniSalvage {
  private TrevniSalvage() {}

  /**
   * Salvages {@code in} into {@code out}; the output is published only when complete.
   *
   * @throws IOException when the input's header cannot be read (nothing is written) or the
   *     output cannot be written
   */
  public static SalvageReport salvage(InputFile in, OutputFile out) throws IOException {
    Objects.requireNonNull(out, "out");
    try (TrevniReader reader = TrevniReader.open(in, true)) {
      return salvage(reader, out);
    }
  }

  /**
   * {@link #salvage(InputFile, OutputFile)} of an open reader, which stays open (a reader
   * {@link TrevniReader#open} opened refuses a file cut short before its last column's start).
   */
  public static SalvageReport salvage(TrevniReader reader, OutputFile out) throws IOException {
    long rows = reader.numberOfRows();
    SalvageReport report = new SalvageReport(TrevniFormat.NAME, rows);
    ReadablePrefix prefix = ReadablePrefix.find(reader, ReadOptions.defaults(), 0, rows + 1);
    long kept = Math.min(prefix.rows(), rows);
    if (prefix.failure() != null || prefix.rows() != rows) {
      report.lost("", kept, rows - kept, prefix.failure() != null ? prefix.failure()
          : new IOException("the columns give " + prefix.rows()
              + (prefix.rows() > rows ? " or more" : "") + " rows; the header says " + rows));
    }
    TrevniHeader header = reader.file().header();
    TrevniWriterOptions.Builder options = TrevniWriterOptions.builder()
        .codec(header.codec()).checksum(header.checksum());
    for (Map.Entry<String, byte[]> e : header.metadata().userEntries().asMap().entrySet()) {
      if (!e.getKey().equals(TrevniWriter.SCHEMA_KEY)) {
        options.metadata(e.getKey(), e.getValue());
      }
    }
    TrevniWriter writer = reader.avroSchema().isPresent()
        ? TrevniWriter.create(out, reader.avroSchema().get(), options.build())
        : TrevniWriter.create(out, reader.schema(), options.build());
    try {
      prefix.copy(reader, kept, writer);
      writer.close();
    } catch (IOException | RuntimeException | Error e) {
      writer.abort();
      throw e;
    }
    report.kept(kept == rows ? "all rows" : kept == 0 ? null : "rows 0-" + (kept - 1), kept);
    return report;
  }
}
