package io.colfile.kudu;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.LongVector;
import io.colfile.kudu.index.IndexTreeReader;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A nullable column of NULLs only: the writer once had no block encoder when no value ever
 * arrived and failed in close(). Kudu writes such a column as one block whose inner block is an
 * empty block of the encoding (cfile.md section 5), and a DICT file keeps its dictionary block
 * (section 2.6, dict_block_ptr); interop-tests' KuduReadsColfileTest has Kudu read them.
 */
class CFileWriterNullsOnlyTest {
  @TempDir Path dir;

  @ParameterizedTest
  @EnumSource(value = KuduEncoding.class, names = {"PLAIN", "RLE", "BIT_SHUFFLE", "DICT",
      "PREFIX"})
  void aColumnOfNullsOnlyIsOneBlockOfNulls(KuduEncoding encoding) throws Exception {
    KuduType type = encoding == KuduEncoding.DICT || encoding == KuduEncoding.PREFIX
        ? KuduType.STRING : KuduType.INT32;
    Path p = dir.resolve(encoding + ".cfile");
    ColumnVector nulls = type == KuduType.STRING ? new BytesVector(300) : new LongVector(300);
    for (int i = 0; i < 300; i++) {
      nulls.setNull(i);
    }
    try (CFileWriter w = CFileWriter.create(OutputFile.local(p), CFileWriterOptions
        .builder(type).encoding(encoding).nullable(true).blockSize(512).build())) {
      w.append(nulls, 0, 120);
      w.append(nulls, 120, 180);
    }
    try (CFile r = CFile.open(InputFile.local(p))) {
      assertThat(r.numValues()).isEqualTo(300);
      assertThat(r.footer().dictionaryBlock() != null).isEqualTo(encoding == KuduEncoding.DICT);
      IndexTreeReader posidx = r.positionalIndex();
      assertThat(posidx.seekToFirst()).isTrue();
      assertThat(posidx.next()).as("a second block").isFalse();
      CFileCursor c = r.newCursor();
      c.seekToFirst();
      ColumnVector out = type == KuduType.STRING ? new BytesVector(400) : new LongVector(400);
      assertThat(c.read(out, 0, 400)).isEqualTo(300);
      for (int i = 0; i < 300; i++) {
        assertThat(out.isNull(i)).as("row %d", i).isTrue();
      }
    }
  }
}
