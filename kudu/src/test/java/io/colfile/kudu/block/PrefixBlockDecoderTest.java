package io.colfile.kudu.block;

import io.colfile.kudu.KuduEncoding;
import io.colfile.kudu.PhysicalType;
import java.util.List;

/**
 * The {@link AbstractBlockDecoderTest} contract for {@link PrefixBlockDecoder}: PREFIX for BINARY
 * (cfile.md section 6.7).
 */
class PrefixBlockDecoderTest extends AbstractBlockDecoderTest {
  @Override
  KuduEncoding encoding() {
    return KuduEncoding.PREFIX;
  }

  @Override
  List<PhysicalType> types() {
    return List.of(PhysicalType.BINARY);
  }

  @Override
  Class<? extends BlockDecoder> decoderClass() {
    return PrefixBlockDecoder.class;
  }
}
