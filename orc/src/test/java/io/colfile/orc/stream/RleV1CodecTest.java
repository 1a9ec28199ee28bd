package io.colfile.orc.stream;

import java.util.Random;
import org.junit.jupiter.api.Nested;

/** RLE v1 (orc.md section 6.4), unsigned and signed, through the stream codec contract. */
class RleV1CodecTest {

  abstract static class RleV1 extends AbstractStreamCodecTest {
    private final boolean signed;

    RleV1(boolean signed) {
      this.signed = signed;
    }

    @Override
    Encoder encoder(OrcOutputStream out) {
      return IntegerCodecs.encoder(new RleV1Encoder(out, signed));
    }

    @Override
    Decoder decoder(OrcInputStream in) {
      return IntegerCodecs.decoder(new RleV1Decoder(in, signed));
    }

    @Override
    long min() {
      return signed ? Long.MIN_VALUE : 0;
    }

    @Override
    long max() {
      return Long.MAX_VALUE;
    }

    @Override
    long[] seededValues(Random random) {
      return IntSequences.mixed(random, random.nextInt(3000), signed);
    }
  }

  @Nested
  class Unsigned extends RleV1 {
    Unsigned() {
      super(false);
    }
  }

  @Nested
  class Signed extends RleV1 {
    Signed() {
      super(true);
    }
  }
}
