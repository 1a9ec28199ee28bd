package io.colfile.trevni.avro;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Settles the depths of a parsed schema once its forward references are resolved: a record's
 * depth, taken when its fields were read, counted them as 0 deep, and so did everything built
 * around it. {@link DeepStack} decides by these depths where recursive work runs.
 */
final class AvroDepths {
  private AvroDepths() {}

  /**
   * Sets the depth of every schema in {@code root} anew: depth first, without recursion (the
   * chains references make are not bounded by the JSON's nesting). A record met again while
   * inside itself makes it, and everything that holds it, {@link AvroSchema#CYCLIC}.
   *
   * @throws IllegalArgumentException for a schema nested deeper than {@link
   *     AvroSchema#MAX_DEPTH}
   */
  static void settle(AvroSchema root) {
    Map<AvroSchema, Boolean> done = new IdentityHashMap<>(); // false while inside
    Deque<AvroSchema> path = new ArrayDeque<>();
    Deque<Iterator<AvroSchema>> next = new ArrayDeque<>();
    Deque<int[]> deepest = new ArrayDeque<>();
    path.push(root);
    next.push(parts(root).iterator());
    deepest.push(new int[] {0});
    done.put(root, false);
    while (!path.isEmpty()) {
      Iterator<AvroSchema> it = next.peek();
      if (it.hasNext()) {
        AvroSchema p = it.next();
        Boolean state = done.get(p);
        if (state == null) {
          done.put(p, false);
          path.push(p);
          next.push(parts(p).iterator());
          deepest.push(new int[] {0});
        } else {
          // still inside p: a cycle; else p's depth is settled
          int d = state ? AvroSchema.above(p.depth()) : AvroSchema.CYCLIC;
          deepest.peek()[0] = Math.max(deepest.peek()[0], d);
        }
        continue;
      }
      AvroSchema s = path.pop();
      next.pop();
      int d = deepest.pop()[0];
      s.settleDepth(d);
      done.put(s, true);
      if (!path.isEmpty()) {
        deepest.peek()[0] = Math.max(deepest.peek()[0], AvroSchema.above(d));
      }
    }
  }

  /** The schemas directly inside {@code s}. */
  private static List<AvroSchema> parts(AvroSchema s) {
    return switch (s.kind()) {
      case ARRAY -> List.of(s.elementType());
      case MAP -> List.of(s.valueType());
      case RECORD -> {
        List<AvroSchema> out = new ArrayList<>(s.fields().size());
        s.fields().forEach(f -> out.add(f.schema()));
        yield out;
      }
      default -> s.branches();
    };
  }
}
