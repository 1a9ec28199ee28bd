package io.colfile.interop.kudu;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.colfile.kudu.KuduCompression;
import io.colfile.kudu.KuduEncoding;
import io.colfile.kudu.KuduType;
import io.colfile.kudu.proto.KuduProto;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The harness against the corpus real Kudu wrote (../shared/kudu-cfiles, made by kudu-oracle
 * gen): every CFile, put into one filesystem under its own block id and dumped with the
 * manifest's flags, gives exactly the dump stored beside it; and every footer the harness
 * parses from Kudu's text equals the footer message read from the file's own bytes. This is also
 * the proof that the binary the build unpacks runs.
 */
class KuduCorpusTest {
  @TempDir Path dir;

  record CorpusFile(String name, long blockId, List<String> flags, JsonNode entry) {}

  @Test
  void everyCorpusFileDumpsToItsStoredDump() throws IOException {
    Path corpus = Path.of(System.getProperty("colfile.shared.dir", "../../shared"),
        "kudu-cfiles");
    Assumptions.assumeTrue(Files.isRegularFile(corpus.resolve("manifest.json")),
        "no Kudu CFile corpus at " + corpus + " (../shared is absent; set -Dcolfile.shared.dir)");
    KuduFs fs = KuduFs.format(KuduBinary.get(), dir);
    Map<String, CorpusFile> files = manifest(corpus);
    assertThat(cfilesUnder(corpus)).as("the .cfile files the manifest describes")
        .isEqualTo(new TreeSet<>(files.keySet()));

    Map<Long, List<String>> flags = new LinkedHashMap<>();
    for (CorpusFile f : files.values()) {
      fs.put(f.blockId(), Files.readAllBytes(corpus.resolve(f.name())));
      assertThat(flags.put(f.blockId(), f.flags())).as("block id of " + f.name()).isNull();
    }
    Map<Long, KuduDump> dumps = fs.dumpAll(flags);

    List<String> problems = new ArrayList<>();
    for (CorpusFile f : files.values()) {
      KuduDump dump = dumps.get(f.blockId());
      byte[] expected = Files.readAllBytes(corpus.resolve(f.entry().get("expected_dump").asText()));
      if (!dump.ok()) {
        problems.add(f.name() + ": " + dump.describe());
      } else if (!Arrays.equals(dump.stdout(), expected)) {
        problems.add(f.name() + ": " + firstDifference(dump.stdout(), expected));
      } else {
        checkParts(f, dump, Files.readAllBytes(corpus.resolve(f.name())), problems);
      }
    }
    assertThat(problems).as("%d files", files.size()).isEmpty();
  }

  /** The parsed footer against the file's bytes and the manifest; the value count too. */
  private static void checkParts(CorpusFile f, KuduDump dump, byte[] cfile, List<String> out) {
    KuduProto.CFileFooterPB footer;
    try {
      footer = dump.footer();
      if (!dump.header().equals(KuduProto.CFileHeaderPB.getDefaultInstance())) {
        out.add(f.name() + ": a header with fields: " + dump.header());
      }
    } catch (RuntimeException e) {
      out.add(f.name() + ": " + e);
      return;
    }
    KuduProto.CFileFooterPB written = footerOf(cfile);
    if (!footer.equals(written)) {
      out.add(f.name() + ": footer parsed from Kudu's text\n" + footer + "differs from the file's\n"
          + written);
    }
    JsonNode e = f.entry();
    String type = KuduType.ofWireId(footer.getDataType()).name();
    String encoding = KuduEncoding.ofWireId(footer.getEncoding()).kuduName();
    String compression = KuduCompression.ofWireId(footer.getCompression()).kuduName();
    List<Object> got = List.of(type, encoding, compression, footer.getNumValues(),
        footer.getIsTypeNullable(), footer.getIncompatibleFeatures(), dump.values().size());
    List<Object> want = List.of(e.get("footer_data_type").asText(), e.get("encoding").asText(),
        e.get("compression").asText(), e.get("num_values").asLong(),
        e.get("cfile_nullable").asBoolean(), e.get("incompatible_features").asInt(),
        e.get("dumped_values").asInt());
    if (!got.equals(want)) {
      out.add(f.name() + ": footer and values say " + got + ", the manifest " + want);
    }
  }

  /** cfile.md section 3.3: ... CFileFooterPB | magic | u32le length, at the end of the file. */
  static KuduProto.CFileFooterPB footerOf(byte[] cfile) {
    int len = ByteBuffer.wrap(cfile, cfile.length - 4, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    try {
      return KuduProto.CFileFooterPB.parseFrom(
          ByteBuffer.wrap(cfile, cfile.length - 12 - len, len));
    } catch (io.colfile.shaded.protobuf.InvalidProtocolBufferException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Map<String, CorpusFile> manifest(Path corpus) throws IOException {
    JsonNode m = new ObjectMapper().readTree(corpus.resolve("manifest.json").toFile());
    Map<String, CorpusFile> out = new LinkedHashMap<>();
    for (JsonNode e : m.get("files")) {
      String flags = e.get("dump_flags").asText().trim();
      out.put(e.get("file").asText(), new CorpusFile(e.get("file").asText(),
          e.get("block_id").asLong(), flags.isEmpty() ? List.of() : List.of(flags.split("\\s+")),
          e));
    }
    return out;
  }

  private static Set<String> cfilesUnder(Path corpus) throws IOException {
    try (Stream<Path> walk = Files.walk(corpus)) {
      Set<String> out = new TreeSet<>();
      walk.filter(p -> p.getFileName().toString().endsWith(".cfile"))
          .forEach(p -> out.add(corpus.relativize(p).toString().replace('\\', '/')));
      return out;
    }
  }

  /** The first line where Kudu's output and the stored dump differ. */
  static String firstDifference(byte[] got, byte[] expected) {
    String[] a = new String(got, StandardCharsets.ISO_8859_1).split("\n", -1);
    String[] b = new String(expected, StandardCharsets.ISO_8859_1).split("\n", -1);
    for (int i = 0; i < Math.max(a.length, b.length); i++) {
      String x = i < a.length ? a[i] : "(end)";
      String y = i < b.length ? b[i] : "(end)";
      if (!x.equals(y)) {
        return "line " + (i + 1) + ": Kudu printed <" + x + ">, the stored dump has <" + y + ">";
      }
    }
    return "same lines, different bytes";
  }
}
