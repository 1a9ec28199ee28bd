package io.colfile.orc;

import io.colfile.core.codec.CompressionCodec;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executor;

/**
 * How an ORC file is written. Immutable; start from {@link #defaults()} or {@link #builder()}.
 * The defaults are Apache ORC Java 2.x's, so files come out the way orc-core would write them,
 * except the writer time zone (UTC rather than the JVM's zone, so a file does not depend on
 * the machine that wrote it) and the calendar (proleptic Gregorian, which is what colfile's
 * date and timestamp values mean).
 */
public final class OrcWriterOptions {
  /** Bit packing of integer runs: SPEED packs to aligned widths, COMPRESSION to the tightest. */
  public enum EncodingStrategy {
    SPEED,
    COMPRESSION
  }

  /** ZLIB effort for data streams: SPEED (level 2) or COMPRESSION (level 6). */
  public enum CompressionStrategy {
    SPEED,
    COMPRESSION
  }

  /**
   * Which bloom filter streams a column named in {@link #bloomFilterColumns()} gets (orc-core's
   * {@code OrcFile.BloomFilterVersion}, {@code orc.bloom.filter.write.version}).
   */
  public enum BloomFilterVersion {
    /**
     * BLOOM_FILTER beside BLOOM_FILTER_UTF8, for readers older than ORC 1.3 (HIVE-12055 and
     * ORC-135 are what the second stream fixes). The old stream holds its filter as repeated
     * 64-bit words and is filled as ORC Java fills it: strings are hashed as the bytes of the
     * value decoded as UTF-8 and encoded again in the JVM's default charset (so a value that is
     * not UTF-8 is hashed as if it held U+FFFD), TIMESTAMP as its instant's milliseconds rather
     * than its wall-clock milliseconds in UTC, and decimals written as decimal64 not at all.
     */
    ORIGINAL,
    /** BLOOM_FILTER_UTF8 only (the default, as in ORC Java since 1.5). */
    UTF8
  }

  /** Footer.calendar: how dates and timestamps before 1582-10-15 are to be understood. */
  public enum Calendar {
    JULIAN_GREGORIAN,
    PROLEPTIC_GREGORIAN
  }

  /**
   * Footer.writer that colfile records. ORC registers writer ids (0 Java, 1 C++, 2 Presto, 3
   * Go, 4 Trino, 5 CUDF); colfile has none, so it records an id outside that list, which
   * orc-core and ORC C++ read as an unknown writer that includes every known fix.
   *
   * <p>Why not a registered id: the id names the implementation that wrote the file, and readers
   * key their workarounds for a writer's known bugs on it (with PostScript.writer_version);
   * claiming ORC Java's id would pin ORC Java's future bug list on colfile's files, and the
   * Apache ORC project, which hands out the ids, has given colfile none. What an unknown id
   * costs: orc-core reads it as the writer version {@code FUTURE}, which every reader and tool
   * accepts, but {@code OrcFile.mergeFiles} refuses such files (it cannot vouch for a future
   * writer's streams); colfile's own merge ({@link OrcMerge}, {@code colfile merge}) takes
   * colfile's and orc-core's files alike and writes what orc-core reads. A program that must
   * merge with orc-core can write {@link Builder#writerIdentity writerIdentity(0, ...)}: the
   * file then says ORC Java wrote it, which is true of its bytes (they are what ORC Java writes
   * for the same rows and options) but not of its origin, so colfile never does it by default.
   */
  public static final int COLFILE_WRITER_ID = 1000;

  /** PostScript.writer_version: the Java sequence's ORC_14, whose fixes colfile includes. */
  public static final int WRITER_VERSION = 9;

  private static final OrcWriterOptions DEFAULTS = new Builder().build();

  private final CompressionCodec compression;
  private final int compressionBlockSize;
  private final boolean enforceCompressionBlockSize;
  private final long stripeSize;
  private final long stripeRowCount;
  private final int rowIndexStride;
  private final List<String> bloomFilterColumns;
  private final double bloomFilterFpp;
  private final BloomFilterVersion bloomFilterVersion;
  private final boolean blockPadding;
  private final long blockSize;
  private final double paddingTolerance;
  private final long dictionaryMaxSize;
  private final boolean dictionaryEarlyCheck;
  private final OrcFileVersion fileVersion;
  private final ZoneId writerTimeZone;
  private final double dictionaryKeySizeThreshold;
  private final Set<String> directEncodingColumns;
  private final EncodingStrategy encodingStrategy;
  private final CompressionStrategy compressionStrategy;
  private final Calendar calendar;
  private final int writerId;
  private final String softwareVersion;
  private final int batchCheckRows;
  private final int parallelism;
  private final Executor executor;
  private final KeyProvider keyProvider;
  private final String encrypt;
  private final String masks;

  private OrcWriterOptions(Builder b) {
    this.compression = b.compression;
    this.compressionBlockSize = b.compressionBlockSize;
    this.enforceCompressionBlockSize = b.enforceCompressionBlockSize;
    this.stripeSize = b.stripeSize;
    this.stripeRowCount = b.stripeRowCount;
    this.rowIndexStride = b.rowIndexStride;
    this.bloomFilterColumns = List.copyOf(b.bloomFilterColumns);
    this.bloomFilterFpp = b.bloomFilterFpp;
    this.bloomFilterVersion = b.bloomFilterVersion;
    this.blockPadding = b.blockPadding;
    this.blockSize = b.blockSize;
    this.paddingTolerance = b.paddingTolerance;
    this.dictionaryMaxSize = b.dictionaryMaxSize;
    this.dictionaryEarlyCheck = b.dictionaryEarlyCheck;
    this.fileVersion = b.fileVersion;
    this.writerTimeZone = b.writerTimeZone;
    this.dictionaryKeySizeThreshold = b.dictionaryKeySizeThreshold;
    this.directEncodingColumns = Set.copyOf(b.directEncodingColumns);
    this.encodingStrategy = b.encodingStrategy;
    this.compressionStrategy = b.compressionStrategy;
    this.calendar = b.calendar;
    this.writerId = b.writerId;
    this.softwareVersion = b.softwareVersion;
    this.batchCheckRows = b.memoryCheckRows;
    this.parallelism = b.parallelism;
    this.executor = b.executor;
    this.keyProvider = b.keyProvider;
    this.encrypt = b.encrypt;
    this.masks = b.masks;
  }

  /** ORC Java 2.x's defaults (see the class comment for the two differences). */
  public static OrcWriterOptions defaults() {
    return DEFAULTS;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** A builder starting from these options. */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.compression = compression;
    b.compressionBlockSize = compressionBlockSize;
    b.enforceCompressionBlockSize = enforceCompressionBlockSize;
    b.stripeSize = stripeSize;
    b.stripeRowCount = stripeRowCount;
    b.rowIndexStride = rowIndexStride;
    b.bloomFilterColumns = bloomFilterColumns;
    b.bloomFilterFpp = bloomFilterFpp;
    b.bloomFilterVersion = bloomFilterVersion;
    b.blockPadding = blockPadding;
    b.blockSize = blockSize;
    b.paddingTolerance = paddingTolerance;
    b.dictionaryMaxSize = dictionaryMaxSize;
    b.dictionaryEarlyCheck = dictionaryEarlyCheck;
    b.fileVersion = fileVersion;
    b.writerTimeZone = writerTimeZone;
    b.dictionaryKeySizeThreshold = dictionaryKeySizeThreshold;
    b.directEncodingColumns = directEncodingColumns;
    b.encodingStrategy = encodingStrategy;
    b.compressionStrategy = compressionStrategy;
    b.calendar = calendar;
    b.writerId = writerId;
    b.softwareVersion = softwareVersion;
    b.memoryCheckRows = batchCheckRows;
    b.parallelism = parallelism;
    b.executor = executor;
    b.keyProvider = keyProvider;
    b.encrypt = encrypt;
    b.masks = masks;
    return b;
  }

  public CompressionCodec compression() {
    return compression;
  }

  /** The requested compression chunk size. */
  public int compressionBlockSize() {
    return compressionBlockSize;
  }

  /**
   * Whether {@link #compressionBlockSize()} is used as given. When false (the default, as ORC
   * Java), a wide schema shrinks it to min(size, max(4 KiB, nextPowerOf2(stripeSize / (20 ×
   * columns)))).
   */
  public boolean enforceCompressionBlockSize() {
    return enforceCompressionBlockSize;
  }

  /** Target stripe size in bytes: a stripe is cut when the buffered streams reach it. */
  public long stripeSize() {
    return stripeSize;
  }

  /**
   * Rows after which a stripe is cut whatever its size (orc-core's {@code orc.stripe.row.count},
   * default {@link Integer#MAX_VALUE}): checked where the size is, every {@link
   * #memoryCheckRows()} rows after a batch, so a stripe may hold up to that many rows more, as
   * in orc-core.
   */
  public long stripeRowCount() {
    return stripeRowCount;
  }

  /** Rows per row-index entry; 0 writes no row index (and no bloom filters). */
  public int rowIndexStride() {
    return rowIndexStride;
  }

  /** Top-level column names (or dotted paths) that get BLOOM_FILTER_UTF8 streams. */
  public List<String> bloomFilterColumns() {
    return bloomFilterColumns;
  }

  public double bloomFilterFpp() {
    return bloomFilterFpp;
  }

  /** Which bloom filter streams are written ({@link BloomFilterVersion}). */
  public BloomFilterVersion bloomFilterVersion() {
    return bloomFilterVersion;
  }

  /**
   * Whether a stripe that would cross a {@link #blockSize()} boundary starts at the boundary
   * instead, the gap filled with zero bytes, when the gap is at most {@link
   * #paddingTolerance()} × {@link #stripeSize()} bytes (orc-core's {@code orc.block.padding},
   * default true, as its PhysicalFsWriter pads). A stripe "would cross" when it does not start
   * a block and its streams plus its footer's uncompressed size reach the boundary. Readers skip
   * the padding: stripes are found by their offsets.
   */
  public boolean blockPadding() {
    return blockPadding;
  }

  /** The file system block size stripes are padded to (default 256 MiB, as orc-core). */
  public long blockSize() {
    return blockSize;
  }

  /** The most padding per stripe as a fraction of {@link #stripeSize()} (default 0.05). */
  public double paddingTolerance() {
    return paddingTolerance;
  }

  /**
   * Bytes above which a string column's dictionary makes it direct-encoded (orc-core 2.3's
   * {@code orc.dictionary.max.size.bytes}); 0, the default, sets no limit. Checked with the
   * key-count ratio ({@link #dictionaryKeySizeThreshold()}), once per file, against the size
   * orc-core's red-black-tree dictionary reports for the distinct values then held: their bytes
   * in 32 KiB chunks (one more chunk once the bytes fill a chunk exactly) plus 48 KiB per
   * 4096 values.
   */
  public long dictionaryMaxSize() {
    return dictionaryMaxSize;
  }

  /**
   * Whether the dictionary-or-direct choice of string columns is made at the end of the first
   * row group (true, the default, orc-core's {@code orc.dictionary.early.check}) or only at the
   * end of the first stripe.
   */
  public boolean dictionaryEarlyCheck() {
    return dictionaryEarlyCheck;
  }

  public OrcFileVersion fileVersion() {
    return fileVersion;
  }

  /** The zone TIMESTAMP values are stored in. */
  public ZoneId writerTimeZone() {
    return writerTimeZone;
  }

  /**
   * The writer zone as StripeFooter.writer_timezone names it: an IANA id both ORC Java and ORC
   * C++ load ({@code UTC} for a zero offset, {@code Etc/GMT-5} for +05:00).
   */
  public String writerTimeZoneId() {
    return zoneName(writerTimeZone);
  }

  private static String zoneName(ZoneId zone) {
    ZoneId z = zone.normalized();
    if (!(z instanceof ZoneOffset offset)) {
      return zone.getId();
    }
    int seconds = offset.getTotalSeconds();
    if (seconds == 0) {
      return "UTC";
    }
    if (seconds % 3600 != 0 || Math.abs(seconds) > 14 * 3600) {
      return null;
    }
    int hours = seconds / 3600;
    // the Etc zones count the other way: Etc/GMT-5 is five hours ahead of UTC
    return "Etc/GMT" + (hours > 0 ? "-" : "+") + Math.abs(hours);
  }

  /** Distinct/non-null ratio above which a string column is written directly. */
  public double dictionaryKeySizeThreshold() {
    return dictionaryKeySizeThreshold;
  }

  /** Column names (or dotted paths) always written with direct encoding. */
  public Set<String> directEncodingColumns() {
    return directEncodingColumns;
  }

  public EncodingStrategy encodingStrategy() {
    return encodingStrategy;
  }

  public CompressionStrategy compressionStrategy() {
    return compressionStrategy;
  }

  public Calendar calendar() {
    return calendar;
  }

  public int writerId() {
    return writerId;
  }

  public String softwareVersion() {
    return softwareVersion;
  }

  /** Rows between checks of the buffered size against {@link #stripeSize()} (ORC Java: 5000). */
  public int memoryCheckRows() {
    return batchCheckRows;
  }

  /** Threads that write the columns of a batch at once ({@link Builder#parallelism}). */
  public int parallelism() {
    return parallelism;
  }

  /** The executor a parallel write runs on ({@link Builder#executor}), if one was given. */
  public Optional<Executor> executor() {
    return Optional.ofNullable(executor);
  }

  /** Where the master keys of {@link #encrypt()} come from; null when nothing is encrypted. */
  public KeyProvider keyProvider() {
    return keyProvider;
  }

  /** The columns to encrypt ({@link Builder#encrypt}); empty when none. */
  public String encrypt() {
    return encrypt;
  }

  /** The masks of the encrypted columns' unencrypted copies ({@link Builder#masks}). */
  public String masks() {
    return masks;
  }

  /** Builder of {@link OrcWriterOptions}; every setter checks its argument. */
  public static final class Builder {
    private KeyProvider keyProvider;
    private String encrypt = "";
    private String masks = "";
    private CompressionCodec compression = CompressionCodec.ZSTD;
    private int compressionBlockSize = 256 * 1024;
    private boolean enforceCompressionBlockSize;
    private long stripeSize = 64L * 1024 * 1024;
    private long stripeRowCount = Integer.MAX_VALUE;
    private int rowIndexStride = 10_000;
    private List<String> bloomFilterColumns = List.of();
    private double bloomFilterFpp = 0.01;
    private BloomFilterVersion bloomFilterVersion = BloomFilterVersion.UTF8;
    private boolean blockPadding = true;
    private long blockSize = 256L * 1024 * 1024;
    private double paddingTolerance = 0.05;
    private long dictionaryMaxSize;
    private boolean dictionaryEarlyCheck = true;
    private OrcFileVersion fileVersion = OrcFileVersion.V_0_12;
    private ZoneId writerTimeZone = ZoneOffset.UTC;
    private double dictionaryKeySizeThreshold = 0.8;
    private Set<String> directEncodingColumns = Set.of();
    private EncodingStrategy encodingStrategy = EncodingStrategy.SPEED;
    private CompressionStrategy compressionStrategy = CompressionStrategy.SPEED;
    private Calendar calendar = Calendar.PROLEPTIC_GREGORIAN;
    private int writerId = COLFILE_WRITER_ID;
    private String softwareVersion = "colfile";
    private int memoryCheckRows = 5000;
    private int parallelism = 1;
    private Executor executor;

    private Builder() {}

    public Builder compression(CompressionCodec codec) {
      Objects.requireNonNull(codec, "codec");
      if (codec == CompressionCodec.LZO) {
        throw new IllegalArgumentException("LZO can be read but not written");
      }
      this.compression = codec;
      return this;
    }

    /** Compression chunk size in bytes, 1 KiB to 8 MiB − 1 (ORC's 23-bit chunk length). */
    public Builder compressionBlockSize(int bytes) {
      if (bytes < 1024 || bytes >= (1 << 23)) {
        throw new IllegalArgumentException(
            "compression block size must be in [1024, 8388607], got " + bytes);
      }
      this.compressionBlockSize = bytes;
      return this;
    }

    public Builder enforceCompressionBlockSize(boolean enforce) {
      this.enforceCompressionBlockSize = enforce;
      return this;
    }

    /** Target stripe size in bytes, at least 1 KiB. */
    public Builder stripeSize(long bytes) {
      if (bytes < 1024) {
        throw new IllegalArgumentException("stripe size must be at least 1024, got " + bytes);
      }
      this.stripeSize = bytes;
      return this;
    }

    /**
     * Settings by orc-core's names, as Hadoop's {@code Configuration} would hold them for
     * orc-core, applied in turn over what is set: {@code orc.compress}, {@code
     * orc.compress.size}, {@code orc.buffer.size.enforce}, {@code orc.stripe.size}, {@code
     * orc.stripe.row.count}, {@code orc.row.index.stride}, {@code
     * orc.rows.between.memory.checks}, {@code orc.bloom.filter.columns}, {@code
     * orc.bloom.filter.fpp}, {@code orc.dictionary.key.threshold}, {@code
     * orc.column.encoding.direct}, {@code orc.encoding.strategy}, {@code
     * orc.compression.strategy}, {@code orc.write.format}, {@code orc.proleptic.gregorian},
     * {@code orc.bloom.filter.write.version}, {@code orc.block.padding}, {@code
     * orc.block.size}, {@code orc.block.padding.tolerance}, {@code
     * orc.dictionary.max.size.bytes}, {@code orc.dictionary.early.check}, {@code
     * orc.create.index} (false writes no row index, whatever the stride, as in orc-core); and,
     * only at the value that asks for what colfile does, {@code
     * orc.write.variable.length.blocks=false}.
     *
     * @throws IllegalArgumentException for an unknown name or a value the setting does not take,
     *     naming the property
     */
    public Builder properties(java.util.Map<String, String> properties) {
      OrcWriterProperties.apply(this, properties);
      return this;
    }

    /** See {@link OrcWriterOptions#stripeRowCount()}; at least 1. */
    public Builder stripeRowCount(long rows) {
      if (rows < 1) {
        throw new IllegalArgumentException("stripe row count must be >= 1, got " + rows);
      }
      this.stripeRowCount = rows;
      return this;
    }

    /** Rows per row-index entry: 0 (no index) or at least 1000, as ORC Java requires. */
    public Builder rowIndexStride(int rows) {
      if (rows != 0 && rows < 1000) {
        throw new IllegalArgumentException("row index stride must be 0 or >= 1000, got " + rows);
      }
      this.rowIndexStride = rows;
      return this;
    }

    public Builder bloomFilterColumns(List<String> columns) {
      this.bloomFilterColumns = List.copyOf(columns);
      return this;
    }

    /** False-positive rate of the bloom filters, in (0, 1). */
    public Builder bloomFilterFpp(double fpp) {
      if (!(fpp > 0 && fpp < 1)) {
        throw new IllegalArgumentException("bloom filter fpp must be in (0, 1), got " + fpp);
      }
      this.bloomFilterFpp = fpp;
      return this;
    }

    /** See {@link OrcWriterOptions#bloomFilterVersion()}. */
    public Builder bloomFilterVersion(BloomFilterVersion version) {
      this.bloomFilterVersion = Objects.requireNonNull(version, "version");
      return this;
    }

    /** See {@link OrcWriterOptions#blockPadding()}. */
    public Builder blockPadding(boolean pad) {
      this.blockPadding = pad;
      return this;
    }

    /** See {@link OrcWriterOptions#blockSize()}; at least 1. */
    public Builder blockSize(long bytes) {
      if (bytes < 1) {
        throw new IllegalArgumentException("block size must be >= 1, got " + bytes);
      }
      this.blockSize = bytes;
      return this;
    }

    /** See {@link OrcWriterOptions#paddingTolerance()}; at least 0. */
    public Builder paddingTolerance(double fraction) {
      if (!(fraction >= 0 && fraction < Double.POSITIVE_INFINITY)) {
        throw new IllegalArgumentException("padding tolerance must be >= 0, got " + fraction);
      }
      this.paddingTolerance = fraction;
      return this;
    }

    /** See {@link OrcWriterOptions#dictionaryMaxSize()}; 0 (or less, as orc-core) for no limit. */
    public Builder dictionaryMaxSize(long bytes) {
      this.dictionaryMaxSize = Math.max(0, bytes);
      return this;
    }

    /** See {@link OrcWriterOptions#dictionaryEarlyCheck()}. */
    public Builder dictionaryEarlyCheck(boolean early) {
      this.dictionaryEarlyCheck = early;
      return this;
    }

    /** 0.11 (RLE v1, for old readers), 0.12 (the default) or 1.9999 (decimal64). */
    public Builder fileVersion(OrcFileVersion version) {
      if (!version.isKnown()) {
        throw new IllegalArgumentException("unknown ORC file version " + version);
      }
      this.fileVersion = version;
      return this;
    }

    /**
     * The writer zone: a region ({@code America/New_York}), {@code UTC}, or a whole-hour offset
     * (written as the matching {@code Etc/GMT} zone). Other offsets have no zone id that ORC
     * readers can load, so they are refused.
     */
    public Builder writerTimeZone(ZoneId zone) {
      Objects.requireNonNull(zone, "zone");
      if (zoneName(zone) == null) {
        throw new IllegalArgumentException("writer time zone " + zone + " has no IANA id ORC "
            + "readers can load; use a region such as Asia/Kolkata");
      }
      this.writerTimeZone = zone;
      return this;
    }

    /** In [0, 1]: 0 never uses a dictionary, 1 always does. */
    public Builder dictionaryKeySizeThreshold(double ratio) {
      if (!(ratio >= 0 && ratio <= 1)) {
        throw new IllegalArgumentException("dictionary threshold must be in [0, 1], got " + ratio);
      }
      this.dictionaryKeySizeThreshold = ratio;
      return this;
    }

    public Builder directEncodingColumns(Set<String> columns) {
      this.directEncodingColumns = Set.copyOf(columns);
      return this;
    }

    public Builder encodingStrategy(EncodingStrategy strategy) {
      this.encodingStrategy = Objects.requireNonNull(strategy, "strategy");
      return this;
    }

    public Builder compressionStrategy(CompressionStrategy strategy) {
      this.compressionStrategy = Objects.requireNonNull(strategy, "strategy");
      return this;
    }

    public Builder calendar(Calendar calendar) {
      this.calendar = Objects.requireNonNull(calendar, "calendar");
      return this;
    }

    /**
     * The Footer.writer id and software_version recorded in the file; see {@link
     * #COLFILE_WRITER_ID} for what another id than colfile's means (0 lets orc-core's
     * {@code OrcFile.mergeFiles} take the file).
     */
    public Builder writerIdentity(int id, String softwareVersion) {
      if (id < 0) {
        throw new IllegalArgumentException("writer id must be >= 0, got " + id);
      }
      this.writerId = id;
      this.softwareVersion = Objects.requireNonNull(softwareVersion, "softwareVersion");
      return this;
    }

    public Builder memoryCheckRows(int rows) {
      if (rows < 1) {
        throw new IllegalArgumentException("memory check rows must be >= 1, got " + rows);
      }
      this.memoryCheckRows = rows;
      return this;
    }

    /**
     * Writes the top-level columns of each batch, and flushes their streams at the end of a
     * stripe, on up to {@code threads} threads at once (the caller's among them): encoding and
     * compression run per column. The file's bytes are the same at every parallelism. 1, the
     * default, writes on the caller's thread only.
     */
    public Builder parallelism(int threads) {
      if (threads < 1) {
        throw new IllegalArgumentException("parallelism must be at least 1, got " + threads);
      }
      this.parallelism = threads;
      return this;
    }

    /**
     * Runs a parallel write's helper tasks on {@code executor} (null: threads of the writer's
     * own, stopped when it is closed or aborted).
     */
    public Builder executor(Executor executor) {
      this.executor = executor;
      return this;
    }

    /**
     * Encrypts column subtrees (orc.md section 11), as ORC Java's {@code orc.encrypt} does:
     * {@code "key:col_a,col_b;key2:col_c"} names for each master key of {@code keys} the
     * columns (top-level names or dotted paths through structs) whose values and statistics it
     * encrypts, each with a fresh local key per file in the key's algorithm (AES/CTR 128 or
     * 256). Readers without the key see each column's masked copy ({@link #masks}). An empty
     * {@code columns} encrypts nothing.
     */
    public Builder encrypt(KeyProvider keys, String columns) {
      Objects.requireNonNull(columns, "columns");
      if (!columns.isBlank()) {
        Objects.requireNonNull(keys, "keys");
      }
      this.keyProvider = keys;
      this.encrypt = columns.trim();
      return this;
    }

    /**
     * The masks of the encrypted columns' unencrypted copies, as ORC Java's {@code orc.mask}:
     * {@code "sha256:col_a;redact,Xx9:col_b"}, a parameter with other characters than letters,
     * digits and {@code _} in backquotes ({@code redact,`Xx9$.`,`_ 1 1`,`0:2`:col_c}), each
     * with ORC Java's results: {@code nullify} (every value null; the default of an encrypted
     * column not named here), {@code redact} (letters to X/x, digits to 9 and so on, integers
     * and floating point numbers to nines of their size, decimals' digits, dates and
     * timestamps to January 1st of their year; its parameters: the replacements in the order
     * upper, lower, digit, symbol, punctuation, separator, other letter, mark, other number,
     * other, {@code _} keeping a class; the time fields year, month, day, hour, minute,
     * second; the unmasked ranges {@code start:end,...}) or {@code sha256} (strings to the
     * upper-case hex SHA-256 of their bytes, binaries to it; other primitives null). Lists,
     * maps (keys too), unions and structs have their values masked.
     */
    public Builder masks(String masks) {
      this.masks = Objects.requireNonNull(masks, "masks").trim();
      return this;
    }

    public OrcWriterOptions build() {
      return new OrcWriterOptions(this);
    }
  }
}
