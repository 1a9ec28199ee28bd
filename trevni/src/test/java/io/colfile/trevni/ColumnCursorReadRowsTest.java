package io.colfile.trevni;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.error.CorruptFileException;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.DoubleVector;
import io.colfile.core.vector.LongVector;
import io.colfile.testkit.TestSeed;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link ColumnCursor#readRows}, the bulk read of plain columns and of columns of 0 or 1 values
 * a row (Avro's nullable fields), reads what {@link ColumnCursor#startRow} and the one-value
 * reads read, in chunks of any size across block boundaries, and refuses a row of another length.
 */
@ExtendWith(TestSeed.class)
class ColumnCursorReadRowsTest {
  @TempDir Path dir;

  @ParameterizedTest
  @EnumSource(value = ValueType.class, names = "NULL", mode = EnumSource.Mode.EXCLUDE)
  void bulkReadsEqualOneValueAtATime(ValueType type) throws Exception {
    for (boolean optional : new boolean[] {false, true}) {
      Random r = TestSeed.random("readRows " + type + optional, 0);
      int rows = r.nextInt(10) == 0 ? r.nextInt(3) : 1 + r.nextInt(20_000);
      List<Object> values = new ArrayList<>();
      for (int i = 0; i < rows; i++) {
        values.add(optional && r.nextInt(4) == 0 ? null : value(type, r));
      }
      ColumnSpec spec = ColumnSpec.of("c", type);
      byte[] file = TrevniFiles.write(dir, List.of(optional ? spec.asArray() : spec),
          TrevniWriterOptions.builder().blockSize(256 + r.nextInt(4096)).build(), w -> {
            for (Object v : values) {
              w.startRow();
              if (optional) {
                w.writeLength(0, v == null ? 0 : 1);
              }
              if (v != null) {
                w.writeValue(0, v);
              }
              w.endRow();
            }
          });
      String what = TestSeed.replay() + ": " + type + (optional ? " optional" : "");
      try (TrevniFile f = TrevniFiles.open(file)) {
        List<Object> oneByOne = new ArrayList<>();
        ColumnCursor c = f.cursor(0);
        for (int i = 0; i < rows; i++) {
          c.startRow();
          oneByOne.add(optional && c.nextLength() == 0 ? null : normal(c.nextValue()));
        }
        assertThat(oneByOne).as(what).isEqualTo(normalized(values));
        List<Object> bulk = new ArrayList<>();
        ColumnCursor b = f.cursor(0);
        ColumnVector v = vector(type, 1024);
        int done = 0;
        while (done < rows) {
          int n = Math.min(rows - done, 1 + r.nextInt(r.nextBoolean() ? 7 : 1024));
          v.reset();
          b.readRows(v, 0, n);
          for (int i = 0; i < n; i++) {
            bulk.add(v.isNull(i) ? null : get(v, type, i));
          }
          done += n;
        }
        assertThat(bulk).as(what).isEqualTo(oneByOne);
        assertThat(b.row()).as(what).isEqualTo(rows);
      }
    }
  }

  @Test
  void aRowOfTwoValuesIsNotAnOptionalValue() throws Exception {
    byte[] file = TrevniFiles.write(dir, List.of(ColumnSpec.of("c", ValueType.LONG).asArray()),
        TrevniWriterOptions.defaults(), w -> {
          for (int row = 0; row < 10; row++) {
            w.startRow();
            int n = row == 7 ? 2 : row % 2;
            w.writeLength(0, n);
            for (int k = 0; k < n; k++) {
              w.writeLong(0, row);
            }
            w.endRow();
          }
        });
    try (TrevniFile f = TrevniFiles.open(file)) {
      assertThatThrownBy(() -> f.cursor(0).readRows(new LongVector(16), 0, 10))
          .isInstanceOf(CorruptFileException.class)
          .hasMessageContaining("length 2 where a row holds 0 or 1 values (row 7)")
          .hasMessageContaining("column 'c'");
      assertThatThrownBy(() -> f.cursor(0).readRows(new DoubleVector(16), 0, 1))
          .isInstanceOf(IllegalStateException.class).hasMessageContaining("DoubleVector");
    }
  }

  private static Object value(ValueType type, Random r) {
    return switch (type) {
      case BOOLEAN -> r.nextBoolean();
      case INT, FIXED32 -> r.nextInt() >> r.nextInt(32);
      case LONG, FIXED64 -> r.nextLong() >> r.nextInt(64);
      case FLOAT -> r.nextFloat() * 1000 - 500;
      case DOUBLE -> r.nextGaussian() * 1e6;
      case STRING -> "s" + Long.toString(r.nextLong() >>> r.nextInt(64), 36);
      case BYTES -> {
        byte[] b = new byte[r.nextInt(20)];
        r.nextBytes(b);
        yield b;
      }
      case NULL -> throw new AssertionError();
    };
  }

  private static ColumnVector vector(ValueType type, int n) {
    return switch (type) {
      case FLOAT, DOUBLE -> new DoubleVector(n);
      case STRING, BYTES -> new BytesVector(n);
      default -> new LongVector(n);
    };
  }

  /** The value as the vectors hold it: a long, a double, or bytes. */
  private static Object get(ColumnVector v, ValueType type, int i) {
    return switch (type) {
      case FLOAT, DOUBLE -> ((DoubleVector) v).vector[i];
      case STRING, BYTES -> ByteBuffer.wrap(((BytesVector) v).get(i));
      default -> ((LongVector) v).vector[i];
    };
  }

  private static Object normal(Object v) {
    return v instanceof Boolean b ? (Object) (b ? 1L : 0L)
        : v instanceof Integer x ? (Object) (long) x
        : v instanceof Float x ? (Object) (double) x
        : v instanceof String s ? ByteBuffer.wrap(s.getBytes(StandardCharsets.UTF_8))
        : v instanceof byte[] b ? ByteBuffer.wrap(b) : v;
  }

  private static List<Object> normalized(List<Object> values) {
    List<Object> out = new ArrayList<>();
    values.forEach(v -> out.add(v == null ? null : normal(v)));
    return out;
  }
}
