package io.colfile.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.OrcFile;
import org.apache.orc.Reader;
import org.apache.orc.TypeDescription;
import org.apache.orc.Writer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code colfile convert} ORC to ORC keeps the type attributes, as orc-core reads them: of a file
 * orc-core wrote, and of Apache ORC's {@code complextypes_iceberg.orc} (skipped where
 * ../shared/orc-examples lacks it).
 */
class OrcAttributesConvertTest {
  @TempDir
  Path dir;

  private static String run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = Main.commandLine(out, new PrintStream(err, true, StandardCharsets.UTF_8))
        .execute(args);
    assertThat(status).as(err.toString(StandardCharsets.UTF_8)).isZero();
    return out.toString(StandardCharsets.UTF_8);
  }

  private static Reader open(Path p) throws IOException {
    return OrcFile.createReader(new org.apache.hadoop.fs.Path(p.toUri()),
        OrcFile.readerOptions(new Configuration()));
  }

  @Test
  void convertKeepsOrcCoresAttributes() throws IOException {
    TypeDescription schema = TypeDescription.fromString("struct<id:bigint,tags:array<string>>");
    schema.setAttribute("note", "the root");
    schema.getChildren().get(0).setAttribute("iceberg.id", "1");
    schema.getChildren().get(0).setAttribute("iceberg.required", "true");
    schema.getChildren().get(1).setAttribute("iceberg.id", "2");
    schema.getChildren().get(1).getChildren().get(0).setAttribute("iceberg.id", "3");
    Path theirs = dir.resolve("orc-core.orc");
    try (Writer w = OrcFile.createWriter(new org.apache.hadoop.fs.Path(theirs.toUri()),
        OrcFile.writerOptions(new Configuration()).setSchema(schema))) {
      VectorizedRowBatch b = schema.createRowBatch();
      for (int r = 0; r < 3; r++) {
        ((LongColumnVector) b.cols[0]).vector[r] = r;
        org.apache.hadoop.hive.ql.exec.vector.ListColumnVector l =
            (org.apache.hadoop.hive.ql.exec.vector.ListColumnVector) b.cols[1];
        l.offsets[r] = r;
        l.lengths[r] = 1;
        ((BytesColumnVector) l.child).setVal(r, ("t" + r).getBytes(StandardCharsets.UTF_8));
        l.childCount = r + 1;
      }
      b.size = 3;
      w.addRowBatch(b);
    }
    assertThat(run("schema", "--attributes", theirs.toString())).isEqualTo(
        "struct<id:bigint,tags:array<string>>\n"
            + "0 (root): note=the root\n"
            + "1 id: iceberg.id=1 iceberg.required=true\n"
            + "2 tags: iceberg.id=2\n"
            + "3 tags._elem: iceberg.id=3\n");
    Path out = dir.resolve("converted.orc");
    run("convert", theirs.toString(), out.toString());
    try (Reader r = open(out)) {
      assertThat(r.getSchema().equals(schema, true)).as(r.getSchema().toString()).isTrue();
      assertThat(r.getNumberOfRows()).isEqualTo(3);
    }
    assertThat(run("cat", out.toString())).isEqualTo(run("cat", theirs.toString()));
  }

  @Test
  void icebergExampleKeepsItsIds() throws IOException {
    String prop = System.getProperty("colfile.shared.dir");
    Path base = prop == null || prop.isEmpty() ? Paths.get("..", "..", "shared") : Paths.get(prop);
    Path f = base.resolve("orc-examples").resolve("complextypes_iceberg.orc");
    assumeTrue(Files.isRegularFile(f), "skipped: " + f + " is not there");
    Path out = dir.resolve("iceberg.orc");
    run("convert", f.toString(), out.toString());
    try (Reader theirs = open(f); Reader ours = open(out)) {
      assertThat(theirs.getSchema().getChildren().get(0).getAttributeNames())
          .contains("iceberg.id");
      assertThat(ours.getSchema().equals(theirs.getSchema(), true))
          .as(ours.getSchema() + " against " + theirs.getSchema()).isTrue();
    }
    assertThat(run("schema", "--attributes", out.toString()))
        .isEqualTo(run("schema", "--attributes", f.toString())).contains("iceberg.id=");
    assertThat(run("cat", out.toString())).isEqualTo(run("cat", f.toString()));
  }
}
