package io.colfile.cli;

import io.colfile.core.layout.FileLayout;
import io.colfile.core.layout.LayoutSpan;
import io.colfile.core.layout.SpanRole;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The boxes {@code colfile layout --html} draws: a file's spans to scale on a picture of {@code
 * units} cells (a cell is a pixel on a picture 1000 pixels wide), with the spans smaller than a
 * cell merged so that a file of millions of spans still gives a page of a few thousand boxes.
 *
 * <p>A run of consecutive spans each smaller than a cell that belong to the same column and
 * role becomes one box with their numbers summed. What is left, runs of tiny spans of changing
 * columns or roles (ORC's row index streams, a stripe's small streams in a big file), is merged
 * into mixed boxes of at least a cell each, coloured as the column and role with the most bytes
 * in them and listing what they hold. So there are at most about three boxes per cell plus one
 * per span of a cell or more, of which there are at most {@code units}.
 */
final class LayoutBoxes {
  /** What a box is coloured and counted by: a column (or none, -1) and a role. */
  record Key(int column, String columnName, SpanRole role) {}

  /**
   * One box: the bytes {@code [offset, offset + length)}, {@code spans} spans of which the
   * most bytes belong to {@code key}; {@code parts} holds the bytes of each key of a mixed box
   * (largest first) and is empty otherwise.
   */
  record Box(long offset, long length, int key, int spans, boolean mixed, String structure,
      Map<String, Object> details, List<long[]> parts) {}

  private static final java.util.Set<String> ADDITIVE =
      java.util.Set.of("uncompressed", "rows", "values", "nulls");

  private final FileLayout layout;
  private final double cellBytes;
  private final List<Key> keys = new ArrayList<>();
  private final Map<Key, Integer> keyIndex = new HashMap<>();
  private final List<Box> boxes = new ArrayList<>();
  private final int[] spanKeys;
  private long mergedSpans;
  // the mixed box being gathered: spans [mixFrom, mixTo), its bytes and each key's
  private int mixFrom = -1;
  private int mixTo;
  private long mixBytes;
  private int mixRuns;
  private final Map<Integer, Long> mixParts = new LinkedHashMap<>();

  private LayoutBoxes(FileLayout layout, long units) {
    this.layout = layout;
    this.cellBytes = units <= 0 ? 0 : (double) layout.fileLength() / units;
    List<LayoutSpan> spans = layout.spans();
    spanKeys = new int[spans.size()];
    for (int i = 0; i < spans.size(); i++) {
      LayoutSpan s = spans.get(i);
      Key k = new Key(s.column(), s.column() < 0 ? null : s.columnName(), s.role());
      spanKeys[i] = keyIndex.computeIfAbsent(k, x -> {
        keys.add(x);
        return keys.size() - 1;
      });
    }
  }

  /** The boxes of {@code layout} drawn on a picture of {@code units} cells. */
  static LayoutBoxes of(FileLayout layout, long units) {
    LayoutBoxes b = new LayoutBoxes(layout, units);
    b.build();
    return b;
  }

  List<Key> keys() {
    return keys;
  }

  List<Box> boxes() {
    return boxes;
  }

  /** How many spans were drawn inside a box with others rather than as their own. */
  long mergedSpans() {
    return mergedSpans;
  }

  /** The bytes a cell of the picture stands for. */
  double cellBytes() {
    return cellBytes;
  }

  private void build() {
    List<LayoutSpan> spans = layout.spans();
    int tinyFrom = -1;
    for (int i = 0; i < spans.size(); i++) {
      if (spans.get(i).length() < cellBytes) {
        if (tinyFrom < 0) {
          tinyFrom = i;
        }
        continue;
      }
      if (tinyFrom >= 0) {
        tiny(tinyFrom, i);
        tinyFrom = -1;
      }
      boxes.add(box(i, i + 1));
    }
    if (tinyFrom >= 0) {
      tiny(tinyFrom, spans.size());
    }
  }

  /** Spans {@code [from, to)}, each smaller than a cell. */
  private void tiny(int from, int to) {
    List<LayoutSpan> spans = layout.spans();
    int i = from;
    while (i < to) {
      int j = i;
      long bytes = 0;
      while (j < to && spanKeys[j] == spanKeys[i]) {
        bytes += spans.get(j).length();
        j++;
      }
      if (bytes >= cellBytes) {
        flushMixed();
        boxes.add(box(i, j));
      } else {
        if (mixFrom < 0) {
          mixFrom = i;
        }
        mixTo = j;
        mixBytes += bytes;
        mixRuns++;
        mixParts.merge(spanKeys[i], bytes, Long::sum);
        if (mixBytes >= cellBytes) {
          flushMixed();
        }
      }
      i = j;
    }
    flushMixed();
  }

  private void flushMixed() {
    if (mixFrom < 0) {
      return;
    }
    if (mixRuns == 1) {
      boxes.add(box(mixFrom, mixTo));
    } else {
      List<long[]> parts = new ArrayList<>();
      mixParts.forEach((k, v) -> parts.add(new long[] {k, v}));
      parts.sort((a, b) -> Long.compare(b[1], a[1]));
      List<LayoutSpan> spans = layout.spans();
      LayoutSpan first = spans.get(mixFrom);
      LayoutSpan last = spans.get(mixTo - 1);
      mergedSpans += mixTo - mixFrom;
      boxes.add(new Box(first.offset(), last.end() - first.offset(), (int) parts.get(0)[0],
          mixTo - mixFrom, true, first.structure() + " \u2026 " + last.structure(), Map.of(),
          parts));
    }
    mixFrom = -1;
    mixBytes = 0;
    mixRuns = 0;
    mixParts.clear();
  }

  /** One box of spans {@code [from, to)}, all of the same key. */
  private Box box(int from, int to) {
    List<LayoutSpan> spans = layout.spans();
    LayoutSpan first = spans.get(from);
    if (to - from == 1) {
      return new Box(first.offset(), first.length(), spanKeys[from], 1, false,
          first.structure(), first.details(), List.of());
    }
    LayoutSpan last = spans.get(to - 1);
    mergedSpans += to - from;
    return new Box(first.offset(), last.end() - first.offset(), spanKeys[from], to - from,
        false, first.structure() + " \u2026 " + last.structure(), summed(spans.subList(from, to)),
        List.of());
  }

  /**
   * The details of merged spans: the counts (uncompressed bytes, rows, values, nulls) summed
   * and the rest (encoding, compression) kept where all spans agree, each only where every span
   * has it.
   */
  static Map<String, Object> summed(List<LayoutSpan> spans) {
    Map<String, Object> out = new LinkedHashMap<>(spans.get(0).details());
    for (LayoutSpan s : spans.subList(1, spans.size())) {
      out.entrySet().removeIf(e -> {
        Object v = s.details().get(e.getKey());
        if (ADDITIVE.contains(e.getKey()) && v instanceof Number n
            && e.getValue() instanceof Number m) {
          boolean whole = !(n instanceof Double || n instanceof Float || m instanceof Double
              || m instanceof Float);
          e.setValue(whole ? (Object) (m.longValue() + n.longValue())
              : (Object) (m.doubleValue() + n.doubleValue()));
          return false;
        }
        return !Objects.equals(v, e.getValue()) || ADDITIVE.contains(e.getKey());
      });
    }
    return out;
  }
}
