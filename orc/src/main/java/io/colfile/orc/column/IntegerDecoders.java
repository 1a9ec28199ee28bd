package io.colfile.orc.column;

import io.colfile.orc.stream.IntegerDecoder;
import io.colfile.orc.stream.OrcInputStream;
import io.colfile.orc.stream.RleV1Decoder;
import io.colfile.orc.stream.RleV2Decoder;

/** Chooses the integer RLE version that a column encoding implies. */
final class IntegerDecoders {
  private IntegerDecoders() {}

  static IntegerDecoder create(OrcInputStream in, int encoding, boolean signed) {
    return ColumnReader.isV2(encoding) ? new RleV2Decoder(in, signed) : new RleV1Decoder(in, signed);
  }
}
