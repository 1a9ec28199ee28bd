package io.colfile.orc.column;

import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.DecimalVector;
import io.colfile.orc.index.ColumnPositions;
import io.colfile.orc.stream.IntegerDecoder;
import io.colfile.orc.stream.Nulls;
import io.colfile.orc.stream.OrcInputStream;
import io.colfile.orc.stripe.StreamKind;
import java.io.IOException;
import java.math.BigInteger;

/**
 * Decimals. Classic form: DATA holds zigzag varints of the unscaled values and SECONDARY the
 * scale of each value (Java normalizes, so scales vary); values are rescaled to the column
 * scale, truncating toward zero when a value has more digits. decimal64 form (file version
 * 1.9999, precision at most 18): DATA is signed RLE v2 at the column scale, whatever encoding
 * kind the writer recorded. Hive 0.11 decimals (precision 0) read at scale 6, as Apache ORC C++
 * reads them, and values beyond 38 digits read as null.
 */
final class DecimalColumnReader extends ColumnReader {
  /** The scale Hive 0.11 decimals (no precision recorded) are read at. */
  static final int HIVE11_SCALE = io.colfile.core.vector.DecimalVector.UNKNOWN_PRECISION_SCALE;
  private static final BigInteger MAX_38 = BigInteger.TEN.pow(38);
  private static final long[] POW10 = new long[19];

  static {
    POW10[0] = 1;
    for (int i = 1; i < POW10.length; i++) {
      POW10[i] = POW10[i - 1] * 10;
    }
  }

  private final int scale;
  private OrcInputStream data;
  private IntegerDecoder scales;
  private IntegerDecoder decimal64;
  private long[] tmp = new long[0];

  DecimalColumnReader(int column, Type type) {
    super(column, type);
    this.scale = type.precision() == 0 ? HIVE11_SCALE : type.scale();
  }

  @Override
  public void startStripe(StripeStreams s) throws IOException {
    super.startStripe(s);
    data = null;
    scales = null;
    decimal64 = null;
    if (s.decimal64() && type.precision() > 0
        && type.precision() <= DecimalVector.MAX_LONG_PRECISION) {
      decimal64 = IntegerDecoder.create(s.orEmpty(column, StreamKind.DATA), true, true);
    } else {
      data = s.orEmpty(column, StreamKind.DATA);
      scales = IntegerDecoder.create(
          s.orEmpty(column, StreamKind.SECONDARY), true, s.encoding(column).isV2());
    }
  }

  @Override
  public void read(ColumnVector cv, int off, int n, boolean[] parentNull) throws IOException {
    DecimalVector v = (DecimalVector) cv;
    int values = readNulls(v, off, n, parentNull);
    if (values == 0) {
      return;
    }
    if (decimal64 != null) {
      if (values < n) {
        decimal64.next(v.unscaled, off, n, v.isNull);
      } else {
        decimal64.next(v.unscaled, off, n);
      }
      return;
    }
    if (tmp.length < values) {
      tmp = new long[Math.max(values, tmp.length * 2)];
    }
    boolean dense = values == n;
    boolean[] isNull = v.isNull;
    if (!v.isWide) {
      // The values are decoded compactly at off, rescaled there and then spread to their rows.
      long[] unscaled = v.unscaled;
      data.readVarSigned(unscaled, off, values);
      if (!scales.nextOrAllEqual(tmp, 0, values, scale)) { // writers mostly keep the scale
        long[] t = tmp;
        for (int j = 0; j < values; j++) {
          long s = t[j];
          if (s != scale) {
            unscaled[off + j] = rescale(unscaled[off + j], s);
          }
        }
      }
      if (!dense) {
        Nulls.spread(unscaled, off, n, values, isNull);
      }
      return;
    }
    for (int i = off; i < off + n; i++) {
      if (dense || !isNull[i]) {
        v.wide[i] = data.readBigVarSigned();
      }
    }
    scales.next(tmp, 0, values);
    int j = 0;
    for (int i = off; i < off + n; i++) {
      if (dense || !isNull[i]) {
        BigInteger r = rescale(v.wide[i], tmp[j++]);
        if (r.abs().compareTo(MAX_38) >= 0) {
          v.wide[i] = null;
          v.setNull(i);
        } else {
          v.wide[i] = r;
        }
      }
    }
  }

  @Override
  void seekValues(ColumnPositions p) throws IOException {
    if (decimal64 != null) {
      decimal64.seek(p.integer(StreamKind.DATA));
    } else {
      data.seek(p.raw(StreamKind.DATA).offset());
      scales.seek(p.integer(StreamKind.SECONDARY));
    }
  }

  @Override
  void skipValues(long values) throws IOException {
    if (decimal64 != null) {
      decimal64.skip(values);
    } else {
      data.skipBigVarints(values);
      scales.skip(values);
    }
  }

  private long rescale(long value, long valueScale) throws IOException {
    if (valueScale == scale) {
      return value;
    }
    long diff = scale - valueScale;
    if (diff > 0) {
      if (diff > 18) {
        throw scales.corrupt("value scale %d is far below the column scale %d", valueScale, scale);
      }
      try {
        return Math.multiplyExact(value, POW10[(int) diff]);
      } catch (ArithmeticException e) {
        throw data.corrupt("decimal %d at scale %d does not fit precision %d", value, valueScale,
            type.precision());
      }
    }
    if (-diff > 18) {
      return 0;
    }
    return value / POW10[(int) -diff];
  }

  private BigInteger rescale(BigInteger value, long valueScale) throws IOException {
    if (valueScale == scale) {
      return value;
    }
    long diff = scale - valueScale;
    if (diff > 0) {
      if (diff > 76) {
        throw scales.corrupt("value scale %d is far below the column scale %d", valueScale, scale);
      }
      return value.multiply(BigInteger.TEN.pow((int) diff));
    }
    if (-diff > 76) {
      return BigInteger.ZERO;
    }
    // BigInteger division truncates toward zero.
    return value.divide(BigInteger.TEN.pow((int) -diff));
  }
}
