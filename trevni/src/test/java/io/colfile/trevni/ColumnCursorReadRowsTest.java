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

  /**
   * Damaged blocks of plain {@code int}, {@code string} and {@code bytes} columns (up to 8 bytes
   * set at random in files without checksums) give the bulk read the values, or the error message,
   * that reading one value at a time gives: the bulk loops hand anything unusual (long varints,
   * bad lengths, a block's last bytes) to the one-value reads. Values have lengths and ints of
   * 1 to 5 varint bytes.
   */
  @ParameterizedTest
  @EnumSource(value = ValueType.class, names = {"INT", "STRING", "BYTES"})
  void damagedBlocksFailAlikeInBulk(ValueType type) throws Exception {
    Random r = TestSeed.random("damaged readRows " + type, 0);
    int rows = 3000;
    List<Object> values = new ArrayList<>();
    for (int i = 0; i < rows; i++) {
      if (type == ValueType.INT) {
        values.add(r.nextInt() >> r.nextInt(32));
      } else {
        int len = switch (r.nextInt(8)) {
          case 0 -> 64 + r.nextInt(200);      // a 2-byte length
          case 1 -> r.nextInt(50) == 0 ? 8192 + r.nextInt(100) : r.nextInt(3); // 3 bytes
          default -> r.nextInt(40);
        };
        byte[] b = new byte[len];
        r.nextBytes(b);
        values.add(type == ValueType.STRING ? new String(b, StandardCharsets.ISO_8859_1) : b);
      }
    }
    byte[] good = TrevniFiles.write(dir, List.of(ColumnSpec.of("c", type)),
        TrevniWriterOptions.builder().blockSize(512 + r.nextInt(4096)).build(), w -> {
          for (Object v : values) {
            w.startRow();
            w.writeValue(0, v);
            w.endRow();
          }
        });
    int damagedAlike = 0;
    for (int round = 0; round < 400; round++) {
      byte[] file = good.clone();
      StringBuilder what = new StringBuilder(TestSeed.replay() + ", round " + round + ": bytes");
      for (int k = 1 + r.nextInt(8); k > 0; k--) {
        int at = file.length / 8 + r.nextInt(file.length * 3 / 4);
        file[at] = (byte) (r.nextInt(3) == 0 ? 0xFF : r.nextInt(256));
        what.append(' ').append(at);
      }
      TrevniFile f;
      try {
        f = TrevniFiles.open(file);
      } catch (CorruptFileException e) {
        continue; // the descriptors were hit
      }
      try (f) {
        List<Object> oneByOne = new ArrayList<>();
        String oneError = null;
        ColumnCursor c = f.cursor(0);
        try {
          for (int i = 0; i < rows; i++) {
            c.startRow();
            if (type == ValueType.INT) {
              oneByOne.add((long) c.nextInt());
            } else {
              int n = c.nextBytesLength();
              oneByOne.add(ByteBuffer.wrap(c.buffer(), c.position() - n, n));
            }
          }
        } catch (CorruptFileException e) {
          oneError = e.getMessage();
        }
        List<Object> bulk = new ArrayList<>();
        String bulkError = null;
        ColumnCursor b = f.cursor(0);
        ColumnVector v = type == ValueType.INT ? new LongVector(1024) : new BytesVector(1024);
        try {
          int done = 0;
          while (done < rows) {
            int n = Math.min(rows - done, 1 + r.nextInt(1024));
            v.reset();
            b.readRows(v, 0, n);
            for (int i = 0; i < n; i++) {
              bulk.add(v instanceof LongVector l ? (Object) l.vector[i]
                  : ByteBuffer.wrap(((BytesVector) v).vector[i], ((BytesVector) v).start[i],
                      ((BytesVector) v).length[i]));
            }
            done += n;
          }
        } catch (CorruptFileException e) {
          bulkError = e.getMessage();
        }
        assertThat(bulkError).as(what.toString()).isEqualTo(oneError);
        if (oneError == null) {
          assertThat(bulk).as(what.toString()).isEqualTo(oneByOne);
        } else {
          damagedAlike++;
        }
      }
    }
    assertThat(damagedAlike).as("rounds where both reads failed").isGreaterThan(10);
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
