package io.colfile.orc.write;

import io.colfile.core.error.UnsupportedFeatureException;
import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.DecimalVector;
import io.colfile.core.vector.DoubleVector;
import io.colfile.core.vector.ListVector;
import io.colfile.core.vector.LongVector;
import io.colfile.core.vector.MapVector;
import io.colfile.core.vector.StructVector;
import io.colfile.core.vector.TimestampVector;
import io.colfile.core.vector.UnionVector;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Calendar;
import java.util.GregorianCalendar;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TimeZone;
import java.util.TreeMap;

/**
 * The masks of encrypted columns' unencrypted copies (orc.md section 11), with ORC Java's
 * meanings: {@code nullify}, {@code redact} and {@code sha256}. A mask turns a column's vector
 * into a new vector of the same type; the original is left alone. Structs, lists, maps and
 * unions keep their shape (nulls, lengths, tags) and have their children masked, map keys
 * included, as ORC Java's mask factories recurse.
 */
final class DataMasks {
  private DataMasks() {}

  /** A mask of one column subtree. */
  interface Mask {
    /** The masked copy of rows {@code [0, size)} of {@code v}, a vector of {@code type}. */
    ColumnVector apply(Type type, ColumnVector v, int size);
  }

  /**
   * The mask named {@code name} with {@code parameters}, checked against {@code type}.
   *
   * @throws IllegalArgumentException for an unknown mask or bad parameters
   * @throws UnsupportedFeatureException for a type the mask cannot mask
   */
  static Mask of(String name, List<String> parameters, Type type)
      throws UnsupportedFeatureException {
    Mask m = switch (name) {
      case "nullify" -> DataMasks::nullify;
      case "sha256" -> new Sha256();
      case "redact" -> new Redact(parameters);
      default -> throw new IllegalArgumentException("unknown mask '" + name
          + "' (nullify, redact or sha256)");
    };
    if (!"nullify".equals(name)) {
      check(type, name);
    }
    return m;
  }

  /** ORC Java's mask factories fail on geometry and geography ("Unhandled type"). */
  private static void check(Type type, String name) throws UnsupportedFeatureException {
    if (type.kind() == TypeKind.GEOMETRY || type.kind() == TypeKind.GEOGRAPHY) {
      throw new UnsupportedFeatureException("the " + name + " mask of " + type
          + " is not supported (ORC Java has none; nullify it)");
    }
    for (Type c : type.children()) {
      check(c, name);
    }
  }

  /**
   * The types the writers of a masked copy take: where {@code mask} is a redaction, shorts and
   * ints become longs, since ORC Java's redacted shorts and ints can leave their type's range
   * (a redacted short -5 is stored as 65527, an int 1234567890 as 9999999999) and a reader
   * reads them as stored.
   */
  static Type writerType(Type type, Mask mask) {
    if (!(mask instanceof Redact)) {
      return type;
    }
    return widen(type);
  }

  private static Type widen(Type t) {
    if (t.kind() == TypeKind.SHORT || t.kind() == TypeKind.INT) {
      return Type.LONG;
    }
    if (t.children().isEmpty()) {
      return t;
    }
    List<Type> kids = t.children().stream().map(DataMasks::widen).toList();
    return t.withChildren(kids);
  }

  static ColumnVector nullify(Type type, ColumnVector v, int size) {
    ColumnVector out = ColumnVector.create(type, Math.max(1, size));
    out.noNulls = false;
    Arrays.fill(out.isNull, 0, size, true);
    return out;
  }

  /** Copies {@code v}'s null flags into {@code out}. */
  private static void nulls(ColumnVector v, ColumnVector out, int size) {
    out.noNulls = v.noNulls;
    if (!v.noNulls) {
      System.arraycopy(v.isNull, 0, out.isNull, 0, size);
    }
  }

  private static boolean isNull(ColumnVector v, int r) {
    return !v.noNulls && v.isNull[r];
  }

  /**
   * A mask that keeps compound values' shape and masks their children (struct fields, list
   * elements, map keys and values, union variants); {@link #leaf} masks the primitives.
   */
  abstract static class Recursive implements Mask {
    abstract ColumnVector leaf(Type type, ColumnVector v, int size);

    @Override
    public ColumnVector apply(Type type, ColumnVector v, int size) {
      switch (type.kind()) {
        case STRUCT: {
          StructVector s = (StructVector) v;
          ColumnVector[] fields = new ColumnVector[s.fields.length];
          for (int i = 0; i < fields.length; i++) {
            fields[i] = apply(type.child(i), s.fields[i], size);
          }
          StructVector out = new StructVector(Math.max(1, size), fields);
          nulls(v, out, size);
          return out;
        }
        case LIST: {
          ListVector l = (ListVector) v;
          ListVector out = new ListVector(Math.max(1, size),
              apply(type.child(0), l.child, l.childCount));
          out.offsets = l.offsets;
          out.lengths = l.lengths;
          out.childCount = l.childCount;
          nulls(v, out, size);
          return out;
        }
        case MAP: {
          MapVector m = (MapVector) v;
          MapVector out = new MapVector(Math.max(1, size),
              apply(type.child(0), m.keys, m.childCount),
              apply(type.child(1), m.values, m.childCount));
          out.offsets = m.offsets;
          out.lengths = m.lengths;
          out.childCount = m.childCount;
          nulls(v, out, size);
          return out;
        }
        case UNION: {
          UnionVector u = (UnionVector) v;
          ColumnVector[] fields = new ColumnVector[u.fields.length];
          for (int k = 0; k < fields.length; k++) {
            fields[k] = apply(type.child(k), u.fields[k], u.counts[k]);
          }
          UnionVector out = new UnionVector(Math.max(1, size), fields);
          out.tags = u.tags;
          out.offsets = u.offsets;
          System.arraycopy(u.counts, 0, out.counts, 0, fields.length);
          nulls(v, out, size);
          return out;
        }
        default:
          return leaf(type, v, size);
      }
    }
  }

  /**
   * Strings to the upper-case hex of their SHA-256 (varchar cut to its length, char padded or
   * cut to it), binaries to their 32-byte SHA-256; every other primitive null.
   */
  static final class Sha256 extends Recursive {
    @Override
    ColumnVector leaf(Type type, ColumnVector v, int size) {
      switch (type.kind()) {
        case STRING: case VARCHAR: case CHAR: case BINARY:
          break;
        default:
          return nullify(type, v, size);
      }
      MessageDigest md;
      try {
        md = MessageDigest.getInstance("SHA-256");
      } catch (NoSuchAlgorithmException e) {
        throw new IllegalStateException(e);
      }
      BytesVector in = (BytesVector) v;
      BytesVector out = new BytesVector(Math.max(1, size));
      nulls(v, out, size);
      for (int r = 0; r < size; r++) {
        if (isNull(v, r)) {
          continue;
        }
        md.update(in.vector[r], in.start[r], in.length[r]);
        byte[] hash = md.digest();
        if (type.kind() != TypeKind.BINARY) {
          hash = HexFormat.of().withUpperCase().formatHex(hash)
              .getBytes(StandardCharsets.US_ASCII);
          if (type.kind() == TypeKind.VARCHAR && type.maxLength() < hash.length) {
            hash = Arrays.copyOf(hash, type.maxLength());
          } else if (type.kind() == TypeKind.CHAR) {
            int n = type.maxLength();
            byte[] padded = Arrays.copyOf(hash, n);
            // ORC Java pads all but the last byte with blanks
            if (n > hash.length) {
              Arrays.fill(padded, hash.length, n - 1, (byte) ' ');
            }
            hash = padded;
          }
        }
        out.setRef(r, hash, 0, hash.length);
      }
      return out;
    }
  }

  /**
   * ORC Java's {@code redact}. Its parameters: the replacements, one character per class
   * (upper-case letter X, lower-case letter x, digit 9, symbol $, punctuation ., separator _,
   * other letter, mark, other number, other; {@code _} keeps the class unmasked); the time
   * replacements, six numbers or {@code _} split by non-word characters (year _, month 1, day 1,
   * hour 0, minute 0, second 0); and the unmasked ranges, {@code start:end} pairs of character
   * indexes split by commas (negative ones count from the end) that are left as they are.
   *
   * <p>Strings have each character replaced by its class's replacement. Integers become the
   * digit replacement repeated as many times as they have digits, with their sign (ORC Java's
   * bytes and shorts then keep their low 8 and 16 bits); booleans become the digit (0 false,
   * else true); floating point numbers the digit times 1.11111 times their power of ten;
   * decimals have their digits replaced; dates and timestamps have their fields replaced (the
   * timestamps' fraction of a second dropped), in the Julian-Gregorian calendar of {@link
   * GregorianCalendar}, timestamps in UTC. Binaries are nullified. With unmasked ranges,
   * numbers are masked as their decimal text is.
   */
  static final class Redact extends Recursive {
    private static final int UNMASKED = '_';
    private static final int UNMASKED_DATE = -1;
    private static final long MILLIS_PER_DAY = 86_400_000L;
    private static final long OVERFLOW = 111_111_111_111_111_111L;
    /** 1e-308 ... 1e307, as ORC Java's table of powers of ten. */
    private static final double[] POWERS = new double[616];

    static {
      for (int i = 0; i < POWERS.length; i++) {
        POWERS[i] = Double.parseDouble("1e" + (i - 308));
      }
    }

    private final int upper;
    private final int lower;
    private final int digitCp;
    private final int digit;
    private final int symbol;
    private final int punctuation;
    private final int separator;
    private final int otherLetter;
    private final int mark;
    private final int otherNumber;
    private final int other;
    /** year, month, day, hour, minute, second; {@link #UNMASKED_DATE} keeps the field. */
    private final int[] time;
    private final boolean maskDate;
    private final boolean maskTimestamp;
    private final TreeMap<Integer, Integer> unmasked = new TreeMap<>();

    Redact(List<String> parameters) {
      if (parameters.size() > 3) {
        throw new IllegalArgumentException("the redact mask takes at most three parameters "
            + "(replacements, time replacements, unmasked ranges), not " + parameters);
      }
      int[] cps = (parameters.isEmpty() ? "" : parameters.get(0)).codePoints().toArray();
      int[] defaults = {'X', 'x', '9', '$', '.', UNMASKED, 0xAA, 0x903, 0xB2, 0x6DD};
      int[] v = new int[defaults.length];
      for (int i = 0; i < v.length; i++) {
        v[i] = i < cps.length ? cps[i] : defaults[i];
      }
      upper = v[0];
      lower = v[1];
      digitCp = v[2];
      symbol = v[3];
      punctuation = v[4];
      separator = v[5];
      otherLetter = v[6];
      mark = v[7];
      otherNumber = v[8];
      other = v[9];
      int d = Character.getNumericValue(digitCp);
      digit = d >= 0 && d <= 9 ? d : 9;
      String[] times = parameters.size() < 2 || parameters.get(1).isBlank() ? null
          : parameters.get(1).split("\\W+");
      int[] timeDefaults = {UNMASKED_DATE, 1, 1, 0, 0, 0};
      int[] timeMax = {4000, 12, 31, 23, 59, 59};
      String[] fields = {"year", "month", "day", "hour", "minute", "second"};
      time = new int[6];
      for (int i = 0; i < 6; i++) {
        time[i] = times == null || i >= times.length ? timeDefaults[i]
            : timeField(times[i], fields[i], timeMax[i], parameters.get(1));
      }
      maskDate = time[0] != UNMASKED_DATE || time[1] != UNMASKED_DATE
          || time[2] != UNMASKED_DATE;
      maskTimestamp = maskDate || time[3] != UNMASKED_DATE || time[4] != UNMASKED_DATE
          || time[5] != UNMASKED_DATE;
      if (parameters.size() > 2 && !parameters.get(2).isBlank()) {
        for (String range : parameters.get(2).split(",")) {
          String[] pair = range.trim().split(":");
          try {
            if (pair.length != 2) {
              throw new NumberFormatException();
            }
            unmasked.put(Integer.parseInt(pair[0]), Integer.parseInt(pair[1]));
          } catch (NumberFormatException e) {
            throw new IllegalArgumentException("bad unmasked range '" + range.trim()
                + "' in the redact mask's '" + parameters.get(2) + "': expected start:end");
          }
        }
      }
    }

    private static int timeField(String s, String field, int max, String all) {
      if (!s.isEmpty() && s.codePointAt(0) == UNMASKED) {
        return UNMASKED_DATE;
      }
      int n;
      try {
        n = Integer.parseInt(s);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("bad " + field + " '" + s + "' in the redact "
            + "mask's time replacements '" + all + "': a number or _");
      }
      if (n < -1 || n > max) {
        throw new IllegalArgumentException("the redact mask's " + field + " " + n
            + " is not in [-1, " + max + "]");
      }
      return n;
    }

    @Override
    ColumnVector leaf(Type type, ColumnVector v, int size) {
      switch (type.kind()) {
        case BOOLEAN: case BYTE: case SHORT: case INT: case LONG: {
          if (digitCp == UNMASKED) {
            return v;
          }
          LongVector in = (LongVector) v;
          LongVector out = new LongVector(Math.max(1, size));
          nulls(v, out, size);
          TypeKind k = type.kind();
          for (int r = 0; r < size; r++) {
            if (k == TypeKind.BOOLEAN) {
              out.vector[r] = digit == 0 ? 0 : 1;
              continue;
            }
            long m = maskLong(in.vector[r]);
            // ORC Java keeps a short's low 16 bits (its int mask, 0xffff_ffff, is -1 as a
            // long); a byte's low 8, which its byte writer stores as the signed byte
            out.vector[r] = k == TypeKind.BYTE ? (byte) m : k == TypeKind.SHORT ? m & 0xffff : m;
          }
          return out;
        }
        case FLOAT: case DOUBLE: {
          if (digitCp == UNMASKED) {
            return v;
          }
          DoubleVector in = (DoubleVector) v;
          DoubleVector out = new DoubleVector(Math.max(1, size));
          nulls(v, out, size);
          for (int r = 0; r < size; r++) {
            out.vector[r] = maskDouble(in.vector[r]);
          }
          return out;
        }
        case DECIMAL: {
          if (digitCp == UNMASKED) {
            return v;
          }
          DecimalVector in = (DecimalVector) v;
          DecimalVector out = new DecimalVector(in.precision, in.scale, Math.max(1, size));
          nulls(v, out, size);
          for (int r = 0; r < size; r++) {
            if (isNull(v, r)) {
              continue;
            }
            BigInteger m = maskDecimal(in.get(r), in.precision, in.scale);
            if (m == null) {
              out.setNull(r);
            } else if (out.isWide) {
              out.wide[r] = m;
            } else {
              out.unscaled[r] = m.longValueExact();
            }
          }
          return out;
        }
        case STRING: case VARCHAR: case CHAR: {
          BytesVector in = (BytesVector) v;
          BytesVector out = new BytesVector(Math.max(1, size));
          nulls(v, out, size);
          ByteArrayOutputStream buf = new ByteArrayOutputStream();
          for (int r = 0; r < size; r++) {
            if (isNull(v, r)) {
              continue;
            }
            byte[] b = maskString(in.vector[r], in.start[r], in.length[r], buf);
            out.setRef(r, b, 0, b.length);
          }
          return out;
        }
        case DATE: {
          if (!maskDate) {
            return v;
          }
          LongVector in = (LongVector) v;
          LongVector out = new LongVector(Math.max(1, size));
          nulls(v, out, size);
          GregorianCalendar c = new GregorianCalendar(TimeZone.getTimeZone("UTC"));
          for (int r = 0; r < size; r++) {
            if (!isNull(v, r)) {
              out.vector[r] = maskDate(c, (int) in.vector[r]);
            }
          }
          return out;
        }
        case TIMESTAMP: case TIMESTAMP_INSTANT: {
          if (!maskTimestamp) {
            return v;
          }
          TimestampVector in = (TimestampVector) v;
          TimestampVector out = new TimestampVector(Math.max(1, size));
          nulls(v, out, size);
          GregorianCalendar c = new GregorianCalendar(TimeZone.getTimeZone("UTC"));
          for (int r = 0; r < size; r++) {
            if (!isNull(v, r)) {
              long millis = maskTime(c, in.seconds[r] * 1000 + in.nanos[r] / 1_000_000);
              // ORC Java's writer takes the seconds of the masked milliseconds (rounded towards
              // zero) and the masked nanos, 0
              out.seconds[r] = millis / 1000;
            }
          }
          return out;
        }
        default:
          return nullify(type, v, size); // binary, as ORC Java redacts it
      }
    }

    long maskLong(long value) {
      if (!unmasked.isEmpty()) {
        try {
          return Long.parseLong(maskNumeric(Long.toString(value)));
        } catch (NumberFormatException e) {
          return OVERFLOW * digit;
        }
      }
      if (digit == 0) {
        return 0;
      }
      long base = value >= 0 ? 1 : -1;
      long abs = value == Long.MIN_VALUE ? Long.MAX_VALUE : Math.abs(value);
      int digits = Long.toString(abs).length();
      if (digits == 19 && digit == 9) {
        digits = 18; // nineteen nines do not fit a long; ORC Java writes eighteen
      }
      long repunit = 0;
      for (int i = 0; i < digits; i++) {
        repunit = repunit * 10 + 1;
      }
      return digit * (base * repunit);
    }

    double maskDouble(double value) {
      if (!unmasked.isEmpty()) {
        try {
          return Double.parseDouble(maskNumeric(Double.toString(value)));
        } catch (NumberFormatException e) {
          return OVERFLOW * digit;
        }
      }
      if (value == 0 || digit == 0) {
        return digit * 1.11111;
      }
      double base;
      if (value > 0) {
        base = 1.11111;
      } else {
        base = -1.11111;
        value = -value;
      }
      // the largest power of ten not above the value, within the table (NaN: the last)
      int posn = Arrays.binarySearch(POWERS, value);
      if (posn == -1) {
        posn = 0;
      } else if (posn < 0) {
        posn = -posn - 2;
      }
      return digit * base * POWERS[posn];
    }

    /**
     * The unscaled value at {@code scale} of {@code value}'s shortest decimal text with its
     * digits masked, or null when that does not fit {@code precision} or is no number.
     */
    BigInteger maskDecimal(BigDecimal value, int precision, int scale) {
      String text = value.signum() == 0 ? "0" : value.stripTrailingZeros().toPlainString();
      BigDecimal masked;
      try {
        masked = new BigDecimal(maskNumeric(text));
      } catch (NumberFormatException e) {
        return null;
      }
      if (masked.scale() > scale) {
        return null;
      }
      BigInteger unscaled = masked.setScale(scale).unscaledValue();
      if (precision > 0 && unscaled.abs().compareTo(BigInteger.TEN.pow(precision)) >= 0) {
        return null;
      }
      return unscaled;
    }

    /** Digits replaced by the digit replacement outside the unmasked ranges; the rest kept. */
    String maskNumeric(String value) {
      StringBuilder sb = new StringBuilder();
      int length = value.codePointCount(0, value.length());
      for (int c = 0; c < length; c++) {
        int cp = value.codePointAt(c);
        if (inUnmaskedRange(c, length)
            || Character.getType(cp) != Character.DECIMAL_DIGIT_NUMBER) {
          sb.appendCodePoint(cp);
        } else {
          sb.appendCodePoint(digitCp);
        }
      }
      return sb.toString();
    }

    /**
     * Whether character {@code index} is in an unmasked range, negative ends counting back from
     * {@code length} (for strings ORC Java passes the length in bytes).
     */
    private boolean inUnmaskedRange(int index, int length) {
      for (Map.Entry<Integer, Integer> e : unmasked.entrySet()) {
        int start = e.getKey() >= 0 ? e.getKey() : length + e.getKey();
        int end = e.getValue() >= 0 ? e.getValue() : length + e.getValue();
        if (index >= start && index <= end) {
          return true;
        }
      }
      return false;
    }

    private byte[] maskString(byte[] b, int off, int len, ByteArrayOutputStream buf) {
      buf.reset();
      String s = new String(b, off, len, StandardCharsets.UTF_8);
      int index = 0;
      for (int i = 0; i < s.length(); ) {
        int cp = s.codePointAt(i);
        i += Character.charCount(cp);
        int rep = replacement(cp);
        if (rep == UNMASKED || inUnmaskedRange(index, len)) {
          rep = cp;
        }
        index++;
        writeCodePoint(rep, buf);
      }
      return buf.toByteArray();
    }

    /**
     * UTF-8 as ORC Java's redaction writes it: its length thresholds are one below the
     * standard's, so U+07FF, U+FFFF and U+10FFFF take a byte more than UTF-8 gives them.
     */
    private static void writeCodePoint(int cp, ByteArrayOutputStream out) {
      if (cp < 0x80) {
        out.write(cp);
      } else if (cp < 0x7ff) {
        out.write(0xC0 | cp >> 6);
        out.write(0x80 | (cp & 0x3f));
      } else if (cp < 0xffff) {
        out.write(0xE0 | cp >> 12);
        out.write(0x80 | ((cp >> 6) & 0x3f));
        out.write(0x80 | (cp & 0x3f));
      } else {
        out.write(0xF0 | cp >> 18);
        out.write(0x80 | ((cp >> 12) & 0x3f));
        out.write(0x80 | ((cp >> 6) & 0x3f));
        out.write(0x80 | (cp & 0x3f));
      }
    }

    private long maskTime(GregorianCalendar c, long millis) {
      c.setTimeInMillis(millis);
      if (time[0] != UNMASKED_DATE) {
        c.set(Calendar.YEAR, time[0]);
      }
      if (time[1] != UNMASKED_DATE) {
        c.set(Calendar.MONTH, time[1] - 1);
      }
      if (time[2] != UNMASKED_DATE) {
        c.set(Calendar.DATE, time[2]);
      }
      if (time[3] != UNMASKED_DATE) {
        c.set(Calendar.HOUR, time[3] % 12);
        c.set(Calendar.AM_PM, time[3] >= 12 ? Calendar.PM : Calendar.AM);
      }
      if (time[4] != UNMASKED_DATE) {
        c.set(Calendar.MINUTE, time[4]);
      }
      if (time[5] != UNMASKED_DATE) {
        c.set(Calendar.SECOND, time[5]);
        c.set(Calendar.MILLISECOND, 0);
      }
      return c.getTimeInMillis();
    }

    private int maskDate(GregorianCalendar c, int days) {
      c.setTimeInMillis(days * MILLIS_PER_DAY);
      if (time[0] != UNMASKED_DATE) {
        c.set(Calendar.YEAR, time[0]);
      }
      if (time[1] != UNMASKED_DATE) {
        c.set(Calendar.MONTH, time[1] - 1);
      }
      if (time[2] != UNMASKED_DATE) {
        c.set(Calendar.DATE, time[2]);
      }
      return (int) (c.getTimeInMillis() / MILLIS_PER_DAY);
    }

    int replacement(int cp) {
      return switch (Character.getType(cp)) {
        case Character.UPPERCASE_LETTER -> upper;
        case Character.LOWERCASE_LETTER -> lower;
        case Character.TITLECASE_LETTER, Character.MODIFIER_LETTER, Character.OTHER_LETTER ->
            otherLetter;
        case Character.NON_SPACING_MARK, Character.ENCLOSING_MARK,
            Character.COMBINING_SPACING_MARK -> mark;
        case Character.DECIMAL_DIGIT_NUMBER -> digitCp;
        case Character.LETTER_NUMBER, Character.OTHER_NUMBER -> otherNumber;
        case Character.SPACE_SEPARATOR, Character.LINE_SEPARATOR,
            Character.PARAGRAPH_SEPARATOR -> separator;
        case Character.MATH_SYMBOL, Character.CURRENCY_SYMBOL, Character.MODIFIER_SYMBOL,
            Character.OTHER_SYMBOL -> symbol;
        case Character.DASH_PUNCTUATION, Character.START_PUNCTUATION,
            Character.END_PUNCTUATION, Character.CONNECTOR_PUNCTUATION,
            Character.OTHER_PUNCTUATION -> punctuation;
        default -> other;
      };
    }
  }
}
