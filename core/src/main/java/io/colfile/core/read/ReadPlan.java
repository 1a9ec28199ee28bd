package io.colfile.core.read;

import io.colfile.core.AbstractBatchReader;
import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.ScanReport;
import io.colfile.core.filter.BoundPredicate;
import io.colfile.core.filter.ColumnPath;
import io.colfile.core.filter.Predicate;
import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.ColumnBatch;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a format reads to serve a set of {@link ReadOptions}, and how its raw batches become the
 * rows asked for. Formats build one per read:
 *
 * <pre>
 * ReadPlan plan = ReadPlan.create(fileSchema, options);
 * BatchReader raw = ...;    // rows of plan.fileProjection() (or of plan.topLevelColumns()),
 *                           // skipping what plan.pushdown() rules out
 * return plan.wrap(raw);    // conversions, the row filter, nested projection, column order
 * </pre>
 *
 * <p>The plan resolves the reader schema against the file's ({@link ReadOptions#withSchema}),
 * the columns asked for (paths into structs), and the filter; everything wrong with them is an
 * {@link IllegalArgumentException} here, before any row is read.
 */
public final class ReadPlan {
  private final Type fileSchema;
  private final Type readerSchema;
  private final Type output;
  private final Type readerProjection;
  private final Match match;
  private final Type fileProjection;
  private final BoundPredicate filter;
  private final BoundPredicate pushdown;
  /** The struct {@link #filter} is bound to: the reader projection, or a bare value's struct. */
  private final Type filterSchema;
  private final ReadOptions options;

  private ReadPlan(Type fileSchema, ReadOptions options) {
    this.fileSchema = fileSchema;
    this.options = options;
    this.readerSchema = options.schema().orElse(fileSchema);
    boolean isStruct = readerSchema.kind() == TypeKind.STRUCT;
    if (options.schema().isPresent() && isStruct != (fileSchema.kind() == TypeKind.STRUCT)) {
      throw new IllegalArgumentException("cannot read rows of " + fileSchema + " as "
          + readerSchema);
    }
    Match full = Match.of(readerSchema, fileSchema, options.matchByPosition(),
        options.matchById().orElse(null), options.defaultZone());
    Optional<Predicate> predicate = options.filter();
    if (!isStruct) {
      // one column, named as ReadOptions.BARE_VALUE_COLUMN says; batches of a bare value hold
      // it in cols[0], as batches of the struct below hold their one field
      Type asStruct = Type.struct(List.of(ReadOptions.BARE_VALUE_COLUMN), List.of(readerSchema));
      List<ColumnPath> chosen = options.columns().isPresent()
          ? Projection.resolve(asStruct, options.columns().get())
          : options.columnIndexes().isPresent()
          ? byIndex(asStruct, options.columnIndexes().get()) : topLevel(asStruct);
      if (chosen.size() != 1) {
        throw new IllegalArgumentException("the rows are a bare " + readerSchema + ": their one "
            + "column " + ReadOptions.BARE_VALUE_COLUMN + " cannot be left out");
      }
      output = readerSchema;
      readerProjection = readerSchema;
      match = full;
      filter = predicate.map(p -> BoundPredicate.bind(p, asStruct)).orElse(null);
      filterSchema = asStruct;
      pushdown = null;
    } else {
      List<ColumnPath> outputPaths = options.columns().isPresent()
          ? Projection.resolve(readerSchema, options.columns().get())
          : options.columnIndexes().isPresent()
          ? byIndex(readerSchema, options.columnIndexes().get())
          : topLevel(readerSchema);
      List<ColumnPath> needed = new ArrayList<>(outputPaths);
      BoundPredicate bound = null;
      if (predicate.isPresent()) {
        bound = BoundPredicate.bind(predicate.get(), readerSchema); // checks columns and types
        for (ColumnPath p : predicate.get().columns()) {
          if (!needed.contains(p)) {
            needed.add(p);
          }
        }
      }
      output = Projection.prune(readerSchema, outputPaths, true);
      readerProjection = Projection.prune(readerSchema, needed, false);
      match = full.pruned(readerProjection);
      filter = bound == null ? null : BoundPredicate.bind(predicate.get(), readerProjection);
      pushdown = bound == null ? null : Pushdown.toFile(bound, full, fileSchema);
      filterSchema = readerProjection;
    }
    fileProjection = match.fileRead();
  }

  /**
   * Plans reading a file of {@code fileSchema} with {@code options}.
   *
   * @throws IllegalArgumentException for an unknown column, a predicate that does not fit its
   *     column, a reader schema the file cannot be read as
   */
  public static ReadPlan create(Type fileSchema, ReadOptions options) {
    return new ReadPlan(fileSchema, options);
  }

  private static List<ColumnPath> byIndex(Type struct, List<Integer> indexes) {
    List<ColumnPath> out = new ArrayList<>();
    for (int i : indexes) {
      if (i < 0 || i >= struct.children().size()) {
        throw new IllegalArgumentException("no column " + i + ": the rows have "
            + struct.children().size() + " columns (0 to " + (struct.children().size() - 1)
            + ")");
      }
      ColumnPath p = ColumnPath.of(struct.fieldNames().get(i));
      if (out.contains(p)) {
        throw new IllegalArgumentException("column " + i + " is asked for twice");
      }
      out.add(p);
    }
    return out;
  }

  private static List<ColumnPath> topLevel(Type struct) {
    List<ColumnPath> out = new ArrayList<>();
    struct.fieldNames().forEach(n -> out.add(ColumnPath.of(n)));
    return out;
  }

  /** The file's schema. */
  public Type fileSchema() {
    return fileSchema;
  }

  /** The schema of the rows returned. */
  public Type schema() {
    return output;
  }

  /**
   * The part of the file's schema to read, in the file's order: every column the rows or the
   * filter need, structs pruned to the fields needed (at any depth).
   */
  public Type fileProjection() {
    return fileProjection;
  }

  /**
   * The columns of the file's schema (pre-order ids, the root 0) that {@link #fileProjection()}
   * holds; a struct is included when any of its fields is.
   */
  public boolean[] includedColumns() {
    boolean[] out = new boolean[fileSchema.columnCount()];
    include(fileSchema, fileProjection, 0, out);
    return out;
  }

  private static void include(Type file, Type read, int id, boolean[] out) {
    out[id] = true;
    int child = id + 1;
    for (int i = 0; i < file.children().size(); i++) {
      // structs keep only the fields read, at any depth (inside lists and maps too); the other
      // kinds keep all their children, pruned in turn
      int r = file.kind() == TypeKind.STRUCT ? read.fieldIndex(file.fieldNames().get(i)) : i;
      if (r >= 0) {
        include(file.child(i), read.child(r), child, out);
      }
      child += file.child(i).columnCount();
    }
  }

  /**
   * The top-level columns of the file to read, for formats that read whole top-level columns:
   * the names of {@link #fileProjection()}'s fields, in the file's order (empty for a file
   * whose rows are not a struct).
   */
  public List<String> topLevelColumns() {
    return fileProjection.kind() == TypeKind.STRUCT ? fileProjection.fieldNames() : List.of();
  }

  /**
   * The options for a format's raw reader: these, but with only {@link #topLevelColumns()} and
   * neither filter nor reader schema.
   */
  public ReadOptions rawOptions() {
    ReadOptions raw = options.withFilter(null).withSchema(null).withMatchByPosition(false)
        .withMatchById(null);
    return fileProjection.kind() == TypeKind.STRUCT
        ? raw.withColumns(topLevelColumns()) : raw.withColumns(null);
  }

  /**
   * The filter bound to the file's schema, for skipping by statistics and indexes; conditions
   * on columns read through a conversion are {@link BoundPredicate.Opaque}. Null without a
   * filter.
   */
  public BoundPredicate pushdown() {
    return pushdown;
  }

  /** Whether rows are filtered. */
  public boolean hasFilter() {
    return filter != null;
  }

  /**
   * A reader of no rows, of {@link #schema()} as the read would have returned it: the read of a
   * file that cannot be split when the options' split does not hold its first byte ({@link
   * ReadOptions#splitHolds}), which reads nothing of the file. Seeks leave it empty.
   */
  public BatchReader empty() {
    ScanReport report = new ScanReport();
    report.note("file: not read, the split [" + options.splitStart().orElse(0) + ", +"
        + options.splitLength().orElse(0) + ") does not hold its first byte");
    return new AbstractBatchReader(output, options.batchSize()) {
      @Override
      protected int fill(ColumnBatch batch, int max) {
        return 0;
      }

      @Override
      protected void seek(long row) {}

      @Override
      public ScanReport report() {
        return report;
      }
    };
  }

  /**
   * The rows asked for, from a raw reader of the file's rows: {@code raw}'s schema must hold
   * {@link #fileProjection()} (whole top-level columns will do). Returns {@code raw} itself
   * when it already gives exactly these rows.
   */
  public BatchReader wrap(BatchReader raw) {
    Type rawSchema = raw.schema();
    if (filter == null && readerSchema == fileSchema && rawSchema.equals(output)) {
      return raw;
    }
    return new PlannedBatchReader(raw, match, readerProjection, filter, filterSchema, output,
        options.batchSize());
  }
}
