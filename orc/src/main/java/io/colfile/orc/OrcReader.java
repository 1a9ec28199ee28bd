package io.colfile.orc;

import io.colfile.core.read.ReadPlan;
import io.colfile.core.BatchReader;
import io.colfile.core.FileReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.io.InputFile;
import io.colfile.core.types.Type;
import io.colfile.orc.index.BloomFilterTrust;
import io.colfile.orc.index.StripeIndex;
import io.colfile.orc.pushdown.OrcPushdown;
import io.colfile.orc.stats.ColumnStatistics;
import io.colfile.orc.tail.OrcTypes;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * An open ORC file: its tail metadata (schema, stripes, statistics, user metadata) and its rows.
 *
 * <pre>
 * try (OrcReader orc = OrcReader.open(InputFile.local(path));
 *      BatchReader rows = orc.read(ReadOptions.columns("id", "name"))) {
 *   ColumnBatch batch = rows.newBatch();
 *   while (rows.next(batch)) { ... }
 * }
 * </pre>
 */
public final class OrcReader implements FileReader {
  private final InputFile file;
  private final OrcTail tail;
  private final Type schema;
  private final List<StripeInformation> stripes;
  private final List<String> warnings = new ArrayList<>();
  private List<List<ColumnStatistics>> stripeStatistics;

  private OrcReader(InputFile file, OrcTail tail) throws IOException {
    this.file = file;
    this.tail = tail;
    this.schema = OrcTypes.schema(tail.footerRegion().part("types"), tail.footer.types());
    this.stripes = tail.footer.stripes();
    if (!tail.version.isKnown()) {
      // Apache ORC C++ reads such files with a warning (Java refuses them).
      warnings.add("written in an unknown format version " + tail.version);
    }
  }

  /** Opens an ORC file and reads its tail. The reader owns {@code file} and closes it. */
  public static OrcReader open(InputFile file) throws IOException {
    try {
      return new OrcReader(file, OrcTail.read(file));
    } catch (IOException | RuntimeException e) {
      try {
        file.close();
      } catch (IOException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
  }

  @Override
  public String formatName() {
    return "ORC";
  }

  @Override
  public Type schema() {
    return schema;
  }

  @Override
  public long numberOfRows() {
    if (tail.footer.numberOfRows() != null) {
      return tail.footer.numberOfRows();
    }
    // Some old writers left the row count out of the footer; the stripes still have theirs.
    long rows = 0;
    for (StripeInformation s : stripes) {
      rows += s.numberOfRows();
    }
    return rows;
  }

  /** The file format version ([0,11], [0,12] or [1,9999]). */
  public OrcFileVersion fileVersion() {
    return tail.version;
  }

  /** PostScript.writer_version (0 when absent). */
  public int writerVersion() {
    return tail.postScript.writerVersion();
  }

  /** The writer version's name, e.g. {@code ORC_14}. */
  public String writerVersionName() {
    return OrcWriterVersion.name(writerId(), writerVersion());
  }

  /** Footer.writer: 0 ORC Java (also when absent), 1 ORC C++, 2 Presto, ... */
  public int writerId() {
    return tail.footer.writer();
  }

  /** The writer's display name with its software version, e.g. {@code ORC C++ 1.8.0}. */
  public String writerName() {
    String name = OrcWriterId.name(writerId());
    String version = tail.footer.softwareVersion();
    return version != null ? name + " " + version : name;
  }

  public CompressionCodec compression() {
    return tail.codec;
  }

  /** The compression chunk size (256 KiB when the file does not say). */
  public int compressionBlockSize() {
    return tail.blockSize;
  }

  /** Rows per row-index entry; 0 when the writer built no index. */
  public int rowIndexStride() {
    return tail.footer.rowIndexStride();
  }

  /** Bytes of header and stripes (Footer.content_length). */
  public long contentLength() {
    return tail.footer.contentLength();
  }

  /** The calendar the writer used for dates before 1582, or empty when it did not say. */
  public String calendar() {
    return tail.footer.calendar() != null ? tail.footer.calendar().name() : "";
  }

  public long fileLength() {
    return tail.fileLength;
  }

  public List<StripeInformation> stripes() {
    return stripes;
  }

  /** File-level statistics, one per column id (pre-order). */
  public List<ColumnStatistics> statistics() {
    return tail.footer.statistics();
  }

  /** Stripe-level statistics from the Metadata section, read on first use. */
  public synchronized List<List<ColumnStatistics>> stripeStatistics() throws IOException {
    if (stripeStatistics == null) {
      stripeStatistics = tail.metadata(file);
    }
    return stripeStatistics;
  }

  /** User metadata, in file order. */
  public Map<String, byte[]> userMetadata() {
    Map<String, byte[]> out = new LinkedHashMap<>();
    for (Map.Entry<String, byte[]> item : tail.footer.metadata().entrySet()) {
      out.put(item.getKey(), item.getValue().clone());
    }
    return out;
  }

  /**
   * Whether some columns are encrypted. Without their key, colfile reads the masked copies that
   * the writer stored for unkeyed readers (what Apache ORC returns without a key).
   */
  public boolean hasEncryption() {
    return tail.footer.encrypted();
  }

  /** Things a reader should know but that do not stop reading (e.g. an unknown version). */
  public List<String> warnings() {
    return Collections.unmodifiableList(warnings);
  }

  /**
   * Everything the tail says, as an ordered tree of maps, lists, strings and numbers for tools
   * ({@code colfile meta}): version, writer, compression, rows, stripes, statistics per column
   * at file and stripe level, and user metadata (UTF-8 text, or hex when not text).
   */
  @Override
  public Map<String, Object> describe() throws IOException {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("format", "ORC");
    out.put("fileVersion", fileVersion().toString());
    out.put("writer", writerName());
    out.put("writerVersion", writerVersionName() + " (" + writerVersion() + ")");
    out.put("compression", compression().name());
    out.put("compressionBlockSize", compressionBlockSize());
    out.put("rows", numberOfRows());
    out.put("rowIndexStride", rowIndexStride());
    if (!calendar().isEmpty()) {
      out.put("calendar", calendar());
    }
    out.put("encrypted", hasEncryption());
    out.put("schema", schema.toString());
    List<Type> columns = schema.flatten();
    List<Object> stripeList = new ArrayList<>();
    List<String> notes = new ArrayList<>(warnings);
    List<List<ColumnStatistics>> perStripe;
    try {
      perStripe = stripeStatistics();
    } catch (IOException e) {
      perStripe = List.of();
      notes.add("stripe statistics are unreadable: " + e.getMessage());
    }
    for (int i = 0; i < stripes.size(); i++) {
      StripeInformation st = stripes.get(i);
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("stripe", i);
      m.put("offset", st.offset());
      m.put("indexLength", st.indexLength());
      m.put("dataLength", st.dataLength());
      m.put("footerLength", st.footerLength());
      m.put("rows", st.numberOfRows());
      if (i < perStripe.size()) {
        m.put("statistics", describe(columns, perStripe.get(i)));
      }
      stripeList.add(m);
    }
    out.put("stripes", stripeList);
    out.put("statistics", describe(columns, statistics()));
    Map<String, Object> user = new LinkedHashMap<>();
    for (Map.Entry<String, byte[]> e : userMetadata().entrySet()) {
      user.put(e.getKey(), MetadataText.of(e.getValue()));
    }
    out.put("userMetadata", user);
    out.put("fileLength", fileLength());
    if (!notes.isEmpty()) {
      out.put("warnings", notes);
    }
    return out;
  }

  private static List<Object> describe(List<Type> columns, List<ColumnStatistics> stats) {
    List<Object> out = new ArrayList<>();
    for (int c = 0; c < stats.size(); c++) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("column", c);
      if (c < columns.size()) {
        m.put("type", columns.get(c).kind().typeName());
      }
      m.putAll(stats.get(c).describe());
      out.add(m);
    }
    return out;
  }

  /** The file read, for tools in this package. */
  InputFile input() {
    return file;
  }

  /** The raw tail, for tests and tools in this package. */
  OrcTail tail() {
    return tail;
  }

  @Override
  public BatchReader read(ReadOptions options) throws IOException {
    return read(options, RowGroupSelector.ALL);
  }

  /**
   * Reads only the row groups {@code selector} chooses in each stripe, and of those only the ones
   * the filter's pushdown keeps ({@link OrcPushdown}: file and stripe statistics, row-group
   * statistics and bloom filters); {@link BatchReader#report()} counts the stripes and row
   * groups read and skipped, and says why each was skipped. With a split ({@link
   * ReadOptions#withSplit}) only the stripes whose offset lies in it are read and counted.
   */
  public BatchReader read(ReadOptions options, RowGroupSelector selector) throws IOException {
    Objects.requireNonNull(selector, "selector");
    ReadPlan plan = ReadPlan.create(schema, options);
    OrcPushdown pushdown = plan.pushdown() == null ? null
        : new OrcPushdown(plan.pushdown(), schema, writerId(), writerVersion(), hasEncryption());
    return plan.wrap(new OrcBatchReader(file, tail, schema, stripes, plan.fileProjection(),
        plan.includedColumns(), options, selector, pushdown));
  }

  /**
   * The index streams of stripe {@code stripe}: per column the row index (positions and
   * statistics of every row group) and the bloom filters, read on demand. Reads the stripe's
   * footer.
   */
  public StripeIndex stripeIndex(int stripe) throws IOException {
    Objects.checkIndex(stripe, stripes.size());
    return Stripe.read(file, tail, stripe, stripes.get(stripe)).index(file, schema.flatten(),
        new BloomFilterTrust(writerId(), writerVersion(), tail.footer.softwareVersion()));
  }

  @Override
  public void close() throws IOException {
    file.close();
  }
}
