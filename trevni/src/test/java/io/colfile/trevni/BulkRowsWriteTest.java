package io.colfile.trevni;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.testkit.TestSeed;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link TrevniFileWriter#startRows}, rows written a column at a time, makes the same file, byte
 * for byte, as the same values written row by row: seeded random plain columns of every type
 * (decimals as Avro's bytes), with and without first values, declared sorted or not, every
 * codec and checksum, small random block sizes (so blocks close inside the column-at-a-time
 * runs), and runs of random lengths mixed with rows written one at a time; also optional
 * columns (arrays of 0 or 1 values a row, Avro's nullable fields) with nulls alone, in runs,
 * everywhere or nowhere, named by {@link TrevniFileWriter#writeNulls}. The protocol is
 * checked: only plain columns, each column once, all of them before {@link
 * TrevniFileWriter#endRows}.
 */
@ExtendWith(TestSeed.class)
class BulkRowsWriteTest {
  private static final ValueType[] TYPES = {ValueType.BOOLEAN, ValueType.INT, ValueType.LONG,
      ValueType.FIXED32, ValueType.FIXED64, ValueType.FLOAT, ValueType.DOUBLE, ValueType.STRING,
      ValueType.BYTES, ValueType.NULL};

  @TempDir Path dir;

  /** One column's values: longs, doubles, or byte strings; {@code decimal}: bytes as Avro's. */
  private record Col(ColumnSpec spec, boolean decimal, long[] longs, double[] doubles,
      byte[][] bytes, boolean[] nulls) {}

  @Test
  void columnAtATimeIsRowByRow() {
    for (int round = 0; round < 60; round++) {
      Random r = TestSeed.random("bulkRows", round);
      int rows = r.nextInt(8) == 0 ? r.nextInt(3) : 1 + r.nextInt(3000);
      List<Col> cols = new ArrayList<>();
      int n = 1 + r.nextInt(6);
      for (int c = 0; c < n; c++) {
        cols.add(column(r, "c" + c, rows));
      }
      TrevniCodec[] codecs = {TrevniCodec.NULL, TrevniCodec.DEFLATE, TrevniCodec.SNAPPY};
      TrevniWriterOptions options = TrevniWriterOptions.builder()
          .blockSize(r.nextBoolean() ? 16 + r.nextInt(300) : 64 * 1024)
          .codec(codecs[r.nextInt(codecs.length)])
          .checksum(r.nextBoolean() ? TrevniChecksum.CRC32 : TrevniChecksum.NULL).build();
      List<ColumnSpec> specs = cols.stream().map(Col::spec).toList();
      byte[] oneByOne = TrevniFiles.write(dir, specs, options, w -> {
        for (int i = 0; i < rows; i++) {
          writeRow(w, cols, i);
        }
      });
      // runs of random lengths, a column at a time in a random order, between single rows
      long seed = r.nextLong();
      byte[] bulk = TrevniFiles.write(dir, specs, options, w -> {
        Random runs = new Random(seed);
        int i = 0;
        while (i < rows) {
          if (runs.nextInt(5) == 0) {
            writeRow(w, cols, i++);
            continue;
          }
          int k = Math.min(rows - i, runs.nextInt(runs.nextBoolean() ? 5 : 1500));
          w.startRows(k);
          List<Integer> order = new ArrayList<>();
          for (int c = 0; c < cols.size(); c++) {
            order.add(c);
          }
          java.util.Collections.shuffle(order, runs);
          for (int c : order) {
            writeColumn(w, c, cols.get(c), i);
          }
          w.endRows();
          assertThat(w.rowCount()).isEqualTo(i + k);
          i += k;
        }
      });
      assertThat(bulk).as(TestSeed.replay() + ": round " + round + ", " + specs + ", "
          + rows + " rows, block size " + options.blockSize()).isEqualTo(oneByOne);
    }
  }

  private static Col column(Random r, String name, int rows) {
    boolean decimal = r.nextInt(8) == 0;
    ValueType type = decimal ? ValueType.BYTES : TYPES[r.nextInt(TYPES.length)];
    ColumnSpec spec = ColumnSpec.of(name, type);
    // a null column is plain: an array column of nulls is never written a column at a time
    boolean optional = type != ValueType.NULL && r.nextInt(3) == 0;
    boolean sorted = !optional && type != ValueType.NULL && r.nextInt(4) == 0;
    boolean[] nulls = null;
    if (optional) {
      spec = spec.asArray();
      nulls = new boolean[rows];
      int mode = r.nextInt(4); // none, all, alone, in runs
      for (int i = 0; i < rows; ) {
        int run = mode == 3 ? 1 + r.nextInt(40) : 1;
        boolean isNull = mode == 1 || (mode >= 2 && r.nextInt(3) == 0);
        for (int k = 0; k < run && i < rows; k++) {
          nulls[i++] = isNull;
        }
      }
    } else if (sorted) {
      spec = spec.sorted();
    } else if (r.nextInt(3) == 0) {
      spec = spec.withFirstValues();
    }
    long[] longs = null;
    double[] doubles = null;
    byte[][] bytes = null;
    switch (type) {
      case FLOAT, DOUBLE -> {
        doubles = new double[rows];
        for (int i = 0; i < rows; i++) {
          doubles[i] = r.nextInt(10) == 0 ? r.nextInt(5) : r.nextGaussian() * 1e6;
        }
        if (sorted) {
          Arrays.sort(doubles);
        }
        if (type == ValueType.FLOAT) {
          for (int i = 0; i < rows; i++) {
            doubles[i] = (float) doubles[i];
          }
        }
      }
      case STRING, BYTES -> {
        if (decimal) {
          longs = new long[rows];
          for (int i = 0; i < rows; i++) {
            longs[i] = r.nextLong() >> r.nextInt(64);
          }
          if (sorted) { // bytes order is not a decimal's: sorted only when all are equal
            Arrays.fill(longs, longs.length == 0 ? 0 : longs[0]);
          }
        } else {
          bytes = new byte[rows][];
          for (int i = 0; i < rows; i++) {
            int len = r.nextInt(20) == 0 ? r.nextInt(9000) : r.nextInt(30);
            bytes[i] = type == ValueType.STRING
                ? "x".repeat(len).getBytes(StandardCharsets.UTF_8) : new byte[len];
            if (type == ValueType.BYTES) {
              r.nextBytes(bytes[i]);
            } else if (len > 0) {
              bytes[i][0] = (byte) ('a' + r.nextInt(26));
            }
          }
          if (sorted) {
            Arrays.sort(bytes, type == ValueType.STRING
                ? (a, b) -> new String(a, StandardCharsets.UTF_8)
                    .compareTo(new String(b, StandardCharsets.UTF_8))
                : Arrays::compare); // Java's order of bytes: signed
          }
        }
      }
      default -> {
        longs = new long[rows];
        for (int i = 0; i < rows; i++) {
          long v = r.nextLong() >> r.nextInt(64);
          longs[i] = switch (type) {
            case BOOLEAN -> r.nextInt(3) == 0 ? 1 : 0;
            // a null row's value is never looked at: beyond an int there
            case INT, FIXED32 -> nulls != null && nulls[i] ? Long.MAX_VALUE - i : (int) v;
            default -> v;
          };
        }
        if (sorted) {
          Arrays.sort(longs);
        }
      }
    }
    return new Col(spec, decimal, longs, doubles, bytes, nulls);
  }

  private static void writeRow(TrevniFileWriter w, List<Col> cols, int i) {
    w.startRow();
    for (int c = 0; c < cols.size(); c++) {
      Col col = cols.get(c);
      if (col.nulls() != null) {
        w.writeLength(c, col.nulls()[i] ? 0 : 1);
        if (col.nulls()[i]) {
          continue;
        }
      }
      switch (col.spec().type()) {
        case NULL -> w.writeNull(c);
        case BOOLEAN -> w.writeBoolean(c, col.longs()[i] != 0);
        case INT, FIXED32 -> w.writeInt(c, (int) col.longs()[i]);
        case LONG, FIXED64 -> w.writeLong(c, col.longs()[i]);
        case FLOAT -> w.writeFloat(c, (float) col.doubles()[i]);
        case DOUBLE -> w.writeDouble(c, col.doubles()[i]);
        default -> {
          byte[] b = col.decimal() ? BigInteger.valueOf(col.longs()[i]).toByteArray()
              : col.bytes()[i];
          w.writeBytes(c, b, 0, b.length);
        }
      }
    }
    w.endRow();
  }

  private static void writeColumn(TrevniFileWriter w, int c, Col col, int from) {
    if (col.nulls() != null) {
      boolean any = false;
      for (boolean b : col.nulls()) {
        any |= b;
      }
      w.writeNulls(c, any ? col.nulls() : null, from);
    }
    switch (col.spec().type()) {
      case NULL -> w.writeNullValues(c);
      case BOOLEAN -> w.writeBooleans(c, col.longs(), from);
      case INT, FIXED32 -> w.writeInts(c, col.longs(), from);
      case LONG, FIXED64 -> w.writeLongs(c, col.longs(), from);
      case FLOAT -> w.writeFloats(c, col.doubles(), from);
      case DOUBLE -> w.writeDoubles(c, col.doubles(), from);
      default -> {
        if (col.decimal()) {
          w.writeDecimals(c, col.longs(), from);
        } else {
          // every other value where it lies alone, the others packed into one shared array
          // with a byte of garbage before each: values at offsets, bytes on both sides
          int n = col.bytes().length;
          byte[][] data = new byte[n][];
          int[] start = new int[n];
          int[] length = new int[n];
          int packed = 0;
          for (int i = 0; i < n; i++) {
            packed += i % 2 == 1 ? col.bytes()[i].length + 1 : 0;
          }
          byte[] shared = new byte[packed + 1];
          Arrays.fill(shared, (byte) 0x5A);
          int at = 1;
          for (int i = 0; i < n; i++) {
            byte[] v = col.bytes()[i];
            length[i] = v.length;
            if (i % 2 == 0) {
              data[i] = v;
            } else {
              System.arraycopy(v, 0, shared, at, v.length);
              data[i] = shared;
              start[i] = at;
              at += v.length + 1;
            }
          }
          w.writeBytes(c, data, start, length, from);
        }
      }
    }
  }

  @Test
  void onlyPlainColumnsAreWrittenAColumnAtATime() {
    TrevniFiles.write(dir, List.of(ColumnSpec.of("a", ValueType.LONG),
        ColumnSpec.of("b", ValueType.NULL).asArray()), TrevniWriterOptions.defaults(), w -> {
          assertThatThrownBy(() -> w.startRows(3)).isInstanceOf(IllegalStateException.class)
              .hasMessageContaining("column 'b' is an array column of nulls");
          assertThatThrownBy(() -> w.writeNulls(0, null, 0))
              .isInstanceOf(IllegalStateException.class)
              .hasMessageContaining("between startRows() and endRows()");
          assertThatThrownBy(() -> w.writeLongs(0, new long[3], 0))
              .isInstanceOf(IllegalStateException.class)
              .hasMessageContaining("between startRows() and endRows()");
        });
  }

  @Test
  void everyColumnOnceThenEndRows() {
    TrevniFiles.write(dir, List.of(ColumnSpec.of("a", ValueType.LONG),
        ColumnSpec.of("b", ValueType.INT)), TrevniWriterOptions.defaults(), w -> {
          w.startRows(2);
          assertThatThrownBy(w::startRow).isInstanceOf(IllegalStateException.class);
          w.writeLongs(0, new long[] {1, 2}, 0);
          assertThatThrownBy(() -> w.writeLongs(0, new long[] {1, 2}, 0))
              .isInstanceOf(IllegalStateException.class).hasMessageContaining("already");
          assertThatThrownBy(() -> w.writeDoubles(1, new double[2], 0))
              .isInstanceOf(IllegalArgumentException.class)
              .hasMessageContaining("holds int values, not double");
          assertThatThrownBy(() -> w.writeInts(1, new long[] {1}, 0))
              .isInstanceOf(IndexOutOfBoundsException.class);
          assertThatThrownBy(w::endRows).isInstanceOf(IllegalStateException.class)
              .hasMessageContaining("column 'b' got no values for the 2 rows");
          w.writeInts(1, new long[] {0, 3, 4}, 1);
          w.endRows();
          assertThat(w.rowCount()).isEqualTo(2);
        });
  }

  @Test
  void anIntOutOfRangeIsRefused() {
    TrevniFiles.write(dir, List.of(ColumnSpec.of("b", ValueType.INT)),
        TrevniWriterOptions.defaults(), w -> {
          w.startRows(3);
          assertThatThrownBy(() -> w.writeInts(0, new long[] {1, 1L << 40, 3}, 0))
              .isInstanceOf(IllegalArgumentException.class)
              .hasMessageContaining("column 'b', row 1: 1099511627776 does not fit an int");
          w.abort();
        });
    TrevniFiles.write(dir, List.of(ColumnSpec.of("b", ValueType.INT)),
        TrevniWriterOptions.defaults(), w -> {
          w.startRows(3);
          assertThatThrownBy(() -> w.writeInts(0,
              new long[] {1, 2, (long) Integer.MIN_VALUE - 1, 4}, 1))
              .isInstanceOf(IllegalArgumentException.class)
              .hasMessageContaining("column 'b', row 1: -2147483649 does not fit an int");
          w.abort();
        });
    TrevniFiles.write(dir, List.of(ColumnSpec.of("b", ValueType.INT)),
        TrevniWriterOptions.defaults(), w -> {
          // values outside the rows' window are not looked at
          w.startRows(3);
          w.writeInts(0, new long[] {1L << 40, Integer.MIN_VALUE, 2, Integer.MAX_VALUE,
              Long.MIN_VALUE}, 1);
          w.endRows();
          assertThat(w.rowCount()).isEqualTo(3);
        });
  }

  @Test
  void aSortedColumnOutOfOrderNamesTheRowAndGivesUpTheFile() {
    TrevniFiles.write(dir, List.of(ColumnSpec.of("s", ValueType.LONG).sorted()),
        TrevniWriterOptions.defaults(), w -> {
          w.startRows(2);
          w.writeLongs(0, new long[] {1, 5}, 0);
          w.endRows();
          w.startRows(3);
          assertThatThrownBy(() -> w.writeLongs(0, new long[] {6, 7, 2}, 0))
              .isInstanceOf(IllegalArgumentException.class)
              .hasMessageContaining("column 's' is declared sorted, but row 4 comes before row 3");
          assertThatThrownBy(() -> w.startRows(1)).isInstanceOf(IllegalStateException.class)
              .hasMessageContaining("closed");
        });
  }
}
