package io.colfile.trevni.avro;

import io.colfile.trevni.avro.AvroSchema.Field;
import io.colfile.trevni.avro.AvroSchema.Kind;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Replaces the forward references a parse leaves by the types they name, in the order Avro
 * 1.12's parser does it, because that order decides which field defaults Avro can check.
 *
 * <p>Avro walks each named type in the order they were defined (a record after its fields),
 * depth first (a union's branches last to first), starting each record before its fields and
 * finishing it after them; a reference to a record not yet started starts a walk of its own
 * there. Finishing a record checks its fields' defaults again, against the resolved types: a
 * default that needs the fields of a record started but not finished (the record itself, or
 * one it is inside) makes Avro fail, so it is refused here too. Records live on in place: a
 * finished record gets its resolved fields.
 */
final class AvroSchemaResolver {
  private final Map<String, AvroSchema> defined;
  private final Set<AvroSchema> started = identitySet();
  private final Set<AvroSchema> finished = identitySet();

  private AvroSchemaResolver(Map<String, AvroSchema> defined) {
    this.defined = defined;
  }

  /**
   * @param registered the named types in the order the parser defined them
   * @param defined the named types by full name
   */
  static AvroSchema resolve(AvroSchema root, List<AvroSchema> registered,
      Map<String, AvroSchema> defined) {
    AvroSchemaResolver r = new AvroSchemaResolver(defined);
    for (AvroSchema s : registered) {
      r.walk(s, identitySet(), 0);
    }
    r.walk(root, identitySet(), 0);
    return r.resolved(root);
  }

  private static Set<AvroSchema> identitySet() {
    return Collections.newSetFromMap(new IdentityHashMap<>());
  }

  private AvroSchema target(AvroSchema reference) {
    AvroSchema t = defined.get(reference.name());
    if (t == null) {
      throw AvroSchemaParser.error(reference.referencedAt(),
          "unknown type '" + reference.name() + "'");
    }
    return t;
  }

  /**
   * One step of Avro's walk; {@code seen} are the schemas this walk has met, {@code level} how
   * deep it is: references may chain types far deeper than the JSON nests, so it is bounded.
   */
  private void walk(AvroSchema s, Set<AvroSchema> seen, int level) {
    if (level > AvroSchema.MAX_DEPTH) {
      throw new IllegalArgumentException("Avro schema nested deeper than "
          + AvroSchema.MAX_DEPTH + " levels");
    }
    if (s.referencedAt() != null) {
      AvroSchema t = target(s);
      if (t.kind() == Kind.RECORD && !started.contains(t)) {
        walk(t, identitySet(), level);
      }
      return;
    }
    if (!seen.add(s)) {
      return;
    }
    switch (s.kind()) {
      case RECORD:
        if (!finished.contains(s)) {
          started.add(s);
          for (Field f : s.fields()) {
            walk(f.schema(), seen, level + 1);
          }
          finish(s);
        }
        return;
      case ARRAY:
        walk(s.elementType(), seen, level + 1);
        return;
      case MAP:
        walk(s.valueType(), seen, level + 1);
        return;
      case UNION:
        for (int i = s.branches().size() - 1; i >= 0; i--) {
          walk(s.branches().get(i), seen, level + 1);
        }
        return;
      default:
    }
  }

  private void finish(AvroSchema record) {
    if (finished.contains(record)) {
      return; // a walk started at a reference inside it finished it
    }
    List<Field> fields = new ArrayList<>();
    for (Field f : record.fields()) {
      AvroSchema schema = resolved(f.schema());
      String where = "record " + record.fullName() + " field '" + f.name() + "'";
      Object dflt = f.defaultValue().orElse(null);
      boolean valid;
      try {
        valid = dflt == null || AvroDefaults.isValid(schema, dflt, r -> !finished.contains(r));
      } catch (IllegalArgumentException e) {
        throw AvroSchemaParser.error(where, "the default " + AvroJson.toString(dflt)
            + " cannot be checked: " + e.getMessage());
      }
      if (!valid) {
        throw AvroSchemaParser.invalidDefault(where, schema, dflt);
      }
      fields.add(schema == f.schema() ? f : f.withSchema(schema));
    }
    record.setFields(List.copyOf(fields));
    finished.add(record);
  }

  /** {@code s} with references replaced (records are resolved in place). */
  private AvroSchema resolved(AvroSchema s) {
    if (s.referencedAt() != null) {
      return target(s);
    }
    switch (s.kind()) {
      case ARRAY:
      case MAP: {
        AvroSchema inner = s.kind() == Kind.ARRAY ? s.elementType() : s.valueType();
        AvroSchema r = resolved(inner);
        if (r == inner) {
          return s;
        }
        return (s.kind() == Kind.ARRAY ? AvroSchema.array(r) : AvroSchema.map(r))
            .withProps(s.props());
      }
      case UNION: {
        List<AvroSchema> branches = new ArrayList<>();
        boolean changed = false;
        for (AvroSchema b : s.branches()) {
          AvroSchema r = resolved(b);
          branches.add(r);
          changed |= r != b;
        }
        return changed ? AvroSchema.parsedUnion(branches) : s;
      }
      default:
        return s;
    }
  }
}
