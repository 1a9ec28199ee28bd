package io.colfile.interop.kudu;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.testkit.TestSeed;
import io.colfile.kudu.KuduType;
import io.colfile.kudu.KuduValueText;
import io.colfile.kudu.proto.KuduProto;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Hand-built PLAIN CFiles of every Kudu type (one data block, one positional index leaf, footer
 * serialised from KuduProto.CFileFooterPB): Kudu reads back the values put in and the footer
 * written, and prints every value exactly as {@link KuduValueText} does, for values chosen to
 * be hard to print ({@link TrickyCells}) and random ones.
 */
@ExtendWith(TestSeed.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class KuduPlainFileTest {
  /** Put first into their files, with the text Kudu must print, written out by hand. */
  private static final Map<KuduType, Map<byte[], String>> KNOWN = new EnumMap<>(KuduType.class);

  static {
    KNOWN.put(KuduType.INT32, known(
        TrickyCells.le(4, Integer.MIN_VALUE), "-2147483648", TrickyCells.le(4, -1), "-1",
        TrickyCells.le(4, 0), "0", TrickyCells.le(4, Integer.MAX_VALUE), "2147483647"));
    KNOWN.put(KuduType.INT64, known(
        TrickyCells.le(8, Long.MIN_VALUE), "-9223372036854775808",
        TrickyCells.le(8, 1_700_000_000_000_000L), "1700000000000000",
        TrickyCells.le(8, Long.MAX_VALUE), "9223372036854775807"));
    KNOWN.put(KuduType.DOUBLE, known(
        TrickyCells.le(8, Double.doubleToRawLongBits(0.1)), "0.1",
        TrickyCells.le(8, Double.doubleToRawLongBits(30.200000000000003)), "30.200000000000003",
        TrickyCells.le(8, Double.doubleToRawLongBits(-0.0)), "-0",
        TrickyCells.le(8, Double.doubleToRawLongBits(Double.NaN)), "nan",
        TrickyCells.le(8, Double.doubleToRawLongBits(Double.MIN_VALUE)), "4.94065645841247e-324",
        TrickyCells.le(8, Double.doubleToRawLongBits(1e21)), "1e+21"));
    KNOWN.put(KuduType.STRING, known(
        new byte[0], "\"\"",
        TrickyCells.bytes('a', '"', 'b', '\n'), "\"a\\\"b\\n\"",
        TrickyCells.bytes(0, 1, 0x7f), "\"\\000\\001\\177\"",
        // UTF-8 bytes as they are, one char per byte in KuduDump.values()
        TrickyCells.utf8("\u00e9t\u00e9"), "\"\u00c3\u00a9t\u00c3\u00a9\""));
  }

  private final Map<KuduType, HandBuiltCFile.Built> files = new EnumMap<>(KuduType.class);
  private final Map<KuduType, List<byte[]>> inputs = new EnumMap<>(KuduType.class);
  private final Map<KuduType, KuduDump> dumps = new EnumMap<>(KuduType.class);

  @BeforeAll
  void buildAndDumpAFileOfEachType(@TempDir Path dir) throws IOException {
    KuduFs fs = KuduFs.format(KuduBinary.get(), dir);
    Map<Long, List<String>> blocks = new LinkedHashMap<>();
    for (KuduType type : KuduType.values()) {
      Random r = TestSeed.random("KuduPlainFileTest." + type, 0);
      List<byte[]> in = new ArrayList<>(KNOWN.getOrDefault(type, Map.of()).keySet());
      in.addAll(type.physical().isFixedWidth() ? TrickyCells.fixed(type, r)
          : TrickyCells.binary(r));
      HandBuiltCFile.Built file = type.physical().isFixedWidth()
          ? HandBuiltCFile.plain(type, concat(in), header(type), List.of())
          : HandBuiltCFile.plainBinary(type, in, header(type), footerMetadata(type));
      long blockId = 1000 + type.wireId();
      fs.put(blockId, file.bytes());
      blocks.put(blockId, List.of());
      files.put(type, file);
      inputs.put(type, in);
    }
    Map<Long, KuduDump> done = fs.dumpAll(blocks);
    for (KuduType type : KuduType.values()) {
      dumps.put(type, done.get(1000L + type.wireId()));
    }
  }

  @ParameterizedTest
  @EnumSource(KuduType.class)
  void kuduPrintsEveryValueAsKuduValueTextDoes(KuduType type) {
    KuduDump dump = dumps.get(type).requireOk();
    List<byte[]> in = inputs.get(type);
    assertThat(dump.values()).hasSize(in.size());
    List<String> wrong = new ArrayList<>();
    for (int i = 0; i < in.size(); i++) {
      byte[] v = in.get(i);
      String ours = KuduDump.text(type.physical().isFixedWidth()
          ? KuduValueText.format(type, v, 0)
          : KuduValueText.formatBinary(type, v, 0, v.length));
      if (!ours.equals(dump.values().get(i)) && wrong.size() < 20) {
        wrong.add("row " + i + " (" + HexFormat.of().formatHex(v) + "): Kudu printed <"
            + dump.values().get(i) + ">, KuduValueText <" + ours + ">");
      }
    }
    assertThat(wrong).as(type + ", " + TestSeed.replay()).isEmpty();
  }

  @ParameterizedTest
  @EnumSource(KuduType.class)
  void kuduReadsTheHeaderAndFooterWritten(KuduType type) {
    KuduDump dump = dumps.get(type).requireOk();
    assertThat(dump.footer()).isEqualTo(files.get(type).footer());
    assertThat(dump.header()).isEqualTo(files.get(type).header());
  }

  @Test
  void kuduPrintsTheKnownValuesPutIn() {
    KNOWN.forEach((type, known) -> assertThat(dumps.get(type).requireOk().values()
        .subList(0, known.size())).as(type.name()).containsExactlyElementsOf(known.values()));
  }

  /** One file has a header with metadata (Kudu itself never writes one). */
  private static KuduProto.CFileHeaderPB header(KuduType type) {
    KuduProto.CFileHeaderPB.Builder b = KuduProto.CFileHeaderPB.newBuilder();
    if (type == KuduType.INT64) {
      b.addMetadata(HandBuiltCFile.pair("colfile-header", TrickyCells.bytes(0, '"', '\\', 0xff)));
    }
    return b.build();
  }

  /** Metadata values are printed twice by Kudu 1.17 (DumpText); make that hard to undo. */
  private static List<KuduProto.FileMetadataPairPB> footerMetadata(KuduType type) {
    if (type != KuduType.STRING) {
      return List.of();
    }
    byte[] every = new byte[256];
    for (int b = 0; b < 256; b++) {
      every[b] = (byte) b;
    }
    return List.of(HandBuiltCFile.pair("min_key", every),
        HandBuiltCFile.pair("max_key", new byte[0]),
        HandBuiltCFile.pair("colfile", TrickyCells.utf8("\"\"x\"\" \\\" \u00fc")));
  }

  private static Map<byte[], String> known(Object... pairs) {
    Map<byte[], String> out = new LinkedHashMap<>(); // identity keys: insertion order is all
    for (int i = 0; i < pairs.length; i += 2) {
      out.put((byte[]) pairs[i], (String) pairs[i + 1]);
    }
    return out;
  }

  private static byte[] concat(List<byte[]> cells) {
    int n = cells.stream().mapToInt(c -> c.length).sum();
    byte[] out = new byte[n];
    int at = 0;
    for (byte[] c : cells) {
      System.arraycopy(c, 0, out, at, c.length);
      at += c.length;
    }
    return out;
  }
}
