package io.colfile.core.read;

import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * How one node of a reader schema is read from a file (schema evolution): as the file's node
 * itself ({@link Kind#SAME}), through a conversion, as NULL where the file has nothing, or
 * field by field, element by element.
 *
 * <p>The rules are orc-core 2.1's {@code SchemaEvolution}: struct fields by name, case
 * included ({@code orc.schema.evolution.case.sensitive}'s default); the top-level fields by
 * position when asked or when every top-level name of the file is {@code _colN} (orc-core's
 * {@code orc.force.positional.evolution} at its default level 1, and its files without column
 * names); lists, maps and unions child by child, unions only with as many variants; scalars
 * through {@link ScalarConversions}; anything else refused. Not taken over: orc-core's
 * case-insensitive option, positional matching below the top level, and ACID files' event
 * structs. Unlike orc-core, which checks only the columns a read includes, the whole reader
 * schema is checked, so a schema that cannot be read fails whatever the columns asked for.
 *
 * <p>A third way to match struct fields, Iceberg's: by an id each type carries as an attribute
 * ({@code iceberg.id}; {@link io.colfile.core.ReadOptions#withMatchById}). A reader field with
 * the id attribute reads the field of the file's struct (at the same depth) whose type has the
 * same id, whatever its name or position, and reads as NULL when none has; a reader field without
 * one falls back to the name (or position) rule above. Two fields of one reader struct with the
 * same id are refused. A struct read whole is taken as it is only when the ids agree too.
 *
 * <p>Nullability (which ORC has not) follows Avro's schema resolution: a nullable reader child
 * reads anything; a non-null one reads a non-null file child, and a nullable file child or a
 * conversion up to the first NULL actually met, which is refused then ({@link
 * #mayBreakNotNull}); a non-null reader field the file lacks is refused at once, as there is
 * nothing to fill it with (colfile has no field defaults).
 */
final class Match {
  enum Kind { SAME, STRUCT, LIST, MAP, UNION, CONVERT, MISSING }

  private static final Pattern HIVE_NAME = Pattern.compile("_col\\d+");

  final Kind kind;
  final Type reader;
  final Type file;
  /** STRUCT: one per reader field; LIST: the element; MAP: key and value; UNION: variants. */
  final List<Match> children;
  /** STRUCT: the file's field name each reader field reads, null where the file has none. */
  final List<String> fileNames;
  final ScalarConversion conversion;

  private Match(Kind kind, Type reader, Type file, List<Match> children, List<String> fileNames,
      ScalarConversion conversion) {
    this.kind = kind;
    this.reader = reader;
    this.file = file;
    this.children = children;
    this.fileNames = fileNames;
    this.conversion = conversion;
  }

  static Match same(Type t) {
    return new Match(Kind.SAME, t, t, List.of(), List.of(), null);
  }

  static Match missing(Type reader) {
    return new Match(Kind.MISSING, reader, null, List.of(), List.of(), null);
  }

  /**
   * Matches {@code reader} to {@code file}. Top-level struct fields match by position when
   * {@code byPosition} is set or every top-level name of the file is {@code _colN} (files
   * Hive wrote before it kept names); everything else by name, case included.
   *
   * @throws IllegalArgumentException naming the first node that cannot be read as asked
   */
  static Match of(Type reader, Type file, boolean byPosition, ZoneId zone) {
    return of(reader, file, byPosition, null, zone);
  }

  /**
   * {@link #of(Type, Type, boolean, ZoneId)}, and with {@code idAttribute} not null struct
   * fields whose reader type has that attribute match the file's field with the same value
   * (see the class comment).
   */
  static Match of(Type reader, Type file, boolean byPosition, String idAttribute, ZoneId zone) {
    boolean positional = byPosition || (file.kind() == TypeKind.STRUCT
        && !file.fieldNames().isEmpty()
        && file.fieldNames().stream().allMatch(n -> HIVE_NAME.matcher(n).matches()));
    return new Matcher(idAttribute, zone).match(reader, file, positional, "");
  }

  /** The settings one matching carries down the tree. */
  private record Matcher(String idAttribute, ZoneId zone) {
    Match match(Type reader, Type file, boolean positional, String path) {
      return Match.match(reader, file, positional, path, this);
    }

    /**
     * Whether the file's subtree has the id of every node of the reader's that has one (always
     * when ids are not used): then matching by id finds what matching it as it is finds.
     */
    boolean sameIds(Type reader, Type file) {
      if (idAttribute == null || !reader.kind().isCompound()) {
        return true;
      }
      List<Type> r = reader.flatten();
      List<Type> f = file.flatten();
      for (int i = 0; i < r.size(); i++) {
        String id = r.get(i).attribute(idAttribute);
        if (id != null && !id.equals(f.get(i).attribute(idAttribute))) {
          return false;
        }
      }
      return true;
    }

    /**
     * The file struct's field that reader field {@code i} reads, or -1: by id when the reader
     * field has one, else by position or name.
     */
    int fileField(Type reader, Type file, int i, boolean positional, String path) {
      String id = idAttribute == null ? null : reader.child(i).attribute(idAttribute);
      if (id == null) {
        return positional ? (i < file.children().size() ? i : -1)
            : file.fieldIndex(reader.fieldNames().get(i));
      }
      for (int j = 0; j < i; j++) {
        if (id.equals(reader.child(j).attribute(idAttribute))) {
          throw new IllegalArgumentException("cannot read " + (path.isEmpty() ? "the rows"
              : "column " + path) + ": its fields " + reader.fieldNames().get(j) + " and "
              + reader.fieldNames().get(i) + " both have " + idAttribute + " " + id);
        }
      }
      for (int f = 0; f < file.children().size(); f++) {
        if (id.equals(file.child(f).attribute(idAttribute))) {
          return f;
        }
      }
      return -1;
    }
  }

  private static Match match(Type reader, Type file, boolean positional, String path,
      Matcher m) {
    ZoneId zone = m.zone();
    if (reader.equals(file) && m.sameIds(reader, file)) {
      return same(reader);
    }
    String where = path.isEmpty() ? "the rows" : "column " + path;
    if (reader.kind().isCompound() || file.kind().isCompound()) {
      if (reader.kind() != file.kind()) {
        throw new IllegalArgumentException("cannot read " + where + " (" + file + " in the "
            + "file) as " + reader);
      }
      List<Match> children = new ArrayList<>();
      switch (reader.kind()) {
        case STRUCT: {
          List<String> names = new ArrayList<>();
          for (int i = 0; i < reader.children().size(); i++) {
            String name = reader.fieldNames().get(i);
            String sub = path.isEmpty() ? name : path + "." + name;
            int f = m.fileField(reader, file, i, positional, path);
            if (f >= 0 && names.contains(file.fieldNames().get(f))) {
              // only ids can lead two reader fields to one file field
              throw new IllegalArgumentException("cannot read column " + sub + ": the file's "
                  + "field " + file.fieldNames().get(f) + " is already read by another field");
            }
            if (f < 0) {
              if (!reader.isChildNullable(i)) {
                throw new IllegalArgumentException("cannot read column " + sub + ": it is not "
                    + "null in the reader schema, and the file has no such column to give its "
                    + "values");
              }
              names.add(null);
              children.add(missing(reader.child(i)));
            } else {
              names.add(file.fieldNames().get(f));
              children.add(m.match(reader.child(i), file.child(f), false, sub));
            }
          }
          return new Match(Kind.STRUCT, reader, file, children, names, null);
        }
        case LIST:
          children.add(m.match(reader.child(0), file.child(0), false, path + "[]"));
          return new Match(Kind.LIST, reader, file, children, List.of(), null);
        case MAP:
          children.add(m.match(reader.child(0), file.child(0), false, path + ".key"));
          children.add(m.match(reader.child(1), file.child(1), false, path + ".value"));
          return new Match(Kind.MAP, reader, file, children, List.of(), null);
        default: {
          if (reader.children().size() != file.children().size()) {
            throw new IllegalArgumentException("cannot read " + where + " (" + file
                + " in the file) as " + reader + ": the unions have different variants");
          }
          for (int i = 0; i < reader.children().size(); i++) {
            children.add(m.match(reader.child(i), file.child(i), false, path + "." + i));
          }
          return new Match(Kind.UNION, reader, file, children, List.of(), null);
        }
      }
    }
    ScalarConversion c = ScalarConversions.find(file, reader, zone);
    if (c == null) {
      throw new IllegalArgumentException("cannot read " + where + " (" + file + " in the file) "
          + "as " + reader);
    }
    return new Match(Kind.CONVERT, reader, file, List.of(), List.of(), c);
  }

  /** A struct match field by field, also when the struct is read as it is. */
  Match fieldByField() {
    if (kind != Kind.SAME || reader.kind() != TypeKind.STRUCT) {
      return this;
    }
    List<Match> children = new ArrayList<>();
    reader.children().forEach(c -> children.add(same(c)));
    return new Match(Kind.STRUCT, reader, file, children, reader.fieldNames(), null);
  }

  /** This struct match with only the reader fields {@code keep} (sub-matches pruned too). */
  Match pruned(Type readerPruned) {
    if (readerPruned.equals(reader)) {
      return this;
    }
    if (kind == Kind.SAME) {
      // a struct read whole from the file, of which fewer fields are wanted
      List<Match> children = new ArrayList<>();
      List<String> names = new ArrayList<>();
      for (int i = 0; i < readerPruned.children().size(); i++) {
        String name = readerPruned.fieldNames().get(i);
        names.add(name);
        children.add(same(reader.child(reader.fieldIndex(name))).pruned(readerPruned.child(i)));
      }
      return new Match(Kind.STRUCT, readerPruned, file, children, names, null);
    }
    if (kind != Kind.STRUCT) {
      throw new IllegalStateException("only structs are pruned, not " + reader);
    }
    List<Match> children = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (int i = 0; i < readerPruned.children().size(); i++) {
      int r = reader.fieldIndex(readerPruned.fieldNames().get(i));
      names.add(fileNames.get(r));
      Match child = this.children.get(r);
      children.add(child.kind == Kind.MISSING ? missing(readerPruned.child(i))
          : child.pruned(readerPruned.child(i)));
    }
    return new Match(Kind.STRUCT, readerPruned, file, children, names, null);
  }

  /** The part of the file's type this match reads: structs keep only the fields read. */
  Type fileRead() {
    switch (kind) {
      case SAME: case CONVERT: return file;
      case STRUCT: {
        List<String> names = new ArrayList<>();
        List<Type> types = new ArrayList<>();
        List<Boolean> nullable = new ArrayList<>();
        // the file's order, so that the result is a pruning of the file's schema
        for (int f = 0; f < file.children().size(); f++) {
          int r = fileNames.indexOf(file.fieldNames().get(f));
          if (r >= 0) {
            names.add(file.fieldNames().get(f));
            types.add(children.get(r).fileRead());
            nullable.add(file.isChildNullable(f));
          }
        }
        return Type.struct(names, types, nullable);
      }
      case LIST: return Type.list(children.get(0).fileRead(), file.isChildNullable(0));
      case MAP:
        return Type.map(children.get(0).fileRead(), children.get(1).fileRead(),
            file.isChildNullable(1));
      case UNION: {
        List<Type> variants = new ArrayList<>();
        children.forEach(c -> variants.add(c.fileRead()));
        return Type.union(variants);
      }
      default: throw new IllegalStateException("nothing is read for a missing column");
    }
  }

  /**
   * Whether rows read may hold a NULL where the reader schema says none can be: a child the
   * reader has non-null that the file has nullable, or that a conversion fills (conversions give
   * NULL for values they cannot convert). Those rows are refused when met ({@link
   * io.colfile.core.vector.NotNullCheck}), as Avro's schema resolution refuses a null for a
   * non-null reader field only at that value: a file whose nullable column holds no NULL reads.
   */
  boolean mayBreakNotNull() {
    for (int i = 0; i < children.size(); i++) {
      Match c = children.get(i);
      if (kind != Kind.UNION && !(kind == Kind.MAP && i == 0) && !reader.isChildNullable(i)
          && (c.kind == Kind.CONVERT || file.isChildNullable(fileChild(i)))) {
        return true;
      }
      if (c.mayBreakNotNull()) {
        return true;
      }
    }
    return false;
  }

  /** The file's child that reader child {@code i} reads (STRUCT, LIST, MAP). */
  private int fileChild(int i) {
    return kind == Kind.STRUCT ? file.fieldIndex(fileNames.get(i)) : i;
  }

  /** Whether the whole subtree reads the file's values unchanged. */
  boolean isIdentity() {
    switch (kind) {
      case SAME: return true;
      case STRUCT:
        if (!reader.fieldNames().equals(fileNames) || reader.children().size()
            != file.children().size()) {
          return false;
        }
        return children.stream().allMatch(Match::isIdentity);
      default: return false;
    }
  }
}
