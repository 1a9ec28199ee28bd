package io.colfile.kudu.rowset;

import io.colfile.core.ScanReport;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.error.FileRegion;
import io.colfile.core.error.MalformedInputException;
import io.colfile.core.filter.BoundPredicate;
import io.colfile.kudu.CFileCursor;
import io.colfile.kudu.CFile;
import io.colfile.kudu.KuduType;
import io.colfile.kudu.bloom.BloomFile;
import io.colfile.kudu.key.KeyDecoder;
import io.colfile.kudu.key.KeyEncoder;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

/**
 * Decides which base rows (ordinals) of a rowset a filter needs, from what the filter says
 * about the primary key ({@link KeyConditions}, {@link KeyRanges}): the whole rowset is skipped
 * when its {@code min_key}/{@code max_key} lie outside the key ranges, or when the bloom filter
 * rules out every whole key the filter allows; otherwise each range's first and last ordinal
 * come from the key index (the key column's value index, or the ad-hoc index of a composite
 * key). Rows are sorted by key and keys are never updated, so the rows outside those ordinals
 * cannot match, whatever the REDO deltas do to the other columns. What was decided, and why,
 * goes into the reader's {@link ScanReport}.
 */
final class RowSetPruner {
  /** Supplies the rowset's bloom filter when it is first needed (null: it has none). */
  interface BloomSource {
    BloomFile open() throws IOException;
  }

  static final String ROWSETS = "rowsets";
  static final String BASE_ROWS = "base rows";
  private static final int RANGES_SHOWN = 5;

  private final String label;
  private final List<KeyColumn> keys;
  private final long baseRows;
  private final CFile keyIndex;
  private final String indexName;
  private final BloomSource bloom;

  /**
   * A pruner of the rowset {@code label} with {@code baseRows} rows; {@code keyIndex} is the
   * file whose footer has min_key and max_key and whose value index orders the keys (null when
   * there is none), {@code indexName} says which it is.
   */
  RowSetPruner(String label, KuduSchema schema, long baseRows, CFile keyIndex,
      String indexName, BloomSource bloom) {
    this.label = "rowset " + label;
    this.keys = new ArrayList<>();
    List<KuduColumn> k = schema.keys();
    for (int i = 0; i < k.size(); i++) {
      keys.add(new KeyColumn(k.get(i), i, k.size()));
    }
    this.baseRows = baseRows;
    this.keyIndex = keyIndex;
    this.indexName = indexName;
    this.bloom = bloom;
  }

  /**
   * The ordinals to read for {@code filter} (bound to the file's schema; null for none), as
   * {@code [start, end)} pairs, sorted and apart; {@code text} shows the filter in notes.
   */
  long[] plan(BoundPredicate filter, String text, ScanReport report) throws IOException {
    long[] whole = baseRows == 0 ? new long[0] : new long[] {0, baseRows};
    if (filter == null) {
      report.read(ROWSETS, 1);
      return whole;
    }
    List<KeyValueSet[]> boxes = new KeyConditions(keys).boxes(filter);
    if (boxes.isEmpty()) {
      return skip(report, "no key satisfies " + text);
    }
    if (boxes.size() == 1 && Arrays.stream(boxes.get(0)).allMatch(KeyValueSet::isAll)) {
      report.read(ROWSETS, 1);
      return whole; // nothing said about the key
    }
    List<KeyRanges.Range> ranges = new KeyRanges(keys).of(boxes);
    byte[] min = keyIndex == null ? null : keyIndex.footer().metadata("min_key");
    byte[] max = keyIndex == null ? null : keyIndex.footer().metadata("max_key");
    if (min != null && max != null) {
      byte[] afterMax = Arrays.copyOf(max, max.length + 1);
      ranges.removeIf(r -> r.hi() != null && Arrays.compareUnsigned(r.hi(), min) <= 0
          || Arrays.compareUnsigned(r.lo(), afterMax) >= 0);
      if (ranges.isEmpty()) {
        return skip(report, "its keys " + keyText(min) + " to " + keyText(max)
            + " (min_key, max_key) are outside " + text);
      }
    }
    List<String> excluded = new ArrayList<>();
    BloomFile filterBlocks = ranges.stream().anyMatch(r -> r.key() != null)
        ? bloom.open() : null;
    if (filterBlocks != null) {
      for (int i = ranges.size() - 1; i >= 0; i--) {
        KeyRanges.Range r = ranges.get(i);
        if (r.key() != null && !filterBlocks.mayContain(r.key())) {
          excluded.add(0, r.text());
          ranges.remove(i);
        }
      }
      if (ranges.isEmpty()) {
        return skip(report, "bloom filter excludes " + String.join(", ", excluded));
      }
      if (!excluded.isEmpty()) {
        report.note(label + ": bloom filter excludes " + String.join(", ", excluded));
      }
    }
    if (!canSeek()) {
      report.read(ROWSETS, 1);
      report.note(label + ": read whole, no " + indexName + " to find keys in");
      return whole;
    }
    long[] ordinals = ordinals(ranges);
    long rows = 0;
    for (int i = 0; i < ordinals.length; i += 2) {
      rows += ordinals[i + 1] - ordinals[i];
    }
    if (rows == 0) {
      return skip(report, "no key of its " + indexName + " satisfies " + text);
    }
    report.read(ROWSETS, 1);
    report.skipped(BASE_ROWS, baseRows - rows);
    report.note(label + ": ordinals " + show(ordinals) + " of " + baseRows + " by " + text
        + " (" + indexName + ")");
    return ordinals;
  }

  private long[] skip(ScanReport report, String reason) {
    report.skipped(ROWSETS, label, reason);
    report.skipped(BASE_ROWS, baseRows);
    return new long[0];
  }

  private boolean canSeek() {
    return keyIndex != null && keyIndex.footer().valueIndexRoot() != null
        && !keyIndex.isNullable();
  }

  /** The ordinals of the ranges' keys, merged where they meet. */
  private long[] ordinals(List<KeyRanges.Range> ranges) throws IOException {
    CFileCursor cursor = keyIndex.newCursor();
    long[] out = new long[2 * ranges.size()];
    int n = 0;
    long previous = 0;
    for (KeyRanges.Range r : ranges) {
      long start;
      long end;
      if (r.key() != null) { // keys are unique: one seek finds the row or its absence
        boolean found = cursor.seekAtOrAfter(r.key());
        start = checked(cursor.ordinal());
        end = found ? start + 1 : start;
      } else {
        start = r.lo().length == 0 ? 0 : ordinal(cursor, r.lo());
        end = r.hi() == null ? baseRows : ordinal(cursor, r.hi());
      }
      if (start < previous || end < start || end > baseRows) {
        throw FileRegion.of(keyIndex.name()).child(indexName).corrupt("%s", "keys out of order: "
            + "the index puts a key range at ordinals " + start + " to " + end + ", after "
            + previous + ", in a rowset of " + baseRows + " rows");
      }
      previous = end;
      if (start == end) {
        continue;
      }
      if (n > 0 && out[n - 1] == start) {
        out[n - 1] = end;
      } else {
        out[n++] = start;
        out[n++] = end;
      }
    }
    return Arrays.copyOf(out, n);
  }

  private long ordinal(CFileCursor cursor, byte[] key) throws IOException {
    cursor.seekAtOrAfter(key);
    return checked(cursor.ordinal());
  }

  private long checked(long o) throws CorruptFileException {
    if (o > baseRows) {
      throw FileRegion.of(keyIndex.name()).child(indexName).corrupt("%s", "leads to ordinal " + o
          + " of a rowset of " + baseRows + " rows");
    }
    return o;
  }

  /** An encoded key as its column values, {@code (1, 'a')}, or hex if it is not a key. */
  String keyText(byte[] key) {
    List<KuduType> types = new ArrayList<>();
    keys.forEach(k -> types.add(k.column.type()));
    KeyDecoder d = new KeyDecoder(new KeyEncoder(types));
    try {
      d.decode(key, 0, key.length);
    } catch (MalformedInputException e) {
      return "0x" + HexFormat.of().formatHex(key);
    }
    StringBuilder sb = new StringBuilder("(");
    for (KeyColumn k : keys) {
      sb.append(k.position > 0 ? ", " : "").append(k.format(k.cell(d)));
    }
    return sb.append(')').toString();
  }

  private static String show(long[] ordinals) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < ordinals.length && i < 2 * RANGES_SHOWN; i += 2) {
      sb.append(i > 0 ? ", " : "").append('[').append(ordinals[i]).append(", ")
          .append(ordinals[i + 1]).append(')');
    }
    if (ordinals.length > 2 * RANGES_SHOWN) {
      sb.append(", ... (").append(ordinals.length / 2).append(" ranges)");
    }
    return sb.toString();
  }
}
