package io.colfile.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.orc.KeyProvider;
import io.colfile.testkit.TestSeed;
import io.colfile.testkit.ValueFill;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.ColumnStatistics;
import org.apache.orc.DataMask;
import org.apache.orc.EncryptionAlgorithm;
import org.apache.orc.InMemoryKeystore;
import org.apache.orc.OrcFile;
import org.apache.orc.Reader;
import org.apache.orc.TypeDescription;
import org.apache.orc.Writer;
import org.apache.orc.impl.ParserUtils;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every mask on every type orc-core's mask factories take, both key sizes: colfile writes
 * random rows with the columns encrypted and masked; orc-core reads them with the key (the rows)
 * and without it, where it must get exactly the values and file statistics it gets from the
 * same rows masked by orc-core's own masks ({@code DataMask.Factory}) and written by orc-core.
 * That reference is orc-core's masks run on a scratch batch set up as they need it, because
 * orc-core's encrypted writer fails on several of them itself (redacted strings: an
 * uninitialized scratch vector; decimals up to 18 digits: a Decimal64 scratch vector; structs
 * with nulls: the scratch struct never gets the nulls); {@link OrcEncryptionInteropTest}
 * compares with orc-core's encrypted writer where it works. colfile reads both files as
 * orc-core does.
 */
@ExtendWith(TestSeed.class)
class OrcMaskInteropTest {
  static final TypeDescription SCHEMA = TypeDescription.fromString("struct<id:bigint,"
      + "b:boolean,t:tinyint,s:smallint,i:int,l:bigint,f:float,d:double,dec:decimal(10,2),"
      + "wdec:decimal(25,4),dt:date,ts:timestamp,str:string,vc:varchar(10),ch:char(70),"
      + "bin:binary,lst:array<string>,mp:map<string,int>,un:uniontype<int,string>,"
      + "st:struct<a:int,c:string,e:double>>");

  @TempDir
  Path dir;

  static Stream<Arguments> masks() {
    String[] masks = {
        "nullify", "sha256", "redact", "redact,`Yy7#,-`",
        "redact,Zz3,`2000 _ 15 7 _ 0`,`0:1,-2:-1`", "redact,`__0`,`_-_-_-_-_-_`",
    };
    List<Arguments> out = new ArrayList<>();
    int i = 0;
    for (String m : masks) {
      for (EncryptionAlgorithm a : new EncryptionAlgorithm[] {EncryptionAlgorithm.AES_CTR_128,
          EncryptionAlgorithm.AES_CTR_256}) {
        out.add(Arguments.of(i++, m, a));
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "[{index}] {1} {2}")
  @MethodSource("masks")
  void colfileMasksAsOrcCoreMasks(int index, String mask, EncryptionAlgorithm algorithm)
      throws Exception {
    Random r = TestSeed.random("orc-masks", index);
    String where = mask + " " + algorithm + " (" + TestSeed.replay() + ")";
    byte[] key = new byte[algorithm.keyLength()];
    r.nextBytes(key);
    List<String> masked = SCHEMA.getFieldNames().subList(1, SCHEMA.getFieldNames().size());
    String columns = String.join(",", masked);
    List<Object> rows = new RandomValues(r, java.time.ZoneOffset.UTC).rows(SCHEMA,
        1 + r.nextInt(3000));

    Path ours = dir.resolve("colfile" + index + ".orc");
    io.colfile.core.types.Type type = io.colfile.core.types.Type.parse(SCHEMA.toString());
    KeyProvider mine = KeyProvider.inMemory().add("pii", 2,
        io.colfile.orc.EncryptionAlgorithm.valueOf(algorithm.name()), key);
    io.colfile.orc.OrcWriterOptions options = io.colfile.orc.OrcWriterOptions.builder()
        .rowIndexStride(r.nextBoolean() ? 1000 : 2500)
        .stripeSize(r.nextBoolean() ? 64 * 1024 : 1 << 20)
        .calendar(io.colfile.orc.OrcWriterOptions.Calendar.JULIAN_GREGORIAN)
        .encrypt(mine, "pii:" + columns).masks(mask + ":" + columns).build();
    try (io.colfile.orc.OrcWriter w = io.colfile.orc.OrcWriter.create(
        io.colfile.core.io.OutputFile.local(ours), type, options)) {
      for (int next = 0; next < rows.size(); next += 700) {
        w.write(ValueFill.batch(type, rows.subList(next, Math.min(rows.size(), next + 700))));
      }
    }
    Path reference = dir.resolve("orc-core" + index + ".orc");
    writeMaskedWithOrcCore(reference, rows, mask);

    InMemoryKeystore theirs = new InMemoryKeystore().addKey("pii", 2, algorithm, key);
    sameRows(OrcEncryptionInteropTest.readWithOrcCore(ours, theirs), rows,
        where + ": orc-core with the key");
    sameRows(OrcEncryptionInteropTest.readWithOrcCore(ours, new InMemoryKeystore()),
        OrcEncryptionInteropTest.readWithOrcCore(reference, new InMemoryKeystore()),
        where + ": orc-core without the key reads orc-core's masked rows");
    assertThat(statistics(ours)).as(where + ": file statistics without the key")
        .isEqualTo(statistics(reference));
    OrcEncryptionInteropTest.compare(ours, theirs, mine, where + " with the key");
    OrcEncryptionInteropTest.compare(ours, new InMemoryKeystore(), null,
        where + " without the key");
    OrcEncryptionInteropTest.compare(reference, new InMemoryKeystore(), null,
        where + ": orc-core's masked rows");
  }

  /** {@code actual} equals {@code expected}; else the first field that differs is named. */
  static void sameRows(List<Object> actual, List<Object> expected, String where) {
    assertThat(actual).as(where).hasSameSizeAs(expected);
    for (int i = 0; i < actual.size(); i++) {
      List<?> a = (List<?>) actual.get(i);
      List<?> e = (List<?>) expected.get(i);
      for (int f = 0; f < e.size(); f++) {
        assertThat(OrcEncryptionInteropTest.comparable(a.get(f))).as(where + ", row " + i
            + ", column " + SCHEMA.getFieldNames().get(f))
            .isEqualTo(OrcEncryptionInteropTest.comparable(e.get(f)));
      }
    }
  }

  /**
   * The rows masked by orc-core's {@code mask} on every column but the first, written by
   * orc-core unencrypted: the unencrypted variant orc-core's writer means to write.
   */
  static void writeMaskedWithOrcCore(Path file, List<Object> rows, String mask)
      throws IOException {
    DataMask[] masks = new DataMask[SCHEMA.getChildren().size()];
    for (int f = 1; f < masks.length; f++) {
      masks[f] = DataMask.Factory.build(ParserUtils.buildMaskDescription(mask),
          SCHEMA.getChildren().get(f), t -> null);
    }
    OrcFile.WriterOptions options = OrcFile.writerOptions(new Configuration())
        .setSchema(SCHEMA).overwrite(true).useUTCTimestamp(true);
    VectorFill fill = new VectorFill(java.time.ZoneOffset.UTC);
    try (Writer writer = OrcFile.createWriter(new org.apache.hadoop.fs.Path(file.toUri()),
        options)) {
      for (int next = 0; next < rows.size(); next += 1024) {
        int n = Math.min(rows.size() - next, 1024);
        // the source and the scratch the masks write to: the same rows, so that the scratch
        // has the source's nulls and sizes (orc-core's struct mask leaves the nulls alone)
        VectorizedRowBatch source = SCHEMA.createRowBatch(n);
        VectorizedRowBatch scratch = SCHEMA.createRowBatch(n);
        for (VectorizedRowBatch b : new VectorizedRowBatch[] {source, scratch}) {
          for (int i = 0; i < n; i++) {
            List<?> fields = (List<?>) rows.get(next + i);
            for (int f = 0; f < fields.size(); f++) {
              fill.set(b.cols[f], SCHEMA.getChildren().get(f), i, fields.get(f));
            }
          }
          b.size = n;
        }
        exactBinaries((BytesColumnVector) source.cols[SCHEMA.getFieldNames().indexOf("bin")], n);
        for (int f = 1; f < masks.length; f++) {
          masks[f].maskData(source.cols[f], scratch.cols[f], 0, n);
        }
        writer.addRowBatch(scratch);
      }
    }
  }

  /**
   * Each binary in an array of its own: orc-core's sha256 of a binary hashes the value's whole
   * backing array ({@code ByteBuffer.array()}), which is the value only then.
   */
  private static void exactBinaries(BytesColumnVector v, int n) {
    for (int i = 0; i < n; i++) {
      if (v.noNulls || !v.isNull[i]) {
        v.setRef(i, Arrays.copyOfRange(v.vector[i], v.start[i], v.start[i] + v.length[i]), 0,
            v.length[i]);
      }
    }
  }

  private static final java.util.regex.Pattern SUM =
      java.util.regex.Pattern.compile(" sum: (-?[0-9]+\\.[0-9E+-]+|-?[0-9.]+E[0-9+-]+|NaN|"
          + "-?Infinity)");

  /**
   * orc-core's file statistics of {@code file} without keys, less the bytes on disk, the
   * lengths of lists and maps, and the floating point and decimal sums.
   */
  static List<String> statistics(Path file) throws IOException {
    try (Reader reader = OrcFile.createReader(new org.apache.hadoop.fs.Path(file.toUri()),
        OrcFile.readerOptions(new Configuration()).setKeyProvider(new InMemoryKeystore()))) {
      return Arrays.stream(reader.getStatistics()).map(ColumnStatistics::toString)
          .map(s -> SUM.matcher(s.replaceAll(" ?bytesOnDisk: \\d+", "")
              // orc-core counts a list or map vector's capacity once per batch written
              .replaceAll(" minChildren: .*", ""))
              // floating point sums depend on how rows fall into row groups and stripes (the
              // masks' ±9.99999e307 cancel out or not), which the two writers decide apart
              .replaceAll(""))
          .collect(Collectors.toList());
    }
  }
}
