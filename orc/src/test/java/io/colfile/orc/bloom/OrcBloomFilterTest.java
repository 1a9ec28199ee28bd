package io.colfile.orc.bloom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.colfile.orc.proto.IndexMessages;
import io.colfile.orc.proto.OrcProto;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

class OrcBloomFilterTest {
  @Test
  void sizingMatchesTheSpecExamples() {
    // orc.md section 10.1: row index stride 10000
    OrcBloomFilter p01 = new OrcBloomFilter(10_000, 0.01);
    assertThat(p01.numBits()).isEqualTo(95_872);
    assertThat(p01.numHashFunctions()).isEqualTo(7);
    assertThat(utf8(p01).getUtf8Bitset().size()).isEqualTo(11_984);
    OrcBloomFilter p05 = new OrcBloomFilter(10_000, 0.05);
    assertThat(p05.numBits()).isEqualTo(62_400);
    assertThat(p05.numHashFunctions()).isEqualTo(4);
    assertThat(utf8(p05).getUtf8Bitset().size()).isEqualTo(7_800);
  }

  @Test
  void fewEntriesStillGetOneWordAndNonPositiveCountsMeanOne() {
    for (long n : new long[] {0, -5, 1}) {
      OrcBloomFilter f = new OrcBloomFilter(n, 0.5);
      assertThat(f.numBits()).isEqualTo(64);
      assertThat(f.numHashFunctions()).isEqualTo(44); // round(64 ln 2)
    }
  }

  @Test
  void aMultipleOf64GetsAnother64Bits() {
    for (long n = 1; n < 100_000; n++) {
      int bits = (int) (-n * Math.log(0.01) / (Math.log(2) * Math.log(2)));
      if (bits % 64 == 0) {
        assertThat(new OrcBloomFilter(n, 0.01).numBits()).isEqualTo(bits + 64);
        return;
      }
    }
    throw new AssertionError("no n gave a multiple of 64");
  }

  @Test
  void badSizingArgumentsAreRefused() {
    for (double p : new double[] {0, 1, -0.1, 1.5, Double.NaN}) {
      assertThatThrownBy(() -> new OrcBloomFilter(100, p))
          .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("probability");
    }
    assertThatThrownBy(() -> new OrcBloomFilter(Long.MAX_VALUE, 0.01))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("bits");
    assertThatThrownBy(() -> new OrcBloomFilter(1L << 40, 0.01))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void hashesMatchKnownValues() {
    // values computed with orc-core 2.1.1 (Murmur3.hash64, BloomFilter.getLongHash)
    assertThat(murmur("")).isEqualTo(8404154273843829576L);
    assertThat(murmur("a")).isEqualTo(-2460741455279943289L);
    assertThat(murmur("hello world!!")).isEqualTo(4469233698690196019L);
    assertThat(murmur("0123456789abcdef")).isEqualTo(-5470619495707563648L);
    assertThat(murmur("héllo wörld ✓")).isEqualTo(-1540559341319788545L);
    assertThat(OrcHashes.longHash(0)).isEqualTo(0L);
    assertThat(OrcHashes.longHash(-1)).isEqualTo(6614246905173314819L);
    assertThat(OrcHashes.longHash(1)).isEqualTo(6614235796240398542L);
    assertThat(OrcHashes.longHash(18_000_000_000L)).isEqualTo(-1097054448615658549L);
    assertThat(OrcHashes.longHash(Long.MIN_VALUE)).isEqualTo(4316648529147585864L);
    assertThat(OrcHashes.longHash(Long.MAX_VALUE)).isEqualTo(-9102528624353286089L);
  }

  @Test
  void murmurHonoursOffsetAndLength() {
    byte[] padded = "xxhello world!!yy".getBytes(StandardCharsets.UTF_8);
    assertThat(OrcHashes.murmur3(padded, 2, 13)).isEqualTo(murmur("hello world!!"));
    assertThatThrownBy(() -> OrcHashes.murmur3(padded, 10, 10))
        .isInstanceOf(IndexOutOfBoundsException.class);
  }

  @Test
  void addedValuesAreAlwaysFoundAndOthersMostlyNot() {
    Random r = new Random(42);
    OrcBloomFilter f = new OrcBloomFilter(1000, 0.05);
    long[] longs = new long[1000];
    for (int i = 0; i < longs.length; i++) {
      longs[i] = r.nextLong();
      f.addLong(longs[i]);
    }
    f.addDouble(Double.NaN);
    f.addDouble(-0.0);
    byte[] text = "prefix-value-suffix".getBytes(StandardCharsets.UTF_8);
    f.addBytes(text, 7, 5);
    for (long v : longs) {
      assertThat(f.testLong(v)).isTrue();
    }
    assertThat(f.testDouble(Double.longBitsToDouble(0x7ff8000000000123L))).isTrue(); // any NaN
    assertThat(f.testDouble(-0.0)).isTrue();
    assertThat(f.testBytes("value".getBytes(StandardCharsets.UTF_8), 0, 5)).isTrue();
    int falsePositives = 0;
    for (int i = 0; i < 10_000; i++) {
      if (f.testLong(r.nextLong())) {
        falsePositives++;
      }
    }
    assertThat(falsePositives).isLessThan(1_000); // ~5% expected (a few values over 1000)
  }

  @Test
  void mergeOrsAndResetClears() {
    OrcBloomFilter a = new OrcBloomFilter(100, 0.05);
    OrcBloomFilter b = new OrcBloomFilter(100, 0.05);
    a.addLong(1);
    b.addLong(2);
    a.merge(b);
    assertThat(a.testLong(1)).isTrue();
    assertThat(a.testLong(2)).isTrue();
    a.reset();
    assertThat(a.testLong(1)).isFalse();
    assertThat(utf8(a).getUtf8Bitset()).isEqualTo(utf8(new OrcBloomFilter(100, 0.05))
        .getUtf8Bitset());
    assertThatThrownBy(() -> a.merge(new OrcBloomFilter(100, 0.01)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("m=");
  }

  @Test
  void protoRoundTripsInBothForms() throws IOException {
    OrcBloomFilter f = new OrcBloomFilter(500, 0.01);
    for (int i = 0; i < 500; i += 7) {
      f.addLong(i);
    }
    OrcProto.BloomFilter utf8 = utf8(f);
    assertThat(utf8.hasNumHashFunctions()).isTrue();
    assertThat(utf8.getBitsetCount()).isZero();
    OrcBloomFilter back = read(utf8);
    assertThat(back.numBits()).isEqualTo(f.numBits());
    assertThat(back.numHashFunctions()).isEqualTo(f.numHashFunctions());
    assertThat(utf8(back).toByteArray()).isEqualTo(utf8.toByteArray());

    // the legacy form: the same words as repeated fixed64
    byte[] bytes = utf8.getUtf8Bitset().toByteArray();
    OrcProto.BloomFilter.Builder legacy = OrcProto.BloomFilter.newBuilder()
        .setNumHashFunctions(f.numHashFunctions());
    for (int i = 0; i < bytes.length; i += 8) {
      long w = 0;
      for (int j = 7; j >= 0; j--) {
        w = (w << 8) | (bytes[i + j] & 0xff);
      }
      legacy.addBitset(w);
    }
    OrcBloomFilter fromLegacy = read(legacy.build());
    assertThat(utf8(fromLegacy).toByteArray()).isEqualTo(utf8.toByteArray());
    for (int i = 0; i < 500; i += 7) {
      assertThat(fromLegacy.testLong(i)).isTrue();
    }
  }

  @Test
  void hostileProtosAreRefusedClearly() {
    ByteString eight = ByteString.copyFrom(new byte[8]);
    assertRefused(OrcProto.BloomFilter.newBuilder().setUtf8Bitset(eight).build(), "no hash");
    assertRefused(OrcProto.BloomFilter.newBuilder().setNumHashFunctions(0).setUtf8Bitset(eight)
        .build(), "0 hash");
    assertRefused(OrcProto.BloomFilter.newBuilder().setNumHashFunctions(-1).setUtf8Bitset(eight)
        .build(), "4294967295 hash");
    assertRefused(OrcProto.BloomFilter.newBuilder().setNumHashFunctions(1_000_000)
        .setUtf8Bitset(eight).build(), "1000000 hash");
    assertRefused(OrcProto.BloomFilter.newBuilder().setNumHashFunctions(3)
        .setUtf8Bitset(ByteString.copyFrom(new byte[7])).build(), "7 bytes");
    assertRefused(OrcProto.BloomFilter.newBuilder().setNumHashFunctions(3)
        .setUtf8Bitset(ByteString.copyFrom(new byte[12])).build(), "12 bytes");
    assertRefused(OrcProto.BloomFilter.newBuilder().setNumHashFunctions(3)
        .setUtf8Bitset(ByteString.EMPTY).build(), "0 bytes");
    assertRefused(OrcProto.BloomFilter.newBuilder().setNumHashFunctions(3).build(), "neither");
  }

  @Test
  void moreWordsThanAnIntBitIndexReachesAreRefused() {
    // a message that large cannot be built in a test's heap; the check it would meet can
    OrcBloomFilter.checkWords(OrcBloomFilter.MAX_WORDS);
    assertThatThrownBy(() -> OrcBloomFilter.checkWords(OrcBloomFilter.MAX_WORDS + 1))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("words");
  }

  private static void assertRefused(OrcProto.BloomFilter proto, String message) {
    assertThatThrownBy(() -> read(proto))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(message);
  }

  /** The filter in the BLOOM_FILTER_UTF8 form, as the writer stores it. */
  private static OrcProto.BloomFilter utf8(OrcBloomFilter f) {
    try {
      return OrcProto.BloomFilter.parseFrom(IndexMessages.serializeBloomFilter(f));
    } catch (InvalidProtocolBufferException e) {
      throw new AssertionError(e);
    }
  }

  /** The filter a reader makes of a BloomFilter message. */
  private static OrcBloomFilter read(OrcProto.BloomFilter proto) throws IOException {
    return IndexMessages.parseBloomFilter(proto.toByteArray());
  }

  private static long murmur(String s) {
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    return OrcHashes.murmur3(b, 0, b.length);
  }
}
