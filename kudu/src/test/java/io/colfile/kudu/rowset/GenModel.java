package io.colfile.kudu.rowset;

import io.colfile.kudu.KuduType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * The Kudu corpus's rows without Kudu: a port of the corpus generator ({@code
 * shared/tools/kudu-oracle/java/src/main/java/kuduoracle/Gen.java}, the project's own tool) —
 * its table definitions, its deterministic cell values ({@code value}, {@code keyValue}, {@code
 * setCell}, {@code fullRow}, {@code partialUpdate}) and its write lifecycle ({@code load},
 * {@code mutate} rounds 1 and 2, {@code mutateNonUnique}) — replayed on plain maps with Kudu's
 * INSERT / UPDATE / DELETE semantics. It knows nothing of CFiles or deltas: for each table it
 * gives what each DiskRowSet's base data holds (the rows as of the flush that wrote it, rows
 * deleted before the flush included, with their last values), how many mutations each REDO
 * file holds, and the table's final rows, as a scan at the latest time returns them.
 *
 * <p>Cells are Kudu values, not client objects: integers, DATE (days) and UNIXTIME_MICROS
 * (microseconds) as {@link Long}, BOOL as {@link Boolean}, FLOAT and DOUBLE as {@link Float} and
 * {@link Double}, decimals as {@link BigDecimal} at the column's scale, STRING and VARCHAR as
 * their UTF-8 bytes, BINARY as bytes; null for NULL.
 *
 * <p>The non-unique table's {@code auto_incrementing_id} is numbered by the tablet server, so
 * the model takes it from the caller ({@link #run(Tbl, long, long[])}); everything else is
 * computed.
 */
final class GenModel {
  private GenModel() {}

  static final String AUTO_ID = "auto_incrementing_id";

  // ---------------------------------------------------------------- definitions (Gen.profile)

  enum Kind {
    INT8, INT16, INT32, INT64, UNIXTIME_MICROS, DATE, FLOAT, DOUBLE,
    DECIMAL32, DECIMAL64, DECIMAL128, STRING, BINARY, VARCHAR, BOOL;

    int precision() {
      return switch (this) {
        case DECIMAL32 -> 9;
        case DECIMAL64 -> 18;
        case DECIMAL128 -> 38;
        default -> 0;
      };
    }

    int scale() {
      return switch (this) {
        case DECIMAL32 -> 2;
        case DECIMAL64 -> 4;
        case DECIMAL128 -> 10;
        default -> 0;
      };
    }

    boolean isDecimal() {
      return precision() > 0;
    }

    /** The Kudu type the column's CFiles hold. */
    KuduType kuduType() {
      return KuduType.valueOf(name());
    }

    /** The type name the table schema (and manifest.json) gives: decimals are all "decimal". */
    String schemaTypeName() {
      return isDecimal() ? "decimal" : name().toLowerCase(java.util.Locale.ROOT);
    }

    /** Encodings Kudu 1.17 accepts for this kind besides AUTO_ENCODING, in Gen's order. */
    List<String> encodings() {
      return switch (this) {
        case FLOAT, DOUBLE, DECIMAL128 -> List.of("PLAIN_ENCODING", "BIT_SHUFFLE");
        case STRING, BINARY, VARCHAR -> List.of("PLAIN_ENCODING", "DICT_ENCODING",
            "PREFIX_ENCODING");
        case BOOL -> List.of("PLAIN_ENCODING", "RLE");
        default -> List.of("PLAIN_ENCODING", "RLE", "BIT_SHUFFLE");
      };
    }

    boolean canBeKey() {
      return this != FLOAT && this != DOUBLE && this != BOOL && this != INT8;
    }

    boolean isBinary() {
      return this == STRING || this == BINARY || this == VARCHAR;
    }
  }

  static final int VARCHAR_LEN = 40;
  static final List<String> COMPRESSIONS = List.of("NO_COMPRESSION", "SNAPPY", "LZ4", "ZLIB");

  enum Fill {
    KEY, VALUE, ALL_NULL, LOW_CARDINALITY, COMPOSITE_REGION, COMPOSITE_NAME, COMPOSITE_TS,
    NONUNIQUE_KEY, BIG_KEY, BIG_TEXT
  }

  /** A column as Gen defines it (encoding and compression as Kudu's enum names). */
  record Col(String name, Kind kind, String encoding, String compression, boolean nullable,
      boolean key, int blockSize, Fill fill) {}

  /** A table as Gen defines it; {@code cols} do not include a server-added column. */
  record Tbl(String name, List<Col> cols, int rows1, int rows2, boolean nonUnique) {
    Col col(String n) {
      for (Col c : cols) {
        if (c.name().equals(n)) {
          return c;
        }
      }
      throw new IllegalArgumentException(name + " has no column " + n);
    }

    /** The key columns in key order; a non-unique key ends with auto_incrementing_id. */
    List<String> keyColumns() {
      List<String> out = new ArrayList<>();
      for (Col c : cols) {
        if (c.key()) {
          out.add(c.name());
        }
      }
      if (nonUnique) {
        out.add(AUTO_ID);
      }
      return out;
    }

    /** The columns of a row as the model keeps it: Gen's, then auto_incrementing_id if any. */
    List<String> rowColumns() {
      List<String> out = new ArrayList<>();
      for (Col c : cols) {
        out.add(c.name());
      }
      if (nonUnique) {
        out.add(AUTO_ID);
      }
      return out;
    }

    /** The kind of a row column (auto_incrementing_id is INT64). */
    Kind kindOf(String column) {
      return column.equals(AUTO_ID) && nonUnique ? Kind.INT64 : col(column).kind();
    }

    int rowsets() {
      return rows2 > 0 ? 2 : 1;
    }
  }

  private static String encName(String e) {
    return switch (e) {
      case "AUTO_ENCODING" -> "auto";
      case "PLAIN_ENCODING" -> "plain";
      case "PREFIX_ENCODING" -> "prefix";
      case "RLE" -> "rle";
      case "DICT_ENCODING" -> "dict";
      case "BIT_SHUFFLE" -> "bitshuffle";
      default -> e.toLowerCase(java.util.Locale.ROOT);
    };
  }

  private static String compName(String c) {
    return switch (c) {
      case "DEFAULT_COMPRESSION" -> "default";
      case "NO_COMPRESSION" -> "none";
      default -> c.toLowerCase(java.util.Locale.ROOT);
    };
  }

  /** Gen's tables for profile {@code name} ("full" or "small"). */
  static List<Tbl> profile(String name) {
    boolean full = switch (name) {
      case "full" -> true;
      case "small" -> false;
      default -> throw new IllegalArgumentException("profile must be full or small: " + name);
    };
    List<Tbl> tables = new ArrayList<>();
    String pre = full ? "h_" : "s_";
    int n = full ? 3000 : 600;
    int valueBlock = full ? 1024 : 512;
    String auto = "AUTO_ENCODING";
    String dflt = "DEFAULT_COMPRESSION";
    for (Kind k : Kind.values()) {
      boolean batch2 = full
          ? (k == Kind.INT32 || k == Kind.STRING || k == Kind.DOUBLE)
          : (k == Kind.INT64 || k == Kind.STRING);
      List<Col> cols = new ArrayList<>();
      Kind keyKind = k.canBeKey() ? k : Kind.INT32;
      cols.add(new Col("id", keyKind, auto, dflt, false, true, 0, Fill.KEY));
      cols.add(new Col("v_auto_default_nn", k, auto, dflt, false, false, 0, Fill.VALUE));
      cols.add(new Col("v_auto_default_null", k, auto, dflt, true, false, 0, Fill.VALUE));
      List<String> encs = k.encodings();
      for (int e = 0; e < encs.size(); e++) {
        String enc = encs.get(e);
        if (full) {
          for (String c : COMPRESSIONS) {
            for (boolean nullable : new boolean[] {false, true}) {
              cols.add(new Col("v_" + encName(enc) + "_" + compName(c)
                  + (nullable ? "_null" : "_nn"), k, enc, c, nullable, false, valueBlock,
                  Fill.VALUE));
            }
          }
        } else {
          String c1 = COMPRESSIONS.get((e + k.ordinal()) % 4);
          String c2 = COMPRESSIONS.get((e + k.ordinal() + 2) % 4);
          cols.add(new Col("v_" + encName(enc) + "_" + compName(c1) + "_nn", k, enc, c1, false,
              false, valueBlock, Fill.VALUE));
          cols.add(new Col("v_" + encName(enc) + "_" + compName(c2) + "_null", k, enc, c2, true,
              false, valueBlock, Fill.VALUE));
        }
      }
      if (k.isBinary()) {
        cols.add(new Col("v_dict_lowcard_none_nn", k, "DICT_ENCODING", "NO_COMPRESSION", false,
            false, valueBlock, Fill.LOW_CARDINALITY));
        cols.add(new Col("v_dict_lowcard_snappy_null", k, "DICT_ENCODING", "SNAPPY", true,
            false, valueBlock, Fill.LOW_CARDINALITY));
      }
      cols.add(new Col("v_allnull", k, auto, dflt, true, false, 0, Fill.ALL_NULL));
      tables.add(new Tbl(pre + k.name().toLowerCase(java.util.Locale.ROOT), List.copyOf(cols),
          n, batch2 ? n / 3 : 0, false));
    }

    tables.add(new Tbl(pre + "composite", List.of(
        new Col("k_region", Kind.INT8, auto, dflt, false, true, 0, Fill.COMPOSITE_REGION),
        new Col("k_name", Kind.STRING, "PREFIX_ENCODING", "NO_COMPRESSION", false, true, 0,
            Fill.COMPOSITE_NAME),
        new Col("k_ts", Kind.UNIXTIME_MICROS, "BIT_SHUFFLE", "NO_COMPRESSION", false, true, 0,
            Fill.COMPOSITE_TS),
        new Col("c_int32", Kind.INT32, "RLE", "LZ4", true, false, 0, Fill.VALUE),
        new Col("c_double", Kind.DOUBLE, "BIT_SHUFFLE", "SNAPPY", false, false, 0, Fill.VALUE),
        new Col("c_date", Kind.DATE, "PLAIN_ENCODING", "ZLIB", true, false, 0, Fill.VALUE),
        new Col("c_dec64", Kind.DECIMAL64, auto, dflt, true, false, 0, Fill.VALUE),
        new Col("c_str", Kind.STRING, "DICT_ENCODING", "NO_COMPRESSION", true, false, 0,
            Fill.VALUE),
        new Col("c_bool", Kind.BOOL, auto, dflt, false, false, 0, Fill.VALUE)),
        n, n / 3, false));

    tables.add(new Tbl(pre + "nonunique", List.of(
        new Col("k", Kind.STRING, auto, dflt, false, true, 0, Fill.NONUNIQUE_KEY),
        new Col("v", Kind.INT64, auto, dflt, true, false, 0, Fill.VALUE),
        new Col("s", Kind.STRING, auto, dflt, true, false, 0, Fill.VALUE)),
        n, 0, true));

    tables.add(new Tbl(pre + "bigindex", List.of(
        new Col("k", Kind.STRING, "PLAIN_ENCODING", full ? "LZ4" : "ZLIB", false, true, 512,
            Fill.BIG_KEY),
        new Col("s", Kind.STRING, "PLAIN_ENCODING", full ? "NO_COMPRESSION" : "ZLIB", !full,
            false, 512, Fill.BIG_TEXT),
        new Col("v", Kind.INT64, "BIT_SHUFFLE", "NO_COMPRESSION", true, false, 512,
            Fill.VALUE)),
        full ? 3000 : 2800, 0, false));
    return List.copyOf(tables);
  }

  // ---------------------------------------------------------------- values (Gen.value ...)

  static SplittableRandom rng(long seed, String table, long i, int salt) {
    long h = seed * 0x9E3779B97F4A7C15L;
    h ^= table.hashCode() * 0xC2B2AE3D27D4EB4FL;
    h += i * 0x165667B19E3779F9L + salt;
    return new SplittableRandom(h);
  }

  static final String[] WORDS = {"red", "green", "blue", "", "cyan", "magenta", "yellow",
      "black", "white", "\u00e9t\u00e9", "orange", "violet"};
  static final String ALNUM = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  static final String UNICODE =
      "na\u00efve \u2013 \u65e5\u672c\u8a9e \u2713 \uD83D\uDE00 \u0416";
  static final String CONTROL = "tab\there\nnewline \"quoted\" back\\slash \u0001\u0000nul";
  static final BigInteger DEC128_MAX = BigInteger.TEN.pow(38).subtract(BigInteger.ONE);

  static String alnum(SplittableRandom r, int len) {
    StringBuilder sb = new StringBuilder(len);
    for (int j = 0; j < len; j++) {
      sb.append(ALNUM.charAt(r.nextInt(ALNUM.length())));
    }
    return sb.toString();
  }

  static String truncCodePoints(String s, int max) {
    if (s.codePointCount(0, s.length()) <= max) {
      return s;
    }
    return s.substring(0, s.offsetByCodePoints(0, max));
  }

  static long minOf(Kind k) {
    return switch (k) {
      case INT8 -> Byte.MIN_VALUE;
      case INT16 -> Short.MIN_VALUE;
      case INT32 -> Integer.MIN_VALUE;
      case DATE -> -719162;
      case DECIMAL32 -> -999_999_999L;
      case DECIMAL64 -> -999_999_999_999_999_999L;
      default -> Long.MIN_VALUE;
    };
  }

  static long maxOf(Kind k) {
    return switch (k) {
      case INT8 -> Byte.MAX_VALUE;
      case INT16 -> Short.MAX_VALUE;
      case INT32 -> Integer.MAX_VALUE;
      case DATE -> 2932896;
      case DECIMAL32 -> 999_999_999L;
      case DECIMAL64 -> 999_999_999_999_999_999L;
      default -> Long.MAX_VALUE;
    };
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /**
   * What the Kudu Java client stores for {@code addVarchar(s)} into a VARCHAR(40) column: it
   * cuts the string to 40 UTF-16 chars ({@code String.substring}), which for text with
   * characters beyond the BMP is fewer than the 40 code points Gen already cut it to.
   */
  static byte[] varchar(String s) {
    return utf8(s.length() > VARCHAR_LEN ? s.substring(0, VARCHAR_LEN) : s);
  }

  /** The bytes the client stores for text {@code s} in a column of {@code kind}. */
  private static byte[] text(Kind kind, String s) {
    return kind == Kind.VARCHAR ? varchar(s) : utf8(s);
  }

  /** Gen.value: a value column's (never null) cell for row i, as a Kudu value. */
  static Object value(Kind k, long seed, String table, long i, int n, int salt) {
    SplittableRandom r = rng(seed, table, i, salt);
    long im = i % n;
    int seg = (int) (im * 4 / n);
    int special = (int) (i % 97);
    switch (k) {
      case INT8, INT16, INT32, INT64, DECIMAL32, DECIMAL64: {
        long lo = minOf(k);
        long hi = maxOf(k);
        long v;
        if (special == 0) {
          v = lo;
        } else if (special == 1) {
          v = hi;
        } else if (special == 2) {
          v = 0;
        } else if (special == 3) {
          v = -1;
        } else {
          v = switch (seg) {
            case 0 -> (im / 37) % 9;
            case 1 -> hi == Long.MAX_VALUE ? r.nextLong() : r.nextLong(lo, hi + 1);
            case 2 -> im - n / 2;
            default -> r.nextInt(201) - 100;
          };
        }
        v = Math.max(lo, Math.min(hi, v));
        return switch (k) {
          case INT8 -> (long) (byte) v;
          case INT16 -> (long) (short) v;
          case INT32 -> (long) (int) v;
          case INT64 -> v;
          default -> BigDecimal.valueOf(v, k.scale());
        };
      }
      case DECIMAL128: {
        BigInteger v;
        if (special == 0) {
          v = DEC128_MAX.negate();
        } else if (special == 1) {
          v = DEC128_MAX;
        } else if (special == 2) {
          v = BigInteger.ZERO;
        } else {
          v = switch (seg) {
            case 0 -> BigInteger.valueOf((im / 37) % 9);
            case 1 -> new BigInteger(126, new java.util.Random(r.nextLong()))
                .mod(DEC128_MAX).multiply(BigInteger.valueOf(r.nextBoolean() ? 1 : -1));
            case 2 -> BigInteger.valueOf(im - n / 2).multiply(BigInteger.TEN.pow(20));
            default -> BigInteger.valueOf(r.nextLong());
          };
        }
        return new BigDecimal(v, k.scale());
      }
      case UNIXTIME_MICROS: {
        long base = 1_700_000_000_000_000L;
        if (special == 0) {
          return -62135596800000000L;
        }
        if (special == 1) {
          return 253402300799999999L;
        }
        if (special == 2) {
          return 0L;
        }
        if (special == 3) {
          return -1L;
        }
        return switch (seg) {
          case 0 -> base + (im / 37) * 1_000_000L;
          case 1 -> -62135596800000000L
              + (long) (r.nextDouble() * (253402300799999999.0 + 62135596800000000.0));
          case 2 -> base + im * 1000L;
          default -> base + r.nextInt(86_400_000) * 1000L + r.nextInt(1000);
        };
      }
      case DATE: {
        int d;
        if (special == 0) {
          d = (int) minOf(k);
        } else if (special == 1) {
          d = (int) maxOf(k);
        } else if (special == 2) {
          d = 0;
        } else if (special == 3) {
          d = -1;
        } else {
          d = switch (seg) {
            case 0 -> 19000 + (int) (im / 37);
            case 1 -> (int) minOf(k) + r.nextInt((int) (maxOf(k) - minOf(k)));
            case 2 -> 18000 + (int) im;
            default -> 19700 + r.nextInt(61) - 30;
          };
        }
        // Gen passes java.sql.Date.valueOf(LocalDate.ofEpochDay(d)); the client stores
        // date.toLocalDate().toEpochDay(), which is d again.
        return (long) d;
      }
      case FLOAT: {
        float[] sp = {Float.MIN_VALUE, Float.MAX_VALUE, 0.0f, -0.0f, Float.NaN,
            Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, -Float.MAX_VALUE, Float.MIN_NORMAL};
        if (special < sp.length) {
          return sp[special];
        }
        switch (seg) {
          case 0:
            return (float) ((im / 37) * 0.25);
          case 1:
            return (float) (r.nextGaussian() * 1e6);
          case 2:
            return (float) (im * 0.1);
          default: {
            float f = Float.intBitsToFloat(r.nextInt());
            return Float.isNaN(f) ? 1.5f : f;
          }
        }
      }
      case DOUBLE: {
        double[] sp = {Double.MIN_VALUE, Double.MAX_VALUE, 0.0, -0.0, Double.NaN,
            Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -Double.MAX_VALUE,
            Double.MIN_NORMAL};
        if (special < sp.length) {
          return sp[special];
        }
        switch (seg) {
          case 0:
            return (im / 37) * 0.25;
          case 1:
            return r.nextGaussian() * 1e12;
          case 2:
            return im * 0.1;
          default: {
            double f = Double.longBitsToDouble(r.nextLong());
            return Double.isNaN(f) ? 2.5 : f;
          }
        }
      }
      case BOOL:
        return switch (seg) {
          case 0 -> (im / 37) % 2 == 0;
          case 1 -> r.nextBoolean();
          case 2 -> true;
          default -> im % 2 == 0;
        };
      case STRING, VARCHAR: {
        String s;
        if (special == 0) {
          s = "";
        } else if (special == 1) {
          s = longString(r, i, n >= 1000 ? 1500 : 600);
        } else if (special == 2) {
          s = UNICODE;
        } else if (special == 3) {
          s = CONTROL;
        } else {
          s = switch (seg) {
            case 0 -> "cat-" + ((im / 37) % 7);
            case 1 -> "w" + r.nextInt(40);
            case 2 -> "u" + im + "-" + alnum(r, r.nextInt(40));
            default -> alnum(r, r.nextInt(120));
          };
        }
        if (k == Kind.VARCHAR) {
          if (special == 1) {
            s = "\u00fc".repeat(VARCHAR_LEN);
          }
          s = truncCodePoints(s, VARCHAR_LEN);
        }
        return text(k, s);
      }
      case BINARY: {
        byte[] b;
        if (special == 0) {
          b = new byte[0];
        } else if (special == 1) {
          b = new byte[n >= 1000 ? 1500 : 600];
          for (int j = 0; j < b.length; j++) {
            b[j] = (byte) (j * 31 + i);
          }
        } else if (special == 2) {
          b = new byte[16];
          Arrays.fill(b, (byte) 0xFF);
        } else if (special == 3) {
          b = new byte[] {0, 0, 0, 1, 0};
        } else {
          switch (seg) {
            case 0: {
              byte x = (byte) ((im / 37) % 7);
              b = new byte[] {x, x, x};
              break;
            }
            case 1:
              b = new byte[] {(byte) r.nextInt(4), (byte) 0x80, (byte) r.nextInt(4), 0};
              break;
            case 2: {
              b = new byte[12];
              for (int j = 0; j < 8; j++) {
                b[j] = (byte) r.nextInt(256);
              }
              b[8] = (byte) (im >>> 24);
              b[9] = (byte) (im >>> 16);
              b[10] = (byte) (im >>> 8);
              b[11] = (byte) im;
              break;
            }
            default: {
              b = new byte[r.nextInt(61)];
              for (int j = 0; j < b.length; j++) {
                b[j] = (byte) r.nextInt(256);
              }
              break;
            }
          }
        }
        return b;
      }
      default:
        throw new AssertionError(k);
    }
  }

  static String longString(SplittableRandom r, long i, int len) {
    StringBuilder sb = new StringBuilder();
    sb.append("long-").append(i).append('-');
    while (sb.length() < len) {
      sb.append(alnum(r, 10)).append(' ');
    }
    return sb.toString();
  }

  /** Gen.keyValue: the unique key of row i of a single-column key. */
  static Object keyValue(Kind k, long seed, String table, long i, int n) {
    long c = i - n / 2;
    switch (k) {
      case INT16:
        return (long) (short) (i == 0 ? Short.MIN_VALUE : i == 1 ? Short.MAX_VALUE : c * 7);
      case INT32:
        return (long) (i == 0 ? Integer.MIN_VALUE : i == 1 ? Integer.MAX_VALUE
            : (int) (c * 500_009));
      case INT64:
        return i == 0 ? Long.MIN_VALUE : i == 1 ? Long.MAX_VALUE : c * 3_000_000_000_017L;
      case UNIXTIME_MICROS:
        return i == 0 ? -62135596800000000L : i == 1 ? 253402300799999999L
            : 1_600_000_000_000_000L + c * 1_000_000_007L;
      case DATE:
        return i == 0 ? minOf(k) : i == 1 ? maxOf(k) : 18000 + c * 97;
      case DECIMAL32, DECIMAL64: {
        long v = i == 0 ? minOf(k) : i == 1 ? maxOf(k)
            : c * (k == Kind.DECIMAL32 ? 100_003L : 1_000_000_000_039L);
        return BigDecimal.valueOf(v, k.scale());
      }
      case DECIMAL128: {
        BigInteger v = i == 0 ? DEC128_MAX.negate() : i == 1 ? DEC128_MAX
            : BigInteger.valueOf(c).multiply(BigInteger.TEN.pow(30)).add(BigInteger.valueOf(i));
        return new BigDecimal(v, k.scale());
      }
      case STRING, VARCHAR: {
        if (i == 0) {
          return utf8("");
        }
        if (i == 1) {
          return text(k, k == Kind.VARCHAR ? "\u00ff".repeat(VARCHAR_LEN)
              : "z".repeat(1000) + "-end");
        }
        SplittableRandom r = rng(seed, table, i, 777);
        String s = String.format("k%06d", (i * 7919) % 1_000_003) + "-" + i;
        if (i % 13 == 0) {
          s += "-" + UNICODE;
        }
        s += "-" + alnum(r, r.nextInt(20));
        return text(k, k == Kind.VARCHAR ? truncCodePoints(s, VARCHAR_LEN) : s);
      }
      case BINARY: {
        if (i == 0) {
          return new byte[0];
        }
        if (i == 1) {
          byte[] b = new byte[64];
          Arrays.fill(b, (byte) 0xFF);
          return b;
        }
        SplittableRandom r = rng(seed, table, i, 778);
        byte[] b = new byte[4 + (int) (i % 9)];
        b[0] = (byte) (i >>> 24);
        b[1] = (byte) (i >>> 16);
        b[2] = (byte) (i >>> 8);
        b[3] = (byte) i;
        for (int j = 4; j < b.length; j++) {
          b[j] = (byte) r.nextInt(256);
        }
        byte first = (byte) r.nextInt(256);
        byte[] out = new byte[b.length + 1];
        out[0] = first;
        System.arraycopy(b, 0, out, 1, b.length);
        return out;
      }
      default:
        throw new AssertionError("not a key kind: " + k);
    }
  }

  static boolean isNullRow(long i, int n) {
    long im = i % n;
    return i % 5 == 1 || (im >= n / 2 && im < n / 2 + 60);
  }

  /** Gen.setCell: the cell {@code c} of row i gets (null for setNull). */
  static Object cell(Tbl t, Col c, long seed, long i, int salt) {
    int n = t.rows1();
    switch (c.fill()) {
      case KEY:
        return keyValue(c.kind(), seed, t.name(), i, n);
      case ALL_NULL:
        return null;
      case LOW_CARDINALITY: {
        if (c.nullable() && isNullRow(i + salt, n)) {
          return null;
        }
        // Gen adds the word as a BINARY (its UTF-8 bytes), VARCHAR or STRING.
        return text(c.kind(), WORDS[rng(seed, t.name(), i, 99 + salt).nextInt(WORDS.length)]);
      }
      case COMPOSITE_REGION:
        return (long) (byte) ((i % 5) - 2);
      case COMPOSITE_NAME:
        return utf8(i % 50 == 0 ? "" : "name-" + ((i * 7919) % 1000));
      case COMPOSITE_TS:
        return 1_600_000_000_000_000L + i * 1_000_003L;
      case NONUNIQUE_KEY:
        return utf8(i % 41 == 0 ? "" : "dup-" + (i % 37));
      case BIG_KEY: {
        int len = t.name().startsWith("h_") ? 900 : 520;
        StringBuilder sb = new StringBuilder(len);
        String pat = "the quick brown fox jumps over the lazy dog ";
        while (sb.length() < len - 8) {
          sb.append(pat);
        }
        sb.setLength(len - 8);
        sb.append(String.format("%08d", (i * 7919) % 10_000_019));
        return utf8(sb.toString());
      }
      case BIG_TEXT: {
        if (c.nullable() && isNullRow(i + salt, n)) {
          return null;
        }
        SplittableRandom r = rng(seed, t.name(), i, 4242 + salt);
        boolean full = t.name().startsWith("h_");
        int len = full ? 500 + r.nextInt(200) : r.nextInt(30);
        String s;
        if (full) {
          s = alnum(r, len);
        } else {
          StringBuilder sb = new StringBuilder(len + 16);
          while (sb.length() < len) {
            sb.append("text ").append(i).append(' ');
          }
          s = sb.substring(0, len);
        }
        return utf8(s);
      }
      case VALUE:
      default:
        if (c.nullable() && isNullRow(i + salt, n)) {
          return null;
        }
        return value(c.kind(), seed, t.name(), i, n, salt);
    }
  }

  // ---------------------------------------------------------------- rows and the lifecycle

  /**
   * One row: generator row number {@code i} (its insert position in its batch) and its cells in
   * {@link Tbl#rowColumns()} order.
   */
  record Row(long i, Object[] cells) {
    Row copy() {
      return new Row(i, cells.clone());
    }
  }

  /** Gen.fullRow: every column, keys with salt 0. */
  private static Row fullRow(Tbl t, long seed, long i, int salt, long autoId) {
    Object[] cells = new Object[t.rowColumns().size()];
    for (int c = 0; c < t.cols().size(); c++) {
      Col col = t.cols().get(c);
      cells[c] = cell(t, col, seed, i, col.key() ? 0 : salt);
    }
    if (t.nonUnique()) {
      cells[cells.length - 1] = autoId;
    }
    return new Row(i, cells);
  }

  /** Gen.partialUpdate: the (column index, new cell) pairs an update sets. */
  private static Map<Integer, Object> partialUpdate(Tbl t, long seed, long i, int salt, int mod,
      int rem) {
    Map<Integer, Object> set = new TreeMap<>();
    int idx = 0;
    for (int c = 0; c < t.cols().size(); c++) {
      Col col = t.cols().get(c);
      if (col.key()) {
        continue;
      }
      if (idx++ % mod != rem) {
        continue;
      }
      set.put(c, col.nullable() && (i / 2) % 2 == 0 ? null : cell(t, col, seed, i, salt));
    }
    if (set.isEmpty()) {
      for (int c = 0; c < t.cols().size(); c++) {
        Col col = t.cols().get(c);
        if (!col.key()) {
          set.put(c, cell(t, col, seed, i, salt));
          break;
        }
      }
    }
    return set;
  }

  static boolean mrsUpdated(long i) {
    return i % 101 == 5;
  }

  static boolean mrsDeleted(long i) {
    return i % 211 == 7;
  }

  static boolean mrsReinserted(long i) {
    return i % 422 == 7;
  }

  static boolean drsUpdated1(long i) {
    return i % 53 == 11;
  }

  static boolean drsDeleted1(long i) {
    return i % 97 == 13;
  }

  static boolean drsUpdated2(long i) {
    return i % 59 == 17;
  }

  /** What a table looks like after the whole lifecycle. */
  record Outcome(Tbl table, List<List<Row>> base, List<List<Integer>> redoCells,
      List<List<Row>> live, Map<String, Integer> ops) {
    /** Rowset {@code rs}'s base data, in key order: the rows as of its flush. */
    List<Row> base(int rs) {
      return base.get(rs);
    }

    /** Rowset {@code rs}'s rows at the end, in key order. */
    List<Row> live(int rs) {
      return live.get(rs);
    }

    /**
     * The number of mutations in each REDO file of rowset {@code rs}, in the order the files
     * were flushed (waves that mutated none of its rows leave no file).
     */
    List<Integer> redoCells(int rs) {
      return redoCells.get(rs);
    }

    /** Every final row, in key order. */
    List<Row> allLive() {
      List<Row> out = new ArrayList<>();
      for (List<Row> l : live) {
        out.addAll(l);
      }
      out.sort(keyOrder(table));
      return out;
    }
  }

  /**
   * The mutable table the lifecycle works on: rows by generator row number, with Kudu's
   * semantics (an INSERT needs the key absent, an UPDATE or DELETE needs it present), and the
   * REDO mutations each flushed rowset collects until the next flush of its deltas.
   */
  private static final class Tablet {
    final Tbl t;
    final Map<Long, Row> rows = new TreeMap<>();
    /** Row number to rowset, for rows already flushed to a DiskRowSet. */
    final Map<Long, Integer> flushedIn = new HashMap<>();
    /** Per rowset: the mutations of the current (unflushed) delta wave. */
    final Map<Integer, Integer> wave = new HashMap<>();
    final List<List<Row>> base = new ArrayList<>();
    final List<List<Integer>> redo = new ArrayList<>();
    final Map<String, Integer> ops = new TreeMap<>();
    /** Rows in the MemRowSet: row number to its last values, deleted ones included. */
    final Map<Long, Row> memRowSet = new TreeMap<>();
    /** MemRowSet rows whose latest operation deleted them. */
    final List<Long> memDeleted = new ArrayList<>();

    Tablet(Tbl t) {
      this.t = t;
    }

    void insert(Row r) {
      if (rows.containsKey(r.i())) {
        throw new IllegalStateException(t.name() + ": insert of live row " + r.i());
      }
      rows.put(r.i(), r);
      memRowSet.put(r.i(), r);
      memDeleted.remove(Long.valueOf(r.i()));
      count("insert");
    }

    void update(long i, Map<Integer, Object> set) {
      Row r = rows.get(i);
      if (r == null) {
        throw new IllegalStateException(t.name() + ": update of missing row " + i);
      }
      Row u = r.copy();
      for (Map.Entry<Integer, Object> e : set.entrySet()) {
        u.cells()[e.getKey()] = e.getValue();
      }
      rows.put(i, u);
      mutated(i, u);
      count("update");
    }

    void delete(long i) {
      Row r = rows.remove(i);
      if (r == null) {
        throw new IllegalStateException(t.name() + ": delete of missing row " + i);
      }
      if (flushedIn.containsKey(i)) {
        wave.merge(flushedIn.get(i), 1, Integer::sum);
      } else {
        memDeleted.add(i);
      }
      count("delete");
    }

    private void mutated(long i, Row now) {
      if (flushedIn.containsKey(i)) {
        wave.merge(flushedIn.get(i), 1, Integer::sum);
      } else {
        memRowSet.put(i, now);
      }
    }

    private void count(String op) {
      ops.merge(op, 1, Integer::sum);
    }

    /**
     * Flushes the MemRowSet into a new DiskRowSet: its base data is every row it held, in key
     * order, deleted ones included (Kudu keeps them, with a REDO DELETE each, as history is
     * retained); those DELETEs make the rowset's first REDO file.
     */
    void flushMemRowSet() {
      if (memRowSet.isEmpty()) {
        return;
      }
      int rs = base.size();
      List<Row> rowsOut = new ArrayList<>(memRowSet.values());
      rowsOut.sort(keyOrder(t));
      base.add(List.copyOf(rowsOut));
      redo.add(new ArrayList<>());
      for (Row r : rowsOut) {
        flushedIn.put(r.i(), rs);
      }
      if (!memDeleted.isEmpty()) {
        redo.get(rs).add(memDeleted.size());
      }
      memRowSet.clear();
      memDeleted.clear();
    }

    /** Flushes each DiskRowSet's delta wave into one more REDO file. */
    void flushDeltas() {
      for (Map.Entry<Integer, Integer> e : new TreeMap<>(wave).entrySet()) {
        redo.get(e.getKey()).add(e.getValue());
      }
      wave.clear();
    }

    Outcome outcome() {
      List<List<Row>> live = new ArrayList<>();
      for (int rs = 0; rs < base.size(); rs++) {
        live.add(new ArrayList<>());
      }
      for (Row r : rows.values()) {
        live.get(flushedIn.get(r.i())).add(r);
      }
      for (List<Row> l : live) {
        l.sort(keyOrder(t));
      }
      List<List<Integer>> redoOut = new ArrayList<>();
      for (List<Integer> l : redo) {
        redoOut.add(List.copyOf(l));
      }
      List<List<Row>> liveOut = new ArrayList<>();
      for (List<Row> l : live) {
        liveOut.add(List.copyOf(l));
      }
      return new Outcome(t, List.copyOf(base), List.copyOf(redoOut), List.copyOf(liveOut),
          Map.copyOf(ops));
    }
  }

  /**
   * Replays Gen's lifecycle on table {@code t}, with the flushes the kudu-oracle script makes
   * (everything after load, after mutate round 1 and after round 2). For the non-unique table,
   * {@code autoIds[i]} is the auto_incrementing_id the server gave insert {@code i}; null for
   * other tables.
   */
  static Outcome run(Tbl t, long seed, long[] autoIds) {
    if (t.nonUnique() != (autoIds != null)) {
      throw new IllegalArgumentException(t.name() + ": auto ids are for the non-unique table");
    }
    Tablet tab = new Tablet(t);
    // load
    for (long i = 0; i < t.rows1(); i++) {
      tab.insert(fullRow(t, seed, i, 0, t.nonUnique() ? autoIds[(int) i] : 0));
    }
    if (!t.nonUnique()) {
      for (long i = 0; i < t.rows1(); i++) {
        if (mrsUpdated(i)) {
          tab.update(i, partialUpdate(t, seed, i, 11, 1, 0));
        }
      }
      for (long i = 0; i < t.rows1(); i++) {
        if (mrsDeleted(i)) {
          tab.delete(i);
        }
      }
      for (long i = 0; i < t.rows1(); i++) {
        if (mrsReinserted(i)) {
          tab.insert(fullRow(t, seed, i, 22, 0));
        }
      }
    }
    tab.flushMemRowSet();
    // mutate round 1
    if (t.nonUnique()) {
      mutateNonUnique(tab);
    } else {
      for (long i = 0; i < t.rows1(); i++) {
        if (!tab.rows.containsKey(i)) {
          continue; // Gen: !liveAfterLoad(i)
        }
        if (drsDeleted1(i)) {
          tab.delete(i);
        } else if (drsUpdated1(i)) {
          tab.update(i, partialUpdate(t, seed, i, 33, 2, 0));
        }
      }
    }
    tab.flushDeltas();
    if (!t.nonUnique()) {
      for (long i = t.rows1(); i < t.rows1() + t.rows2(); i++) {
        tab.insert(fullRow(t, seed, i, 0, 0));
      }
    }
    tab.flushMemRowSet();
    // mutate round 2
    if (!t.nonUnique()) {
      for (long i = 0; i < t.rows1() + t.rows2(); i++) {
        if (tab.rows.containsKey(i) && drsUpdated2(i)) { // Gen: liveAfterMutate1(i) or batch 2
          tab.update(i, partialUpdate(t, seed, i, 44, 3, 1));
        }
      }
    }
    tab.flushDeltas();
    return tab.outcome();
  }

  /** Gen.mutateNonUnique: deletes and updates chosen by the server's auto_incrementing_id. */
  private static void mutateNonUnique(Tablet tab) {
    Tbl t = tab.t;
    int vCol = t.rowColumns().indexOf("v");
    int sCol = t.rowColumns().indexOf("s");
    int idCol = t.rowColumns().indexOf(AUTO_ID);
    List<Row> byId = new ArrayList<>(tab.rows.values());
    byId.sort(Comparator.comparingLong(r -> (Long) r.cells()[idCol]));
    for (Row r : byId) {
      long id = (Long) r.cells()[idCol];
      if (id % 77 == 5) {
        tab.delete(r.i());
      } else if (id % 50 == 3) {
        Map<Integer, Object> set = new TreeMap<>();
        set.put(vCol, id % 100 == 3 ? null : id * 1_000_003L);
        set.put(sCol, utf8("updated-" + id));
        tab.update(r.i(), set);
      }
    }
  }

  // ---------------------------------------------------------------- key order

  /**
   * Kudu's row order, the order of the encoded primary key, from the values: signed order for
   * integers (DATE, UNIXTIME_MICROS and decimals too), unsigned byte order for strings and
   * binary, key columns compared in key order.
   */
  static Comparator<Row> keyOrder(Tbl t) {
    List<String> cols = t.rowColumns();
    List<Integer> at = new ArrayList<>();
    for (String k : t.keyColumns()) {
      at.add(cols.indexOf(k));
    }
    return (a, b) -> {
      for (int c : at) {
        int d = compareValues(a.cells()[c], b.cells()[c]);
        if (d != 0) {
          return d;
        }
      }
      return 0;
    };
  }

  /** Orders two non-null key values of the same column. */
  static int compareValues(Object a, Object b) {
    if (a instanceof Long x) {
      return Long.compare(x, (Long) b);
    }
    if (a instanceof BigDecimal x) {
      return x.compareTo((BigDecimal) b);
    }
    if (a instanceof byte[] x) {
      return Arrays.compareUnsigned(x, (byte[]) b);
    }
    throw new IllegalArgumentException("not a key value: " + a);
  }
}
