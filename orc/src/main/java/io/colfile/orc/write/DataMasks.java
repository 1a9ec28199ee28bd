package io.colfile.orc.write;

import io.colfile.core.error.UnsupportedFeatureException;
import io.colfile.core.types.Type;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.LongVector;
import io.colfile.core.vector.StructVector;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

/**
 * The masks of encrypted columns' unencrypted copies (orc.md section 11), with ORC Java's
 * meanings: {@code nullify}, {@code redact} and {@code sha256}. A mask turns a column's vector
 * into a new vector of the same type; the original is left alone.
 */
final class DataMasks {
  private DataMasks() {}

  /** A mask of one column subtree. */
  interface Mask {
    /** The masked copy of rows {@code [0, size)} of {@code v}, a vector of {@code type}. */
    ColumnVector apply(Type type, ColumnVector v, int size);
  }

  /** The mask named {@code name} with {@code parameters}, checked against {@code type}. */
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

  /** Masks of compound types colfile applies: structs only (ORC Java also maps and lists). */
  private static void check(Type type, String name) throws UnsupportedFeatureException {
    switch (type.kind()) {
      case STRUCT -> {
        for (Type c : type.children()) {
          check(c, name);
        }
      }
      case LIST, MAP, UNION -> throw new UnsupportedFeatureException("the " + name
          + " mask of " + type + " is not supported (nullify it, or mask its fields)");
      // ORC Java's mask factories fail on them ("Unhandled type"): it cannot write such a file
      case GEOMETRY, GEOGRAPHY -> throw new UnsupportedFeatureException("the " + name
          + " mask of " + type + " is not supported (ORC Java has none; nullify it)");
      default -> {
        if ("redact".equals(name) && !Redact.supports(type)) {
          throw new UnsupportedFeatureException("the redact mask of " + type
              + " is not supported (strings, integers and booleans are)");
        }
      }
    }
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

  /** A struct's masked copy: its nulls, each field masked by {@code leaf}. */
  private static ColumnVector struct(Type type, ColumnVector v, int size, Mask leaf) {
    StructVector s = (StructVector) v;
    ColumnVector[] fields = new ColumnVector[s.fields.length];
    for (int i = 0; i < fields.length; i++) {
      fields[i] = leaf.apply(type.child(i), s.fields[i], size);
    }
    StructVector out = new StructVector(Math.max(1, size), fields);
    nulls(v, out, size);
    return out;
  }

  /** Strings and binaries to their SHA-256 (strings as upper-case hex); others null. */
  static final class Sha256 implements Mask {
    @Override
    public ColumnVector apply(Type type, ColumnVector v, int size) {
      switch (type.kind()) {
        case STRUCT:
          return struct(type, v, size, this);
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
        if (!v.noNulls && v.isNull[r]) {
          continue;
        }
        md.update(in.vector[r], in.start[r], in.length[r]);
        byte[] hash = md.digest();
        if (type.kind() != io.colfile.core.types.TypeKind.BINARY) {
          hash = HexFormat.of().withUpperCase().formatHex(hash)
              .getBytes(StandardCharsets.US_ASCII);
          if (type.kind() == io.colfile.core.types.TypeKind.VARCHAR
              && type.maxLength() < hash.length) {
            hash = Arrays.copyOf(hash, type.maxLength());
          } else if (type.kind() == io.colfile.core.types.TypeKind.CHAR) {
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
   * Letters, digits and other characters replaced by class; integers' digits by the digit
   * replacement (one digit fewer where that would leave the column's range, which ORC Java
   * leaves); booleans to it (0 false, else true).
   */
  static final class Redact implements Mask {
    private static final int UNMASKED = '_';
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

    Redact(List<String> parameters) {
      if (parameters.size() > 1) {
        throw new IllegalArgumentException("colfile's redact mask takes one parameter (the "
            + "replacements), not " + parameters);
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
    }

    static boolean supports(Type type) {
      return switch (type.kind()) {
        case BOOLEAN, BYTE, SHORT, INT, LONG, STRING, VARCHAR, CHAR -> true;
        default -> false;
      };
    }

    @Override
    public ColumnVector apply(Type type, ColumnVector v, int size) {
      switch (type.kind()) {
        case STRUCT:
          return struct(type, v, size, this);
        case BOOLEAN: case BYTE: case SHORT: case INT: case LONG: {
          if (digitCp == UNMASKED) {
            return v;
          }
          LongVector in = (LongVector) v;
          LongVector out = new LongVector(Math.max(1, size));
          nulls(v, out, size);
          // ORC Java stores the redacted number even where it leaves the column's range (a
          // 10-digit int becomes 9999999999); colfile's writers keep to the range, so a
          // number that does not fit has one digit fewer
          long min = switch (type.kind()) {
            case BYTE -> Byte.MIN_VALUE;
            case SHORT -> Short.MIN_VALUE;
            case INT -> Integer.MIN_VALUE;
            default -> Long.MIN_VALUE;
          };
          long max = -(min + 1);
          for (int r = 0; r < size; r++) {
            if (type.kind() == io.colfile.core.types.TypeKind.BOOLEAN) {
              out.vector[r] = digit == 0 ? 0 : 1;
              continue;
            }
            long m = maskLong(in.vector[r]);
            if (max != Long.MAX_VALUE && (m < min || m > max)) {
              m = m / 10;
            }
            out.vector[r] = m;
          }
          return out;
        }
        case STRING: case VARCHAR: case CHAR: {
          BytesVector in = (BytesVector) v;
          BytesVector out = new BytesVector(Math.max(1, size));
          nulls(v, out, size);
          StringBuilder sb = new StringBuilder();
          for (int r = 0; r < size; r++) {
            if (!v.noNulls && v.isNull[r]) {
              continue;
            }
            sb.setLength(0);
            String s = new String(in.vector[r], in.start[r], in.length[r],
                StandardCharsets.UTF_8);
            s.codePoints().forEach(cp -> {
              int rep = replacement(cp);
              sb.appendCodePoint(rep == UNMASKED ? cp : rep);
            });
            byte[] b = sb.toString().getBytes(StandardCharsets.UTF_8);
            out.setRef(r, b, 0, b.length);
          }
          return out;
        }
        default:
          throw new IllegalStateException("redact of " + type);
      }
    }

    long maskLong(long value) {
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
