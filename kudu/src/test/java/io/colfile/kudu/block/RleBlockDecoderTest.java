package io.colfile.kudu.block;

import io.colfile.kudu.KuduEncoding;
import io.colfile.kudu.PhysicalType;
import java.util.Arrays;
import java.util.List;

/**
 * The {@link AbstractBlockDecoderTest} contract for {@link RleBlockDecoder}: RLE for BOOL and the
 * integers up to 64 bits (cfile.md section 6.3.1).
 */
class RleBlockDecoderTest extends AbstractBlockDecoderTest {
  @Override
  KuduEncoding encoding() {
    return KuduEncoding.RLE;
  }

  @Override
  List<PhysicalType> types() {
    return Arrays.stream(PhysicalType.values())
        .filter(t -> t == PhysicalType.BOOL || t.isInteger() && t != PhysicalType.INT128)
        .toList();
  }

  @Override
  Class<? extends BlockDecoder> decoderClass() {
    return RleBlockDecoder.class;
  }
}
