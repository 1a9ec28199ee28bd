package io.colfile.orc;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.codec.Decompressor;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.io.InputFile;
import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.orc.column.ColumnReaders;
import io.colfile.orc.column.RootReader;
import java.io.IOException;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the rows of an ORC file stripe by stripe. Only the streams of projected columns are
 * read from the file. Batches never span stripes.
 */
final class OrcBatchReader implements BatchReader {
  private final InputFile file;
  private final OrcTail tail;
  private final List<StripeInformation> stripes;
  private final Type projected;
  private final boolean[] included;
  private final RootReader root;
  private final int batchSize;
  private final ZoneId defaultZone;
  private final long maxNestedValues;
  private final Decompressor decompressor;
  private int stripe = -1;
  private long rowsLeftInStripe;

  OrcBatchReader(InputFile file, OrcTail tail, Type schema, List<StripeInformation> stripes,
      ReadOptions options) {
    this.file = file;
    this.tail = tail;
    this.stripes = stripes;
    this.batchSize = options.batchSize();
    this.defaultZone = options.defaultZone();
    this.maxNestedValues = options.maxNestedValues();
    this.decompressor =
        tail.codec == CompressionCodec.NONE ? null : tail.codec.newDecompressor();
    this.included = new boolean[schema.columnCount()];
    included[0] = true;
    List<Integer> fields = null;
    if (options.columns().isPresent() && schema.kind() == TypeKind.STRUCT) {
      fields = new ArrayList<>();
      List<String> names = new ArrayList<>();
      List<Type> types = new ArrayList<>();
      for (String name : options.columns().get()) {
        int i = schema.fieldIndex(name);
        if (i < 0) {
          throw new IllegalArgumentException("no column '" + name + "' in " + schema);
        }
        if (fields.contains(i)) {
          throw new IllegalArgumentException("column '" + name + "' is listed twice");
        }
        fields.add(i);
        names.add(name);
        types.add(schema.child(i));
      }
      projected = Type.struct(names, types);
    } else {
      projected = schema;
    }
    if (schema.kind() == TypeKind.STRUCT) {
      int id = 1;
      for (int i = 0; i < schema.children().size(); i++) {
        int count = schema.child(i).columnCount();
        if (fields == null || fields.contains(i)) {
          for (int c = id; c < id + count; c++) {
            included[c] = true;
          }
        }
        id += count;
      }
    } else {
      java.util.Arrays.fill(included, true);
    }
    this.root = ColumnReaders.root(schema, fields);
  }

  @Override
  public Type schema() {
    return projected;
  }

  @Override
  public ColumnBatch newBatch() {
    return new ColumnBatch(projected, batchSize);
  }

  @Override
  public boolean next(ColumnBatch batch) throws IOException {
    batch.reset();
    while (rowsLeftInStripe == 0) {
      if (stripe + 1 >= stripes.size()) {
        return false;
      }
      stripe++;
      StripeInformation info = stripes.get(stripe);
      if (info.numberOfRows() < 0) {
        throw CorruptFileException.at(tail.file, "stripe " + stripe, -1,
            "negative row count %d", info.numberOfRows());
      }
      if (info.numberOfRows() == 0) {
        continue;
      }
      StripeData data = new StripeData(file, tail, stripe, info, included, defaultZone,
          maxNestedValues, decompressor);
      root.startStripe(data);
      rowsLeftInStripe = info.numberOfRows();
    }
    int n = (int) Math.min(rowsLeftInStripe, batch.capacity());
    root.read(batch, n);
    rowsLeftInStripe -= n;
    return true;
  }

  @Override
  public void close() {
    // the stripe buffers are garbage once unreferenced; the file belongs to the OrcReader
  }
}
