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
import java.time.ZoneId;
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

  /** {@link OrcReadOptions#withStreamedStripeBytes}. */
  private long streamedStripeBytes = OrcReadOptions.DEFAULT_STREAMED_STRIPE_BYTES;

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
    return open(file, OrcReadOptions.defaults());
  }

  /**
   * Opens an ORC file with {@code options} (the keys of its encrypted columns) and reads its
   * tail. The reader owns {@code file} and closes it.
   */
  public static OrcReader open(InputFile file, OrcReadOptions options) throws IOException {
    Objects.requireNonNull(options, "options");
    try {
      OrcReader r = new OrcReader(file, OrcTail.read(file).withKeys(options.keyProvider()));
      r.streamedStripeBytes = options.streamedStripeBytes();
      return r;
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

  /**
   * Whether the key provider the file was opened with decrypts every encrypted column (then its
   * values and statistics are the real ones); false when it has none or a provider without
   * some of their keys.
   */
  public boolean decryptsAll() {
    return tail.decryption != null && tail.decryption.all();
  }

  /** Whether the key provider the file was opened with decrypts some encrypted column. */
  public boolean decryptsAny() {
    return tail.decryption != null;
  }

  /** Whether statistics or bloom filters of some column read are masked ones. */
  private boolean masked() {
    return hasEncryption() && !decryptsAll();
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
    Map<String, Object> details = tail.footerDetails(file);
    if (details.get("encryption") instanceof Map<?, ?> enc) {
      out.put("encryption", encryption(enc, columns));
    }
    if (details.get("typeAttributes") instanceof Map<?, ?> attrs && !attrs.isEmpty()) {
      List<Object> list = new ArrayList<>();
      List<String> paths = columnPaths();
      for (Map.Entry<?, ?> e : attrs.entrySet()) {
        int c = (Integer) e.getKey();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("column", c);
        if (c < paths.size()) {
          m.put("path", paths.get(c));
        }
        m.put("attributes", e.getValue());
        list.add(m);
      }
      out.put("typeAttributes", list);
    }
    List<String> notes = new ArrayList<>(warnings);
    List<List<ColumnStatistics>> perStripe;
    try {
      perStripe = stripeStatistics();
    } catch (IOException e) {
      perStripe = List.of();
      notes.add("stripe statistics are unreadable: " + e.getMessage());
    }
    List<List<ColumnStatistics>> stats = perStripe;
    // each stripe's map made when asked for (printed), so a file of many stripes is never a
    // tree of all their statistics at once
    out.put("stripes", new java.util.AbstractList<Object>() {
      @Override
      public Object get(int i) {
        StripeInformation st = stripes.get(i);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("stripe", i);
        m.put("offset", st.offset());
        m.put("indexLength", st.indexLength());
        m.put("dataLength", st.dataLength());
        m.put("footerLength", st.footerLength());
        m.put("rows", st.numberOfRows());
        if (i < stats.size()) {
          m.put("statistics", describe(columns, stats.get(i)));
        }
        return m;
      }

      @Override
      public int size() {
        return stripes.size();
      }
    });
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

  /**
   * The footer's Encryption section with names: each variant's key name and the columns it
   * encrypts (its root and everything below it), each mask's column paths.
   */
  private Map<String, Object> encryption(Map<?, ?> enc, List<Type> columns) {
    List<String> paths = columnPaths();
    Map<String, Object> out = new LinkedHashMap<>();
    List<?> keys = (List<?>) enc.get("keys");
    for (Map.Entry<?, ?> e : enc.entrySet()) {
      Object value = e.getValue();
      if ("variants".equals(e.getKey())) {
        List<Object> variants = new ArrayList<>();
        for (Object v : (List<?>) value) {
          Map<String, Object> m = new LinkedHashMap<>();
          for (Map.Entry<?, ?> f : ((Map<?, ?>) v).entrySet()) {
            m.put((String) f.getKey(), f.getValue());
          }
          long root = (Long) m.get("root");
          long key = (Long) m.get("key");
          if (key < keys.size()) {
            m.put("keyName", ((Map<?, ?>) keys.get((int) key)).get("name"));
          }
          List<Object> encrypted = new ArrayList<>();
          if (root < columns.size()) {
            int end = (int) root + columns.get((int) root).columnCount();
            for (int c = (int) root; c < end && c < paths.size(); c++) {
              encrypted.add(paths.get(c));
            }
          }
          m.put("columns", encrypted);
          variants.add(m);
        }
        value = variants;
      } else if ("masks".equals(e.getKey())) {
        List<Object> masks = new ArrayList<>();
        for (Object v : (List<?>) value) {
          Map<String, Object> m = new LinkedHashMap<>();
          for (Map.Entry<?, ?> f : ((Map<?, ?>) v).entrySet()) {
            m.put((String) f.getKey(), f.getValue());
          }
          List<Object> named = new ArrayList<>();
          for (Object c : (List<?>) m.get("columns")) {
            long id = (Long) c;
            named.add(id < paths.size() ? paths.get((int) id) : "#" + id);
          }
          m.put("columnPaths", named);
          masks.add(m);
        }
        value = masks;
      }
      out.put((String) e.getKey(), value);
    }
    return out;
  }

  /** Each column id's path ({@code a.b}; the root is {@code ""}), pre-order. */
  private List<String> columnPaths() {
    List<String> out = new ArrayList<>();
    paths(schema, "", out);
    return out;
  }

  private static void paths(Type t, String path, List<String> out) {
    out.add(path);
    List<Type> children = t.children();
    for (int i = 0; i < children.size(); i++) {
      String name = switch (t.kind()) {
        case STRUCT -> t.fieldNames().get(i);
        case LIST -> "_elem";
        case MAP -> i == 0 ? "_key" : "_value";
        default -> Integer.toString(i);
      };
      paths(children.get(i), path.isEmpty() ? name : path + "." + name, out);
    }
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

  /**
   * Every byte of the file, in order: the header magic; each stripe's streams at the offsets its
   * footer gives (index streams first, as listed; encrypted columns' streams as the footer's
   * placeholders), with the column's encoding, the codec, the bytes the stream decompresses to
   * and the values the stripe statistics count; each stripe's footer; the zero padding between
   * stripes; the tail (encrypted stripe statistics, metadata, footer, postscript and its length
   * byte). A stripe whose footer cannot be read is one UNKNOWN span saying why. Decompresses the
   * compressed streams one chunk at a time to count their bytes.
   */
  @Override
  public io.colfile.core.layout.FileLayout layout() throws IOException {
    return OrcLayout.of(file, tail, this);
  }

  /** A reader of {@code file} with a tail made up for it ({@link OrcTail#synthetic}). */
  static OrcReader withTail(InputFile file, OrcTail tail) throws IOException {
    return new OrcReader(file, tail);
  }

  /** The file, for tools in this package. */
  InputFile file() {
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
        : new OrcPushdown(plan.pushdown(), schema, writerId(), writerVersion(), masked());
    return plan.wrap(new OrcBatchReader(file, tail, schema, stripes, plan.fileProjection(),
        plan.includedColumns(), options, selector, pushdown, streamedStripeBytes));
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

  /**
   * Where the rows {@code filter} selects may be: the file's statistics, each stripe's
   * statistics (Metadata section) and, in the stripes they keep, each row group's statistics and
   * bloom filters, decided as a read with that filter decides them (the same pushdown), except
   * that every bloom filter of a row group the statistics keep is consulted. Reads the tail's
   * Metadata section and the stripes' footers and index streams, never a data stream.
   *
   * @param filter bound against this file's schema
   * @throws IllegalArgumentException when the filter does not fit the schema
   */
  public FilterProbe probe(io.colfile.core.filter.Predicate filter) throws IOException {
    ReadPlan plan = ReadPlan.create(schema, ReadOptions.defaults().withFilter(filter));
    OrcPushdown pushdown = new OrcPushdown(plan.pushdown(), schema, writerId(),
        writerVersion(), masked());
    List<String> notes = new ArrayList<>(pushdown.notes());
    String fileWhy = pushdown.excludesFile(statistics(), numberOfRows());
    List<List<ColumnStatistics>> perStripe;
    try {
      perStripe = stripeStatistics();
      if (perStripe.size() != stripes.size()) {
        if (!perStripe.isEmpty()) {
          notes.add("stripe statistics not used: the file has " + perStripe.size() + " for "
              + stripes.size() + " stripes");
        }
        perStripe = null;
      }
    } catch (IOException | RuntimeException e) {
      notes.add("stripe statistics not used: " + e.getMessage());
      perStripe = null;
    }
    BloomFilterTrust trust = new BloomFilterTrust(writerId(), writerVersion(),
        tail.footer.softwareVersion());
    List<Type> columns = schema.flatten();
    List<FilterProbe.StripeVerdict> out = new ArrayList<>();
    for (int s = 0; s < stripes.size(); s++) {
      StripeInformation info = stripes.get(s);
      String why = fileWhy;
      if (why == null && info.numberOfRows() > 0) {
        why = pushdown.excludesStripe(perStripe == null ? null : perStripe.get(s),
            info.numberOfRows(), null);
      }
      if (why != null || info.numberOfRows() <= 0) {
        out.add(new FilterProbe.StripeVerdict(s, info.numberOfRows(), why == null
            ? FilterProbe.Verdict.MAY_HOLD : FilterProbe.Verdict.EXCLUDED_BY_STATISTICS, why,
            List.of()));
        continue;
      }
      Stripe st = Stripe.read(file, tail, s, info);
      ZoneId zone = st.footer.writerTimezone() == null ? null : st.writerZone(null);
      if (zone != null && pushdown.zoneSensitive()) {
        why = pushdown.excludesStripe(perStripe == null ? null : perStripe.get(s),
            info.numberOfRows(), zone);
        if (why != null) {
          out.add(new FilterProbe.StripeVerdict(s, info.numberOfRows(),
              FilterProbe.Verdict.EXCLUDED_BY_STATISTICS,
              why + " (read in the writer zone its footer names)", List.of()));
          continue;
        }
      }
      StripeIndex index = st.index(file, columns, trust);
      String[] groups = pushdown.rowGroupExclusions(index, zone);
      List<FilterProbe.RowGroupVerdict> verdicts = new ArrayList<>();
      boolean mayHold = groups.length == 0;
      boolean byBloom = false;
      for (int g = 0; g < groups.length; g++) {
        long first = index.firstRow(g);
        long rows = Math.min(index.rowIndexStride(), index.rows() - first);
        FilterProbe.Verdict v = groups[g] == null ? FilterProbe.Verdict.MAY_HOLD
            : groups[g].contains("bloom filter excludes")
                ? FilterProbe.Verdict.EXCLUDED_BY_BLOOM_FILTER
                : FilterProbe.Verdict.EXCLUDED_BY_STATISTICS;
        mayHold |= v == FilterProbe.Verdict.MAY_HOLD;
        byBloom |= v == FilterProbe.Verdict.EXCLUDED_BY_BLOOM_FILTER;
        verdicts.add(new FilterProbe.RowGroupVerdict(g, first, rows, v, groups[g]));
      }
      out.add(new FilterProbe.StripeVerdict(s, info.numberOfRows(),
          mayHold ? FilterProbe.Verdict.MAY_HOLD : byBloom
              ? FilterProbe.Verdict.EXCLUDED_BY_BLOOM_FILTER
              : FilterProbe.Verdict.EXCLUDED_BY_STATISTICS,
          mayHold ? null : "every row group excluded; row group 0: " + groups[0], verdicts));
    }
    return new FilterProbe(fileWhy, out, notes);
  }

  /**
   * Why predicate pushdown uses no minimum or maximum of a column of {@code type} in this file
   * (its writer's known bugs), or only its minimum ({@code "maximum: ..."}); null when it may
   * use both.
   */
  public String boundsNotUsed(Type type) {
    return OrcPushdown.boundsNotUsed(type, writerId(), writerVersion());
  }

  /**
   * What predicate pushdown takes from statistics of this file (the file's, a stripe's or a row
   * group's: {@code stats}, one per column id, of a unit of {@code rows} rows), per column id:
   * the range it uses; see {@link OrcPushdown#ranges}.
   */
  public List<io.colfile.core.filter.ColumnRange> statisticsUsed(List<ColumnStatistics> stats,
      long rows) {
    return OrcPushdown.ranges(schema, writerId(), writerVersion(), stats, rows, null);
  }

  @Override
  public void close() throws IOException {
    file.close();
  }
}
