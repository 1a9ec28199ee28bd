package io.colfile.core;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a reader read and what it skipped on the way, and why: the account behind {@code colfile
 * cat --explain}. A reader counts the units its format has ({@code stripes}, {@code row groups},
 * {@code blocks}, {@code rowsets}, ...) as it reads or skips them, and notes each skip with the
 * statistic, index or filter that allowed it. Owned by one reader, not thread-safe.
 */
public final class ScanReport {
  /** Skips described one by one; beyond this many only the counts grow. */
  public static final int MAX_NOTES = 1000;

  /** How many units of one kind were read and skipped. */
  public record Counts(long read, long skipped) {
    public long total() {
      return read + skipped;
    }
  }

  private final Map<String, long[]> counts = new LinkedHashMap<>();
  private final List<String> notes = new ArrayList<>();
  private long notesLeftOut;
  private long rowsDecoded = -1;
  private long rowsMatched;

  /** Counts {@code n} units of kind {@code unit} as read. */
  public void read(String unit, long n) {
    counts.computeIfAbsent(unit, u -> new long[2])[0] += n;
  }

  /**
   * Counts one unit of kind {@code unit} as skipped; {@code what} names it ({@code stripe 3 /
   * row group 2}) and {@code reason} says what excluded it ({@code id: max 999 < 5000}).
   */
  public void skipped(String unit, String what, String reason) {
    counts.computeIfAbsent(unit, u -> new long[2])[1]++;
    note(what + ": skipped, " + reason);
  }

  /** Counts {@code n} units of kind {@code unit} as skipped without describing them one by one. */
  public void skipped(String unit, long n) {
    counts.computeIfAbsent(unit, u -> new long[2])[1] += n;
  }

  /** Adds a free-form line (a seek, a range chosen through an index). */
  public void note(String line) {
    if (notes.size() < MAX_NOTES) {
      notes.add(line);
    } else {
      notesLeftOut++;
    }
  }

  /** Records how many rows were decoded and how many of them matched the row filter. */
  public void rows(long decoded, long matched) {
    rowsDecoded = decoded;
    rowsMatched = matched;
  }

  /** Rows decoded so far, or -1 when no row filter counted them. */
  public long rowsDecoded() {
    return rowsDecoded;
  }

  /** Rows that matched the row filter so far. */
  public long rowsMatched() {
    return rowsMatched;
  }

  /** The counts per kind of unit, in the order the kinds were first counted. */
  public Map<String, Counts> counts() {
    Map<String, Counts> out = new LinkedHashMap<>();
    counts.forEach((unit, c) -> out.put(unit, new Counts(c[0], c[1])));
    return Collections.unmodifiableMap(out);
  }

  /** The counts of one kind of unit (zeros when none was counted). */
  public Counts counts(String unit) {
    long[] c = counts.get(unit);
    return c == null ? new Counts(0, 0) : new Counts(c[0], c[1]);
  }

  /** The notes, oldest first (at most {@link #MAX_NOTES}). */
  public List<String> notes() {
    return Collections.unmodifiableList(notes);
  }

  /** Notes that did not fit in {@link #MAX_NOTES}. */
  public long notesLeftOut() {
    return notesLeftOut;
  }

  /** The report as lines: one per kind of unit ({@code stripes: 2 read, 8 skipped}), then notes. */
  public List<String> lines() {
    List<String> out = new ArrayList<>();
    counts.forEach((unit, c) -> out.add(unit + ": " + c[0] + " read, " + c[1] + " skipped"));
    if (rowsDecoded >= 0) {
      out.add("rows: " + rowsDecoded + " decoded, " + rowsMatched + " matched the filter");
    }
    out.addAll(notes);
    if (notesLeftOut > 0) {
      out.add("(" + notesLeftOut + " more notes left out)");
    }
    return out;
  }
}
