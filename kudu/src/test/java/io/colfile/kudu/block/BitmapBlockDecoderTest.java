package io.colfile.kudu.block;

import io.colfile.kudu.KuduEncoding;
import io.colfile.kudu.PhysicalType;
import java.util.List;

/**
 * The {@link AbstractBlockDecoderTest} contract for {@link BitmapBlockDecoder}: PLAIN for BOOL, a
 * bitmap (cfile.md section 6.2).
 */
class BitmapBlockDecoderTest extends AbstractBlockDecoderTest {
  @Override
  KuduEncoding encoding() {
    return KuduEncoding.PLAIN;
  }

  @Override
  List<PhysicalType> types() {
    return List.of(PhysicalType.BOOL);
  }

  @Override
  Class<? extends BlockDecoder> decoderClass() {
    return BitmapBlockDecoder.class;
  }
}
