package io.colfile.kudu.delta;

import io.colfile.core.read.ReadPlan;
import io.colfile.core.AbstractBatchReader;
import io.colfile.core.BatchReader;
import io.colfile.core.FileReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.io.InputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.ListVector;
import io.colfile.core.vector.LongVector;
import io.colfile.core.vector.StructVector;
import io.colfile.core.vector.TimestampVector;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * A DeltaFile's mutations decoded, one row each, for {@code colfile cat --deltas}:
 *
 * <pre>
 * struct&lt;row:bigint, timestamp:bigint, time:timestamp, logical:int, type:string,
 *        updates:array&lt;struct&lt;column_id:int, value:binary&gt;&gt;&gt;
 * </pre>
 *
 * {@code timestamp} is the HybridTime as stored, {@code time} its physical part (UTC) and
 * {@code logical} its logical counter; {@code type} is UPDATE, DELETE or REINSERT; each update
 * names a column id and the value's raw bytes (the physical type's little-endian bytes, or the
 * string's bytes), null for "set to NULL". The values are not typed: a DeltaFile does not know
 * its table's schema.
 */
public final class DeltaFileReader implements FileReader {
  public static final Type SCHEMA = Type.parse("struct<row:bigint,timestamp:bigint,"
      + "time:timestamp,logical:int,type:string,"
      + "updates:array<struct<column_id:int,value:binary>>>");
  private static final byte[][] TYPES = {
      "UPDATE".getBytes(StandardCharsets.US_ASCII),
      "DELETE".getBytes(StandardCharsets.US_ASCII),
      "REINSERT".getBytes(StandardCharsets.US_ASCII)};

  private final DeltaFile file;

  private DeltaFileReader(DeltaFile file) {
    this.file = file;
  }

  /** Opens {@code in} as a DeltaFile. */
  public static DeltaFileReader open(InputFile in) throws IOException {
    return new DeltaFileReader(DeltaFile.open(in));
  }

  @Override
  public String formatName() {
    return "Kudu";
  }

  @Override
  public Type schema() {
    return SCHEMA;
  }

  @Override
  public long numberOfRows() {
    return file.count();
  }

  @Override
  public Map<String, Object> describe() throws IOException {
    Map<String, Object> out = FileReader.super.describe();
    DeltaStats s = file.stats();
    out.put("delete count", s.deleteCount());
    out.put("reinsert count", s.reinsertCount());
    out.put("min timestamp", s.minTimestamp());
    out.put("max timestamp", s.maxTimestamp());
    out.put("update counts by column id", s.updateCounts().toString());
    return out;
  }

  @Override
  public BatchReader read(ReadOptions options) throws IOException {
    ReadPlan plan = ReadPlan.create(schema(), options);
    if (!options.splitHolds(0)) {
      return plan.empty(); // the file cannot be split: its rows belong to the split of byte 0
    }
    return plan.wrap(readRaw(plan.rawOptions()));
  }

  private BatchReader readRaw(ReadOptions options) throws IOException {
    return new AbstractBatchReader(SCHEMA, options.batchSize()) {
      private DeltaFile.Iterator it = file.iterator();

      @Override
      protected int fill(ColumnBatch batch, int max) throws IOException {
        LongVector row = (LongVector) batch.cols[0];
        LongVector ts = (LongVector) batch.cols[1];
        TimestampVector time = (TimestampVector) batch.cols[2];
        LongVector logical = (LongVector) batch.cols[3];
        BytesVector type = (BytesVector) batch.cols[4];
        ListVector updates = (ListVector) batch.cols[5];
        StructVector update = (StructVector) updates.child;
        LongVector ids = (LongVector) update.fields[0];
        BytesVector values = (BytesVector) update.fields[1];
        int n = 0;
        int children = 0;
        while (n < max && it.next()) {
          DeltaKey k = it.key();
          RowChangeList c = it.changes();
          row.vector[n] = k.rowOrdinal();
          ts.vector[n] = k.timestamp();
          time.seconds[n] = Math.floorDiv(k.physicalMicros(), 1_000_000L);
          time.nanos[n] = (int) Math.floorMod(k.physicalMicros(), 1_000_000L) * 1000;
          logical.vector[n] = k.logical();
          byte[] name = TYPES[c.type().wireId() - 1];
          type.setRef(n, name, 0, name.length);
          int m = c.updates().size();
          update.ensureCapacity(children + m, true);
          updates.offsets[n] = children;
          updates.lengths[n] = m;
          for (ColumnUpdate u : c.updates()) {
            ids.vector[children] = u.columnId();
            if (u.isNull()) {
              values.setNull(children);
            } else {
              byte[] v = u.value();
              values.setRef(children, v, 0, v.length);
            }
            children++;
          }
          n++;
        }
        updates.childCount = children;
        return n;
      }

      /** Row {@code row} is the mutation of that ordinal in the file. */
      @Override
      protected void seek(long row) throws IOException {
        it = file.iteratorAt(row);
      }
    };
  }

  /** Every byte of the file, in order: see {@link io.colfile.kudu.CFile#layout()}. */
  @Override
  public io.colfile.core.layout.FileLayout layout() throws IOException {
    return file.file().layout();
  }

  @Override
  public void close() throws IOException {
    file.close();
  }
}
