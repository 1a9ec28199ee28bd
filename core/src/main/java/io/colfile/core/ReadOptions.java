package io.colfile.core;

import io.colfile.core.filter.Predicate;
import io.colfile.core.types.Type;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.Executor;

/**
 * What to read: which columns (nested fields by path), which rows (a filter), which part of
 * the file (a byte-range split), with which schema, in what batch size, and how to read
 * timestamps. Immutable; each {@code with} returns a changed copy.
 *
 * <pre>
 * ReadOptions.columns("id", "customer.name")
 *     .withFilter(Predicate.parse("price >= 10 AND customer.country = 'NL'"))
 *     .withBatchSize(4096);
 * </pre>
 */
public final class ReadOptions {
  /**
   * The name of the one column of a file whose rows are a bare value rather than a struct (a
   * Kudu CFile, an ORC file whose root type is not a struct): {@code _col0}, index 0, as Hive
   * names unnamed columns. {@link #withColumns}, {@link #withColumnIndexes} and {@link
   * #withFilter} name the value so; the rows stay bare values.
   */
  public static final String BARE_VALUE_COLUMN = "_col0";

  /** See {@link #withMaxNestedValues}: 16 Mi values, 128 MiB of longs. */
  public static final long DEFAULT_MAX_NESTED_VALUES = 1L << 24;

  private static final ReadOptions DEFAULTS = new ReadOptions();

  // Set only on a fresh copy, before any other code sees it: the instances are immutable.
  private List<String> columns;
  private List<Integer> columnIndexes;
  private int batchSize = 1024;
  private ZoneId defaultZone;
  private long maxNestedValues = DEFAULT_MAX_NESTED_VALUES;
  private Predicate filter;
  private Type readerSchema;
  private boolean matchByPosition;
  private String matchById;
  /** The split's first byte and length; -1 for no split. */
  private long splitStart = -1;
  private long splitLength = -1;
  private int parallelism = 1;
  private Executor executor;

  private ReadOptions() {}

  /** A copy of {@code other}, for a {@code with} to change. */
  private ReadOptions(ReadOptions other) {
    this.columns = other.columns;
    this.columnIndexes = other.columnIndexes;
    this.batchSize = other.batchSize;
    this.defaultZone = other.defaultZone;
    this.maxNestedValues = other.maxNestedValues;
    this.filter = other.filter;
    this.readerSchema = other.readerSchema;
    this.matchByPosition = other.matchByPosition;
    this.matchById = other.matchById;
    this.splitStart = other.splitStart;
    this.splitLength = other.splitLength;
    this.parallelism = other.parallelism;
    this.executor = other.executor;
  }

  /** All columns, batches of 1024 rows, the JVM's zone for files that do not record one. */
  public static ReadOptions defaults() {
    return DEFAULTS;
  }

  /** Only these columns, in this order (see {@link #withColumns}). */
  public static ReadOptions columns(String... names) {
    return DEFAULTS.withColumns(List.of(names));
  }

  /**
   * Only these columns, in this order; null for all. A name is a top-level column, or a path
   * to a field of nested structs ({@code customer.address.city}: the rows then hold {@code
   * customer} with only {@code address} with only {@code city}); back quotes protect names
   * with dots and other characters ({@code `a.b`}), as in predicates. Paths into the same struct
   * merge, in the order first named. A name that is no path of the schema but a top-level
   * column exactly as written ({@code my col}) is that column. Rows that are a bare value have
   * one column, {@link #BARE_VALUE_COLUMN}.
   */
  public ReadOptions withColumns(List<String> names) {
    ReadOptions copy = new ReadOptions(this);
    copy.columns = names == null ? null : List.copyOf(names);
    copy.columnIndexes = null;
    return copy;
  }

  /**
   * Only these top-level columns, by their position in the schema read (the reader schema when
   * one is given, else the file's; 0 is the first), in this order; replaces {@link
   * #withColumns}. An index out of range or given twice is an {@link IllegalArgumentException}
   * when the read is planned.
   */
  public ReadOptions withColumnIndexes(int... indexes) {
    List<Integer> list = new ArrayList<>(indexes.length);
    for (int i : indexes) {
      list.add(i);
    }
    ReadOptions copy = new ReadOptions(this);
    copy.columns = null;
    copy.columnIndexes = List.copyOf(list);
    return copy;
  }

  public ReadOptions withBatchSize(int rows) {
    if (rows < 1) {
      throw new IllegalArgumentException("batch size must be at least 1: " + rows);
    }
    ReadOptions copy = new ReadOptions(this);
    copy.batchSize = rows;
    return copy;
  }

  /**
   * The time zone that stands for the writer's zone when a file does not record one (old ORC
   * writers), and the reader's local zone of schema evolution: where a TIMESTAMP (a wall clock)
   * read as a TIMESTAMP WITH LOCAL TIME ZONE, a number or a DATE becomes an instant, and where an
   * instant read as a TIMESTAMP or as text gets its wall clock. By default the JVM's, as Apache
   * ORC's readers do.
   */
  public ReadOptions withDefaultZone(ZoneId zone) {
    ReadOptions copy = new ReadOptions(this);
    copy.defaultZone = Objects.requireNonNull(zone);
    return copy;
  }

  /**
   * The most values one list or map column may hold for one batch (all its rows' elements
   * together). Lists are sized by counts stored in the file, so a damaged or hostile count
   * could otherwise demand any amount of memory; a file that really has larger lists reads with
   * a higher limit or a smaller batch.
   */
  public ReadOptions withMaxNestedValues(long values) {
    if (values < 1) {
      throw new IllegalArgumentException("the nested value limit must be at least 1: " + values);
    }
    ReadOptions copy = new ReadOptions(this);
    copy.maxNestedValues = values;
    return copy;
  }

  /**
   * Only the rows where {@code predicate} is TRUE (SQL's three-valued logic; null for every
   * row). The rows returned are exactly those of a full read filtered row by row; formats skip
   * what their statistics, indexes and bloom filters rule out on the way ({@link
   * BatchReader#report()} says what). The predicate's columns are those of the reader schema
   * when one is given, and need not be among the columns read.
   */
  public ReadOptions withFilter(Predicate predicate) {
    ReadOptions copy = new ReadOptions(this);
    copy.filter = predicate;
    return copy;
  }

  /**
   * Reads the file as if it had {@code schema} (a struct), as Apache ORC's schema evolution
   * does: fields are matched to the file's by name (by position with {@link
   * #withMatchByPosition}, and always at the top level when the file's top-level names are all
   * {@code _colN}, as Hive once wrote them), names compared case included, fields the file
   * lacks read as NULL, fields the reader lacks are not read, and values are converted where the
   * types differ, with orc-core's conversions and results (a value the reader's type cannot hold,
   * or text that does not parse, is NULL). A reader schema the file cannot be read as (a struct
   * for a number, a union with other variants, a conversion Apache ORC does not have, such as
   * BINARY to INT) is an {@link IllegalArgumentException} naming the column and both types. Null
   * for the file's own schema.
   */
  public ReadOptions withSchema(Type schema) {
    ReadOptions copy = new ReadOptions(this);
    copy.readerSchema = schema;
    return copy;
  }

  /** Matches the reader schema's top-level fields to the file's by position, not by name. */
  public ReadOptions withMatchByPosition(boolean byPosition) {
    ReadOptions copy = new ReadOptions(this);
    copy.matchByPosition = byPosition;
    return copy;
  }

  /** The type attribute Apache Iceberg keeps its field ids in, for {@link #withMatchById}. */
  public static final String ICEBERG_ID = "iceberg.id";

  /**
   * Matches the reader schema's struct fields to the file's by an id each type carries as the
   * attribute {@code idAttribute} ({@link #ICEBERG_ID} for files Apache Iceberg wrote; see {@link
   * Type#attributes()}), as Iceberg reads ORC: a reader field with the attribute reads the
   * file's field (in the struct at the same place) whose type has the same value, whatever its
   * name and position, and NULL when none has, so renamed and reordered columns read right; a
   * reader field without the attribute is matched as without this option (by name, or by
   * position with {@link #withMatchByPosition}). Only formats whose schemas carry attributes
   * (ORC) have ids; two fields of one reader struct with the same id are an {@link
   * IllegalArgumentException}. Null to match by name or position again.
   */
  public ReadOptions withMatchById(String idAttribute) {
    ReadOptions copy = new ReadOptions(this);
    copy.matchById = idAttribute;
    return copy;
  }

  /**
   * Only the rows of the file's splittable units (ORC stripes) whose first byte lies in {@code
   * [start, start + length)}, as Hadoop input splits and Apache ORC's {@code
   * Reader.Options.range} choose them: splits that tile a file (start 0 length a, start a
   * length b, ...) return every row exactly once, in file order, and no unit is read by two of
   * them. The units outside the split are not read at all. A file that cannot be split (Trevni,
   * Kudu CFiles, rowsets and delta files) is one unit starting at byte 0: all its rows when the
   * split holds byte 0, else none. {@link BatchReader#seekToRow} still counts rows as a full
   * read of the file does: a row before the split's first unit stands for the split's first
   * row, a row in or after its last unit's end leaves nothing. Filters, projections and reader
   * schemas apply to the split's rows as to a whole file's.
   *
   * @throws IllegalArgumentException if {@code start} or {@code length} is negative
   */
  public ReadOptions withSplit(long start, long length) {
    if (start < 0 || length < 0) {
      throw new IllegalArgumentException("a split starts at a byte of the file and has a "
          + "length, neither negative: start " + start + ", length " + length);
    }
    ReadOptions copy = new ReadOptions(this);
    copy.splitStart = start;
    copy.splitLength = length;
    return copy;
  }

  /**
   * Decodes on {@code threads} threads (1, the default: on the caller's thread alone, as a plain
   * loop). With more, each format splits the work its own way: ORC splits the columns read among
   * the threads (the caller decodes the first fields straight into its batch, the others decode
   * theirs a few batches ahead, rebalanced at each stripe by the time each field takes; a read of
   * one column cuts stripes into parts at row groups instead, decoded ahead while the next
   * stripe's bytes are fetched); Trevni decompresses and checks each column's next block on the
   * pool while the caller reads the current one (one block ahead per column read); a Kudu rowset
   * decodes its columns side by side, each at most two parts ahead; a single Kudu CFile is cut
   * into parts of whole data blocks, {@code threads + 1} decoded ahead. The rows, their order,
   * seeks, splits, filters, projections and schema evolution are exactly those of a
   * single-threaded read, and an error surfaces from {@link BatchReader#next} where a
   * single-threaded read would have thrown it, as the same exception; the batches end where a
   * single-threaded read's end.
   * What a read decodes ahead is bounded (a few batches or blocks per column, or {@code threads +
   * 1} parts of stripes), so the memory it holds stays bounded by one stripe or block of the
   * columns read. {@link BatchReader#close()} cancels what is decoding and waits for it.
   *
   * <p>The threads are the reader's own (daemon threads named {@code colfile-read-N}, gone once
   * it is closed) unless {@link #withExecutor} gives an executor to run on.
   *
   * @throws IllegalArgumentException if {@code threads} is less than 1
   */
  public ReadOptions withParallelism(int threads) {
    if (threads < 1) {
      throw new IllegalArgumentException("parallelism must be at least 1: " + threads);
    }
    ReadOptions copy = new ReadOptions(this);
    copy.parallelism = threads;
    return copy;
  }

  /**
   * Runs a parallel read's tasks ({@link #withParallelism}, which still says how many units a
   * read decodes at once) on {@code executor} rather than on threads of the reader's own: for
   * applications that own their threads (a server's pool, Spark's executors). The reader never
   * shuts it down; closing the reader cancels its tasks still queued and waits for those running.
   * Each task decodes one unit to its end without waiting on another, so any executor with at
   * least one thread makes progress. Null for the reader's own threads.
   */
  public ReadOptions withExecutor(Executor executor) {
    ReadOptions copy = new ReadOptions(this);
    copy.executor = executor;
    return copy;
  }

  /** How many threads decode ({@link #withParallelism}); 1 for a single-threaded read. */
  public int parallelism() {
    return parallelism;
  }

  /** The executor parallel reads run on ({@link #withExecutor}), if one was given. */
  public Optional<Executor> executor() {
    return Optional.ofNullable(executor);
  }

  /** The projected columns (names or paths), or empty for all columns or columns by index. */
  public Optional<List<String>> columns() {
    return Optional.ofNullable(columns);
  }

  /** The projected top-level columns by index ({@link #withColumnIndexes}), if so chosen. */
  public Optional<List<Integer>> columnIndexes() {
    return Optional.ofNullable(columnIndexes);
  }

  public int batchSize() {
    return batchSize;
  }

  public long maxNestedValues() {
    return maxNestedValues;
  }

  public ZoneId defaultZone() {
    return defaultZone == null ? ZoneId.systemDefault() : defaultZone;
  }

  /** The row filter, if any. */
  public Optional<Predicate> filter() {
    return Optional.ofNullable(filter);
  }

  /** The reader schema, if any. */
  public Optional<Type> schema() {
    return Optional.ofNullable(readerSchema);
  }

  public boolean matchByPosition() {
    return matchByPosition;
  }

  /** The attribute struct fields are matched by ({@link #withMatchById}), if any. */
  public Optional<String> matchById() {
    return Optional.ofNullable(matchById);
  }

  /** The first byte of the split ({@link #withSplit}), or empty to read the whole file. */
  public OptionalLong splitStart() {
    return splitStart < 0 ? OptionalLong.empty() : OptionalLong.of(splitStart);
  }

  /** The length in bytes of the split ({@link #withSplit}), or empty to read the whole file. */
  public OptionalLong splitLength() {
    return splitStart < 0 ? OptionalLong.empty() : OptionalLong.of(splitLength);
  }

  /**
   * Whether a unit of the file whose first byte is at {@code offset} is read: true without a
   * split, else whether {@code offset} lies in {@code [start, start + length)}. Formats whose
   * files cannot be split ask it for offset 0.
   */
  public boolean splitHolds(long offset) {
    // offset - splitStart < splitLength does not overflow where start + length would
    return splitStart < 0 || offset >= splitStart && offset - splitStart < splitLength;
  }
}
