package io.colfile.kudu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.vector.LongVector;
import io.colfile.kudu.bloom.BloomFileWriter;
import io.colfile.kudu.delta.DeltaFileWriter;
import io.colfile.kudu.delta.DeltaKey;
import io.colfile.kudu.delta.DeltaType;
import io.colfile.kudu.delta.RowChangeList;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A writer whose append fails gives its file up: nothing is published at the target (not even
 * the rows before the bad one), nothing is left beside it, and it takes no more values; and
 * the writers of files whose indexes need ordered keys refuse keys out of order. A cursor that
 * was never positioned reads from the first row.
 */
class CFileWriterFailureTest {
  @TempDir Path dir;

  @Test
  void aFailedAppendPublishesNothing() throws Exception {
    Path p = dir.resolve("a.cfile");
    LongVector v = new LongVector(10);
    for (int i = 0; i < 10; i++) {
      v.vector[i] = i * 100;
    }
    try (CFileWriter w = CFileWriter.create(OutputFile.local(p),
        CFileWriterOptions.builder(KuduType.INT8).build())) {
      assertThatThrownBy(() -> w.append(v, 0, 10)).isInstanceOf(ValueRangeException.class)
          .hasMessage("row 2: 200 does not fit int8");
      assertThatThrownBy(() -> w.append(v, 0, 1)).isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("given up");
    }
    assertThat(p).doesNotExist();
    assertThat(leftovers()).isEmpty();

    v.setNull(5);
    try (CFileWriter w = CFileWriter.create(OutputFile.local(p),
        CFileWriterOptions.builder(KuduType.INT64).build())) {
      assertThatThrownBy(() -> w.append(v, 0, 10))
          .hasMessage("row 5 is NULL in a non-nullable column");
    }
    assertThat(p).doesNotExist();
    assertThat(leftovers()).isEmpty();
  }

  @Test
  void aValueIndexTakesSortedValuesOnly() throws Exception {
    Path p = dir.resolve("k.cfile");
    LongVector v = new LongVector(4);
    v.vector[0] = -5;
    v.vector[1] = 3;
    v.vector[2] = 3;
    v.vector[3] = 2;
    try (CFileWriter w = CFileWriter.create(OutputFile.local(p),
        CFileWriterOptions.builder(KuduType.INT64).valueIndex(true).build())) {
      assertThatThrownBy(() -> w.append(v, 0, 4)).hasMessageContaining("row 3")
          .hasMessageContaining("sorted");
    }
    assertThat(p).doesNotExist();
  }

  @Test
  void bloomKeysAndDeltasOutOfOrderGiveTheFileUp() throws Exception {
    Path bloom = dir.resolve("bloom.cfile");
    try (BloomFileWriter w = BloomFileWriter.create(OutputFile.local(bloom), true)) {
      w.add(new byte[] {5});
      assertThatThrownBy(() -> w.add(new byte[] {4})).hasMessageContaining("key order");
    }
    assertThat(bloom).doesNotExist();
    Path redo = dir.resolve("redo.cfile");
    try (DeltaFileWriter w = DeltaFileWriter.create(OutputFile.local(redo), DeltaType.REDO,
        true)) {
      w.append(new DeltaKey(3, 10), RowChangeList.delete());
      assertThatThrownBy(() -> w.append(new DeltaKey(2, 10), RowChangeList.delete()))
          .hasMessageContaining("out of order");
    }
    assertThat(redo).doesNotExist();
    assertThat(leftovers()).isEmpty();
  }

  @Test
  void bloomAndDeltaWritersCloseOnce() throws Exception {
    Path redo = dir.resolve("redo.cfile");
    DeltaFileWriter w = DeltaFileWriter.create(OutputFile.local(redo), DeltaType.REDO, true);
    w.append(new DeltaKey(3, 10), RowChangeList.delete());
    w.close();
    byte[] written = Files.readAllBytes(redo);
    w.close(); // Closeable: a second close has no effect
    assertThat(Files.readAllBytes(redo)).isEqualTo(written);
    Path bloom = dir.resolve("bloom.cfile");
    BloomFileWriter b = BloomFileWriter.create(OutputFile.local(bloom), true);
    b.add(new byte[] {5});
    b.close();
    written = Files.readAllBytes(bloom);
    b.close();
    assertThat(Files.readAllBytes(bloom)).isEqualTo(written);
    assertThat(leftovers()).containsExactlyInAnyOrder(redo, bloom); // no temporary files left
  }

  @Test
  void aCursorNeverPositionedReadsFromTheFirstRow() throws Exception {
    Path p = dir.resolve("c.cfile");
    LongVector v = new LongVector(3000);
    for (int i = 0; i < 3000; i++) {
      v.vector[i] = 7 * i;
    }
    try (CFileWriter w = CFileWriter.create(OutputFile.local(p),
        CFileWriterOptions.builder(KuduType.INT32).blockSize(512).build())) {
      w.append(v, 0, 3000);
    }
    try (CFile r = CFile.open(InputFile.local(p))) {
      CFileCursor c = r.newCursor();
      assertThat(c.ordinal()).isZero();
      assertThat(c.hasNext()).isTrue();
      LongVector out = new LongVector(3000);
      assertThat(c.read(out, 0, 3000)).isEqualTo(3000);
      assertThat(out.vector[2999]).isEqualTo(7 * 2999);
      assertThat(r.newCursor().read(out, 0, 5)).isEqualTo(5);
      assertThat(out.vector[4]).isEqualTo(28);
    }
  }

  @Test
  void aCompressedBlockOverSixteenMibNamesItsRows() throws Exception {
    Path p = dir.resolve("big.cfile");
    io.colfile.core.vector.BytesVector v = new io.colfile.core.vector.BytesVector(2);
    byte[] small = {1};
    byte[] big = new byte[17 << 20];
    v.setRef(0, small, 0, 1);
    v.setRef(1, big, 0, big.length);
    try (CFileWriter w = CFileWriter.create(OutputFile.local(p),
        CFileWriterOptions.builder(KuduType.BINARY).encoding(KuduEncoding.PLAIN)
            .compression(KuduCompression.LZ4).build())) {
      assertThatThrownBy(() -> {
        w.append(v, 0, 2);
        w.close();
      }).isInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith("rows 0 to 1: a block of").hasMessageContaining("16 MiB");
    }
    assertThat(p).doesNotExist();
  }

  private Stream<Path> leftovers() throws java.io.IOException {
    return Files.list(dir).toList().stream();
  }
}
