package io.colfile.trevni;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.io.InputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.testkit.Rows;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code seekToRow} on random files equals reading from the start and dropping rows: files of
 * Avro records (every type, nested structs, lists of lists, maps, unions, NULLs) and column-API
 * files (arrays, children of arrays, nested arrays, booleans in arrays, length runs), every
 * codec in turn (null, deflate, snappy, bzip2), blocks small enough that every column has many.
 */
@ExtendWith(TestSeed.class)
class TrevniSeekTest {
  private static final boolean EXHAUSTIVE = TestSeed.exhaustive();

  @TempDir Path dir;

  @Test
  void seekingInColumnFilesEqualsDroppingRows() throws IOException {
    for (int round = 0; round < (EXHAUSTIVE ? 200 : 12); round++) {
      Random r = TestSeed.random("seekColumns", round);
      byte[] file = RandomColumnFiles.write(r, 1 + r.nextInt(1500), options(r, round), dir);
      check(r, file);
    }
  }

  @Test
  void seekingInRecordFilesEqualsDroppingRows() throws IOException {
    for (int round = 0; round < (EXHAUSTIVE ? 100 : 8); round++) {
      Random r = TestSeed.random("seekRecords", round);
      Type schema = RandomRecordFiles.schema(r, 6);
      byte[] file = RandomRecordFiles.write(r, schema, 1 + r.nextInt(1500), options(r, round),
          dir);
      check(r, file);
    }
  }

  /** Random options with codec {@code round % 4}: every codec in turn, BZIP2 included. */
  private static TrevniWriterOptions options(Random r, int round) {
    TrevniCodec[] codecs = TrevniCodec.values();
    return RandomColumnFiles.options(r).toBuilder().codec(codecs[round % codecs.length]).build();
  }

  @Test
  void everyCodecIsSought() {
    assertThat(TrevniCodec.values()).containsExactlyInAnyOrder(TrevniCodec.NULL,
        TrevniCodec.DEFLATE, TrevniCodec.SNAPPY, TrevniCodec.BZIP2);
    // both tests run at least 8 rounds, so options(r, round) gives each codec twice
    java.util.Set<TrevniCodec> seen = java.util.EnumSet.noneOf(TrevniCodec.class);
    for (int round = 0; round < 8; round++) {
      seen.add(options(new Random(round), round).codec().orElseThrow());
    }
    assertThat(seen).containsExactlyInAnyOrder(TrevniCodec.values());
  }

  private static void check(Random r, byte[] file) throws IOException {
    try (TrevniReader reader = TrevniReader.open(InputFile.of("seek.trv", file))) {
      List<Object> all = Rows.readAll(reader.read(ReadOptions.defaults()));
      int n = all.size();
      for (int i = 0; i < 6; i++) {
        ReadOptions options = ReadOptions.defaults().withBatchSize(1 + r.nextInt(200));
        try (BatchReader rows = reader.read(options)) {
          if (r.nextBoolean()) {
            ColumnBatch b = rows.newBatch();
            rows.next(b); // the seek then goes back or on from a position within the file
          }
          for (int k = 0; k < 3; k++) {
            int target = k == 0 && i == 0 ? n : r.nextInt(n + 1);
            rows.seekToRow(target);
            int take = r.nextInt(3) == 0 ? n : r.nextInt(50);
            List<Object> got = take(rows, take);
            assertThat(got).as("%s: rows from %d of %d, %s", TestSeed.replay(), target, n,
                reader.schema()).isEqualTo(all.subList(target, Math.min(n, target + take)));
          }
        }
      }
    }
  }

  /** Up to {@code limit} rows (at least that many if there are), validated. */
  private static List<Object> take(BatchReader rows, int limit) throws IOException {
    List<Object> out = new java.util.ArrayList<>();
    ColumnBatch b = rows.newBatch();
    while (out.size() < limit && rows.next(b)) {
      b.validate();
      for (int i = 0; i < b.size && out.size() < limit; i++) {
        out.add(Rows.row(b, i));
      }
    }
    return out;
  }

  @Test
  void seekRowOfAChildColumnFollowsItsParentsLengths() throws IOException {
    // p (null array) -> p#q (int array) -> p#q#v (string, one per element of p#q)
    List<ColumnSpec> cols = List.of(ColumnSpec.of("p", ValueType.NULL).asArray(),
        ColumnSpec.of("p#q", ValueType.INT).asArray().withParent("p"),
        ColumnSpec.of("p#q#v", ValueType.STRING).withParent("p#q"));
    int rows = 3000;
    byte[] file = TrevniFiles.write(dir, cols, TrevniWriterOptions.builder().blockSize(97)
        .build(), w -> {
          for (int row = 0; row < rows; row++) {
            w.startRow();
            int outer = row % 4;
            w.writeLength(0, outer);
            int inner = 0;
            for (int e = 0; e < outer; e++) {
              w.writeNull(0);
            }
            for (int e = 0; e < outer; e++) {
              int len = (row + e) % 3;
              w.writeLength(1, len);
              for (int k = 0; k < len; k++) {
                w.writeInt(1, row);
              }
              inner += len;
            }
            for (int k = 0; k < inner; k++) {
              w.writeString(2, "r" + row + "." + k);
            }
            w.endRow();
          }
        });
    try (TrevniFile r = TrevniFiles.open(file)) {
      assertThat(r.blocks(2).size()).isGreaterThan(20);
      ColumnCursor v = r.cursor(2);
      ColumnCursor q = r.cursor(1);
      for (int target : new int[] {2999, 5, 1000, 999, 0, 2500, 1234}) {
        v.seekRow(target);
        q.seekRow(target);
        assertThat(v.row()).isEqualTo(target);
        q.startRow();
        v.startRow();
        int outer = target % 4;
        int k = 0;
        for (int e = 0; e < outer; e++) {
          int len = q.nextLength();
          assertThat(len).isEqualTo((target + e) % 3);
          for (int j = 0; j < len; j++) {
            assertThat(q.nextInt()).isEqualTo(target);
            assertThat(v.nextString()).isEqualTo("r" + target + "." + k++);
          }
        }
      }
      v.seekRow(rows);
      assertThat(v.hasNextRow()).isFalse();
      assertThatThrownBy(() -> v.seekRow(rows + 1)).isInstanceOf(IllegalArgumentException.class);
    }
  }
}
