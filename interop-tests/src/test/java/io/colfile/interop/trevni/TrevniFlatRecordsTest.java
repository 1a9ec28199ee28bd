package io.colfile.interop.trevni;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.testkit.TestSeed;
import io.colfile.trevni.TrevniChecksum;
import io.colfile.trevni.TrevniCodec;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Flat records of simple fields (boolean, int, long, float, double, string, bytes, decimals in
 * bytes and in fixeds of at most 18 digits and wider, a date, timestamps and local timestamps,
 * enums, fixeds), non-null or nullable ({@code ["null", T]}, null a third of the time), which
 * colfile's {@code TrevniWriter} writes a column at a time: seeded random schemas and records
 * (values of the logical types, enums and fixeds from {@link AvroGen}), up to 60,000 rows so
 * that columns fill several 64 KiB blocks, in batches of random sizes, under every codec and
 * checksum. The file
 * agrees with trevni-avro's {@code AvroColumnWriter}'s part by part (byte for byte with the null
 * and deflate codecs, snappy too when colfile has snappy-java as trevni-core does), and each
 * side reads the other's records.
 */
@ExtendWith(TestSeed.class)
class TrevniFlatRecordsTest {
  private static final String[] TYPES = {"\"boolean\"", "\"int\"", "\"long\"", "\"float\"",
      "\"double\"", "\"string\"", "\"bytes\"",
      "{\"type\":\"bytes\",\"logicalType\":\"decimal\",\"precision\":18,\"scale\":3}",
      "{\"type\":\"int\",\"logicalType\":\"date\"}",
      // nullable fields: a column of 0 or 1 values a row, written a column at a time too
      "[\"null\",\"long\"]", "[\"null\",\"int\"]", "[\"null\",\"string\"]",
      "[\"double\",\"null\"]", "[\"null\",\"boolean\"]", "[\"null\",\"float\"]",
      "[\"null\",\"bytes\"]",
      "[\"null\",{\"type\":\"bytes\",\"logicalType\":\"decimal\",\"precision\":18,"
          + "\"scale\":3}]",
      "[\"null\",{\"type\":\"int\",\"logicalType\":\"date\"}]",
      // written a column at a time since they convert there too; %s: a name unique in the record
      "{\"type\":\"long\",\"logicalType\":\"timestamp-millis\"}",
      "{\"type\":\"long\",\"logicalType\":\"timestamp-micros\"}",
      "{\"type\":\"long\",\"logicalType\":\"local-timestamp-nanos\"}",
      "[\"null\",{\"type\":\"long\",\"logicalType\":\"timestamp-nanos\"}]",
      "{\"type\":\"bytes\",\"logicalType\":\"decimal\",\"precision\":30,\"scale\":4}",
      "[\"null\",{\"type\":\"bytes\",\"logicalType\":\"decimal\",\"precision\":38,"
          + "\"scale\":0}]",
      "{\"type\":\"enum\",\"name\":\"%s\",\"symbols\":[\"A\",\"B\",\"C\"]}",
      "[\"null\",{\"type\":\"enum\",\"name\":\"%s\",\"symbols\":[\"X\",\"Y\"]}]",
      "{\"type\":\"fixed\",\"name\":\"%s\",\"size\":6}",
      "[\"null\",{\"type\":\"fixed\",\"name\":\"%s\",\"size\":1}]",
      "{\"type\":\"fixed\",\"name\":\"%s\",\"size\":5,\"logicalType\":\"decimal\","
          + "\"precision\":12,\"scale\":2}",
      "[\"null\",{\"type\":\"fixed\",\"name\":\"%s\",\"size\":16,"
          + "\"logicalType\":\"decimal\",\"precision\":38,\"scale\":6}]"};

  @TempDir Path dir;

  static List<Integer> cases() {
    List<Integer> out = new ArrayList<>();
    for (int i = 0; i < (TestSeed.exhaustive() ? 48 : 12); i++) {
      out.add(i);
    }
    return out;
  }

  /** trevni-core needs snappy-java, so it is here, and colfile writes Snappy through it. */
  @Test
  void colfileCompressesSnappyWithSnappyJavaHere() {
    assertThat(TrevniFileParts.SNAPPY_JAVA).isTrue();
  }

  @ParameterizedTest(name = "case {0}")
  @MethodSource("cases")
  void writtenAColumnAtATimeAsTrevniAvroWritesThem(int index) throws IOException {
    Random r = TestSeed.random("trevni-flat", index);
    TrevniCodec codec = TrevniCodec.values()[index % TrevniCodec.values().length];
    TrevniChecksum checksum = (index / 4) % 2 == 0 ? TrevniChecksum.NULL : TrevniChecksum.CRC32;
    AvroFiles.Settings settings = new AvroFiles.Settings(codec, checksum, false, false);
    int fields = 1 + r.nextInt(8);
    StringBuilder json = new StringBuilder("{\"type\":\"record\",\"name\":\"flat\",\"fields\":[");
    for (int f = 0; f < fields; f++) {
      json.append(f == 0 ? "" : ",").append("{\"name\":\"f").append(f).append("\",\"type\":")
          .append(String.format(TYPES[r.nextInt(TYPES.length)], "T" + f)).append('}');
    }
    Schema schema = new Schema.Parser().parse(json.append("]}").toString());
    int rows = new int[] {0, 1, 700, 5000, 60_000}[r.nextInt(5)];
    List<Object> records = new ArrayList<>();
    for (int i = 0; i < rows; i++) {
      GenericData.Record rec = new GenericData.Record(schema);
      for (Schema.Field f : schema.getFields()) {
        rec.put(f.pos(), value(f.schema(), r));
      }
      records.add(rec);
    }
    String what = TestSeed.replay() + ", case " + index + " (" + codec.wireName() + "/"
        + checksum.wireName() + ", " + rows + " rows of " + schema + ")";
    Path a = dir.resolve("java.trv");
    Path b = dir.resolve("colfile.trv");
    AvroFiles.writeJava(a, schema, records, settings);
    AvroFiles.writeColfile(b, schema, records, settings, 1 + r.nextInt(3000), 1 + r.nextInt(9));
    AvroFiles.assertJavaReads(b, null, records, schema, what + ", colfile's file");
    AvroFiles.assertColfileReads(a, schema, null, AvroFiles.normRows(schema, records),
        1 + r.nextInt(1500), what + ", Java's file");
    TrevniFileParts java = TrevniFileParts.parse(Files.readAllBytes(a));
    TrevniFileParts colfile = TrevniFileParts.parse(Files.readAllBytes(b));
    boolean identical = TrevniFileParts.assertSameAsJava(java, colfile, what);
    if (codec == TrevniCodec.DEFLATE || (codec == TrevniCodec.SNAPPY
        && TrevniFileParts.SNAPPY_JAVA) || (codec == TrevniCodec.NULL
        && checksum == TrevniChecksum.NULL)) {
      assertThat(identical).as(what).isTrue();
      assertThat(Files.readAllBytes(b)).as(what).isEqualTo(Files.readAllBytes(a));
    }
  }

  private static Object value(Schema s, Random r) {
    if (s.getType() == Schema.Type.UNION) {
      if (r.nextInt(3) == 0) {
        return null;
      }
      Schema branch = s.getTypes().get(0).getType() == Schema.Type.NULL ? s.getTypes().get(1)
          : s.getTypes().get(0);
      return value(branch, r);
    }
    if (s.getType() == Schema.Type.ENUM || s.getType() == Schema.Type.FIXED
        || (s.getType() == Schema.Type.LONG && s.getProp("logicalType") != null)
        || (s.getType() == Schema.Type.BYTES && s.getLogicalType() instanceof LogicalTypes.Decimal d
            && d.getPrecision() > 18)) {
      return new AvroGen(r, 1).datum(s, 0);
    }
    if ("decimal".equals(s.getProp("logicalType"))) {
      long v = (r.nextLong() >> r.nextInt(64)) % 1_000_000_000_000_000_000L;
      return ByteBuffer.wrap(BigInteger.valueOf(v).toByteArray());
    }
    return switch (s.getType()) {
      case BOOLEAN -> r.nextBoolean();
      case INT -> "date".equals(s.getProp("logicalType")) ? 8000 + r.nextInt(3000)
          : r.nextInt() >> r.nextInt(32);
      case LONG -> r.nextLong() >> r.nextInt(64);
      case FLOAT -> (float) r.nextGaussian() * 1000;
      case DOUBLE -> r.nextGaussian() * 1e6;
      case STRING -> "s".repeat(r.nextInt(40)) + r.nextInt(1000);
      case BYTES -> {
        byte[] x = new byte[r.nextInt(30)];
        r.nextBytes(x);
        yield ByteBuffer.wrap(x);
      }
      default -> throw new AssertionError(s);
    };
  }
}
