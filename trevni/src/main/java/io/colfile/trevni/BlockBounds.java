package io.colfile.trevni;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Whether the values of a column's blocks lie within their first values: block {@code b}'s
 * between its first value and block {@code b + 1}'s, in Java's order (trevni.md section 8), what
 * a {@link BlockIndex} relies on to skip a block. One per open file, shared by its reads, so a
 * block is read for this at most once; thread-safe (the reading happens outside the lock, so
 * two reads may check the same block, with the same result).
 */
final class BlockBounds {
  /** What a check found. */
  record Result(String violation, int blocksRead, int blocksKnown) {
    boolean within() {
      return violation == null;
    }
  }

  /** Per column: blocks found within their bounds. */
  private final Map<Integer, BitSet> within = new HashMap<>();
  /** Per column: the first value found outside its block's bounds, described. */
  private final Map<Integer, String> violations = new HashMap<>();

  /**
   * Checks {@code blocks} of column {@code column} (a plain root column with first values in
   * order), reading those not checked before; stops at the first value outside its bounds.
   */
  Result check(TrevniFile file, int column, BitSet blocks) throws IOException {
    BitSet todo = (BitSet) blocks.clone();
    synchronized (this) {
      String known = violations.get(column);
      if (known != null) {
        return new Result(known, 0, 0);
      }
      BitSet done = within.get(column);
      if (done != null) {
        todo.andNot(done);
      }
    }
    int known = blocks.cardinality() - todo.cardinality();
    List<BlockInfo> infos = file.blocks(column);
    ColumnCursor cursor = file.cursor(column);
    BitSet found = new BitSet();
    int read = 0;
    String violation = null;
    for (int b = todo.nextSetBit(0); b >= 0 && violation == null; b = todo.nextSetBit(b + 1)) {
      violation = checkBlock(cursor, infos, b);
      read++;
      if (violation == null) {
        found.set(b);
      }
    }
    synchronized (this) {
      if (violation != null) {
        violations.putIfAbsent(column, violation);
      }
      within.computeIfAbsent(column, c -> new BitSet()).or(found);
    }
    return new Result(violation, read, known);
  }

  /** Null when every value of block {@code b} lies within its bounds, else the first outside. */
  private static String checkBlock(ColumnCursor cursor, List<BlockInfo> blocks, int b)
      throws IOException {
    BlockInfo info = blocks.get(b);
    Object lo = info.firstValue().orElseThrow();
    Object hi = b + 1 < blocks.size() ? blocks.get(b + 1).firstValue().orElseThrow() : null;
    ValueType type = cursor.column().type();
    cursor.seekRow(info.firstRow());
    for (int i = 0; i < info.rowCount(); i++) {
      long row = info.firstRow() + i;
      cursor.startRow();
      String outside = outside(cursor, type, lo, hi);
      if (outside != null) {
        return "block " + b + " holds " + outside + " (row " + row + "), outside its first "
            + "values (" + text(lo) + (hi == null ? " on" : " to " + text(hi)) + ")";
      }
    }
    return null;
  }

  /** Reads the next value; null when it lies within {@code [lo, hi]}, else its text. */
  private static String outside(ColumnCursor cursor, ValueType type, Object lo, Object hi)
      throws IOException {
    switch (type) {
      case BOOLEAN: {
        boolean v = cursor.nextBoolean();
        return within(Boolean.compare(v, (Boolean) lo),
            hi == null ? 0 : Boolean.compare(v, (Boolean) hi)) ? null : String.valueOf(v);
      }
      case INT:
      case FIXED32: {
        int v = cursor.nextInt();
        return within(Integer.compare(v, (Integer) lo),
            hi == null ? 0 : Integer.compare(v, (Integer) hi)) ? null : String.valueOf(v);
      }
      case LONG:
      case FIXED64: {
        long v = cursor.nextLong();
        return within(Long.compare(v, (Long) lo), hi == null ? 0 : Long.compare(v, (Long) hi))
            ? null : String.valueOf(v);
      }
      case FLOAT: {
        float v = cursor.nextFloat();
        return within(Float.compare(v, (Float) lo), hi == null ? 0 : Float.compare(v, (Float) hi))
            ? null : String.valueOf(v);
      }
      case DOUBLE: {
        double v = cursor.nextDouble();
        return within(Double.compare(v, (Double) lo),
            hi == null ? 0 : Double.compare(v, (Double) hi)) ? null : String.valueOf(v);
      }
      case STRING: {
        int n = cursor.nextBytesLength();
        byte[] b = cursor.buffer();
        int at = cursor.position() - n;
        return within(FirstValueOrder.compareUtf8(b, at, n, (String) lo),
            hi == null ? 0 : FirstValueOrder.compareUtf8(b, at, n, (String) hi)) ? null
            : text(new String(b, at, n, StandardCharsets.UTF_8));
      }
      case BYTES: {
        int n = cursor.nextBytesLength();
        byte[] b = cursor.buffer();
        int at = cursor.position() - n;
        byte[] l = (byte[]) lo;
        byte[] h = (byte[]) hi;
        return within(Arrays.compare(b, at, at + n, l, 0, l.length),
            h == null ? 0 : Arrays.compare(b, at, at + n, h, 0, h.length)) ? null
            : text(Arrays.copyOfRange(b, at, at + n));
      }
      default:
        throw new IllegalStateException(type.wireName() + " values have no order");
    }
  }

  private static boolean within(int toLow, int toHigh) {
    return toLow >= 0 && toHigh <= 0;
  }

  private static String text(Object value) {
    return IndexedColumn.text(value);
  }
}
