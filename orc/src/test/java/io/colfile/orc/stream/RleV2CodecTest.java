package io.colfile.orc.stream;

import java.util.Random;
import org.junit.jupiter.api.Nested;

/**
 * RLE v2 (orc.md section 6.5), unsigned and signed, with bit packing aligned to byte widths or
 * not, through the stream codec contract.
 */
class RleV2CodecTest {

  abstract static class RleV2 extends AbstractStreamCodecTest {
    private final boolean signed;
    private final boolean aligned;

    RleV2(boolean signed, boolean aligned) {
      this.signed = signed;
      this.aligned = aligned;
    }

    @Override
    Encoder encoder(OrcOutputStream out) {
      return IntegerCodecs.encoder(new RleV2Encoder(out, signed, aligned));
    }

    @Override
    Decoder decoder(OrcInputStream in) {
      return IntegerCodecs.decoder(new RleV2Decoder(in, signed));
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
      return IntSequences.mixed(random,
          random.nextInt(4) == 0 ? random.nextInt(20) : random.nextInt(6000), signed);
    }
  }

  @Nested
  class Unsigned extends RleV2 {
    Unsigned() {
      super(false, false);
    }
  }

  @Nested
  class Signed extends RleV2 {
    Signed() {
      super(true, false);
    }
  }

  @Nested
  class UnsignedAligned extends RleV2 {
    UnsignedAligned() {
      super(false, true);
    }
  }

  @Nested
  class SignedAligned extends RleV2 {
    SignedAligned() {
      super(true, true);
    }
  }
}
