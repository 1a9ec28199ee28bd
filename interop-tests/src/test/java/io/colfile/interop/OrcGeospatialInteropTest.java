package io.colfile.interop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.EdgeInterpolation;
import io.colfile.core.types.Type;
import io.colfile.orc.OrcReader;
import io.colfile.orc.OrcWriter;
import io.colfile.orc.OrcWriterOptions;
import io.colfile.orc.stats.ColumnStatistics;
import io.colfile.orc.stats.GeospatialStatistics;
import io.colfile.testkit.TestSeed;
import io.colfile.testkit.ValueFill;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.orc.CompressionKind;
import org.apache.orc.GeospatialColumnStatistics;
import org.apache.orc.OrcFile;
import org.apache.orc.Reader;
import org.apache.orc.TypeDescription;
import org.apache.orc.geospatial.BoundingBox;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * ORC 2.x geometry and geography both ways with orc-core 2.3 (its GeospatialTreeWriter): random
 * WKB (ISO and PostGIS-extended type words, both byte orders, z, m, empties, NaN coordinates,
 * nested collections) in geometry and geography columns with their crs and algorithm. colfile
 * reads orc-core's files (schema, values, the bounding boxes and type codes of every level);
 * colfile writes them byte for byte as orc-core does, statistics and row indexes included; orc-core
 * reads colfile's files. Values that are not WKB are refused, as orc-core's writer refuses them.
 */
@ExtendWith(TestSeed.class)
class OrcGeospatialInteropTest {
  @TempDir
  Path dir;

  /** Random WKB: mostly valid, sometimes empty or with NaN coordinates. */
  static final class Wkb {
    private final Random r;
    private ByteBuffer b;

    Wkb(Random r) {
      this.r = r;
    }

    byte[] geometry() {
      b = ByteBuffer.allocate(1 << 16);
      int dims = r.nextInt(4); // 0 xy, 1 z, 2 m, 3 zm
      write(1 + r.nextInt(7), dims, 0);
      return Arrays.copyOf(b.array(), b.position());
    }

    private void header(int kind, int dims) {
      boolean little = r.nextBoolean();
      b.order(ByteOrder.BIG_ENDIAN).put((byte) (little ? 1 : 0));
      b.order(little ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN);
      boolean srid = r.nextInt(8) == 0;
      if (r.nextBoolean() && !srid) {
        b.putInt(kind + dims * 1000); // ISO
      } else {
        int word = kind | ((dims & 1) != 0 ? 0x80000000 : 0) | ((dims & 2) != 0 ? 0x40000000 : 0)
            | (srid ? 0x20000000 : 0);
        b.putInt(word);
        if (srid) {
          b.putInt(4326);
        }
      }
    }

    private double ordinate(double scale) {
      int p = r.nextInt(40);
      if (p == 0) {
        return Double.NaN;
      }
      if (p == 1) {
        return 0.0;
      }
      return (r.nextDouble() - 0.5) * scale;
    }

    private void coordinate(int dims, boolean noNaN) {
      double x = ordinate(360);
      double y = ordinate(180);
      if (noNaN) {
        x = Double.isNaN(x) ? 1.5 : x;
        y = Double.isNaN(y) ? -2.5 : y;
      }
      b.putDouble(x).putDouble(y);
      if ((dims & 1) != 0) {
        b.putDouble(ordinate(1000));
      }
      if ((dims & 2) != 0) {
        b.putDouble(ordinate(50));
      }
    }

    private void write(int kind, int dims, int depth) {
      header(kind, dims);
      switch (kind) {
        case 1 -> coordinate(dims, false);
        case 2 -> {
          int n = r.nextInt(8) == 0 ? 0 : 1 + r.nextInt(6);
          b.putInt(n);
          for (int i = 0; i < n; i++) {
            coordinate(dims, false);
          }
        }
        case 3 -> {
          int rings = r.nextInt(8) == 0 ? 0 : 1 + r.nextInt(3);
          b.putInt(rings);
          for (int k = 0; k < rings; k++) {
            int n = 1 + r.nextInt(6);
            b.putInt(n);
            for (int i = 0; i < n; i++) {
              coordinate(dims, i == 0); // JTS cannot close a ring that starts at NaN
            }
          }
        }
        default -> {
          int n = r.nextInt(6) == 0 ? 0 : 1 + r.nextInt(4);
          b.putInt(n);
          for (int i = 0; i < n; i++) {
            int member = kind == 4 ? 1 : kind == 5 ? 2 : kind == 6 ? 3
                : 1 + r.nextInt(depth < 2 ? 7 : 3);
            write(member, dims, depth + 1);
          }
        }
      }
    }
  }

  private static TypeDescription schema(String crs, TypeDescription.EdgeInterpolationAlgorithm a) {
    TypeDescription s = TypeDescription.createStruct()
        .addField("id", TypeDescription.createLong())
        .addField("g", TypeDescription.createGeometry().withCRS(crs))
        .addField("h", TypeDescription.createGeography().withCRS(crs)
            .withEdgeInterpolationAlgorithm(a))
        .addField("b", TypeDescription.createBinary());
    return s;
  }

  private static List<Object> rows(Random r, int n) {
    Wkb wkb = new Wkb(r);
    List<Object> rows = new ArrayList<>();
    int nulls = r.nextInt(4);
    for (int i = 0; i < n; i++) {
      byte[] g = nulls > 0 && r.nextInt(10) < nulls ? null : wkb.geometry();
      byte[] h = r.nextInt(7) == 0 ? null : wkb.geometry();
      rows.add(Arrays.asList((long) i, g, h, g));
    }
    return rows;
  }

  /** Rows with every byte[] as hex, so that lists of them compare by value. */
  private static Object hex(Object v) {
    if (v instanceof byte[] b) {
      return HexFormat.of().formatHex(b);
    }
    if (v instanceof List<?> l) {
      List<Object> out = new ArrayList<>(l.size());
      for (Object o : l) {
        out.add(hex(o));
      }
      return out;
    }
    return v;
  }

  private static Reader open(Path p) throws IOException {
    return OrcFile.createReader(new org.apache.hadoop.fs.Path(p.toUri()),
        OrcFile.readerOptions(new Configuration()).useUTCTimestamp(true));
  }

  /** orc-core's statistics as colfile's record would hold them (absent bounds null). */
  private static GeospatialStatistics expected(GeospatialColumnStatistics s) {
    BoundingBox x = s.getBoundingBox();
    GeospatialStatistics.BoundingBox box = null;
    if (x != null && x.isValid() && !x.isXYEmpty()) {
      boolean z = x.isZValid() && !x.isZEmpty();
      boolean m = x.isMValid() && !x.isMEmpty();
      box = new GeospatialStatistics.BoundingBox(x.getXMin(), x.getXMax(), x.getYMin(),
          x.getYMax(), z ? x.getZMin() : null, z ? x.getZMax() : null, m ? x.getMMin() : null,
          m ? x.getMMax() : null);
    }
    List<Integer> types = s.getGeospatialTypes() == null ? List.of()
        : s.getGeospatialTypes().getTypes().stream().sorted().toList();
    return new GeospatialStatistics(box, types);
  }

  @Test
  void bothWaysWithOrcCore() throws IOException {
    Random seed = TestSeed.random("geo", 0);
    String[] crs = {"OGC:CRS84", "EPSG:4326", "srid:3857", "projjson:some key"};
    CompressionKind[] codecs = {CompressionKind.NONE, CompressionKind.ZLIB, CompressionKind.ZSTD};
    int identical = 0;
    for (int round = 0; round < 16; round++) {
      Random r = new Random(seed.nextLong());
      TypeDescription.EdgeInterpolationAlgorithm a =
          TypeDescription.EdgeInterpolationAlgorithm.values()[r.nextInt(5)];
      TypeDescription schema = schema(crs[r.nextInt(crs.length)], a);
      List<Object> rows = rows(r, 1 + r.nextInt(round % 3 == 0 ? 6000 : 300));
      CompressionKind codec = codecs[round % codecs.length];
      OrcCoreOptions o = round % 2 == 0 ? OrcCoreOptions.random(r, codec, schema)
          : OrcCoreOptions.everyReaderPath(r, codec);
      String what = "round " + round + " " + schema + " " + o + " " + TestSeed.replay();
      Path theirs = dir.resolve("orc-core-" + round + ".orc");
      Path ours = dir.resolve("colfile-" + round + ".orc");
      long writeSeed = r.nextLong();
      OrcCoreFiles.write(theirs, schema, rows, o, new Random(writeSeed));

      Type expectedType = Type.structBuilder().field("id", Type.LONG)
          .field("g", Type.geometry(schema.getChildren().get(1).getCrs()))
          .field("h", Type.geography(schema.getChildren().get(2).getCrs(),
              EdgeInterpolation.valueOf(a.name())))
          .field("b", Type.BINARY).build();
      assertThat(Type.parse(schema.toString())).as(what).isEqualTo(expectedType);
      try (OrcReader orc = OrcReader.open(InputFile.local(theirs));
           Reader reader = open(theirs)) {
        assertThat(orc.schema()).as(what).isEqualTo(expectedType);
        assertThat(hex(ColfileReader.valuesWithColfile(theirs, schema, null, 1024))).as(what)
            .isEqualTo(hex(rows));
        org.apache.orc.ColumnStatistics[] core = reader.getStatistics();
        List<ColumnStatistics> mine = orc.statistics();
        for (int c = 2; c <= 3; c++) {
          assertThat(mine.get(c).typed()).as(what + " column " + c)
              .isEqualTo(expected((GeospatialColumnStatistics) core[c]));
          assertThat(mine.get(c).numberOfValues()).isEqualTo(core[c].getNumberOfValues());
        }
      }

      OrcWriterDifferentialTest.writeWithColfile(ours, schema, rows, o, theirs,
          new Random(writeSeed));
      try (Reader reader = open(ours)) {
        assertThat(reader.getSchema().toString()).as(what).isEqualTo(schema.toString());
        assertThat(hex(OrcCoreFiles.read(ours))).as(what).isEqualTo(hex(rows));
      }
      boolean byteCodec = codec != CompressionKind.ZSTD;
      // without a row index orc-core writes empty stripe and file statistics (orc.md section 9)
      boolean stats = o.rowIndexStride() > 0;
      boolean same = OrcFileComparison.compare(what, theirs, ours, byteCodec, stats);
      if (byteCodec && stats) {
        identical++;
        assertThat(same).as("byte-identical to orc-core's file: " + what).isTrue();
      }
    }
    assertThat(identical).as("files compared byte for byte").isGreaterThan(2);
  }

  /** A geometry value that is not WKB: orc-core's writer fails on it, and so does colfile's. */
  @Test
  void badWkbIsRefused() throws IOException {
    Type type = Type.parse("struct<g:geometry>");
    byte[][] bad = {
        {1, 1, 0, 0, 0, 0, 0},                       // a point that ends early
        {1, 9, 0, 0, 0},                             // kind 9
        {1, 2, 0, 0, 0, (byte) 0xff, (byte) 0xff, 0x7f, 0x7f}, // a huge count
        {1, 4, 0, 0, 0, 1, 0, 0, 0, 1, 2, 0, 0, 0, 0, 0, 0, 0}, // a multipoint holding a line
    };
    for (byte[] value : bad) {
      Path p = dir.resolve("bad.orc");
      assertThatThrownBy(() -> {
        try (OrcWriter w = OrcWriter.create(OutputFile.local(p), type,
            OrcWriterOptions.builder().build())) {
          w.write(ValueFill.batch(type, List.of(List.of(value))));
        }
      }).as(Arrays.toString(value)).isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("Invalid geospatial data");
      assertThatThrownBy(() -> OrcCoreFiles.write(p, TypeDescription.fromString(
          "struct<g:geometry>"), List.of(List.of(value)), OrcCoreOptions.everyReaderPath(
              new Random(1), CompressionKind.NONE), new Random(1)))
          .as("orc-core refuses " + Arrays.toString(value)).isNotNull();
    }
  }
}
