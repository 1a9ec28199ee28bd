package io.colfile.trevni.avro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.DecimalVector;
import io.colfile.core.vector.DoubleVector;
import io.colfile.core.vector.LongVector;
import io.colfile.core.vector.TimestampVector;
import io.colfile.testkit.MemoryFile;
import io.colfile.testkit.TestSeed;
import io.colfile.trevni.WriteThreads;
import io.colfile.trevni.TrevniChecksum;
import io.colfile.trevni.TrevniCodec;
import io.colfile.trevni.TrevniWriter;
import io.colfile.trevni.TrevniWriterOptions;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Flat records of every simple kind, written a column at a time ({@link FlatField}), make the
 * same file, byte for byte, as the same rows written row by row ({@link RowWriter#columnAtATime}
 * off): seeded random records mixing timestamps and local timestamps in millis, micros and nanos
 * (their extremes too), decimals wide and narrow in bytes and in fixeds of 1 to 16 bytes (their
 * extremes too), enums, fixeds, {@code null}, and the plain kinds, each non-null or nullable
 * ({@code ["null", X]}, with null rows holding values the row path would refuse, which it never
 * looks at), in batches of random sizes, small blocks, three codecs, on 1 to 3 threads (each
 * batch's columns on the threads). A batch holding a value the row path refuses is written row by
 * row, so that it fails at the same row with the same error.
 */
@ExtendWith(TestSeed.class)
class FlatColumnWriteTest {
  /** Field types; {@code %s} is a name for named types, unique in the record. */
  private static final String[] KINDS = {"\"null\"", "\"boolean\"", "\"int\"", "\"long\"",
    "\"string\"", "\"double\"", "{\"type\":\"int\",\"logicalType\":\"date\"}",
    ts("timestamp-millis"), ts("timestamp-micros"), ts("timestamp-nanos"),
    ts("local-timestamp-millis"), ts("local-timestamp-micros"), ts("local-timestamp-nanos"),
    decimal("\"bytes\"", 10), decimal("\"bytes\"", 30), decimal("\"bytes\"", 38),
    decimal(fixed(1), 2), decimal(fixed(4), 9), decimal(fixed(8), 18), decimal(fixed(9), 20),
    decimal(fixed(12), 18), decimal(fixed(16), 38),
    fixed(1), fixed(5), fixed(8), fixed(12),
    "{\"type\":\"enum\",\"name\":\"%s\",\"symbols\":[\"A\",\"B\",\"C\"]}",
    "{\"type\":\"enum\",\"name\":\"%s\",\"symbols\":[" + symbols(60) + "]}"};

  @TempDir Path dir;
  private long floor;

  private static String ts(String logical) {
    return "{\"type\":\"long\",\"logicalType\":\"" + logical + "\"}";
  }

  private static String fixed(int size) {
    return "{\"type\":\"fixed\",\"name\":\"%s\",\"size\":" + size + "}";
  }

  private static String decimal(String base, int precision) {
    String type = base.startsWith("{") ? base.substring(1, base.length() - 1)
        : "\"type\":" + base;
    return "{" + type + ",\"logicalType\":\"decimal\",\"precision\":" + precision
        + ",\"scale\":2}";
  }

  private static String symbols(int n) {
    StringBuilder sb = new StringBuilder();
    for (int k = 0; k < n; k++) {
      sb.append(k == 0 ? "" : ",").append("\"S").append(k * 7).append('"');
    }
    return sb.toString();
  }

  /** Every batch's columns on the threads, however cheap. */
  @BeforeEach
  void everyBatchOnTheThreads() {
    floor = WriteThreads.setFloor(0);
  }

  @AfterEach
  void restore() {
    WriteThreads.setFloor(floor);
    RowWriter.columnAtATime = true;
  }

  @Test
  void everyKindAColumnAtATimeIsRowByRow() throws IOException {
    for (int round = 0; round < 40; round++) {
      Random r = TestSeed.random("flatColumns", round);
      StringBuilder json = new StringBuilder("{\"type\":\"record\",\"name\":\"R\",\"fields\":[");
      int fields = 2 + r.nextInt(9);
      for (int f = 0; f < fields; f++) {
        String kind = String.format(KINDS[r.nextInt(KINDS.length)], "T" + f);
        boolean nullable = !kind.equals("\"null\"") && r.nextBoolean();
        json.append(f == 0 ? "" : ",").append("{\"name\":\"f").append(f).append("\",\"type\":")
            .append(nullable ? "[\"null\"," + kind + "]" : kind).append('}');
      }
      AvroSchema schema = AvroSchema.parse(json.append("]}").toString());
      TrevniCodec[] codecs = {TrevniCodec.NULL, TrevniCodec.DEFLATE, TrevniCodec.SNAPPY};
      TrevniWriterOptions one = TrevniWriterOptions.builder()
          .codec(codecs[r.nextInt(codecs.length)])
          .checksum(r.nextBoolean() ? TrevniChecksum.CRC32 : TrevniChecksum.NULL)
          .blockSize(r.nextInt(4) == 0 ? TrevniWriterOptions.DEFAULT_BLOCK_SIZE
              : 16 + r.nextInt(r.nextBoolean() ? 200 : 3000)).build();
      int rows = r.nextInt(8) == 0 ? r.nextInt(3) : r.nextInt(5000);
      List<ColumnBatch> batches = batches(schema, MemoryFile.randomSizes(r, rows), r);
      String what = String.format("round %d, %s, %s, %s", round, schema, one,
          TestSeed.replay());

      RowWriter.columnAtATime = false;
      byte[] rowByRow = write(schema, batches, one, null);
      RowWriter.columnAtATime = true;
      for (int threads = 1; threads <= 3; threads++) {
        long[] parallelWrites = new long[1];
        byte[] columns = write(schema, batches, one.toBuilder().parallelism(threads).build(),
            parallelWrites);
        assertThat(columns).as("%d threads, %s", threads, what).isEqualTo(rowByRow);
        // each batch written a column at a time, on the threads (one thread: on the caller's)
        assertThat(parallelWrites[0]).as("%d threads, %s", threads, what)
            .isEqualTo(threads == 1 ? 0 : batches.size());
      }
    }
  }

  private byte[] write(AvroSchema schema, List<ColumnBatch> batches, TrevniWriterOptions o,
      long[] parallelWrites) throws IOException {
    Path p = Files.createTempFile(dir, "flat", ".trv");
    try (TrevniWriter w = TrevniWriter.create(OutputFile.local(p), schema, o)) {
      for (ColumnBatch b : batches) {
        w.write(b);
      }
      if (parallelWrites != null) {
        parallelWrites[0] = WriteThreads.parallelColumnWrites(w.fileWriter());
      }
    }
    byte[] bytes = Files.readAllBytes(p);
    Files.delete(p);
    return bytes;
  }

  /** Batches of random rows of {@code schema} of {@code sizes}. */
  private static List<ColumnBatch> batches(AvroSchema schema, int[] sizes, Random r) {
    Type type = AvroTypes.rowType(schema);
    List<ColumnBatch> out = new ArrayList<>();
    for (int size : sizes) {
      ColumnBatch b = new ColumnBatch(type, Math.max(1, size));
      for (int f = 0; f < schema.fields().size(); f++) {
        AvroSchema s = schema.fields().get(f).schema();
        boolean nullable = s.kind() == AvroSchema.Kind.UNION;
        AvroSchema value = nullable ? s.branches().get(1) : s;
        for (int i = 0; i < size; i++) {
          if (value.kind() == AvroSchema.Kind.NULL || (nullable && r.nextInt(3) == 0)) {
            b.cols[f].setNull(i);
            refused(value, b.cols[f], i, r); // never looked at
          } else {
            value(value, b.cols[f], i, r);
          }
        }
      }
      b.size = size;
      out.add(b);
    }
    return out;
  }

  /** The units a second of a timestamp's logical type. */
  private static long perSecond(AvroSchema s) {
    return s.logicalType().endsWith("millis") ? 1_000L
        : s.logicalType().endsWith("micros") ? 1_000_000L : 1_000_000_000L;
  }

  private static boolean decimal(AvroSchema s) {
    return "decimal".equals(s.logicalType());
  }

  /** Row {@code i} of {@code v}: a random value of {@code s} that the row path writes. */
  private static void value(AvroSchema s, ColumnVector v, int i, Random r) {
    boolean edge = r.nextInt(10) == 0;
    switch (s.kind()) {
      case BOOLEAN -> ((LongVector) v).vector[i] = r.nextInt(2);
      case INT -> ((LongVector) v).vector[i] = r.nextInt() >> r.nextInt(32);
      case LONG -> {
        if (s.logicalType() == null) {
          ((LongVector) v).vector[i] = r.nextLong() >> r.nextInt(64);
          return;
        }
        TimestampVector t = (TimestampVector) v;
        long most = Long.MAX_VALUE / perSecond(s); // seconds in range whatever the nanos
        t.seconds[i] = edge ? (r.nextBoolean() ? most - 1 : -most)
            : (r.nextLong() >> r.nextInt(64)) % most;
        t.nanos[i] = r.nextInt(1_000_000_000);
      }
      case DOUBLE -> ((DoubleVector) v).vector[i] = r.nextGaussian() * 1e6;
      case STRING -> bytes(v, i, ("s" + r.nextInt(1000)).getBytes(StandardCharsets.UTF_8), r);
      case ENUM -> bytes(v, i, s.symbols().get(r.nextInt(s.symbols().size()))
          .getBytes(StandardCharsets.UTF_8), r);
      case FIXED, BYTES -> {
        if (!decimal(s)) {
          byte[] b = new byte[s.kind() == AvroSchema.Kind.FIXED ? s.fixedSize() : r.nextInt(20)];
          r.nextBytes(b);
          bytes(v, i, b, r);
          return;
        }
        DecimalVector d = (DecimalVector) v;
        // the bits (but the sign's) that a fixed holds, or a wide decimal's in bytes
        int bits = s.kind() == AvroSchema.Kind.FIXED ? 8 * s.fixedSize() - 1 : 127;
        if (d.isWide) {
          BigInteger x = edge ? BigInteger.ONE.shiftLeft(bits) : new BigInteger(
              1 + r.nextInt(bits), r);
          d.wide[i] = r.nextBoolean() ? x.negate() : edge ? x.subtract(BigInteger.ONE) : x;
        } else {
          long x = edge ? Long.MIN_VALUE : r.nextLong() >> r.nextInt(64);
          d.unscaled[i] = bits < 63 ? x >> (63 - bits) : x; // sign-extended: within the bits
        }
      }
      default -> throw new AssertionError(s);
    }
  }

  /** Row {@code i} of {@code v}: a value of {@code s} that the row path refuses, if any. */
  private static void refused(AvroSchema s, ColumnVector v, int i, Random r) {
    switch (s.kind()) {
      case INT -> ((LongVector) v).vector[i] = 1L << 40;
      case LONG -> {
        if (s.logicalType() != null) {
          ((TimestampVector) v).seconds[i] = Long.MAX_VALUE / perSecond(s) + 1;
        }
      }
      case ENUM -> bytes(v, i, "NOPE".getBytes(StandardCharsets.UTF_8), r);
      case FIXED -> {
        if (!decimal(s)) {
          bytes(v, i, new byte[s.fixedSize() + 1], r);
        } else if (((DecimalVector) v).isWide) {
          ((DecimalVector) v).wide[i] = BigInteger.ONE.shiftLeft(8 * s.fixedSize());
        } else if (s.fixedSize() < 8) {
          ((DecimalVector) v).unscaled[i] = 1L << (8 * s.fixedSize() - 1);
        }
      }
      case BYTES -> {
        if (v instanceof DecimalVector d && d.isWide) {
          d.wide[i] = null;
        }
      }
      case NULL -> ((LongVector) v).vector[i] = 1;
      default -> { }
    }
  }

  /** Sets row {@code i} to {@code b}, copied into a larger array at an offset half the time. */
  private static void bytes(ColumnVector v, int i, byte[] b, Random r) {
    if (r.nextBoolean()) {
      ((BytesVector) v).setRef(i, b, 0, b.length);
      return;
    }
    byte[] wider = new byte[b.length + 5];
    System.arraycopy(b, 0, wider, 3, b.length);
    ((BytesVector) v).setRef(i, wider, 3, b.length);
  }

  /** A refused value: the field's type, whether it is nullable, and the error's end. */
  private record Refusal(String kind, boolean nullable, String message) {}

  @Test
  void aRefusedValueFailsAtItsRowAsRowByRow() throws IOException {
    List<Refusal> cases = new ArrayList<>();
    for (boolean nullable : new boolean[] {false, true}) {
      cases.add(new Refusal(KINDS[2], nullable, "does not fit an Avro int"));
      cases.add(new Refusal(KINDS[26], nullable, "'NOPE' is not a symbol of the enum [A, B, C]"));
      cases.add(new Refusal(KINDS[27], nullable, "'NOPE' is not a symbol of the enum"));
      cases.add(new Refusal(fixed(5), nullable, "6 bytes for a fixed of size 5"));
      cases.add(new Refusal(decimal(fixed(4), 9), nullable,
          "decimal 2147483648 does not fit a fixed of 4 bytes"));
      cases.add(new Refusal(decimal(fixed(1), 2), nullable,
          "decimal 128 does not fit a fixed of 1 bytes"));
      cases.add(new Refusal(decimal(fixed(16), 38), nullable,
          "decimal " + BigInteger.ONE.shiftLeft(128) + " does not fit a fixed of 16 bytes"));
      for (String logical : new String[] {"timestamp-millis", "local-timestamp-micros",
          "timestamp-nanos"}) {
        cases.add(new Refusal(ts(logical), nullable, "is outside the range of " + logical));
      }
      // the row path fails on a wide decimal without a value, and so it still does
      cases.add(new Refusal(decimal("\"bytes\"", 30), nullable, null));
    }
    cases.add(new Refusal("\"null\"", false, "a value where the Avro schema allows only null"));
    for (int k : new int[] {2, 6, 7, 14, 17, 21, 22, 26}) {
      cases.add(new Refusal(KINDS[k], false, "null where the Avro schema has no null"));
    }
    Random r = TestSeed.random("flatRefused", 0);
    for (int c = 0; c < cases.size(); c++) {
      Refusal k = cases.get(c);
      String kind = String.format(k.kind(), "T");
      AvroSchema schema = AvroSchema.parse("{\"type\":\"record\",\"name\":\"R\",\"fields\":["
          + "{\"name\":\"id\",\"type\":\"long\"},{\"name\":\"x\",\"type\":"
          + (k.nullable() ? "[\"null\"," + kind + "]" : kind) + "},"
          + "{\"name\":\"s\",\"type\":[\"null\",\"string\"]}]}");
      // two batches of 1,000 rows, then one with a refused value at row 437
      List<ColumnBatch> batches = batches(schema, new int[] {1000, 1000, 1000},
          new Random(r.nextLong()));
      int bad = 437;
      ColumnBatch last = batches.get(2);
      AvroSchema x = schema.fields().get(1).schema();
      x = k.nullable() ? x.branches().get(1) : x;
      if (k.message() != null && k.message().startsWith("null where")) {
        last.cols[1].setNull(bad);
      } else {
        if (last.cols[1].isNull(bad)) {
          last.cols[1].isNull[bad] = false;
        }
        refused(x, last.cols[1], bad, r);
      }
      String what = "case " + c + ": " + schema + ", " + TestSeed.replay();
      RowWriter.columnAtATime = false;
      Throwable expected = failure(schema, batches, 1, null);
      RowWriter.columnAtATime = true;
      assertThat(expected).as(what).isNotNull();
      if (k.message() == null) {
        assertThat(expected).as(what).isInstanceOf(NullPointerException.class);
      } else {
        assertThat(expected).as(what).isInstanceOf(IllegalArgumentException.class)
            .hasMessageStartingWith("row 2437, column x: ").hasMessageContaining(k.message());
      }
      for (int threads = 1; threads <= 2; threads++) {
        long[] parallelWrites = new long[1];
        Throwable e = failure(schema, batches, threads, parallelWrites);
        assertThat(e).as("%d threads, %s", threads, what).isNotNull()
            .hasSameClassAs(expected).hasMessage(expected.getMessage());
        // the batches before it a column at a time; that one row by row, to its refused row
        assertThat(parallelWrites[0]).as("%d threads, %s", threads, what)
            .isEqualTo(threads == 1 ? 0 : 2);
      }
    }
  }

  /** What writing {@code batches} throws (the file given up), or null. */
  private Throwable failure(AvroSchema schema, List<ColumnBatch> batches, int threads,
      long[] parallelWrites) throws IOException {
    Path p = dir.resolve("refused.trv");
    TrevniWriter w = TrevniWriter.create(OutputFile.local(p), schema,
        TrevniWriterOptions.builder().blockSize(300).parallelism(threads).build());
    Throwable e = catchThrowable(() -> {
      for (ColumnBatch b : batches) {
        w.write(b);
      }
    });
    if (parallelWrites != null) {
      parallelWrites[0] = WriteThreads.parallelColumnWrites(w.fileWriter());
    }
    w.close();
    assertThat(Files.exists(p)).as("a file written despite %s", e).isEqualTo(e == null);
    if (e == null) {
      Files.delete(p);
    }
    return e;
  }
}
