package io.colfile.testkit;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * Memory files of given rows, for tests that need particular values: rows in the forms {@link
 * ValueFill} takes, read back the same way.
 */
final class ValueBatches {
  private ValueBatches() {}

  /** A file holding {@code rows} of {@code schema}, in one batch. */
  static MemoryFile file(Type schema, List<?> rows) {
    return new MemoryFile(schema, () -> List.of(ValueFill.batch(schema, rows)));
  }

  /** Every row {@code file} gives with {@code options}, in the forms {@link #file} takes. */
  static List<Object> read(MemoryFile file, ReadOptions options) {
    try (BatchReader r = file.read(options)) {
      List<Object> out = new ArrayList<>();
      Type schema = r.schema();
      for (Object row : Rows.readAll(r)) {
        out.add(plain(schema, row));
      }
      return out;
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }


  /** A value of {@link Rows} in the forms {@link #file} takes. */
  static Object plain(Type type, Object v) {
    if (v == null) {
      return null;
    }
    switch (type.kind()) {
      case DATE: return LocalDate.ofEpochDay((Long) v);
      case STRING: case VARCHAR: case CHAR: {
        ByteBuffer b = ((ByteBuffer) v).duplicate();
        byte[] bytes = new byte[b.remaining()];
        b.get(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
      }
      case BINARY: {
        ByteBuffer b = ((ByteBuffer) v).duplicate();
        byte[] bytes = new byte[b.remaining()];
        b.get(bytes);
        return HexFormat.of().formatHex(bytes);
      }
      case TIMESTAMP: return LocalDateTime.ofInstant((Instant) v, ZoneOffset.UTC);
      case STRUCT: case LIST: {
        List<Object> out = new ArrayList<>();
        List<?> items = (List<?>) v;
        for (int i = 0; i < items.size(); i++) {
          out.add(plain(type.kind() == TypeKind.STRUCT ? type.child(i)
              : type.child(0), items.get(i)));
        }
        return out;
      }
      case MAP: {
        List<Object> out = new ArrayList<>();
        for (Object e : (List<?>) v) {
          Map.Entry<?, ?> entry = (Map.Entry<?, ?>) e;
          out.add(new AbstractMap.SimpleImmutableEntry<>(plain(type.child(0), entry.getKey()),
              plain(type.child(1), entry.getValue())));
        }
        return out;
      }
      case UNION: {
        Rows.Variant x = (Rows.Variant) v;
        return new Rows.Variant(x.tag(), plain(type.child(x.tag()), x.value()));
      }
      default:
        return v;
    }
  }
}
