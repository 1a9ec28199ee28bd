package io.colfile.kudu;

import static io.colfile.kudu.BlockReencoder.BITSHUFFLE;
import static io.colfile.kudu.BlockReencoder.DICT_CODEWORDS;
import static io.colfile.kudu.BlockReencoder.ENVELOPE;
import static io.colfile.kudu.BlockReencoder.HEADER_FIELDS;
import static io.colfile.kudu.BlockReencoder.KUDU_CODEC_BYTES;
import static io.colfile.kudu.BlockReencoder.RAW_DECISION;
import static io.colfile.kudu.BlockReencoder.ROUND_TRIP;
import static io.colfile.kudu.BlockReencoder.SHUFFLED;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * colfile's encoders rebuild the Kudu 1.17 corpus block for block: every data block of every
 * data CFile, ad-hoc index and DeltaFile is decoded and encoded again (with the same first
 * ordinal and exactly the block's values, {@link BlockReencoder}), and every index block is
 * rebuilt from the tree's leaf entries ({@link IndexTrees}). Each test below asserts one kind of
 * block; the tallies are printed once per run.
 */
class BlockReencodeGoldenTest {
  private static BlockReencoder census;
  /** The files whose data blocks were walked: all but the BloomFiles. */
  private static List<String> dataFiles;

  /** The corpus, re-encoded once per run (skipped, saying why, when the corpus is absent). */
  private static synchronized BlockReencoder census() throws IOException {
    Path root = KuduSharedData.cfiles();
    if (census == null) {
      Map<String, Map<String, String>> manifest = KuduSharedData.files();
      List<Path> files;
      try (Stream<Path> all = Files.walk(root)) {
        files = all.filter(p -> p.toString().endsWith(".cfile")).sorted().toList();
      }
      BlockReencoder c = new BlockReencoder();
      List<String> data = new java.util.ArrayList<>();
      for (Path f : files) {
        String name = root.relativize(f).toString();
        // A BloomFile's data blocks are raw filter bits: only its value index is rebuilt.
        boolean bloom = name.endsWith(".bloom.cfile");
        c.file(f, name, blockSize(manifest.get(name)), !bloom);
        if (!bloom) {
          data.add(name);
        }
      }
      dataFiles = data;
      StringBuilder s = new StringBuilder("Kudu corpus re-encoded, " + files.size() + " files:\n");
      c.tallies().values().forEach(t -> s.append("  ").append(t).append('\n'));
      System.out.print(s);
      census = c;
    }
    return census;
  }

  /** The data block size Kudu's writer used: the column's, or 256 KiB when it asked for 0. */
  private static int blockSize(Map<String, String> entry) {
    String requested = entry == null ? null : entry.get("requested_block_size");
    int size = requested == null ? 0 : Integer.parseInt(requested);
    return size > 0 ? size : CFileWriterOptions.DEFAULT_BLOCK_SIZE;
  }

  private static BlockReencoder.Tally tally(String kind) throws IOException {
    BlockReencoder.Tally t = census().tallies().get(kind);
    assertThat(t).as("the corpus has %s blocks", kind).isNotNull();
    assertThat(t.total).isPositive();
    return t;
  }

  private static void assertAllIdentical(String kind) throws IOException {
    BlockReencoder.Tally t = tally(kind);
    assertThat(t.identical).as("%s; the first that differ: %s", t, t.differences)
        .isEqualTo(t.total);
  }

  @Test
  void everyDataBlockOfEveryFileIsReencoded() throws IOException {
    Map<String, long[]> coverage = census().coverage();
    assertThat(coverage.keySet()).containsExactlyInAnyOrderElementsOf(dataFiles);
    coverage.forEach((file, c) ->
        assertThat(c[0]).as("%s: cells in the blocks walked vs num_values", file).isEqualTo(c[1]));
  }

  @Test
  void nullBitmapsAndNullHeadersAreKudus() throws IOException {
    assertAllIdentical(BlockReencoder.NULL_BITMAP);
    assertAllIdentical(BlockReencoder.NULL_HEADER);
  }

  @ParameterizedTest
  @ValueSource(strings = {BlockReencoder.RLE, BlockReencoder.PLAIN, BlockReencoder.PLAIN_BOOL,
      BlockReencoder.BINARY_PLAIN, BlockReencoder.PREFIX, BlockReencoder.DICT_PLAIN,
      BlockReencoder.DICT_DICTIONARY})
  void blocksAreKudusByteForByte(String kind) throws IOException {
    assertAllIdentical(kind);
  }

  /**
   * BIT_SHUFFLE blocks and DICT's codeword blocks, whose sub-blocks are LZ4 blocks: the header
   * fields but compressed_size, the bit-transposed bytes (the sub-blocks decompressed), and the
   * whole blocks, LZ4 bytes included.
   */
  @ParameterizedTest
  @ValueSource(strings = {BITSHUFFLE, DICT_CODEWORDS})
  void bitShuffleBlocksAreKudusByteForByte(String kind) throws IOException {
    assertAllIdentical(kind + HEADER_FIELDS);
    assertAllIdentical(kind + SHUFFLED);
    assertAllIdentical(kind);
  }

  @Test
  void indexBlocksAreKudus() throws IOException {
    assertAllIdentical(BlockReencoder.INDEX_LEAF);
    // s_bigindex's key column has two-level positional and value indexes
    assertAllIdentical(BlockReencoder.INDEX_INTERNAL);
  }

  /**
   * Compressed framing, codec bytes and the stored-raw choice with ZLIB (the JDK's zlib at level
   * 6), LZ4 (LZ4 1.9.3's own) and SNAPPY (Snappy 1.1.8's own): every block of each, compressed or
   * stored raw, is Kudu's. (The corpus's Snappy blocks are all under 64 KiB, one fragment each;
   * SnappyBlockCompressorTest and the interop tests cover longer inputs.)
   */
  @ParameterizedTest
  @ValueSource(strings = {"ZLIB", "LZ4", "SNAPPY"})
  void compressedBlocksAreKudusByteForByte(String codec) throws IOException {
    assertAllIdentical(ENVELOPE + codec + RAW_DECISION);
    assertAllIdentical(ENVELOPE + codec);
  }

  /**
   * colfile's blocks decode to the payload, and Kudu's own codec output, put through colfile's
   * framing, is kept compressed and framed exactly as Kudu framed it (Kudu's 10 % rule is
   * colfile's), for the codecs whose blocks are raw codec output.
   */
  @ParameterizedTest
  @ValueSource(strings = {"SNAPPY", "LZ4"})
  void compressedBlocksDecodeAndKeepKudusFraming(String codec) throws IOException {
    assertAllIdentical(ENVELOPE + codec + ROUND_TRIP);
    assertAllIdentical(ENVELOPE + codec + KUDU_CODEC_BYTES);
  }
}
