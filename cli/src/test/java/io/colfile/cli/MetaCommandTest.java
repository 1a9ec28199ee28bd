package io.colfile.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.colfile.core.codec.CodecImplementations;
import io.colfile.core.codec.CompressionCodec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code colfile meta}: ORC encryption details and type attributes, several files and
 * directories, and the JSON keys docs/meta-json.md documents (pinned: changing them is changing
 * the contract). The text form of one file is pinned by {@link SchemaAndMetaTest}.
 */
class MetaCommandTest {
  private static final Path ORDERS = Path.of("../testdata/csv/orders.csv");
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  private Path converted(String name, String... options) {
    Path out = dir.resolve(name);
    List<String> args = new ArrayList<>(List.of("convert", ORDERS.toString(), out.toString()));
    args.addAll(List.of(options));
    Cli.Result r = Cli.run(args.toArray(String[]::new));
    assertThat(r.status()).as(r.err()).isZero();
    return out;
  }

  private static Path shared(String path) {
    String p = System.getProperty("colfile.shared.dir");
    Path base = p == null || p.isEmpty()
        ? Path.of(System.getProperty("user.dir")).getParent().resolveSibling("shared")
        : Path.of(p);
    Path f = base.resolve(path);
    Assumptions.assumeTrue(Files.exists(f), "skipped: " + f + " is missing (../shared is"
        + " absent)");
    return f;
  }

  private static JsonNode json(String... args) throws IOException {
    Cli.Result r = Cli.run(args);
    assertThat(r.status()).as(r.err()).isZero();
    return JSON.readTree(r.out());
  }

  private static Set<String> keys(JsonNode n) {
    Set<String> out = new TreeSet<>();
    for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) {
      out.add(it.next());
    }
    return out;
  }

  @Test
  void orcEncryptionAndTypeAttributes() {
    Path f = shared("orc-examples/encrypted/sample1.orc");
    Cli.Result r = Cli.run("meta", f.toString());
    assertThat(r.status()).as(r.err()).isZero();
    assertThat(r.out()).contains("encrypted: true\n"
        + "schema: struct<ssn:string,email:string,name:string>\n"
        + "encryption:\n"
        + "  masks:\n"
        + "    - name: nullify\n"
        + "      parameters: []\n"
        + "      columns:\n"
        + "        - 1\n"
        + "      columnPaths:\n"
        + "        - ssn\n"
        + "    - name: sha256\n"
        + "      parameters: []\n"
        + "      columns:\n"
        + "        - 2\n"
        + "      columnPaths:\n"
        + "        - email\n"
        + "  keys:\n"
        + "    - name: pii\n"
        + "      version: 0\n"
        + "      algorithm: AES_CTR_256\n"
        + "  variants:\n"
        + "    - root: 1\n"
        + "      key: 0\n"
        + "      encryptedKeyBytes: 32\n"
        + "      stripeStatisticsStreams: 1\n"
        + "      fileStatisticsBytes: 32\n"
        + "      keyName: pii\n"
        + "      columns:\n"
        + "        - ssn\n")
        .contains("  keyProvider: HADOOP\n"
        + "typeAttributes:\n"
        + "  - column: 1\n"
        + "    path: ssn\n"
        + "    attributes:\n"
        + "      encrypt: pii\n"
        + "      mask: nullify\n");
  }

  @Test
  void aFileWithoutEncryptionOrAttributesHasNeitherKey() throws IOException {
    Path f = converted("orders.orc");
    assertThat(keys(json("meta", "--json", f.toString()))).containsExactly("calendar",
        "compression", "compressionBlockSize", "decompressors", "encrypted", "fileLength", "fileVersion",
        "format", "rowIndexStride", "rows", "schema", "statistics", "stripes", "userMetadata",
        "writer", "writerVersion");
  }

  @Test
  void namesWhatDecompressesTheFilesCodecs() throws IOException {
    // ORC: the file's codec
    JsonNode zstd = json("meta", "--json", converted("orders-zstd.orc", "--compression", "zstd")
        .toString());
    assertThat(zstd.get("compression").asText()).isEqualTo("ZSTD");
    assertThat(keys(zstd.get("decompressors"))).containsExactly("ZSTD");
    assertThat(zstd.get("decompressors").get("ZSTD").asText())
        .isEqualTo(CodecImplementations.decompressor(CompressionCodec.ZSTD));
    Cli.Result text = Cli.run("meta", converted("orders-lz4.orc", "--compression", "lz4")
        .toString());
    assertThat(text.out()).contains("decompressors:\n  LZ4: "
        + CodecImplementations.decompressor(CompressionCodec.LZ4) + "\n");
    // Kudu: per column, each codec once
    JsonNode lz4 = json("meta", "--json",
        shared("kudu-cfiles/s_int32/rs0.col.v_plain_lz4_nn.cfile").toString());
    assertThat(lz4.get("compression").asText()).isEqualTo("LZ4");
    assertThat(keys(lz4.get("decompressors"))).containsExactly("LZ4");
    // uncompressed: no key
    assertThat(keys(json("meta", "--json", converted("orders-none.orc", "--compression",
        "none").toString()))).doesNotContain("decompressors");
  }

  @Test
  void theJsonKeysAreThoseDocumented() throws IOException {
    JsonNode enc = json("meta", "--json", shared("orc-examples/encrypted/sample1.orc")
        .toString());
    assertThat(keys(enc)).containsExactly("calendar", "compression", "compressionBlockSize",
        "decompressors", "encrypted", "encryption", "fileLength", "fileVersion", "format", "rowIndexStride",
        "rows", "schema", "statistics", "stripes", "typeAttributes", "userMetadata", "writer",
        "writerVersion");
    assertThat(keys(enc.get("encryption"))).containsExactly("keyProvider", "keys", "masks",
        "variants");
    assertThat(keys(enc.get("encryption").get("masks").get(0))).containsExactly(
        "columnPaths", "columns", "name", "parameters");
    assertThat(keys(enc.get("encryption").get("keys").get(0))).containsExactly("algorithm",
        "name", "version");
    assertThat(keys(enc.get("encryption").get("variants").get(0))).containsExactly("columns",
        "encryptedKeyBytes", "fileStatisticsBytes", "key", "keyName", "root",
        "stripeStatisticsStreams");
    assertThat(keys(enc.get("typeAttributes").get(0))).containsExactly("attributes",
        "column", "path");
    assertThat(keys(enc.get("stripes").get(0))).containsExactly("dataLength", "footerLength",
        "indexLength", "offset", "rows", "statistics", "stripe");
    assertThat(keys(enc.get("statistics").get(0))).containsExactly("column", "count",
        "hasNull", "type");

    JsonNode rowset = json("meta", "--json", converted("orders", "--format", "kudu", "--key",
        "order_id").toString());
    assertThat(keys(rowset)).containsExactly("base rows", "columns", "deleted rows", "format",
        "key", "kind", "redo deltas", "rows", "schema");
    assertThat(keys(rowset.get("columns").get(0))).containsExactly("compression", "encoding",
        "file", "id", "key", "kudu type", "name", "nullable", "type");

    JsonNode trevni = json("meta", "--json", converted("orders.trv", "--format", "trevni")
        .toString());
    assertThat(keys(trevni)).containsExactly("avroSchema", "columns", "format", "metadata",
        "rows", "schema", "version");
    assertThat(keys(trevni.get("columns").get(0))).containsExactly("array", "blocks",
        "checksum", "codec", "compressedBytes", "name", "start", "type", "uncompressedBytes");

    JsonNode cfile = json("meta", "--json", shared("kudu-cfiles/s_int32/rs0.col.id.cfile")
        .toString());
    assertThat(keys(cfile)).containsExactly("cfile version", "checksums", "compression",
        "data type", "encoding", "file bytes", "footer metadata", "format", "header",
        "incompatible features", "nullable", "positional index", "role", "rows", "schema",
        "value index", "values");
  }

  @Test
  void severalFilesAndDirectoriesEachHeadedByTheirName() throws IOException {
    Path root = Files.createDirectories(dir.resolve("data"));
    Path a = converted("data/a.orc");
    Path rowset = converted("data/rs", "--format", "kudu", "--key", "order_id");
    converted("data/.hidden.orc");
    Path lone = converted("lone.trv", "--format", "trevni");
    Cli.Result r = Cli.run("meta", root.toString(), lone.toString());
    assertThat(r.status()).as(r.err()).isZero();
    assertThat(r.out()).startsWith("file: " + a + "\nformat: ORC\n")
        .contains("\n\nfile: " + rowset + "\nformat: Kudu\n")
        .contains("\n\nfile: " + lone + "\nformat: Trevni\n")
        .doesNotContain(".hidden");
    JsonNode j = json("meta", "--json", root.toString(), lone.toString());
    assertThat(keys(j)).containsExactly("failed", "files");
    assertThat(j.get("files")).hasSize(3);
    assertThat(j.get("files").get(1).get("file").asText()).isEqualTo(rowset.toString());
    assertThat(j.get("failed").asInt()).isZero();
  }

  @Test
  void aBadFileAmongSeveralIsNamedAndTheOthersPrinted() throws IOException {
    Path good = converted("good.orc");
    Path bad = Files.writeString(dir.resolve("bad.orc"), "ORC but not really\n");
    Path empty = Files.createDirectories(dir.resolve("nothing"));
    Cli.Result r = Cli.run("meta", bad.toString(), good.toString(), empty.toString());
    assertThat(r.status()).isEqualTo(1);
    assertThat(r.errLines()).hasSize(3);
    assertThat(r.errLines()[0]).startsWith("colfile: " + bad + ": ");
    assertThat(r.errLines()[1]).isEqualTo("colfile: " + empty + ": " + FileArgs.NO_FILES);
    assertThat(r.out()).startsWith("file: " + good + "\nformat: ORC\n");
  }

  @Test
  void helpHasAnExample() {
    Cli.Result r = Cli.run("meta", "--help");
    assertThat(r.status()).isZero();
    assertThat(r.out()).contains("Examples:").contains("colfile meta data.orc");
  }
}
