package io.colfile.kudu.block;

import io.colfile.kudu.KuduEncoding;
import io.colfile.kudu.PhysicalType;
import java.util.List;

/**
 * The {@link AbstractBlockDecoderTest} contract for {@link DictBlockDecoder}: DICT for BINARY,
 * with the file's dictionary (cfile.md section 6.6).
 */
class DictBlockDecoderTest extends AbstractBlockDecoderTest {
  @Override
  KuduEncoding encoding() {
    return KuduEncoding.DICT;
  }

  @Override
  List<PhysicalType> types() {
    return List.of(PhysicalType.BINARY);
  }

  @Override
  Class<? extends BlockDecoder> decoderClass() {
    return DictBlockDecoder.class;
  }
}
