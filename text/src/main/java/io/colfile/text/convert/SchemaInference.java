package io.colfile.text.convert;

import io.colfile.core.types.Type;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
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
    Accumulator a = new Accumulator(TimestampText.DEFAULT);
    a.addJson(name, in);
    if (a.jsonRows == 0) {
      throw new BadInputException(name, 1, null, "no rows to infer a schema from; give --schema");
    }
    return a.schema();
  }

  private static long inferJson(Guess root, String name, InputStream in, TimestampText timestamps)
      throws IOException {
    LineReader lines = new LineReader(in);
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
        merge(root, value, "", timestamps);
      } catch (ValueError e) {
        throw new BadInputException(name, lines.number(), e.path(), e.getMessage());
      }
      rows++;
    }
    return rows;
  }

  private static void merge(Guess g, Object value, String path, TimestampText timestamps)
      throws ValueError {
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
      g.allTimestamps &= isTimestamp(text, timestamps);
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
        merge(g.element, list.get(i), path + "[" + i + "]", timestamps);
      }
    } else if (k == Kind.STRUCT) {
      for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
        String field = (String) e.getKey();
        merge(g.fields.computeIfAbsent(field, x -> new Guess()), e.getValue(),
            path.isEmpty() ? field : path + "." + field, timestamps);
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

  private static boolean isTimestamp(String text, TimestampText timestamps) {
    try {
      timestamps.parse(text, false, new long[2], "");
      return true;
    } catch (ValueError e) {
      return false;
    }
  }

  /** The schema of CSV with a header row (RFC 4180). */
  public static Type csv(String name, Reader reader) throws IOException {
    SchemaInference.Accumulator a = new Accumulator(TimestampText.DEFAULT);
    a.addCsv(name, reader, CsvFormat.RFC4180);
    return a.schema();
  }

  /**
   * A schema inferred over several inputs of one kind: JSON lines (objects merged field by
   * field) or CSV with header lines (columns merged by name, in the order first seen; a column
   * some inputs lack is nullable like every other). Timestamps are recognised in the
   * {@link TimestampText}'s form.
   */
  public static final class Accumulator {
    private final TimestampText timestamps;
    private final Guess json = new Guess();
    private final Map<String, CsvColumn> csv = new LinkedHashMap<>();
    private long jsonRows;
    private boolean anyCsv;
    private String firstName;
    private final long[] scratch = new long[2];

    /** Recognising timestamps as {@code timestamps} reads them. */
    public Accumulator(TimestampText timestamps) {
      this.timestamps = timestamps;
    }

    /** Adds the values of JSON lines. */
    public void addJson(String name, InputStream in) throws IOException {
      if (firstName == null) {
        firstName = name;
      }
      jsonRows += inferJson(json, name, in, timestamps);
    }

    /**
     * Adds the values of CSV in {@code format}; its header line names the columns.
     *
     * @throws IllegalArgumentException if the format has no header line
     */
    public void addCsv(String name, Reader reader, CsvFormat format) throws IOException {
      if (!format.header()) {
        throw new IllegalArgumentException("CSV without a header line needs a schema");
      }
      CsvParser p = new CsvParser(name, reader, format);
      if (!p.next()) {
        throw new BadInputException(name, 1, null, "no header line");
      }
      anyCsv = true;
      int n = p.count();
      CsvColumn[] columns = new CsvColumn[n];
      for (int i = 0; i < n; i++) {
        String h = p.field(i).trim();
        for (int j = 0; j < i; j++) {
          if (columns[j] == csv.get(h)) {
            throw new BadInputException(name, p.line(), h, "the header names the column twice");
          }
        }
        columns[i] = csv.computeIfAbsent(h, x -> new CsvColumn());
      }
      while (p.next()) {
        if (p.count() != n) {
          throw new BadInputException(name, p.line(), null,
              "the row has " + p.count() + " fields, the header " + n);
        }
        for (int i = 0; i < n; i++) {
          if (p.isNull(i)) {
            continue;
          }
          columns[i].add(p.field(i).trim(), p.quoted(i) && p.field(i).isBlank(), timestamps,
              scratch);
        }
      }
    }

    /**
     * The schema of everything added.
     *
     * @throws BadInputException when nothing, or no row of JSON, was added
     */
    public Type schema() throws BadInputException {
      if (anyCsv) {
        Type.StructBuilder b = Type.structBuilder();
        for (Map.Entry<String, CsvColumn> e : csv.entrySet()) {
          b.field(e.getKey(), e.getValue().type());
        }
        return b.build();
      }
      if (jsonRows == 0) {
        throw new BadInputException(firstName == null ? "<no input>" : firstName, 1, null,
            "no rows to infer a schema from; give --schema");
      }
      return json.toType();
    }
  }

  /** What the values of one CSV column so far fit. */
  private static final class CsvColumn {
    boolean bool = true;
    boolean integer = true;
    boolean floating = true;
    boolean date = true;
    boolean timestamp = true;
    boolean any;

    void add(String t, boolean emptyQuoted, TimestampText timestamps, long[] scratch) {
      any = true;
      if (emptyQuoted) {
        bool = integer = floating = date = timestamp = false; // "" is a string
        return;
      }
      bool &= t.equalsIgnoreCase("true") || t.equalsIgnoreCase("false");
      integer &= fitsLong(t);
      if (floating) {
        try {
          TextValues.floating(t, Type.DOUBLE, "");
        } catch (ValueError e) {
          floating = false;
        }
      }
      date &= isDate(t);
      if (timestamp) {
        try {
          timestamps.parse(t, false, scratch, "");
        } catch (ValueError e) {
          timestamp = false;
        }
      }
    }

    Type type() {
      return !any ? Type.STRING : bool ? Type.BOOLEAN : integer ? Type.LONG
          : floating ? Type.DOUBLE : date ? Type.DATE : timestamp ? Type.TIMESTAMP
          : Type.STRING;
    }
  }
}
