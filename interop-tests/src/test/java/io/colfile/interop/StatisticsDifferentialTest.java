package io.colfile.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.types.Type;
import io.colfile.orc.proto.OrcProto;
import io.colfile.orc.proto.StatisticsMessages;
import io.colfile.orc.stats.StatsCollector;
import io.colfile.orc.stats.StringStats;
import io.colfile.shaded.protobuf.InvalidProtocolBufferException;
import io.colfile.testkit.TestSeed;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.apache.orc.TypeDescription;
import org.apache.orc.impl.ColumnStatisticsImpl;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * colfile's statistics collectors against orc-core 2.1.1's {@code ColumnStatisticsImpl}: the same
 * seeded calls, in the order Java's tree writers make them (per batch: increment, setNull,
 * then the typed updates), go to both; row groups are merged into a stripe and reset, stripes
 * (with bytes on disk) into the file; every serialized message must be byte-identical.
 *
 * <p>The values come from {@link StatisticsValues}, which favours the edges: int64 overflow,
 * NaN and infinities, strings over 1024 bytes with multi-byte and malformed UTF-8 at the cut,
 * 38-digit decimals whose sums round or overflow, decimal64 sums past 10^18, timestamps before
 * 1970 with sub-millisecond nanos.
 */
@ExtendWith(TestSeed.class)
class StatisticsDifferentialTest {
  private static final String[] TYPES = {
      "boolean", "tinyint", "smallint", "int", "bigint", "float", "double", "string",
      "char(10)", "varchar(2000)", "binary", "date", "timestamp",
      "timestamp with local time zone", "decimal(38,10)", "decimal(38,0)", "decimal(38,37)",
      "decimal(25,5)", "decimal(19,0)", "decimal(18,2)", "decimal(18,0)", "decimal(10,10)",
      "decimal(1,0)", "decimal(12,4)", "array<int>", "map<string,int>", "struct<a:int>",
      "uniontype<int,string>"};
  private static final int CASES_PER_TYPE = 20;

  static Stream<Arguments> cases() {
    int cases = TestSeed.exhaustive() ? 200 : CASES_PER_TYPE;
    List<Arguments> all = new ArrayList<>();
    for (String t : TYPES) {
      for (int i = 0; i < cases; i++) {
        all.add(Arguments.of(t, i));
      }
    }
    return all.stream();
  }

  /** One call to both implementations. */
  record Op(Consumer<ColumnStatisticsImpl> java, Consumer<StatsCollector> ours) {}

  @ParameterizedTest(name = "{0} #{1}")
  @MethodSource("cases")
  void sameBytesAsOrcCore(String typeText, int index) {
    Random r = TestSeed.random("stats " + typeText, index);
    TypeDescription td = TypeDescription.fromString(typeText);
    Type type = Type.parse(typeText);
    boolean decimal64 = td.getCategory() == TypeDescription.Category.DECIMAL
        && td.getPrecision() <= 18;
    StatisticsValues values = new StatisticsValues(r, td);

    ColumnStatisticsImpl javaRowGroup = ColumnStatisticsImpl.create(td);
    ColumnStatisticsImpl javaStripe = ColumnStatisticsImpl.create(td);
    ColumnStatisticsImpl javaFile = ColumnStatisticsImpl.create(td);
    StatsCollector rowGroup = StatsCollector.create(type, decimal64);
    StatsCollector stripe = StatsCollector.create(type, decimal64);
    StatsCollector file = StatsCollector.create(type, decimal64);

    int stripes = 1 + r.nextInt(3);
    for (int s = 0; s < stripes; s++) {
      int rowGroups = r.nextInt(4); // a stripe may even end without a row group
      for (int g = 0; g < rowGroups; g++) {
        int batches = r.nextInt(4);
        for (int b = 0; b < batches; b++) {
          for (Op op : values.batch()) {
            op.java().accept(javaRowGroup);
            op.ours().accept(rowGroup);
          }
        }
        String where = "stripe " + s + " row group " + g;
        assertSame(where, javaRowGroup, rowGroup);
        javaStripe.merge(javaRowGroup);
        stripe.merge(rowGroup);
        javaRowGroup.reset();
        rowGroup.reset();
        assertSame(where + " after reset", javaRowGroup, rowGroup);
      }
      long bytes = r.nextInt(3) == 0 ? 0 : r.nextInt(1 << 20);
      javaStripe.updateByteCount(bytes);
      stripe.updateBytesOnDisk(bytes);
      assertSame("stripe " + s, javaStripe, stripe);
      javaFile.merge(javaStripe);
      file.merge(stripe);
      javaStripe.reset();
      stripe.reset();
    }
    assertSame("file", javaFile, file);
  }

  /**
   * Every piece Java's truncation treats specially (multi-byte characters, '~', U+FFFE,
   * U+10FFFF, U+D7FF, malformed bytes), placed at every position around the 1024-byte cut, as
   * the first value (both bounds), a new minimum and a new maximum.
   */
  @ParameterizedTest(name = "prefix {0}")
  @MethodSource("cutPrefixes")
  void stringTruncationAtEveryCutPosition(int prefix) {
    String[] pieces = {"é", "€", "😀", "~", "\uFFFE", "\uFFFF", "\uD7FF", "\u007f", "\u07ff",
        "\u0800", new String(Character.toChars(0x10FFFF)), "z"};
    byte[][] malformed = {{(byte) 0xC3}, {(byte) 0xE2, (byte) 0x82}, {(byte) 0xF0, (byte) 0x9F},
        {(byte) 0xBF}, {(byte) 0xC0, (byte) 0x80}, {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
        {(byte) 0xFF}, {(byte) 0xF8, (byte) 0x88, (byte) 0x80, (byte) 0x80, (byte) 0x80}};
    List<byte[]> middles = new ArrayList<>();
    for (String p : pieces) {
      middles.add(p.getBytes(StandardCharsets.UTF_8));
    }
    middles.addAll(List.of(malformed));
    TypeDescription td = TypeDescription.createString();
    for (byte[] middle : middles) {
      for (String tail : new String[] {"", "q", "é", "😀"}) {
        byte[] value = concat("m".repeat(prefix).getBytes(StandardCharsets.UTF_8), middle,
            (tail + "zzzz").getBytes(StandardCharsets.UTF_8));
        for (byte[] first : new byte[][] {null, {'~'}, {'a'}}) {
          ColumnStatisticsImpl java = ColumnStatisticsImpl.create(td);
          StatsCollector ours = StatsCollector.create(Type.STRING, false);
          if (first != null) {
            java.increment(1);
            java.updateString(first, 0, first.length, 1);
            ours.increment(1);
            ((StringStats) ours).update(first, 0, first.length, 1);
          }
          java.increment(1);
          java.updateString(value, 0, value.length, 2);
          ours.increment(1);
          ((StringStats) ours).update(value, 0, value.length, 2);
          assertSame("prefix " + prefix + " middle " + HexFormat.of().formatHex(middle)
              + " tail '" + tail + "'", java, ours);
        }
      }
    }
  }

  static IntStream cutPrefixes() {
    return IntStream.rangeClosed(1016, 1026);
  }

  private static byte[] concat(byte[]... parts) {
    int n = 0;
    for (byte[] p : parts) {
      n += p.length;
    }
    byte[] out = new byte[n];
    int at = 0;
    for (byte[] p : parts) {
      System.arraycopy(p, 0, out, at, p.length);
      at += p.length;
    }
    return out;
  }

  /**
   * A NaN double sum's bits depend on the JIT's operand order (x86 gives -Inf + Inf the sign
   * bit; NaN + NaN keeps the first operand's), so Java's bytes for it are not reproducible
   * even against itself. colfile writes the canonical NaN; compare with Java's made the same.
   */
  private static byte[] canonicalNanSum(byte[] bytes) {
    try {
      OrcProto.ColumnStatistics s = OrcProto.ColumnStatistics.parseFrom(bytes);
      if (s.hasDoubleStatistics() && Double.isNaN(s.getDoubleStatistics().getSum())) {
        OrcProto.ColumnStatistics.Builder b = s.toBuilder();
        b.getDoubleStatisticsBuilder().setSum(Double.NaN);
        return b.build().toByteArray();
      }
      return bytes;
    } catch (InvalidProtocolBufferException e) {
      throw new AssertionError("orc-core's statistics do not parse", e);
    }
  }

  private static void assertSame(String where, ColumnStatisticsImpl reference,
      StatsCollector ours) {
    byte[] expected = canonicalNanSum(reference.serialize().build().toByteArray());
    byte[] actual = StatisticsMessages.toBytes(ours.statistics());
    if (!Arrays.equals(expected, actual)) {
      String javaText;
      try {
        javaText = OrcProto.ColumnStatistics.parseFrom(expected).toString();
      } catch (Exception e) {
        javaText = HexFormat.of().formatHex(expected);
      }
      String ourText;
      try {
        ourText = OrcProto.ColumnStatistics.parseFrom(actual).toString();
      } catch (InvalidProtocolBufferException e) {
        throw new AssertionError("colfile's statistics do not parse", e);
      }
      assertThat(ourText)
          .as("%s: colfile vs orc-core (%s)", where, TestSeed.replay())
          .isEqualTo(javaText);
      assertThat(HexFormat.of().formatHex(actual))
          .as("%s: bytes (%s)", where, TestSeed.replay())
          .isEqualTo(HexFormat.of().formatHex(expected));
    }
  }
}
