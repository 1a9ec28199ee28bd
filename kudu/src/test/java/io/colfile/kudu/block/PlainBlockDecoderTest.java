package io.colfile.kudu.block;

import io.colfile.kudu.KuduEncoding;
import io.colfile.kudu.PhysicalType;
import java.util.Arrays;
import java.util.List;

/**
 * The {@link AbstractBlockDecoderTest} contract for {@link PlainBlockDecoder}: PLAIN for the
 * fixed-width types but BOOL (cfile.md section 6.1).
 */
class PlainBlockDecoderTest extends AbstractBlockDecoderTest {
  @Override
  KuduEncoding encoding() {
    return KuduEncoding.PLAIN;
  }

  @Override
  List<PhysicalType> types() {
    return Arrays.stream(PhysicalType.values())
        .filter(t -> t.isFixedWidth() && t != PhysicalType.BOOL).toList();
  }

  @Override
  Class<? extends BlockDecoder> decoderClass() {
    return PlainBlockDecoder.class;
  }
}
