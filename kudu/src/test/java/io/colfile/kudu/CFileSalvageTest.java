package io.colfile.kudu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.read.SalvageReport;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.LongVector;
import io.colfile.kudu.meta.BlockPointer;
import io.colfile.testkit.Rows;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link CFileSalvage} on CFiles of many small data blocks (with checksums), one data block
 * damaged or zeroed: it keeps exactly the values of the blocks before it (the positional index's
 * first ordinals of the original), they are the original's first values, and the output has the
 * input's type, encoding, compression and checksums. A CFile cut short has lost its footer and
 * is refused.
 */
@ExtendWith(TestSeed.class)
class CFileSalvageTest {
  static final int VALUES = 20_000;

  @TempDir Path dir;

  /** An INT64 (value i, every 7th NULL) or STRING ("value-" + i * 7919 % 10007) column. */
  static byte[] write(Path p, KuduType type, KuduEncoding encoding, KuduCompression compression)
      throws IOException {
    CFileWriterOptions o = CFileWriterOptions.builder(type).nullable(type == KuduType.INT64)
        .encoding(encoding).compression(compression).blockSize(2048).build();
    try (CFileWriter w = CFileWriter.create(OutputFile.local(p), o)) {
      if (type == KuduType.INT64) {
        LongVector v = new LongVector(VALUES);
        for (int i = 0; i < VALUES; i++) {
          v.vector[i] = i;
          if (i % 7 == 0) {
            v.setNull(i);
          }
        }
        w.append(v, 0, VALUES);
      } else {
        BytesVector v = new BytesVector(VALUES);
        for (int i = 0; i < VALUES; i++) {
          byte[] s = ("value-" + (i * 7919L % 10007)).getBytes(StandardCharsets.UTF_8);
          v.setRef(i, s, 0, s.length);
        }
        w.append(v, 0, VALUES);
      }
    }
    return Files.readAllBytes(p);
  }

  static List<Object> values(byte[] file) throws IOException {
    try (CFileReader r = CFileReader.open(InputFile.of("f.cfile", file));
         BatchReader rows = r.read(ReadOptions.defaults())) {
      return Rows.readAll(rows);
    }
  }

  private SalvageReport salvage(byte[] damaged, Path out) throws IOException {
    Files.deleteIfExists(out);
    return CFileSalvage.salvage(InputFile.of("damaged.cfile", damaged), OutputFile.local(out));
  }

  @Test
  void aDamagedOrZeroedDataBlockEndsTheValuesKept() throws IOException {
    Object[][] kinds = {
        {KuduType.INT64, KuduEncoding.BIT_SHUFFLE, KuduCompression.NONE},
        {KuduType.INT64, KuduEncoding.PLAIN, KuduCompression.LZ4},
        {KuduType.STRING, KuduEncoding.PREFIX, KuduCompression.NONE},
        {KuduType.STRING, KuduEncoding.PLAIN, KuduCompression.SNAPPY}};
    Random random = TestSeed.random("aDamagedOrZeroedDataBlockEndsTheValuesKept", 0);
    Path out = dir.resolve("out.cfile");
    for (Object[] k : kinds) {
      KuduType type = (KuduType) k[0];
      KuduEncoding encoding = (KuduEncoding) k[1];
      KuduCompression compression = (KuduCompression) k[2];
      byte[] original = write(dir.resolve("in.cfile"), type, encoding, compression);
      List<Object> all = values(original);
      CFileLayout layout = CFileLayout.of("in.cfile", original);
      assertThat(layout.dataBlocks().size()).as("data blocks").isGreaterThan(5);
      for (int i = 0; i < 6; i++) {
        int b = random.nextInt(layout.dataBlocks().size());
        BlockPointer p = layout.dataBlocks().get(b);
        byte[] file = original.clone();
        boolean zero = random.nextBoolean();
        if (zero) {
          Arrays.fill(file, (int) p.offset(), (int) (p.offset() + p.size()), (byte) 0);
        } else {
          file[(int) (p.offset() + random.nextInt(p.size()))] ^= (byte) (1 + random.nextInt(255));
        }
        long expected = layout.posidxKeys().get(b);
        String what = type + " " + encoding + " " + compression + (zero ? " zeroed" : " flipped")
            + " data block " + b + " of " + layout.dataBlocks().size() + ", " + TestSeed.replay();
        SalvageReport report = salvage(file, out);
        byte[] copy = Files.readAllBytes(out);
        assertThat(report.rowsKept()).as(what + ": " + report.summary()).isEqualTo(expected);
        assertThat(values(copy)).as(what).isEqualTo(all.subList(0, (int) expected));
        assertThat(report.losses()).as(what).hasSize(1);
        assertThat(report.losses().get(0).firstRow()).as(what).isEqualTo(expected);
        try (CFile c = CFile.open(InputFile.of("out.cfile", copy))) {
          assertThat(c.footer().encoding()).as(what).isEqualTo(encoding);
          assertThat(c.footer().compression()).as(what).isEqualTo(compression);
          assertThat(c.footer().hasChecksums()).as(what).isTrue();
          assertThat(c.footer().nullable()).as(what).isEqualTo(type == KuduType.INT64);
          assertThat(c.numValues()).as(what).isEqualTo(expected);
        }
      }
    }
  }

  @Test
  void anIntactFileIsCopiedWhole() throws IOException {
    byte[] original = write(dir.resolve("in.cfile"), KuduType.STRING, KuduEncoding.DICT,
        KuduCompression.ZLIB);
    Path out = dir.resolve("out.cfile");
    SalvageReport report = salvage(original, out);
    assertThat(report.complete()).isTrue();
    assertThat(report.summary()).isEqualTo("kept 20000 of 20000 rows (all values)");
    assertThat(values(Files.readAllBytes(out))).isEqualTo(values(original));
  }

  @Test
  void aFileCutShortHasNoFooterAndIsRefused() throws IOException {
    byte[] original = write(dir.resolve("in.cfile"), KuduType.INT64, KuduEncoding.PLAIN,
        KuduCompression.NONE);
    Random random = TestSeed.random("aFileCutShortHasNoFooterAndIsRefused", 0);
    Path out = dir.resolve("out.cfile");
    for (int i = 0; i < 5; i++) {
      int cut = random.nextInt(original.length);
      assertThatThrownBy(() -> salvage(Arrays.copyOf(original, cut), out))
          .as("cut at " + cut + ", " + TestSeed.replay())
          .isInstanceOf(CorruptFileException.class);
      assertThat(out).doesNotExist();
    }
  }
}
