package io.colfile.orc.write;

import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.DecimalVector;
import io.colfile.orc.stripe.EncodingEntry;
import io.colfile.orc.stats.DecimalStats;
import io.colfile.orc.stream.IntegerEncoder;
import io.colfile.orc.stream.OrcOutputStream;
import io.colfile.orc.stripe.StreamKind;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;

/**
 * Classic DECIMAL: the unscaled integer as a zigzag varint in DATA and its scale in SECONDARY.
 * As ORC Java does for its two vector kinds: values of precision ≤ 18 (long-backed, like
 * orc-core's Decimal64ColumnVector) are written at the column's scale; wider ones (like
 * HiveDecimalWritable) are first normalized, trailing fractional zeros stripped, each with
 * its own scale. Statistics and bloom filters see the same numbers either way. A Hive 0.11
 * decimal type (precision 0) is written as such, its values (read at scale 6) keeping their own
 * scales, so such files convert to ORC unchanged.
 */
final class DecimalColumnWriter extends ColumnWriter {
  private static final long[] POWERS = new long[19];

  static {
    POWERS[0] = 1;
    for (int i = 1; i < POWERS.length; i++) {
      POWERS[i] = POWERS[i - 1] * 10;
    }
  }

  private final OrcOutputStream data;
  private final IntegerEncoder scales;
  private final BigInteger bigLimit;

  DecimalColumnWriter(int id, Type type, WriterContext ctx) {
    super(id, type, ctx);
    data = part(ctx.stream(id, StreamKind.DATA));
    scales = part(ctx.integerEncoder(id, StreamKind.SECONDARY, true));
    // Hive 0.11 decimals (precision 0) hold up to 38 digits at any scale
    bigLimit = BigInteger.TEN.pow(type.precision() == 0 ? 38 : type.precision());
  }

  @Override
  void writeValues(ColumnVector v, int offset, int length) throws IOException {
    DecimalVector d = (DecimalVector) v;
    DecimalStats stats = (DecimalStats) groupStats;
    boolean noNulls = v.noNulls;
    int precision = type.precision();
    for (int i = offset, end = offset + length; i < end; i++) {
      if (noNulls || !v.isNull[i]) {
        int scale = d.scale;
        if (!d.isWide) {
          long u = d.unscaled[i];
          if (precision > 0 && precision <= 18
              && (u >= POWERS[precision] || u <= -POWERS[precision])) {
            throw badValue(i, d.get(i) + " has more than " + precision + " digits");
          }
          data.writeVarSigned(u);
          stats.update(u, scale);
          if (bloom != null) {
            addText(DecimalStats.canonicalText(u, scale));
          }
        } else {
          BigInteger u = d.wide[i];
          if (u.abs().compareTo(bigLimit) >= 0) {
            throw badValue(i, d.get(i) + " has more than " + precision + " digits");
          }
          while (scale > 0 && u.signum() != 0) {
            BigInteger[] qr = u.divideAndRemainder(BigInteger.TEN);
            if (qr[1].signum() != 0) {
              break;
            }
            u = qr[0];
            scale--;
          }
          if (u.signum() == 0) {
            scale = 0;
          }
          data.writeVarSigned(u);
          stats.update(u, scale);
          if (bloom != null) {
            addText(DecimalStats.canonicalText(u, scale));
          }
        }
        scales.write(scale);
      }
    }
  }

  private void addText(String text) {
    byte[] b = text.getBytes(StandardCharsets.UTF_8);
    bloom.addBytes(b, 0, b.length);
  }

  @Override
  EncodingEntry encoding() {
    return directEncoding();
  }
}
