package io.colfile.kudu.block;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.error.MalformedInputException;
import io.colfile.core.vector.BytesVector;
import io.colfile.kudu.KuduEncoding;
import io.colfile.kudu.PhysicalType;
import io.colfile.testkit.Hex;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Every (encoding, physical type) pair through {@link BlockCodecs}, run for each decoder by
 * {@link AbstractBlockDecoderTest}: values with edges on purpose, counts on the boundaries (0, 1,
 * 7, 8, 9, 511 to 513, exactly full blocks, random), several block sizes and varied batch sizes;
 * then each block read forward in varied chunks, and again after seeks to random positions,
 * forward and backward. Here: which pairs there are, and the decoders' answers to caller bugs.
 */
class BlockRoundTripTest {
  static void check(KuduEncoding encoding, PhysicalType type, BlockCases.Values v,
      int blockSize, Random r, String what) throws MalformedInputException {
    BlockCases.Encoded e = BlockCases.encode(encoding, v, blockSize, r, what);
    BinaryDictionary dict = e.dictionary() == null ? null
        : BinaryDictionary.decode(e.dictionary(), 0, e.dictionary().length);
    int total = 0;
    for (int b = 0; b < e.blocks().size(); b++) {
      byte[] block = e.blocks().get(b);
      int first = e.firstRows().get(b);
      // Decode from inside a larger array, as a CFile reader hands blocks over.
      byte[] buf = new byte[block.length + 7];
      System.arraycopy(block, 0, buf, 5, block.length);
      BlockDecoder dec = BlockCodecs.decoder(encoding, type, buf, 5, block.length, dict);
      String w = what + " block " + b;
      assertThat(dec.firstOrdinal()).as(w).isEqualTo(first);
      int count = dec.count();
      assertThat(first + count).as(w).isLessThanOrEqualTo(v.count());
      if (b + 1 < e.blocks().size()) {
        assertThat(count).as("only the last block may be empty, %s", w).isPositive();
      }
      for (int at = 0; at < count; ) {
        int k = 1 + r.nextInt(Math.min(count - at, r.nextBoolean() ? 9 : 700));
        expectNext(dec, v, first, at, k, w);
        at += k;
      }
      assertThat(dec.position()).as(w).isEqualTo(count);
      for (int s = 0; s < 12; s++) {
        int at = r.nextInt(count + 1);
        dec.seek(at);
        assertThat(dec.position()).as(w).isEqualTo(at);
        int k = r.nextInt(Math.min(count - at, 300) + 1);
        expectNext(dec, v, first, at, k, w);
      }
      dec.seek(count);
      assertThat(dec.position()).as(w).isEqualTo(count);
      total += count;
    }
    assertThat(total).as(what).isEqualTo(v.count());
  }

  /** Reads {@code k} values at {@code at} and compares them with rows {@code first + at...}. */
  private static void expectNext(BlockDecoder dec, BlockCases.Values v, int first, int at, int k,
      String what) throws MalformedInputException {
    if (v.type() == PhysicalType.BINARY) {
      BytesVector out = new BytesVector(Math.max(1, k));
      dec.readBinary(out, 0, k);
      out.validate(k);
      for (int i = 0; i < k; i++) {
        assertThat(out.get(i)).as("value %d, %s", first + at + i, what)
            .isEqualTo(v.strings().get(first + at + i));
      }
      return;
    }
    int w = v.width();
    byte[] out = new byte[k * w + 2];
    dec.readCells(out, 1, k);
    byte[] expected = Arrays.copyOfRange(v.cells(), (first + at) * w, (first + at + k) * w);
    if (!Arrays.equals(out, 1, 1 + k * w, expected, 0, k * w)) {
      int i = Arrays.mismatch(Arrays.copyOfRange(out, 1, 1 + k * w), expected) / w;
      assertThat(Hex.of(Arrays.copyOfRange(out, 1 + i * w, 1 + (i + 1) * w)))
          .as("value %d, %s", first + at + i, what)
          .isEqualTo(Hex.of(Arrays.copyOfRange(expected, i * w, (i + 1) * w)));
    }
    assertThat(out[0]).as("byte before, %s", what).isZero();
    assertThat(out[out.length - 1]).as("byte after, %s", what).isZero();
  }

  @Test
  void pairsAreKudus() {
    // PLAIN for all 13 physical types, RLE for BOOL and 8 integer types, BIT_SHUFFLE for
    // the 11 fixed-width types but BOOL, DICT and PREFIX for BINARY.
    assertThat(BlockCases.pairs().count()).isEqualTo(13 + 9 + 11 + 2);
    assertThat(BlockCodecs.supports(KuduEncoding.RLE, PhysicalType.INT128)).isFalse();
    assertThat(BlockCodecs.supports(KuduEncoding.BIT_SHUFFLE, PhysicalType.BOOL)).isFalse();
    assertThat(BlockCodecs.supports(KuduEncoding.GROUP_VARINT, PhysicalType.UINT32)).isFalse();
    assertThatThrownBy(() -> BlockCodecs.encoder(KuduEncoding.PREFIX, PhysicalType.INT32, 100))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> BlockCodecs.decoder(KuduEncoding.DICT, PhysicalType.BINARY,
        new byte[4], 0, 4)).isInstanceOf(IllegalArgumentException.class);
    assertThat(BlockCodecs.encoder(KuduEncoding.DICT, PhysicalType.BINARY, 100))
        .isInstanceOf(DictBlockEncoder.class);
  }

  @Test
  void readsBeyondTheCountAreCallerBugs() throws MalformedInputException {
    byte[] block = BlockCodecs.encoder(KuduEncoding.RLE, PhysicalType.INT32, 100).finish(0);
    BlockDecoder dec = BlockCodecs.decoder(KuduEncoding.RLE, PhysicalType.INT32, block, 0,
        block.length);
    assertThatThrownBy(() -> dec.readCells(new byte[4], 0, 1))
        .isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> dec.seek(1)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> dec.readBinary(new BytesVector(1), 0, 0))
        .isInstanceOf(IllegalStateException.class);
  }
}
