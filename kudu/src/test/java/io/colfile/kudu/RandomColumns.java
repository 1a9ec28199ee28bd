package io.colfile.kudu;

import io.colfile.kudu.rowset.KuduColumn;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Random columns of a Kudu table schema: decimals of any precision and scale their type allows,
 * VARCHARs of any length, and any encoding the type allows (or AUTO), compression and block
 * size.
 */
public final class RandomColumns {
  static final KuduCompression[] ALL_COMPRESSIONS = {KuduCompression.DEFAULT,
      KuduCompression.NONE, KuduCompression.SNAPPY, KuduCompression.LZ4, KuduCompression.ZLIB};

  private RandomColumns() {}

  public static KuduColumn column(Random r, String name, int id, KuduType t, boolean nullable,
      boolean key) {
    int precision = switch (t) {
      case DECIMAL32 -> 1 + r.nextInt(9);
      case DECIMAL64 -> 10 + r.nextInt(9);
      case DECIMAL128 -> 19 + r.nextInt(20);
      default -> 0;
    };
    int scale = precision == 0 ? 0 : r.nextInt(precision + 1);
    int length = t == KuduType.VARCHAR ? 1 + r.nextInt(1000) : 0;
    List<KuduEncoding> encodings = new ArrayList<>(t.encodings());
    encodings.add(KuduEncoding.AUTO);
    int[] blockSizes = {0, 64, 256, 4096};
    return new KuduColumn(name, id, t, nullable, key, precision, scale, length,
        encodings.get(r.nextInt(encodings.size())),
        ALL_COMPRESSIONS[r.nextInt(ALL_COMPRESSIONS.length)],
        blockSizes[r.nextInt(blockSizes.length)], null);
  }
}
