package io.colfile.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.EdgeInterpolation;
import io.colfile.core.types.Type;
import io.colfile.orc.OrcReader;
import io.colfile.orc.OrcWriter;
import io.colfile.orc.OrcWriterOptions;
import io.colfile.testkit.ValueFill;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ORC geometry and geography on the command line: {@code schema} and {@code meta} show the crs
 * and algorithm, {@code cat} prints the WKB values as binary is printed (arrays of bytes),
 * {@code stats} and {@code meta} the bounding box, and {@code convert} keeps the types, values
 * and crs (to ORC, and from the JSON lines cat prints).
 */
class GeospatialCliTest {
  @TempDir
  Path dir;

  static final Type SCHEMA = Type.structBuilder()
      .field("g", Type.geometry("EPSG:4326"))
      .field("h", Type.geography("OGC:CRS84", EdgeInterpolation.KARNEY)).build();

  /** WKB of POINT(x y), little-endian. */
  static byte[] point(double x, double y) {
    return ByteBuffer.allocate(21).order(ByteOrder.LITTLE_ENDIAN).put((byte) 1).putInt(1)
        .putDouble(x).putDouble(y).array();
  }

  private Path write() throws IOException {
    Path f = dir.resolve("geo.orc");
    try (OrcWriter w = OrcWriter.create(OutputFile.local(f), SCHEMA,
        OrcWriterOptions.builder().build())) {
      w.write(ValueFill.batch(SCHEMA, List.of(Arrays.asList(point(1, 2), point(3, 4)),
          Arrays.asList(point(-5, 7.5), null))));
    }
    return f;
  }

  @Test
  void schemaMetaCatStatsAndConvert() throws IOException {
    Path f = write();
    Cli.Result schema = Cli.run("schema", f.toString());
    assertThat(schema.status()).as(schema.err()).isZero();
    assertThat(schema.out()).isEqualTo(
        "struct<g:geometry(EPSG:4326),h:geography(OGC:CRS84,KARNEY)>\n");

    Cli.Result cat = Cli.run("cat", f.toString());
    assertThat(cat.status()).as(cat.err()).isZero();
    String first = cat.out().lines().findFirst().orElseThrow();
    assertThat(first).startsWith("{\"g\": [1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 240, 63, 0, 0, 0, 0,"
        + " 0, 0, 0, 64], \"h\": [1, 1, 0, 0, 0");

    Cli.Result meta = Cli.run("meta", f.toString());
    assertThat(meta.status()).as(meta.err()).isZero();
    assertThat(meta.out()).contains(
        "schema: struct<g:geometry(EPSG:4326),h:geography(OGC:CRS84,KARNEY)>\n");
    Cli.Result stats = Cli.run("stats", f.toString());
    assertThat(stats.status()).as(stats.err()).isZero();
    assertThat(stats.out()).contains("    type: geometry(EPSG:4326)\n"
        + "    count: 2\n"
        + "    hasNull: false\n"
        + "    bytesOnDisk: 42\n"
        + "    bbox:\n"
        + "      xmin: -5.0\n"
        + "      xmax: 1.0\n"
        + "      ymin: 2.0\n"
        + "      ymax: 7.5\n"
        + "    geospatialTypes:\n"
        + "      - 1\n");
    // the geography is not bounded (as ORC Java leaves it)
    assertThat(stats.out()).contains("    type: geography(OGC:CRS84,KARNEY)\n"
        + "    count: 1\n"
        + "    hasNull: true\n"
        + "    bytesOnDisk: 35\n"
        + "    pushdown:");

    // read with another crs: the bytes are kept, as orc-core keeps them
    Cli.Result other = Cli.run("cat", f.toString(), "--schema",
        "struct<g:geometry(EPSG:3857),h:geography>");
    assertThat(other.status()).as(other.err()).isZero();
    assertThat(other.out()).isEqualTo(cat.out());

    Path out = dir.resolve("copy.orc");
    Cli.Result convert = Cli.run("convert", f.toString(), out.toString());
    assertThat(convert.status()).as(convert.err()).isZero();
    try (OrcReader orc = OrcReader.open(InputFile.local(out))) {
      assertThat(orc.schema()).isEqualTo(SCHEMA);
      assertThat(orc.statistics().get(1)).isEqualTo(
          OrcReader.open(InputFile.local(f)).statistics().get(1));
    }
    assertThat(Cli.run("cat", out.toString()).out()).isEqualTo(cat.out());

    Path json = dir.resolve("rows.jsonl");
    Files.writeString(json, cat.out());
    Path back = dir.resolve("back.orc");
    Cli.Result fromJson = Cli.run("convert", json.toString(), back.toString(), "--schema",
        schema.out().trim());
    assertThat(fromJson.status()).as(fromJson.err()).isZero();
    assertThat(Cli.run("cat", back.toString()).out()).isEqualTo(cat.out());
  }
}
