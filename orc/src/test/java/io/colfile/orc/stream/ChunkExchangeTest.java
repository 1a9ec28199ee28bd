package io.colfile.orc.stream;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What the parts of a stripe hand each other: a chunk shared is taken by its stream and offset
 * only; of each stream the last chunks shared are kept; an array goes back to the spares once the
 * last part that starts in its chunk is done, or else when the stripe is done with, and never one
 * a part may still read.
 */
class ChunkExchangeTest {
  private static final int BLOCK = 64;

  private static ChunkExchange.Chunk chunk(ChunkExchange x, int fill) {
    byte[] b = x.array(BLOCK);
    java.util.Arrays.fill(b, (byte) fill);
    return new ChunkExchange.Chunk(b, BLOCK);
  }

  @Test
  void chunksAreTakenByStreamAndOffset() {
    ChunkExchange.Counts counts = new ChunkExchange.Counts();
    ChunkExchange x = new ChunkExchange(3, Map.of("a", new long[] {300, 100}), counts,
        new ChunkExchange.Spares(BLOCK));
    assertThat(x.startsPart("a", 100)).isTrue();
    assertThat(x.startsPart("a", 300)).isTrue();
    assertThat(x.startsPart("a", 200)).isFalse();
    assertThat(x.startsPart("b", 100)).isFalse();
    ChunkExchange.Chunk c = chunk(x, 1);
    assertThat(x.take("a", 100)).isNull();
    x.share("a", 100, c, false);
    assertThat(x.take("a", 100)).isSameAs(c);
    assertThat(x.take("b", 100)).isNull();
    assertThat(x.take("a", 103)).isNull();
    // a second part that decompressed the same chunk meanwhile: the first one stays
    x.share("a", 100, chunk(x, 2), false);
    assertThat(x.take("a", 100)).isSameAs(c);
    assertThat(counts.shared()).isEqualTo(1);
    assertThat(counts.wasted()).isEqualTo(1);
    assertThat(counts.taken()).isEqualTo(2);
  }

  @Test
  void theLastChunksOfEachStreamAreKeptAndDictionariesAlways() {
    ChunkExchange x = new ChunkExchange(2, Map.of(), new ChunkExchange.Counts(),
        new ChunkExchange.Spares(BLOCK));
    x.share("dict", 0, chunk(x, 9), true);
    for (int i = 0; i < 5; i++) {
      x.share("a", i * 1000L, chunk(x, i), false);
      x.share("b", i * 1000L, chunk(x, i), false);
    }
    for (String s : new String[] {"a", "b"}) {
      assertThat(x.take(s, 0)).isNull();
      assertThat(x.take(s, 2000)).isNull();
      assertThat(x.take(s, 3000)).isNotNull();
      assertThat(x.take(s, 4000)).isNotNull();
    }
    assertThat(x.take("dict", 0)).isNotNull();
    x.clear();
    assertThat(x.take("a", 4000)).isNull();
    assertThat(x.take("dict", 0)).isNull();
  }

  @Test
  void arraysGoBackToTheSparesOnlyWhenTheStripeIsDoneWith() {
    ChunkExchange.Spares spares = new ChunkExchange.Spares(BLOCK);
    ChunkExchange x = new ChunkExchange(1, Map.of(), new ChunkExchange.Counts(), spares);
    ChunkExchange.Chunk first = chunk(x, 1);
    x.share("a", 0, first, false);
    ChunkExchange.Chunk second = chunk(x, 2);
    x.share("a", 1000, second, false); // drops the first: a part may still read it
    ChunkExchange.Chunk odd = new ChunkExchange.Chunk(new byte[10], 10);
    x.share("b", 0, odd, false);
    // nothing is free before the stripe is done with
    byte[] fresh = spares.take(BLOCK);
    assertThat(fresh).isNotSameAs(first.bytes()).isNotSameAs(second.bytes());
    x.clear();
    byte[] again = spares.take(BLOCK);
    assertThat(again).isSameAs(second.bytes());
    byte[] next = spares.take(BLOCK);
    assertThat(next).isNotSameAs(first.bytes()).isNotSameAs(second.bytes());
    // arrays of another size are not kept
    assertThat(spares.take(10)).isNotSameAs(odd.bytes());
    // an array given back unshared is taken again
    x.giveBack(next);
    assertThat(spares.take(BLOCK)).isSameAs(next);
  }

  @Test
  void anArrayGoesBackOnceTheLastPartStartingInItsChunkIsDone() {
    ChunkExchange.Spares spares = new ChunkExchange.Spares(BLOCK);
    ChunkExchange.Counts counts = new ChunkExchange.Counts();
    // parts 1 and 2 start in the chunk at 100, part 3 in the one at 300
    ChunkExchange x = new ChunkExchange(1, Map.of("a", new long[] {100, 100, 300}), counts,
        spares);
    ChunkExchange.Chunk first = chunk(x, 1);
    x.share("a", 100, first, false);
    ChunkExchange.Chunk second = chunk(x, 2);
    x.share("a", 300, second, false); // drops the first from the exchange: part 2 may read it
    x.partsDone(1);
    assertThat(counts.givenBack()).isZero();
    assertThat(spares.take(BLOCK)).isNotSameAs(first.bytes()).isNotSameAs(second.bytes());
    x.partsDone(2);
    assertThat(counts.givenBack()).isEqualTo(1);
    assertThat(x.take("a", 300)).isSameAs(second);
    assertThat(spares.take(BLOCK)).isSameAs(first.bytes());
    x.partsDone(3);
    assertThat(x.take("a", 300)).isNull();
    assertThat(spares.take(BLOCK)).isSameAs(second.bytes());
    assertThat(counts.givenBack()).isEqualTo(2);
    x.clear(); // given back once only
    assertThat(spares.take(BLOCK)).isNotSameAs(first.bytes()).isNotSameAs(second.bytes());
  }

  @Test
  void aStreamWhosePartsStartOutOfOrderKeepsItsArraysUntilTheStripeIsDone() {
    ChunkExchange.Spares spares = new ChunkExchange.Spares(BLOCK);
    ChunkExchange.Counts counts = new ChunkExchange.Counts();
    // "a": part 2 starts before part 1 (a damaged index); "b": no position for part 1
    ChunkExchange x = new ChunkExchange(1, Map.of("a", new long[] {300, 100},
        "b", new long[] {-1, 100}), counts, spares);
    assertThat(x.startsPart("b", 100)).isTrue();
    ChunkExchange.Chunk a = chunk(x, 1);
    x.share("a", 100, a, false);
    ChunkExchange.Chunk b = chunk(x, 2);
    x.share("b", 100, b, false);
    ChunkExchange.Chunk dropping = chunk(x, 3);
    x.share("a", 300, dropping, false); // drops a: to the collector
    x.partsDone(5);
    assertThat(counts.givenBack()).isZero();
    assertThat(x.take("b", 100)).isSameAs(b);
    x.clear();
    java.util.Set<byte[]> back = java.util.Collections.newSetFromMap(
        new java.util.IdentityHashMap<>());
    back.add(spares.take(BLOCK));
    back.add(spares.take(BLOCK));
    assertThat(back).contains(b.bytes(), dropping.bytes());
    assertThat(spares.take(BLOCK)).isNotSameAs(a.bytes());
  }

  @Test
  void dictionariesStayUntilTheStripeIsDone() {
    ChunkExchange.Spares spares = new ChunkExchange.Spares(BLOCK);
    ChunkExchange x = new ChunkExchange(1, Map.of("dict", new long[] {0, 0}),
        new ChunkExchange.Counts(), spares);
    ChunkExchange.Chunk d = chunk(x, 7);
    x.share("dict", 0, d, true);
    x.partsDone(10);
    assertThat(x.take("dict", 0)).isSameAs(d);
    x.clear();
    assertThat(spares.take(BLOCK)).isSameAs(d.bytes());
  }
}
