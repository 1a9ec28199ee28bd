package io.colfile.kudu;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.io.InputFile;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@link CFileStats} on the CFiles real Kudu 1.17.1 wrote: the blocks tile the ordinals, lie
 * inside the file in order, and a key column's index keys separate its blocks' values.
 */
class CFileStatsTest {
  @Test
  void theBlocksOfEveryCorpusFileTileItsValues() throws IOException {
    List<Path> files;
    try (Stream<Path> all = Files.walk(KuduSharedData.cfiles())) {
      files = all.filter(p -> p.toString().endsWith(".cfile")).sorted().toList();
    }
    assertThat(files).isNotEmpty();
    int withPositional = 0;
    for (Path f : files) {
      try (CFile c = CFile.open(InputFile.local(f))) {
        List<CFileStats.Block> blocks = CFileStats.blocks(c);
        long offset = -1;
        for (CFileStats.Block b : blocks) {
          assertThat(b.offset()).as("%s block %d", f, b.block()).isGreaterThan(offset);
          assertThat(b.offset() + b.size()).as("%s block %d", f, b.block())
              .isLessThanOrEqualTo(c.length());
          offset = b.offset();
        }
        if (c.positionalIndex() == null || c.numValues() == 0) {
          continue;
        }
        withPositional++;
        long next = 0;
        for (CFileStats.Block b : blocks) {
          assertThat(b.firstOrdinal()).as("%s block %d", f, b.block()).isEqualTo(next);
          assertThat(b.rows()).isPositive();
          next += b.rows();
        }
        assertThat(next).as(f.toString()).isEqualTo(c.numValues());
      }
    }
    assertThat(withPositional).isGreaterThan(10);
  }

  @Test
  void aStringKeyColumnsIndexKeysSeparateItsBlocks() throws IOException {
    Path f = KuduSharedData.cfiles().resolve("s_bigindex/rs0.col.k.cfile");
    List<byte[]> values = new ArrayList<>();
    try (CFileReader r = CFileReader.open(InputFile.local(f));
         BatchReader rows = r.read(ReadOptions.defaults())) {
      ColumnBatch b = rows.newBatch();
      while (rows.next(b)) {
        BytesVector v = (BytesVector) b.cols[0];
        for (int i = 0; i < b.size; i++) {
          values.add(v.get(i));
        }
      }
    }
    try (CFile c = CFile.open(InputFile.local(f))) {
      List<CFileStats.Block> blocks = CFileStats.blocks(c);
      assertThat(blocks.size()).isGreaterThan(100);
      for (CFileStats.Block b : blocks) {
        assertThat(b.indexKey()).isNotNull();
        byte[] key = b.indexKey().getBytes(StandardCharsets.UTF_8);
        int o = (int) b.firstOrdinal();
        assertThat(java.util.Arrays.compareUnsigned(key, values.get(o)))
            .as("block %d's key is at most its first value", b.block()).isLessThanOrEqualTo(0);
        if (o > 0) {
          assertThat(java.util.Arrays.compareUnsigned(key, values.get(o - 1)))
              .as("block %d's key is after the previous block's last", b.block()).isPositive();
        }
      }
    }
  }
}
