package io.colfile.kudu.block;

import io.colfile.kudu.KuduEncoding;
import io.colfile.kudu.PhysicalType;
import java.util.List;

/**
 * The {@link AbstractBlockDecoderTest} contract for {@link BinaryPlainBlockDecoder}: PLAIN for
 * BINARY (cfile.md section 6.5).
 */
class BinaryPlainBlockDecoderTest extends AbstractBlockDecoderTest {
  @Override
  KuduEncoding encoding() {
    return KuduEncoding.PLAIN;
  }

  @Override
  List<PhysicalType> types() {
    return List.of(PhysicalType.BINARY);
  }

  @Override
  Class<? extends BlockDecoder> decoderClass() {
    return BinaryPlainBlockDecoder.class;
  }
}
