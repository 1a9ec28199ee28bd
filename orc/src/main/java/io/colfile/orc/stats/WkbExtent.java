package io.colfile.orc.stats;

/**
 * Reads one WKB value (ISO well-known binary, also PostGIS's extended flags for Z, M and SRID)
 * for the extent and kind that ORC Java 2.x's geometry statistics record, without building the
 * geometry: the envelope of x and y as JTS computes it (a polygon's shell only; NaN handled as
 * JTS's comparisons handle it), the range of every coordinate's z and m, whether the geometry
 * is empty, and its type code (1 point ... 7 collection, plus 1000 when its first coordinate
 * has a z, 2000 when it has an m). JTS's lenient reading rules are followed: a point whose x or
 * y is NaN is empty, a byte-order byte other than 0 or 1 keeps the current order, bytes after
 * the geometry are ignored. What JTS refuses is refused ({@link IllegalArgumentException}):
 * unknown kinds, a multi-geometry holding another kind, bytes that end early, counts larger
 * than the bytes left, an empty shell with rings inside it, and a ring whose first x or y is
 * NaN (JTS cannot close it).
 */
final class WkbExtent {
  private static final int MAX_DEPTH = 256;

  private final byte[] b;
  private final int end;
  private int pos;
  private boolean little;

  // envelope of the geometry being read (JTS Envelope fields and rules)
  double minX;
  double maxX;
  double minY;
  double maxY;
  double minZ = Double.POSITIVE_INFINITY;
  double maxZ = Double.NEGATIVE_INFINITY;
  double minM = Double.POSITIVE_INFINITY;
  double maxM = Double.NEGATIVE_INFINITY;
  /** The first coordinate's z and m (NaN when absent), for the type code. */
  private boolean sawCoordinate;
  private boolean firstHasZ;
  private boolean firstHasM;
  int kind;

  private WkbExtent(byte[] b, int offset, int length) {
    this.b = b;
    this.pos = offset;
    this.end = offset + length;
  }

  /** Reads the geometry at {@code b[offset, offset + length)}. */
  static WkbExtent read(byte[] b, int offset, int length) {
    WkbExtent w = new WkbExtent(b, offset, length);
    double[] env = w.geometry(0, 0);
    if (env == null) {
      return w; // empty
    }
    w.minX = env[0];
    w.maxX = env[1];
    w.minY = env[2];
    w.maxY = env[3];
    return w;
  }

  /** Empty as JTS says: no coordinate anywhere (empty points have none). */
  boolean isEmpty() {
    return !sawCoordinate;
  }

  /** The ORC/Parquet geospatial type code. */
  int typeCode() {
    return kind + (firstHasZ ? 1000 : 0) + (firstHasM ? 2000 : 0);
  }

  /**
   * Reads a geometry, returns its envelope {minx, maxx, miny, maxy} or null when it is empty
   * (JTS's null envelope).
   *
   * @param required the kind a multi-geometry's member must be, or 0
   */
  private double[] geometry(int depth, int required) {
    if (depth > MAX_DEPTH) {
      throw bad("geometries nest more than " + MAX_DEPTH + " deep");
    }
    int order = u8();
    if (order == 0) {
      little = false;
    } else if (order == 1) {
      little = true;
    }
    int typeWord = i32();
    int low = typeWord & 0xffff;
    int type = low % 1000;
    boolean hasZ = (typeWord & 0x80000000) != 0 || low / 1000 == 1 || low / 1000 == 3;
    boolean hasM = (typeWord & 0x40000000) != 0 || low / 1000 == 2 || low / 1000 == 3;
    if ((typeWord & 0x20000000) != 0) {
      i32(); // SRID
    }
    if (required != 0 && type != required) {
      throw bad("a multi-geometry holds a geometry of kind " + type);
    }
    if (depth == 0) {
      kind = type;
    }
    int dims = 2 + (hasZ ? 1 : 0) + (hasM ? 1 : 0);
    switch (type) {
      case 1: return point(hasZ, hasM);
      case 2: return coordinates(count(dims * 8), hasZ, hasM, false);
      case 3: return polygon(hasZ, hasM, dims);
      case 4: return collection(depth, 1);
      case 5: return collection(depth, 2);
      case 6: return collection(depth, 3);
      case 7: return collection(depth, 0);
      default: throw bad("unknown WKB geometry kind " + type);
    }
  }

  private double[] point(boolean hasZ, boolean hasM) {
    need(8 * (2 + (hasZ ? 1 : 0) + (hasM ? 1 : 0)));
    double x = f64();
    double y = f64();
    double z = hasZ ? f64() : Double.NaN;
    double m = hasM ? f64() : Double.NaN;
    if (Double.isNaN(x) || Double.isNaN(y)) {
      return null; // JTS reads it as an empty point
    }
    coordinate(z, m);
    return new double[] {x, x, y, y};
  }

  private double[] polygon(boolean hasZ, boolean hasM, int dims) {
    int rings = count(4);
    double[] shell = null;
    boolean shellEmpty = true;
    for (int i = 0; i < rings; i++) {
      int n = count(dims * 8);
      if (i == 0) {
        shellEmpty = n == 0;
      } else if (shellEmpty && n > 0) {
        throw bad("a polygon's shell is empty but a hole is not");
      }
      double[] env = coordinates(n, hasZ, hasM, true);
      if (i == 0) {
        shell = env;
      }
    }
    return shell;
  }

  private double[] collection(int depth, int member) {
    int n = count(9);
    double[] env = null;
    for (int i = 0; i < n; i++) {
      double[] child = geometry(depth + 1, member);
      // Envelope.expandToInclude(Envelope): a null (empty) one adds nothing
      if (child == null) {
        continue;
      }
      if (env == null) {
        env = child;
      } else {
        if (child[0] < env[0]) {
          env[0] = child[0];
        }
        if (child[1] > env[1]) {
          env[1] = child[1];
        }
        if (child[2] < env[2]) {
          env[2] = child[2];
        }
        if (child[3] > env[3]) {
          env[3] = child[3];
        }
      }
    }
    return env;
  }

  /**
   * A line string's or ring's points: their envelope (Envelope.expandToInclude(x, y)). Where JTS
   * mends the sequence (a line string of one point, a ring of fewer than four points or not
   * closed) it copies it into a sequence of at most three ordinates and no measure: the third
   * ordinate read (z, or m when there is no z) becomes z and a fourth is dropped. Its statistics
   * see those coordinates, so these do too.
   */
  private double[] coordinates(int n, boolean hasZ, boolean hasM, boolean ring) {
    int dims = 2 + (hasZ ? 1 : 0) + (hasM ? 1 : 0);
    boolean mended;
    if (ring) {
      mended = n > 0 && (n <= 3 || !(f64At(pos) == f64At(pos + (n - 1) * dims * 8)
          && f64At(pos + 8) == f64At(pos + (n - 1) * dims * 8 + 8)));
    } else {
      mended = n == 1;
    }
    double[] env = null;
    for (int i = 0; i < n; i++) {
      double x = f64();
      double y = f64();
      double z = hasZ ? f64() : Double.NaN;
      double m = hasM ? f64() : Double.NaN;
      if (i == 0 && ring && (Double.isNaN(x) || Double.isNaN(y))) {
        throw bad("a ring starts at NaN and cannot be closed");
      }
      if (mended) {
        z = hasZ ? z : m;
        m = Double.NaN;
      }
      coordinate(z, m);
      if (env == null) {
        env = new double[] {x, x, y, y};
      } else {
        if (x < env[0]) {
          env[0] = x;
        }
        if (x > env[1]) {
          env[1] = x;
        }
        if (y < env[2]) {
          env[2] = y;
        }
        if (y > env[3]) {
          env[3] = y;
        }
      }
    }
    return env;
  }

  /** The double at {@code at} (inside the checked count), in the current byte order. */
  private double f64At(int at) {
    int save = pos;
    pos = at;
    double d = f64();
    pos = save;
    return d;
  }

  private void coordinate(double z, double m) {
    if (!sawCoordinate) {
      sawCoordinate = true;
      firstHasZ = !Double.isNaN(z);
      firstHasM = !Double.isNaN(m);
    }
    if (!Double.isNaN(z)) {
      minZ = Math.min(minZ, z);
      maxZ = Math.max(maxZ, z);
    }
    if (!Double.isNaN(m)) {
      minM = Math.min(minM, m);
      maxM = Math.max(maxM, m);
    }
  }

  /** A count of items of at least {@code itemBytes} bytes each, checked against what is left. */
  private int count(int itemBytes) {
    int n = i32();
    if (n < 0 || (long) n * itemBytes > end - pos) {
      throw bad("a count of " + Integer.toUnsignedLong(n) + " is more than the bytes left hold");
    }
    return n;
  }

  private void need(int bytes) {
    if (end - pos < bytes) {
      throw bad("the value ends early");
    }
  }

  private int u8() {
    need(1);
    return b[pos++] & 0xff;
  }

  private int i32() {
    need(4);
    int v;
    if (little) {
      v = (b[pos] & 0xff) | (b[pos + 1] & 0xff) << 8 | (b[pos + 2] & 0xff) << 16
          | (b[pos + 3] & 0xff) << 24;
    } else {
      v = (b[pos] & 0xff) << 24 | (b[pos + 1] & 0xff) << 16 | (b[pos + 2] & 0xff) << 8
          | (b[pos + 3] & 0xff);
    }
    pos += 4;
    return v;
  }

  private double f64() {
    need(8);
    long lo = i32() & 0xffffffffL;
    long hi = i32() & 0xffffffffL;
    return Double.longBitsToDouble(little ? hi << 32 | lo : lo << 32 | hi);
  }

  private static IllegalArgumentException bad(String problem) {
    return new IllegalArgumentException("invalid WKB geometry: " + problem);
  }
}
