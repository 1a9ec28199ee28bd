package io.colfile.spark.read;

import io.colfile.core.ReadOptions;
import io.colfile.core.filter.Predicate;
import io.colfile.core.types.Type;
import java.io.Serializable;
import java.time.ZoneId;
import java.util.List;
import org.apache.spark.sql.types.StructType;

/**
 * Everything a task needs to read its files, sent from the driver: colfile's side as text
 * (types and the predicate parse back), Spark's as its serializable schemas.
 *
 * @param format the format every file must be (its name as colfile says it), or null for any
 * @param readerSchema the colfile schema files are read as ({@code ReadOptions.withSchema}),
 *     or null to read each with its own (bare-value files)
 * @param columns the columns to read, or null for all
 * @param filter colfile's predicate in its text form, or null
 * @param projected the colfile type of the rows read
 * @param dataSchema Spark's schema of {@code projected}
 * @param partitionSchema Spark's schema of the partition columns added after the data columns
 * @param partitionOrdinals where each of those is in the table's partition values
 * @param limit the most rows a task returns, or -1
 * @param kuduServer the Kudu tablet server table whose tablets are the units, or null
 */
record ReadSpec(String format, String readerSchema, List<String> columns, String filter,
    String projected, StructType dataSchema, StructType partitionSchema,
    int[] partitionOrdinals, int limit,
    int batchSize, String zone, KuduServerSource kuduServer) implements Serializable {

  ReadOptions options() {
    ReadOptions o = ReadOptions.defaults().withBatchSize(batchSize)
        .withDefaultZone(ZoneId.of(zone));
    if (readerSchema != null) {
      o = o.withSchema(Type.parse(readerSchema));
    }
    if (columns != null) {
      o = o.withColumns(columns);
    }
    if (filter != null) {
      o = o.withFilter(Predicate.parse(filter));
    }
    return o;
  }

  Type projectedType() {
    return Type.parse(projected);
  }
}
