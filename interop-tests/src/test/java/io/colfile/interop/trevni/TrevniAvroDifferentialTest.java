package io.colfile.interop.trevni;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.colfile.testkit.TestSeed;
import io.colfile.trevni.TrevniChecksum;
import io.colfile.trevni.TrevniCodec;
import io.colfile.trevni.avro.AvroSchema;
import io.colfile.trevni.avro.AvroTypes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import org.apache.avro.Schema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Apache Avro's trevni-avro 1.12 and colfile's {@link io.colfile.trevni.TrevniWriter} / {@link
 * io.colfile.trevni.TrevniReader} on seeded random Avro schemas (nested records, arrays, maps,
 * nullable and multi-branch unions, enums, fixed, logical types, every primitive) and records,
 * under every codec and checksum. trevni-avro's {@code AvroColumnWriter} writes file A from the
 * records, colfile writes file B from column batches filled with the same records; colfile reads
 * A (whole and projected to some top-level fields) and trevni-avro's {@code AvroColumnReader}
 * reads B, each getting the records back; and A and B agree part by part, byte for byte with the
 * null and deflate codecs (the same {@code avro.schema} text included).
 */
@ExtendWith(TestSeed.class)
class TrevniAvroDifferentialTest {
  private static final TrevniCodec[] CODECS = TrevniCodec.values();
  private static Path dir;
  private static int identical;
  private static int projected;

  static IntStream cases() {
    return IntStream.range(0, TestSeed.exhaustive() ? 240 : 32);
  }

  @BeforeAll
  static void makeDir() throws IOException {
    dir = Files.createTempDirectory("colfile-trevni-avro-diff-");
  }

  @AfterAll
  static void cleanUp() throws IOException {
    if (Boolean.getBoolean("interop.keep")) {
      System.out.println("files kept in " + dir);
    } else {
      try (var paths = Files.walk(dir)) {
        for (Path p : paths.sorted(Collections.reverseOrder()).toList()) {
          Files.deleteIfExists(p);
        }
      }
    }
    System.out.printf("trevni-avro differential: %d byte-identical file pairs, %d projections%n",
        identical, projected);
  }

  @ParameterizedTest(name = "case {0}")
  @MethodSource("cases")
  void eachReadsTheOthersRecordsAndTheFilesAgree(int index) throws IOException {
    Random r = TestSeed.random("trevni-avro-diff", index);
    TrevniCodec codec = CODECS[index % CODECS.length];
    TrevniChecksum checksum = (index / CODECS.length) % 2 == 0 ? TrevniChecksum.NULL
        : TrevniChecksum.CRC32;
    AvroFiles.Settings settings = new AvroFiles.Settings(codec, checksum, r.nextBoolean(),
        r.nextBoolean());
    AvroGen gen = new AvroGen(r, 2 + r.nextInt(3));
    Schema schema = gen.topLevel();
    int rows = new int[] {0, 1, 3, 40, 300, 1200, 4000}[r.nextInt(7)];
    List<Object> records = new ArrayList<>();
    for (int i = 0; i < rows; i++) {
      records.add(gen.datum(schema, 0));
    }
    String what = "case " + index + " (" + codec.wireName() + "/" + checksum.wireName() + ", "
        + rows + " rows of " + schema + ")";

    // colfile's view of the schema: the documented row type (its text is checked below)
    AvroSchema cs = AvroSchema.parse(schema.toString());
    assertEquals(AvroRows.rowType(schema), AvroTypes.rowType(cs), what + ": colfile's row type");

    Path a = dir.resolve("case" + index + "-java.trv");
    Path b = dir.resolve("case" + index + "-colfile.trv");
    AvroFiles.writeJava(a, schema, records, settings);
    AvroFiles.writeColfile(b, schema, records, settings, 1 + r.nextInt(700), 1 + r.nextInt(5));

    List<List<Object>> expected = AvroFiles.normRows(schema, records);
    AvroFiles.assertColfileReads(a, schema, null, expected, 1 + r.nextInt(1500),
        what + ", Java's file");
    AvroFiles.assertJavaReads(b, null, records, schema, what + ", colfile's file");
    AvroFiles.assertColfileReads(b, schema, null, expected, 1 + r.nextInt(1500),
        what + ", colfile's own file");

    if (schema.getType() == Schema.Type.RECORD && schema.getFields().size() > 1) {
      List<Integer> pick = new ArrayList<>();
      for (int i = 0; i < schema.getFields().size(); i++) {
        if (r.nextBoolean()) {
          pick.add(i);
        }
      }
      if (pick.isEmpty()) {
        pick.add(schema.getFields().size() - 1);
      }
      Collections.shuffle(pick, r);
      List<String> names = pick.stream().map(i -> schema.getFields().get(i).name()).toList();
      List<List<Object>> want = new ArrayList<>();
      for (List<Object> row : expected) {
        want.add(pick.stream().map(row::get).collect(ArrayList::new, List::add, List::addAll));
      }
      AvroFiles.assertColfileReads(a, schema, names, want, 1 + r.nextInt(900),
          what + ", Java's file projected to " + names);
      projected++;
    }

    // the same text as Avro's Schema.toString(), which trevni-avro stores: needed for identity
    assertEquals(schema.toString(), cs.toString(), what + ": colfile's AvroSchema text");
    TrevniFileParts java = TrevniFileParts.parse(Files.readAllBytes(a));
    TrevniFileParts colfile = TrevniFileParts.parse(Files.readAllBytes(b));
    assertThat(TrevniFileParts.text(java.fileMeta.get("avro.schema")))
        .as(what + ": trevni-avro's avro.schema").isEqualTo(schema.toString());
    if (TrevniFileParts.assertSameAsJava(java, colfile, what)) {
      identical++;
    }
  }
}
