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
 * {@link BlockStore} keeps chunks in memory up to its limit and sends only what exceeds it to
 * its temporary file (each byte written there once), and gives every chunk back as it was:
 * seeded random chunk sizes and limits (0, small, large).
 */
@ExtendWith(TestSeed.class)
class BlockStoreTest {
  @Test
  void onlyWhatExceedsTheLimitGoesToTheFile() throws IOException {
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
      long kept = 0; // what fits in memory, in the order added
      try (BlockStore store = new BlockStore(limit)) {
        int n = r.nextInt(200);
        for (int i = 0; i < n; i++) {
          byte[] b = new byte[r.nextInt(8) == 0 ? r.nextInt(70_000) : r.nextInt(2_000)];
          r.nextBytes(b);
          added.add(b.clone());
          chunks.add(store.add(b));
          total += b.length;
          if (kept + b.length <= limit) {
            kept += b.length;
          }
          assertThat(store.memoryBytes()).as(TestSeed.replay()).isEqualTo(kept)
              .isLessThanOrEqualTo(limit);
          assertThat(store.spilledBytes()).isEqualTo(total - kept);
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
