package io.colfile.kudu.block;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Every (encoding, physical type) pair Kudu allows has a decoder contract test. */
class BlockDecoderContractCoverageTest {
  @Test
  void everyPairHasAContractTest() {
    List<AbstractBlockDecoderTest> contracts = List.of(new PlainBlockDecoderTest(),
        new BitmapBlockDecoderTest(), new BinaryPlainBlockDecoderTest(),
        new RleBlockDecoderTest(), new BitShuffleBlockDecoderTest(), new DictBlockDecoderTest(),
        new PrefixBlockDecoderTest());
    List<String> pairs = BlockCases.pairs().map(a -> a.get()[0] + " " + a.get()[1]).toList();
    assertThat(AbstractBlockDecoderTest.pairs(contracts)).doesNotHaveDuplicates()
        .containsExactlyInAnyOrderElementsOf(pairs);
  }
}
