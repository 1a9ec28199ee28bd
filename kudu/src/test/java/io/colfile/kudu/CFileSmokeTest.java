package io.colfile.kudu;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.vector.LongVector;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CFileSmokeTest {
  @TempDir Path dir;

  @Test
  void plainInt64RoundTrip() throws Exception {
    Path p = dir.resolve("a.cfile");
    int n = 100_000;
    LongVector v = new LongVector(n);
    for (int i = 0; i < n; i++) {
      v.vector[i] = i * 3L - 7;
    }
    try (CFileWriter w = CFileWriter.create(OutputFile.local(p),
        CFileWriterOptions.builder(KuduType.INT64).encoding(KuduEncoding.PLAIN)
            .compression(KuduCompression.LZ4).blockSize(512).indexBlockSize(1024)
            .valueIndex(true).build())) {
      w.append(v, 0, 1000);
      w.append(v, 1000, n - 1000);
    }
    try (CFileReader r = CFileReader.open(InputFile.local(p))) {
      assertThat(r.numValues()).isEqualTo(n);
      System.out.println("posidx depth " + r.positionalIndex().depth()
          + " validx depth " + r.valueIndex().depth() + " size " + Files.size(p));
      CFileCursor c = r.newCursor();
      c.seekToFirst();
      LongVector out = new LongVector(777);
      long i = 0;
      int k;
      while ((k = c.read(out, 0, 777)) > 0) {
        for (int j = 0; j < k; j++, i++) {
          assertThat(out.vector[j]).isEqualTo(i * 3 - 7);
        }
      }
      assertThat(i).isEqualTo(n);
      assertThat(c.seekToOrdinal(54321)).isTrue();
      assertThat(c.read(out, 0, 1)).isEqualTo(1);
      assertThat(out.vector[0]).isEqualTo(54321L * 3 - 7);
      byte[] key = ValueKeys.cellKey(PhysicalType.INT64, cellOf(200L), 0);
      assertThat(c.seekAtOrAfter(key)).isTrue();
      assertThat(c.ordinal()).isEqualTo(69);
      key = ValueKeys.cellKey(PhysicalType.INT64, cellOf(201L), 0);
      assertThat(c.seekAtOrAfter(key)).isFalse();
      assertThat(c.ordinal()).isEqualTo(70);
    }
  }

  private static byte[] cellOf(long v) {
    byte[] b = new byte[8];
    io.colfile.kudu.block.Bytes.putLongLE(b, 0, v);
    return b;
  }
}
