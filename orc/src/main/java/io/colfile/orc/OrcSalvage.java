package io.colfile.orc;

import io.colfile.core.ReadOptions;
import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.read.ReadablePrefix;
import io.colfile.core.read.SalvageReport;
import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.orc.index.StripeIndex;
import java.io.IOException;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Copies the rows that can still be read from a damaged ORC file into a new, valid ORC file.
 *
 * <p>The file's tail (postscript, footer) must be intact: it holds the schema, the compression
 * and where the stripes are. Each stripe is then read on its own, all columns together (a row
 * is kept only if every one of its columns decodes): an intact stripe is kept whole; of a
 * damaged one, the row groups wholly before the first row that fails (whole row groups of the
 * file's row index stride; nothing when the file has no row index), and the rest of it is
 * reported lost. A stripe that gives fewer or more rows than the footer says, without an error,
 * counts as damaged too (its rows before the last whole row group that decoded are kept). ORC
 * has no checksums: damage that still decodes to values cannot be told from data.
 *
 * <p>The output is written with {@link OrcWriter} with the input's compression (when colfile
 * writes it), compression chunk size, row index stride, the columns that had bloom filters, the
 * first stripe's writer time zone and the calendar; its rows are re-encoded (stripes are not
 * copied byte for byte, so stripe boundaries and encodings may differ). The input is only read.
 */
public final class OrcSalvage {
  private OrcSalvage() {}

  /**
   * Salvages {@code in} into {@code out}; the output is published only when complete. The
   * input's tail must be readable.
   *
   * @return what was kept and lost, stripe by stripe
   * @throws IOException when the input's tail cannot be read (nothing is written) or the output
   *     cannot be written
   */
  public static SalvageReport salvage(InputFile in, OutputFile out) throws IOException {
    Objects.requireNonNull(out, "out");
    try (OrcReader reader = OrcReader.open(in)) {
      return salvage(reader, out);
    }
  }

  /** {@link #salvage(InputFile, OutputFile)} of an open reader, which stays open. */
  public static SalvageReport salvage(OrcReader reader, OutputFile out) throws IOException {
    return salvage(reader, out, new SalvageReport("ORC", reader.numberOfRows()));
  }

  /**
   * What {@link #salvageWithoutTail} needs to know of a file whose tail is gone: its schema,
   * its compression (null: each codec is tried in turn until one finds a stripe at byte 3),
   * its compression chunk size (the largest chunk there can be), the writer's id and version
   * (which decide how some values and bloom filters are read), the calendar the footer
   * recorded (null: none, which readers take as the hybrid Julian/Gregorian calendar; it
   * decides dates and timestamps before 1582-10-15), and the file version (which decides how
   * the row index positions of short decimals are laid out: [1,9999] files keep decimal64's).
   */
  public record Guess(Type schema, CompressionCodec codec, int compressionBlockSize,
      int writerId, int writerVersion, OrcWriterOptions.Calendar calendar,
      OrcFileVersion fileVersion) {
    public Guess {
      Objects.requireNonNull(schema, "schema");
      Objects.requireNonNull(fileVersion, "fileVersion");
      if (!fileVersion.isKnown()) {
        throw new IllegalArgumentException("file version must be 0.11, 0.12 or 1.9999: "
            + fileVersion);
      }
      if (compressionBlockSize <= 0) {
        throw new IllegalArgumentException("compression block size must be positive: "
            + compressionBlockSize);
      }
    }

    /**
     * A schema, and the codec when known: chunks of ORC's default 256 KiB at most, written by
     * ORC Java at the latest writer version colfile knows, no calendar recorded, file version
     * 0.12.
     */
    public static Guess of(Type schema, CompressionCodec codec) {
      return new Guess(schema, codec, OrcTail.DEFAULT_BLOCK_SIZE, 0,
          OrcWriterOptions.WRITER_VERSION, null, OrcFileVersion.V_0_12);
    }

    /**
     * What an intact file of the same writer says (schema, codec, chunk size, writer,
     * calendar, file version).
     */
    public static Guess like(OrcReader intact) {
      String calendar = intact.calendar();
      return new Guess(intact.schema(), intact.compression(), intact.compressionBlockSize(),
          intact.writerId(), intact.writerVersion(), calendar.isEmpty()
              || calendar.equals("UNKNOWN_CALENDAR") ? null
              : OrcWriterOptions.Calendar.valueOf(calendar), intact.fileVersion());
    }
  }

  /**
   * Salvages an ORC file whose tail (postscript, footer, metadata) is gone, as a file cut short
   * has lost it: the stripes are found by {@link OrcStripeScan scanning} for stripe footers from
   * byte 3, with the schema and compression {@code guess} gives, and salvaged as {@link
   * #salvage(OrcReader, OutputFile)} salvages them. The report counts the rows of the stripes
   * found (the file no longer says how many it had) and always reports the tail lost, with the
   * bytes after the last stripe found; user metadata went with the tail.
   *
   * @throws CorruptFileException when no stripe is found at byte 3 (with none of the codecs
   *     tried when {@code guess} names none), so nothing is written
   */
  public static SalvageReport salvageWithoutTail(InputFile in, OutputFile out, Guess guess)
      throws IOException {
    Objects.requireNonNull(out, "out");
    try (InputFile file = in) {
      Scanned scanned = scan(file, guess);
      OrcReader reader = scanned.reader();
      SalvageReport report = new SalvageReport("ORC", reader.numberOfRows());
      report.lost(new SalvageReport.Loss("tail", 0, 0, "the file's tail (footer, metadata, "
          + "postscript) is gone; stripes found by scanning, up to byte "
          + scanned.found().scannedTo() + " of " + file.length()
          + (scanned.found().stopped() == null ? "" : " (" + scanned.found().stopped() + ")"),
          null));
      return salvage(reader, out, report);
    }
  }

  /** A file without its tail read through the tail its scanned stripes make up. */
  record Scanned(OrcReader reader, OrcStripeScan.Result found) {}

  /**
   * Scans {@code file} for stripes as {@code guess} says and opens it with the tail they make
   * up (what {@link #salvageWithoutTail} reads from).
   */
  static Scanned scan(InputFile file, Guess guess) throws IOException {
    long length = file.length();
    List<CompressionCodec> codecs = guess.codec() != null ? List.of(guess.codec())
        : List.of(CompressionCodec.ZLIB, CompressionCodec.ZSTD, CompressionCodec.SNAPPY,
            CompressionCodec.LZ4, CompressionCodec.LZO);
    if (codecs.contains(CompressionCodec.NONE)) {
      throw new io.colfile.core.error.UnsupportedFeatureException("an uncompressed ORC file "
          + "without its tail cannot be scanned for stripes (it has no chunk headers to "
          + "walk)");
    }
    OrcStripeScan.Result found = null;
    CompressionCodec codec = null;
    String why = null;
    for (CompressionCodec c : codecs) {
      OrcStripeScan.Result r = OrcStripeScan.scan(file, guess.schema(), c,
          guess.compressionBlockSize());
      if (!r.stripes().isEmpty()) {
        found = r;
        codec = c;
        break;
      }
      why = why == null ? r.stopped() : why;
    }
    if (found == null) {
      throw io.colfile.core.error.FileRegion.of(file.name(), length).corrupt(3,
          "no stripe of the schema %s found at byte 3 with %s compression%s", guess.schema(),
          guess.codec() != null ? guess.codec().name().toLowerCase(java.util.Locale.ROOT)
              : "any", why == null ? "" : " (" + why + ")");
    }
    io.colfile.orc.tail.Footer footer = OrcStripeScan.footer(guess.schema(), found.stripes(),
        found.rowIndexStride(), guess.writerId(), guess.calendar() == null ? null
            : io.colfile.orc.tail.CalendarKind.valueOf(guess.calendar().name()));
    OrcTail tail = OrcTail.synthetic(file.name(), length, footer,
        OrcStripeScan.kind(codec), guess.compressionBlockSize(), guess.writerVersion(),
        guess.fileVersion());
    return new Scanned(OrcReader.withTail(file, tail), found);
  }

  private static SalvageReport salvage(OrcReader reader, OutputFile out, SalvageReport report)
      throws IOException {
    List<StripeInformation> stripes = reader.stripes();
    int stride = reader.rowIndexStride();
    long[] keep = new long[stripes.size()];
    ReadablePrefix[] prefixes = new ReadablePrefix[stripes.size()];
    long firstRow = 0;
    for (int i = 0; i < stripes.size(); i++) {
      StripeInformation s = stripes.get(i);
      ReadablePrefix prefix = ReadablePrefix.find(reader, split(s), firstRow,
          s.numberOfRows() + 1);
      prefixes[i] = prefix;
      long kept = prefix.rows();
      boolean damaged = prefix.failure() != null || kept != s.numberOfRows();
      if (damaged) {
        kept = stride <= 0 ? 0 : Math.min(kept, s.numberOfRows()) / stride * stride;
        report.lost("stripe " + i, firstRow + kept, s.numberOfRows() - kept,
            prefix.failure() != null ? prefix.failure() : new IOException("the stripe gives "
                + prefix.rows() + (prefix.rows() > s.numberOfRows() ? " or more" : "")
                + " rows; the footer says " + s.numberOfRows()));
      }
      keep[i] = kept;
      firstRow += s.numberOfRows();
    }
    try (OrcWriter writer = OrcWriter.create(out, reader.schema(), options(reader))) {
      try {
        for (int i = 0; i < stripes.size(); i++) {
          if (keep[i] > 0) {
            prefixes[i].copy(reader, keep[i], writer);
            report.kept("stripe " + i, keep[i]);
          }
        }
        for (Map.Entry<String, byte[]> e : reader.userMetadata().entrySet()) {
          // (none when the tail is gone)
          writer.addUserMetadata(e.getKey(), e.getValue());
        }
      } catch (IOException | RuntimeException | Error e) {
        writer.abort();
        throw e;
      }
    }
    return report;
  }

  private static ReadOptions split(StripeInformation s) {
    return ReadOptions.defaults().withSplit(s.offset(), 1);
  }

  /** The input's writing options, as far as colfile's writer takes them. */
  static OrcWriterOptions options(OrcReader reader) {
    OrcWriterOptions.Builder b = OrcWriterOptions.builder();
    CompressionCodec codec = reader.compression();
    if (CompressionCodec.writableNamed(codec.name().toLowerCase(java.util.Locale.ROOT))
        .isPresent()) {
      b.compression(codec);
    }
    try {
      b.compressionBlockSize(reader.compressionBlockSize());
    } catch (IllegalArgumentException e) {
      // a chunk size colfile does not write: its own
    }
    try {
      b.rowIndexStride(reader.rowIndexStride());
    } catch (IllegalArgumentException e) {
      // a stride below what colfile writes: its own
    }
    if ("JULIAN_GREGORIAN".equals(reader.calendar())) {
      b.calendar(OrcWriterOptions.Calendar.JULIAN_GREGORIAN);
    }
    List<StripeInformation> stripes = reader.stripes();
    for (int i = 0; i < stripes.size(); i++) {
      try {
        ZoneId zone = Stripe.read(reader.file(), reader.tail(), i, stripes.get(i))
            .writerZone(null);
        if (zone != null) {
          b.writerTimeZone(zone);
        }
        b.bloomFilterColumns(bloomColumns(reader, i));
        break;
      } catch (IOException | RuntimeException e) {
        // a damaged stripe footer: the next stripe's
      }
    }
    return b.build();
  }

  /** The top-level columns that have bloom filters in stripe {@code stripe}. */
  private static List<String> bloomColumns(OrcReader reader, int stripe) throws IOException {
    List<String> out = new ArrayList<>();
    Type schema = reader.schema();
    if (schema.kind() != TypeKind.STRUCT) {
      return out;
    }
    StripeIndex index = reader.stripeIndex(stripe);
    int id = 1;
    for (int f = 0; f < schema.children().size(); f++) {
      if (index.bloomFilterReason(id) == null
          || !index.bloomFilterReason(id).startsWith("the stripe has no bloom filters")) {
        out.add(schema.fieldNames().get(f));
      }
      id += schema.child(f).columnCount();
    }
    return out;
  }
}
