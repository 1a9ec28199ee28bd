package io.colfile.trevni;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.testkit.TestSeed;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@link BlockStore} keeps its pages of chunks in memory up to its limit (plus the page being
 * filled) and sends only full pages beyond it to its temporary file (each byte written there
 * once), and gives every chunk back as it was, whether copied in or written in place: seeded
 * random chunk sizes (some larger than a page) and limits (0, small, large).
 */
@ExtendWith(TestSeed.class)
class BlockStoreTest {
  @Test
  void onlyWhatExceedsTheLimitGoesToTheFile() throws IOException {
    int big = BlockStore.PAGE + 1000;
    for (int round = 0; round < 40; round++) {
      Random r = TestSeed.random("blockStore", round);
      long limit = switch (round % 4) {
        case 0 -> 0;
        case 1 -> r.nextInt(100);
        case 2 -> r.nextInt(50_000);
        default -> Long.MAX_VALUE;
      };
      List<byte[]> added = new ArrayList<>();
      List<BlockStore.Chunk> chunks = new ArrayList<>();
      long total = 0;
      try (BlockStore store = new BlockStore(limit)) {
        int n = r.nextInt(200);
        for (int i = 0; i < n; i++) {
          int size = r.nextInt(8) == 0 ? r.nextInt(70_000)
              : r.nextInt(50) == 0 ? big : r.nextInt(2_000);
          byte[] b = new byte[size];
          r.nextBytes(b);
          added.add(b.clone());
          if (r.nextBoolean()) {
            chunks.add(store.add(b, 0, b.length));
          } else { // written in place, as a compressor does, into room to spare
            byte[] page = store.reserve(b.length + r.nextInt(100));
            System.arraycopy(b, 0, page, store.position(), b.length);
            chunks.add(store.commit(b.length));
          }
          total += b.length;
          assertThat(store.memoryBytes() + store.spilledBytes()).as(TestSeed.replay())
              .isEqualTo(total);
          if (limit == Long.MAX_VALUE) {
            assertThat(store.spilledBytes()).isZero();
          } else { // beyond the limit: only the page being filled (at most big + 99 bytes)
            assertThat(store.memoryBytes()).as(TestSeed.replay())
                .isLessThanOrEqualTo(limit + big + 99);
          }
        }
        // given back in any order
        for (int i = chunks.size() - 1; i >= 0; i--) {
          ByteArrayOutputStream out = new ByteArrayOutputStream();
          store.writeTo(chunks.get(i), out);
          assertThat(out.toByteArray()).as(TestSeed.replay() + ": chunk " + i)
              .isEqualTo(added.get(i));
          assertThat(chunks.get(i).length()).isEqualTo(added.get(i).length);
        }
      }
    }
  }
}
