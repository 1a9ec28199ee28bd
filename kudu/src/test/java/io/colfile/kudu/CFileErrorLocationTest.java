package io.colfile.kudu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.encoding.Endian;
import io.colfile.core.encoding.Varints;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.vector.LongVector;
import io.colfile.kudu.meta.BlockPointer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A damaged value block names the data block and the exact file offset of the damage, also
 * where a nullable block's null header and bitmap come before the values (the decoder counts
 * from its values, the error from the file).
 */
class CFileErrorLocationTest {
  @TempDir Path dir;

  @Test
  void aBadValueCountPointsAtItsOwnBytes() throws Exception {
    for (boolean nullable : new boolean[] {false, true}) {
      Path p = dir.resolve(nullable + ".cfile");
      LongVector v = new LongVector(500);
      for (int i = 0; i < 500; i++) {
        v.vector[i] = i * 7L;
        if (nullable && i % 3 == 0) {
          v.setNull(i);
        }
      }
      try (CFileWriter w = CFileWriter.create(OutputFile.local(p), CFileWriterOptions
          .builder(KuduType.INT32).encoding(KuduEncoding.PLAIN).nullable(nullable).build())) {
        w.append(v, 0, 500);
      }
      BlockPointer first;
      try (CFile r = CFile.open(InputFile.local(p))) {
        var posidx = r.positionalIndex();
        assertThat(posidx.seekToFirst()).isTrue();
        first = posidx.pointer();
      }
      byte[] bytes = Files.readAllBytes(p);
      int values = (int) first.offset(); // where the PLAIN block starts: its value count
      if (nullable) { // after the null header (rows, bitmap length) and the bitmap
        long[] x = new long[1];
        values = Varints.readVarLong(bytes, values, bytes.length, x, 0, false);
        values = Varints.readVarLong(bytes, values, bytes.length, x, 0, false);
        values += (int) x[0];
      }
      Endian.putIntLE(bytes, values, 1_000_000);
      long damaged = values;
      String what = nullable ? "nullable" : "not nullable";
      // checksums off: the decoder is to meet the damage
      try (CFile r = CFile.open(InputFile.of(what, bytes), false)) {
        CFileCursor c = r.newCursor();
        assertThatThrownBy(() -> {
          c.seekToFirst();
          c.read(new LongVector(500), 0, 500);
        }).as(what).isInstanceOfSatisfying(CorruptFileException.class, e -> {
          assertThat(e.problem()).contains("PLAIN block says 1000000 values");
          assertThat(e.structure()).contains("data block");
          assertThat(e.fileOffset()).as(what).isEqualTo(damaged);
        });
      }
    }
  }
}
