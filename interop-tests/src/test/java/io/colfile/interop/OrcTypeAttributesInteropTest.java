package io.colfile.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.io.InputFile;
import io.colfile.core.types.Type;
import io.colfile.orc.OrcReader;
import io.colfile.testkit.Rows;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.orc.CompressionKind;
import org.apache.orc.OrcFile;
import org.apache.orc.Reader;
import org.apache.orc.TypeDescription;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * ORC type attributes both ways with orc-core: colfile reads the attributes orc-core writes
 * (nested types, list elements and map values too), writes them byte for byte as orc-core does
 * for the same schema, rows and options; orc-core reads colfile's. Then Iceberg's ids read
 * renamed and reordered columns. ({@code colfile convert} keeping them: {@code
 * io.colfile.cli.OrcAttributesConvertTest}.)
 */
@ExtendWith(TestSeed.class)
class OrcTypeAttributesInteropTest {
  @TempDir
  Path dir;

  /** The schema with Iceberg's attributes, set in an order that is not the sorted one. */
  private static TypeDescription schema(String text) {
    TypeDescription t = TypeDescription.fromString(text);
    int[] id = {1};
    number(t, id);
    t.setAttribute("root.note", "a struct, \u00e9 too");
    return t;
  }

  private static void number(TypeDescription t, int[] id) {
    if (t.getChildren() == null) {
      return;
    }
    for (TypeDescription c : t.getChildren()) {
      c.setAttribute("iceberg.required", id[0] % 2 == 0 ? "true" : "false");
      c.setAttribute("iceberg.id", Integer.toString(id[0]++));
      number(c, id);
    }
  }

  /** {@code t} with {@code d}'s attributes on each node (the two of one shape). */
  static Type withAttributesOf(Type t, TypeDescription d) {
    List<Type> children = new ArrayList<>();
    for (int i = 0; i < t.children().size(); i++) {
      children.add(withAttributesOf(t.child(i), d.getChildren().get(i)));
    }
    Map<String, String> a = new TreeMap<>();
    for (String name : d.getAttributeNames()) {
      a.put(name, d.getAttributeValue(name));
    }
    return t.withChildren(children).withAttributes(a);
  }

  private static void assertSameAttributes(String what, Type ours, TypeDescription theirs) {
    List<Type> u = ours.flatten();
    for (int c = 0; c <= theirs.getMaximumId(); c++) {
      TypeDescription d = theirs.findSubtype(c);
      Map<String, String> expected = new TreeMap<>();
      for (String name : d.getAttributeNames()) {
        expected.put(name, d.getAttributeValue(name));
      }
      assertThat(u.get(c).attributes()).as(what + ": column " + c).isEqualTo(expected);
    }
  }

  private static String text(Object v) {
    if (v == null) {
      return null;
    }
    ByteBuffer b = ((ByteBuffer) v).duplicate();
    byte[] bytes = new byte[b.remaining()];
    b.get(bytes);
    return new String(bytes, StandardCharsets.UTF_8);
  }

  private static Reader open(Path p) throws IOException {
    return OrcFile.createReader(new org.apache.hadoop.fs.Path(p.toUri()),
        OrcFile.readerOptions(new Configuration()).useUTCTimestamp(true));
  }

  private static List<Object> rows() {
    List<Object> rows = new ArrayList<>();
    for (int i = 0; i < 3000; i++) {
      rows.add(Arrays.asList((long) i, i % 7 == 0 ? null : "n" + (i % 13),
          i % 5 == 0 ? null : List.of("t" + i, "u"),
          List.of(new Values.Entry("k" + (i % 3), (long) i)),
          Arrays.asList(i * 3L, i % 11 == 0 ? null : "b")));
    }
    return rows;
  }

  private static final String NESTED = "struct<id:bigint,name:string,tags:array<string>,"
      + "m:map<string,int>,s:struct<a:int,b:string>>";

  @Test
  void colfileReadsOrcCoresAttributesAndWritesThemAsOrcCoreDoes() throws IOException {
    for (String text : List.of(NESTED, "struct<id:bigint,name:string,s:struct<a:int,b:string>>")) {
      TypeDescription schema = schema(text);
      List<Object> rows = rows();
      if (!text.equals(NESTED)) {
        rows.replaceAll(r -> {
          List<?> l = (List<?>) r;
          return Arrays.asList(l.get(0), l.get(1), l.get(4));
        });
      }
      OrcCoreOptions o = OrcCoreOptions.everyReaderPath(TestSeed.random("attributes", 0),
          CompressionKind.NONE);
      Path theirs = dir.resolve("orc-core-" + text.length() + ".orc");
      Path ours = dir.resolve("colfile-" + text.length() + ".orc");
      OrcCoreFiles.write(theirs, schema, rows, o, TestSeed.random("attributes", 1));
      Type type;
      try (OrcReader orc = OrcReader.open(InputFile.local(theirs))) {
        type = orc.schema();
        assertSameAttributes("colfile reading orc-core's file", type, schema);
        assertThat(type).isEqualTo(Type.parse(text));
      }
      OrcWriterDifferentialTest.writeWithColfile(ours, withAttributesOf(Type.parse(text),
          schema), rows, o, theirs, TestSeed.random("attributes", 1));
      try (Reader reader = open(ours)) {
        assertThat(reader.getSchema().equals(schema, true))
            .as("orc-core reads colfile's attributes: " + reader.getSchema()).isTrue();
      }
      boolean same = OrcFileComparison.compare(text + " " + TestSeed.replay(), theirs, ours,
          true, true);
      if (!text.equals(NESTED)) {
        // nothing documented differs without collections: every byte is orc-core's
        assertThat(same).as("byte-identical to orc-core's file").isTrue();
      }
    }
  }

  /** Columns renamed and reordered since the file was written read by their ids. */
  @Test
  void icebergIdsFindRenamedColumns() throws IOException {
    TypeDescription schema = schema(NESTED);
    Path theirs = dir.resolve("orc-core.orc");
    OrcCoreFiles.write(theirs, schema, rows(), OrcCoreOptions.everyReaderPath(
        TestSeed.random("ids", 0), CompressionKind.ZSTD), TestSeed.random("ids", 1));
    // ids in the file: id 1, name 2, tags 3 (element 4), m 5 (key 6, value 7), s 8 (a 9, b 10)
    Type reader = Type.structBuilder()
        .field("sub", Type.structBuilder()
            .field("beta", Type.STRING.withAttribute(ReadOptions.ICEBERG_ID, "10"))
            .field("alpha", Type.LONG.withAttribute(ReadOptions.ICEBERG_ID, "9"))
            .build().withAttribute(ReadOptions.ICEBERG_ID, "8"))
        .field("label", Type.STRING.withAttribute(ReadOptions.ICEBERG_ID, "2"))
        .field("key", Type.LONG.withAttribute(ReadOptions.ICEBERG_ID, "1"))
        .field("added", Type.INT.withAttribute(ReadOptions.ICEBERG_ID, "42"))
        .build();
    List<Object> expected = new ArrayList<>();
    for (Object r : rows()) {
      List<?> l = (List<?>) r;
      List<?> s = (List<?>) l.get(4);
      expected.add(Arrays.asList(Arrays.asList(s.get(1), s.get(0)),
          l.get(1), l.get(0), null));
    }
    try (OrcReader orc = OrcReader.open(InputFile.local(theirs));
        BatchReader batches = orc.read(ReadOptions.defaults().withSchema(reader)
            .withMatchById(ReadOptions.ICEBERG_ID))) {
      List<Object> got = new ArrayList<>();
      for (Object row : Rows.readAll(batches)) {
        List<?> l = (List<?>) row;
        List<?> s = (List<?>) l.get(0);
        got.add(Arrays.asList(s == null ? null : Arrays.asList(text(s.get(0)), s.get(1)),
            text(l.get(1)), l.get(2), l.get(3)));
      }
      assertThat(got).isEqualTo(expected);
    }
  }
}
