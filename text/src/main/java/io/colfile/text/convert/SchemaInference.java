package io.colfile.text.convert;

import de.siegmar.fastcsv.reader.CsvParseException;
import de.siegmar.fastcsv.reader.CsvReader;
import de.siegmar.fastcsv.reader.CsvRecord;
import io.colfile.core.types.Type;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Guesses a schema from a whole JSON-lines or CSV input (one full pass; the conversion then
 * reads the input again). JSON: objects become structs (fields in the order first seen),
 * integers bigint, other numbers double (integers widen to double), booleans boolean, strings
 * string, or date / timestamp when every value has that text form, arrays array; a column that
 * is only ever null becomes string. CSV: each column the narrowest of boolean, bigint, double,
 * date, timestamp and string that holds every non-empty value. Values that no single type
 * holds (a number here, an object there) stop the inference with the line and column.
 */
public final class SchemaInference {
  private SchemaInference() {}

  private enum Kind {
    UNKNOWN,
    BOOLEAN,
    LONG,
    DOUBLE,
    STRING,
    LIST,
    STRUCT
  }

  /** What is known so far of one column. */
  private static final class Guess {
    Kind kind = Kind.UNKNOWN;
    boolean allDates = true;
    boolean allTimestamps = true;
    Guess element;
    final Map<String, Guess> fields = new LinkedHashMap<>();

    Type toType() {
      switch (kind) {
        case BOOLEAN: return Type.BOOLEAN;
        case LONG: return Type.LONG;
        case DOUBLE: return Type.DOUBLE;
        case STRING:
          return allDates ? Type.DATE : allTimestamps ? Type.TIMESTAMP : Type.STRING;
        case LIST: return Type.list(element.toType());
        case STRUCT: {
          Type.StructBuilder b = Type.structBuilder();
          for (Map.Entry<String, Guess> e : fields.entrySet()) {
            b.field(e.getKey(), e.getValue().toType());
          }
          return b.build();
        }
        default: return Type.STRING;
      }
    }
  }

  /** The schema of JSON lines. */
  public static Type json(String name, InputStream in) throws IOException {
    LineReader lines = new LineReader(in);
    Guess root = new Guess();
    long rows = 0;
    while (lines.next()) {
      if (lines.isBlank()) {
        continue;
      }
      Object value;
      try {
        value = Json.parse(lines.line(), lines.length());
      } catch (Json.SyntaxError e) {
        throw new BadInputException(name, lines.number(), null, "malformed JSON: " + e.getMessage());
      }
      try {
        merge(root, value, "");
      } catch (ValueError e) {
        throw new BadInputException(name, lines.number(), e.path(), e.getMessage());
      }
      rows++;
    }
    if (rows == 0) {
      throw new BadInputException(name, 1, null, "no rows to infer a schema from; give --schema");
    }
    return root.toType();
  }

  private static void merge(Guess g, Object value, String path) throws ValueError {
    if (value == Json.NULL) {
      return;
    }
    Kind k;
    if (value instanceof Boolean) {
      k = Kind.BOOLEAN;
    } else if (value instanceof Json.Num n) {
      k = n.isInteger() && fitsLong(n.text()) ? Kind.LONG : Kind.DOUBLE;
    } else if (value instanceof Json.Str s) {
      k = Kind.STRING;
      String text = s.text();
      g.allDates &= isDate(text);
      g.allTimestamps &= isTimestamp(text);
    } else if (value instanceof List) {
      k = Kind.LIST;
    } else {
      k = Kind.STRUCT;
    }
    if (g.kind == Kind.UNKNOWN) {
      g.kind = k;
    } else if ((g.kind == Kind.LONG && k == Kind.DOUBLE) || (g.kind == Kind.DOUBLE
        && k == Kind.LONG)) {
      g.kind = Kind.DOUBLE;
    } else if (g.kind != k) {
      throw new ValueError(path, "holds both " + describe(g.kind) + " and " + describe(k)
          + " values; give the type with --schema");
    }
    if (k == Kind.LIST) {
      if (g.element == null) {
        g.element = new Guess();
      }
      List<?> list = (List<?>) value;
      for (int i = 0; i < list.size(); i++) {
        merge(g.element, list.get(i), path + "[" + i + "]");
      }
    } else if (k == Kind.STRUCT) {
      for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
        String field = (String) e.getKey();
        merge(g.fields.computeIfAbsent(field, x -> new Guess()), e.getValue(),
            path.isEmpty() ? field : path + "." + field);
      }
    }
  }

  private static String describe(Kind k) {
    switch (k) {
      case LIST: return "array";
      case STRUCT: return "object";
      case LONG: case DOUBLE: return "number";
      default: return k.name().toLowerCase();
    }
  }

  private static boolean fitsLong(String text) {
    try {
      Long.parseLong(text);
      return true;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  private static boolean isDate(String text) {
    try {
      TextValues.date(text, "");
      return true;
    } catch (ValueError e) {
      return false;
    }
  }

  private static boolean isTimestamp(String text) {
    try {
      TextValues.timestamp(text, new long[2], "");
      return true;
    } catch (ValueError e) {
      return false;
    }
  }

  /** The schema of CSV with a header row. */
  public static Type csv(String name, Reader reader) throws IOException {
    try (CsvReader<CsvRecord> csv = CsvReader.builder().skipEmptyLines(true).ofCsvRecord(reader)) {
      var it = csv.iterator();
      if (!it.hasNext()) {
        throw new BadInputException(name, 1, null, "no header row");
      }
      List<String> names = new ArrayList<>();
      for (String h : it.next().getFields()) {
        names.add(h.trim());
      }
      int n = names.size();
      boolean[] bool = new boolean[n];
      boolean[] integer = new boolean[n];
      boolean[] floating = new boolean[n];
      boolean[] date = new boolean[n];
      boolean[] timestamp = new boolean[n];
      boolean[] any = new boolean[n];
      java.util.Arrays.fill(bool, true);
      java.util.Arrays.fill(integer, true);
      java.util.Arrays.fill(floating, true);
      java.util.Arrays.fill(date, true);
      java.util.Arrays.fill(timestamp, true);
      while (it.hasNext()) {
        CsvRecord r = it.next();
        if (r.getFieldCount() != n) {
          throw new BadInputException(name, r.getStartingLineNumber(), null,
              "the row has " + r.getFieldCount() + " fields, the header " + n);
        }
        for (int i = 0; i < n; i++) {
          String t = r.getField(i).trim();
          if (t.isEmpty()) {
            continue;
          }
          any[i] = true;
          bool[i] &= t.equalsIgnoreCase("true") || t.equalsIgnoreCase("false");
          integer[i] &= fitsLong(t);
          if (floating[i]) {
            try {
              TextValues.floating(t, Type.DOUBLE, "");
            } catch (ValueError e) {
              floating[i] = false;
            }
          }
          date[i] &= isDate(t);
          timestamp[i] &= isTimestamp(t);
        }
      }
      Type.StructBuilder b = Type.structBuilder();
      for (int i = 0; i < n; i++) {
        Type t = !any[i] ? Type.STRING : bool[i] ? Type.BOOLEAN : integer[i] ? Type.LONG
            : floating[i] ? Type.DOUBLE : date[i] ? Type.DATE : timestamp[i] ? Type.TIMESTAMP
            : Type.STRING;
        b.field(names.get(i), t);
      }
      return b.build();
    } catch (CsvParseException e) {
      throw new BadInputException(name, -1, null, "malformed CSV: " + e.getMessage());
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }
}
