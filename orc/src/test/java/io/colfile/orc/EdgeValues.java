package io.colfile.orc;

import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.StructVector;
import io.colfile.core.vector.TimestampVector;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.zone.ZoneOffsetTransition;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;

/**
 * Puts timestamps where ORC's statistics are hard to get right into generated batches: some
 * timestamp columns (top-level or in structs) get values around 1970 (the [-1 s, 0) instants
 * writers shift by a second), around the writer zone's daylight-saving changes (wall clocks in
 * gaps and overlaps), long before 1970, and sorted runs crossing 1970, with any nanoseconds.
 * The rows read back are the reference, so values that do not round-trip are fine.
 */
final class EdgeValues {
  private final Random r;
  private final ZoneId zone;
  /** Per timestamp column (by visiting order): 0 leave, 1 edges, 2 sorted across 1970. */
  private final Map<Integer, Integer> modes = new HashMap<>();
  private long sortedNext = -3 * 86_400L;

  EdgeValues(Random r, ZoneId zone) {
    this.r = r;
    this.zone = zone;
  }

  void apply(ColumnBatch batch) {
    int[] counter = {0};
    for (int f = 0; f < batch.cols.length; f++) {
      visit(batch.schema().kind() == TypeKind.STRUCT ? batch.schema().child(f) : batch.schema(),
          batch.cols[f], batch.size, counter);
    }
  }

  private void visit(Type t, ColumnVector v, int rows, int[] counter) {
    if (t.kind() == TypeKind.STRUCT) {
      StructVector s = (StructVector) v;
      for (int i = 0; i < s.fields.length; i++) {
        visit(t.child(i), s.fields[i], rows, counter);
      }
      return;
    }
    if (t.kind() != TypeKind.TIMESTAMP && t.kind() != TypeKind.TIMESTAMP_INSTANT) {
      return;
    }
    int mode = modes.computeIfAbsent(counter[0]++, k -> r.nextInt(3));
    TimestampVector ts = (TimestampVector) v;
    for (int i = 0; i < rows; i++) {
      Instant x;
      if (mode == 0) {
        continue;
      } else if (mode == 1) {
        x = edge(t.kind() == TypeKind.TIMESTAMP);
      } else {
        sortedNext += r.nextInt(200);
        x = Instant.ofEpochSecond(sortedNext, r.nextInt(1_000_000_000));
      }
      ts.seconds[i] = x.getEpochSecond();
      ts.nanos[i] = x.getNano();
    }
  }

  /** A value on an edge, as the vector holds it (a wall clock for TIMESTAMP). */
  private Instant edge(boolean wall) {
    int nanos = r.nextInt(4) == 0 ? 0 : r.nextBoolean() ? r.nextInt(1000) * 1_000_000
        : r.nextInt(1_000_000_000);
    switch (r.nextInt(5)) {
      case 0:
        return Instant.ofEpochSecond(r.nextInt(7) - 3, nanos); // around 1970, [-1 s, 0) too
      case 1:
        return Instant.ofEpochSecond(r.nextInt(4 * 86_400) - 2 * 86_400, nanos);
      case 2: {
        // a daylight-saving change of the writer zone (or a random time in a fixed zone)
        Instant from = LocalDateTime.of(1960 + r.nextInt(70), 1 + r.nextInt(12), 1, 0, 0)
            .toInstant(ZoneOffset.UTC);
        ZoneOffsetTransition tr = zone.getRules().nextTransition(from);
        if (tr == null) {
          return from.plusNanos(nanos);
        }
        LocalDateTime local = (r.nextBoolean() ? tr.getDateTimeBefore() : tr.getDateTimeAfter())
            .plusMinutes(r.nextInt(181) - 90);
        return wall ? local.toInstant(ZoneOffset.UTC).plusNanos(nanos)
            : tr.getInstant().plusSeconds(r.nextInt(7201) - 3600).plusNanos(nanos);
      }
      case 3:
        return Instant.ofEpochSecond(-5_000_000_000L + (long) (r.nextDouble() * 5e9), nanos);
      default:
        return Instant.ofEpochSecond(-1, 1_000_000 * (1 + r.nextInt(999)) + r.nextInt(1000));
    }
  }
}
