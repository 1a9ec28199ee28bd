package io.colfile.testkit;

import io.colfile.core.BatchReader;
import io.colfile.core.FileReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.read.ReadPlan;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.IntFunction;
import java.util.function.Supplier;

/**
 * A "file" of generated batches, read through {@link ReadPlan} like a real format that reads
 * whole top-level columns: for testing what core does with the rows of any format (filters,
 * projections, reader schemas). Each read regenerates the batches from the same seed, so the
 * plan may rearrange what it is given.
 */
public final class MemoryFile implements FileReader {
  private final Type schema;
  private final Supplier<List<ColumnBatch>> batches;

  /** {@code batchSizes.length} batches of {@link RandomBatches} data of {@code schema}. */
  public MemoryFile(Type schema, long seed, int... batchSizes) {
    this(schema, () -> generate(schema, seed, batchSizes.clone()));
  }

  /**
   * A file of the batches {@code batches} makes, called anew for each read (the plan may
   * rearrange what it is given).
   */
  public MemoryFile(Type schema, Supplier<List<ColumnBatch>> batches) {
    this.schema = schema;
    this.batches = batches;
  }

  /** Batch sizes drawn at random (1 to 1000), {@code total} rows in all. */
  public static int[] randomSizes(Random r, int total) {
    List<Integer> sizes = new ArrayList<>();
    while (total > 0) {
      int n = Math.min(total, 1 + r.nextInt(r.nextBoolean() ? 50 : 1000));
      sizes.add(n);
      total -= n;
    }
    return sizes.stream().mapToInt(Integer::intValue).toArray();
  }

  @Override
  public String formatName() {
    return "memory";
  }

  @Override
  public Type schema() {
    return schema;
  }

  @Override
  public long numberOfRows() {
    long n = 0;
    for (ColumnBatch b : batches()) {
      n += b.size;
    }
    return n;
  }

  /** The file's batches, whole, in order. */
  public List<ColumnBatch> batches() {
    return batches.get();
  }

  private static List<ColumnBatch> generate(Type schema, long seed, int[] batchSizes) {
    RandomBatches gen = new RandomBatches(new Random(seed), java.time.ZoneOffset.UTC);
    List<ColumnBatch> out = new ArrayList<>();
    int first = 0;
    for (int s : batchSizes) {
      out.add(gen.batch(schema, s, first));
      first += s;
    }
    return out;
  }

  @Override
  public BatchReader read(ReadOptions options) {
    List<ColumnBatch> batches = batches();
    for (ColumnBatch b : batches) {
      if (b.size > options.batchSize()) {
        throw new IllegalArgumentException("batches of " + b.size + " rows exceed the batch "
            + "size " + options.batchSize());
      }
    }
    ReadPlan plan = ReadPlan.create(schema, options);
    if (!options.splitHolds(0)) {
      return plan.empty(); // one unit, as files that cannot be split are
    }
    List<String> columns = plan.topLevelColumns();
    Type raw = schema.kind() == io.colfile.core.types.TypeKind.STRUCT
        ? project(schema, columns) : schema;
    IntFunction<ColumnBatch> source = batches::get;
    return plan.wrap(new BatchReader() {
      private int next;

      @Override
      public Type schema() {
        return raw;
      }

      @Override
      public ColumnBatch newBatch() {
        return new ColumnBatch(raw, options.batchSize());
      }

      @Override
      public boolean next(ColumnBatch batch) {
        if (next >= batches.size()) {
          batch.reset();
          return false;
        }
        ColumnBatch b = source.apply(next++);
        if (raw == schema) {
          System.arraycopy(b.cols, 0, batch.cols, 0, b.cols.length);
        } else {
          for (int i = 0; i < columns.size(); i++) {
            batch.cols[i] = b.cols[schema.fieldIndex(columns.get(i))];
          }
        }
        batch.size = b.size;
        return true;
      }

      @Override
      public void close() {}
    });
  }

  private static Type project(Type schema, List<String> names) {
    Type.StructBuilder b = Type.structBuilder();
    for (String n : names) {
      int i = schema.fieldIndex(n);
      b.field(n, schema.child(i), schema.isChildNullable(i));
    }
    return b.build();
  }

  @Override
  public void close() {}
}
