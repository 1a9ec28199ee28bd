package io.colfile.spark.read;

import io.colfile.core.ReadOptions;
import io.colfile.core.filter.ColumnPath;
import io.colfile.core.read.ReadPlan;
import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.read.SupportsPushDownLimit;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.connector.read.SupportsPushDownV2Filters;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Plans a scan: the columns Spark needs (nested struct fields by path), the predicates colfile
 * decides exactly (pushed into every file's reader and not evaluated again by Spark), the
 * predicates on partition columns (which prune directories; Spark still evaluates them), and a
 * LIMIT.
 */
final class ColFileScanBuilder implements ScanBuilder, SupportsPushDownRequiredColumns,
    SupportsPushDownV2Filters, SupportsPushDownLimit {
  private final ColFileTable table;
  private StructType required;
  private final List<Predicate> pushed = new ArrayList<>();
  private final List<io.colfile.core.filter.Predicate> colfileFilters = new ArrayList<>();
  private final List<Predicate> partitionFilters = new ArrayList<>();
  private int limit = -1;

  ColFileScanBuilder(ColFileTable table) {
    this.table = table;
    this.required = table.schema();
  }

  @Override
  public void pruneColumns(StructType requiredSchema) {
    required = requiredSchema;
  }

  @Override
  public Predicate[] pushPredicates(Predicate[] predicates) {
    List<Predicate> rest = new ArrayList<>();
    StructType partitionSchema = table.files().partitionSchema;
    PredicateTranslator translator = new PredicateTranslator(table.colfileSchema());
    for (Predicate p : predicates) {
      if (PartitionPruner.onPartitionColumns(p, partitionSchema)) {
        partitionFilters.add(p);
        pushed.add(p);
        rest.add(p); // pruning decides directories, the rows are still Spark's to filter
        continue;
      }
      Optional<io.colfile.core.filter.Predicate> t = table.colfileSchema().kind()
          == TypeKind.STRUCT ? translator.translate(p) : Optional.empty();
      if (t.isPresent() && !namesPartitionColumn(p, partitionSchema)
          && travels(t.get(), table.colfileSchema())) {
        colfileFilters.add(t.get());
        pushed.add(p);
      } else {
        rest.add(p);
      }
    }
    return rest.toArray(new Predicate[0]);
  }

  /**
   * Whether {@code p} reaches the tasks intact: its text form (how it travels) parses back to
   * the same text and binds to the files' schema. What does not (a date beyond year 9999, nesting deeper than
   * the parser takes) stays with Spark.
   */
  private static boolean travels(io.colfile.core.filter.Predicate p, Type schema) {
    try {
      String text = p.toString();
      io.colfile.core.filter.Predicate back = io.colfile.core.filter.Predicate.parse(text);
      if (!back.toString().equals(text)) {
        return false;
      }
      ReadPlan.create(schema, ReadOptions.defaults().withSchema(schema).withFilter(back));
      return true;
    } catch (RuntimeException e) {
      return false;
    }
  }

  private static boolean namesPartitionColumn(Predicate p, StructType partitionSchema) {
    for (var ref : p.references()) {
      if (Arrays.asList(partitionSchema.fieldNames()).contains(ref.fieldNames()[0])) {
        return true;
      }
    }
    return false;
  }

  @Override
  public Predicate[] pushedPredicates() {
    return pushed.toArray(new Predicate[0]);
  }

  @Override
  public boolean pushLimit(int limit) {
    this.limit = limit;
    return true;
  }

  @Override
  public Scan build() {
    Type fileSchema = table.colfileSchema();
    StructType partitionSchema = table.files().partitionSchema;
    List<String> partitionNames = Arrays.asList(partitionSchema.fieldNames());
    List<String> columns = new ArrayList<>();
    List<StructField> partitionFields = new ArrayList<>();
    for (StructField f : required.fields()) {
      if (partitionNames.contains(f.name())) {
        partitionFields.add(f);
      } else if (fileSchema.kind() == TypeKind.STRUCT) {
        int i = fileSchema.fieldNames().indexOf(f.name());
        paths(List.of(f.name()), fileSchema.child(i), f.dataType(), columns);
      } else {
        columns.add(ReadOptions.BARE_VALUE_COLUMN);
      }
    }
    io.colfile.core.filter.Predicate filter = colfileFilters.isEmpty() ? null
        : colfileFilters.size() == 1 ? colfileFilters.get(0)
        : new io.colfile.core.filter.Predicate.And(colfileFilters);
    boolean bare = fileSchema.kind() != TypeKind.STRUCT;
    boolean noColumn = bare && columns.isEmpty();
    if (noColumn) {
      // a bare value cannot be left out: it is read, and no column handed to Spark (count(*))
      columns.add(ReadOptions.BARE_VALUE_COLUMN);
    }
    ReadOptions planned = ReadOptions.defaults().withColumns(columns);
    if (!bare) {
      planned = planned.withSchema(fileSchema);
    }
    Type projected = ReadPlan.create(fileSchema, planned).schema();
    StructType dataSchema = noColumn ? new StructType()
        : io.colfile.spark.types.SparkTypes.toSpark(projected);
    // the partition columns asked for, in the table's order
    List<StructField> keep = new ArrayList<>();
    for (StructField f : partitionSchema.fields()) {
      if (partitionFields.stream().anyMatch(r -> r.name().equals(f.name()))) {
        keep.add(f);
      }
    }
    StructType partitionPart = new StructType(keep.toArray(new StructField[0]));
    return new ColFileScan(table, columns, filter, projected, dataSchema, partitionPart,
        new PartitionPruner(partitionSchema, partitionFilters), limit, pushed);
  }

  /**
   * Adds the column paths that give Spark's {@code wanted} type of the file's column {@code
   * type} at {@code path}: the whole column, or for a struct of which Spark wants some fields
   * only, the paths of those fields.
   */
  private static void paths(List<String> path, Type type, DataType wanted, List<String> out) {
    if (type.kind() == TypeKind.STRUCT && wanted instanceof StructType st
        && st.fields().length < type.children().size()) {
      for (StructField f : st.fields()) {
        int i = type.fieldNames().indexOf(f.name());
        List<String> p = new ArrayList<>(path);
        p.add(f.name());
        paths(p, type.child(i), f.dataType(), out);
      }
      return;
    }
    out.add(new ColumnPath(path).toString());
  }
}
