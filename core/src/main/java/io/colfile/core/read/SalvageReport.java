package io.colfile.core.read;

import io.colfile.core.error.CorruptFileException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a salvage copied from a damaged file and what it lost: the rows the file claims, the rows
 * written to the new file, the parts kept (e.g. {@code stripe 0}) and one {@link Loss} per part
 * that lost rows, with the problem that cost them.
 */
public final class SalvageReport {
  /**
   * Rows {@code [firstRow, firstRow + rows)} of the input (counted as a full read counts them)
   * that are not in the output, from {@code part} (e.g. {@code stripe 3}; empty when the file
   * is read as one part),
   * because of {@code problem}; {@code damage} is the format's exception when it said where the
   * damage is (else null).
   */
  public record Loss(String part, long firstRow, long rows, String problem,
      CorruptFileException damage) {
    /** The damaged structure and its file offset, e.g. {@code stripe 3 / column 2 / DATA, file
     * offset 7013}; empty when unknown. */
    public String location() {
      return damage == null ? "" : damage.location();
    }
  }

  private final String format;
  private final long rowsClaimed;
  private long rowsKept;
  private final List<String> partsKept = new ArrayList<>();
  private final List<Loss> losses = new ArrayList<>();

  /** A report on a file of {@code format} that says it holds {@code rowsClaimed} rows. */
  public SalvageReport(String format, long rowsClaimed) {
    this.format = format;
    this.rowsClaimed = rowsClaimed;
  }

  /** Records that {@code rows} rows of {@code part} were written to the output. */
  public void kept(String part, long rows) {
    rowsKept += rows;
    if (part != null) {
      partsKept.add(part);
    }
  }

  /** Records a loss. */
  public void lost(Loss loss) {
    losses.add(loss);
  }

  /**
   * Records that rows of {@code part} were lost because of {@code failure} (a {@link
   * CorruptFileException} names where).
   */
  public void lost(String part, long firstRow, long rows, Exception failure) {
    CorruptFileException c = failure instanceof CorruptFileException e ? e : null;
    String problem = c != null ? c.problem()
        : failure == null ? "the rows read are not the rows the file says it has"
        : String.valueOf(failure.getMessage());
    losses.add(new Loss(part, firstRow, rows, problem, c));
  }

  public String format() {
    return format;
  }

  /** The rows the input says it has. */
  public long rowsClaimed() {
    return rowsClaimed;
  }

  /** The rows written to the output. */
  public long rowsKept() {
    return rowsKept;
  }

  /** Rows the input claims that the output lacks. */
  public long rowsLost() {
    return Math.max(0, rowsClaimed - rowsKept);
  }

  /** The parts kept whole or in part, in file order. */
  public List<String> partsKept() {
    return Collections.unmodifiableList(partsKept);
  }

  public List<Loss> losses() {
    return Collections.unmodifiableList(losses);
  }

  /** Whether the output holds every row the input claims. */
  public boolean complete() {
    return losses.isEmpty() && rowsKept == rowsClaimed;
  }

  /**
   * One line: {@code kept N of M rows (stripes 0-2, 4; lost stripe 3 rows 30000-39999: <problem>
   * [<where>])}.
   */
  public String summary() {
    StringBuilder sb = new StringBuilder("kept ").append(rowsKept).append(" of ")
        .append(rowsClaimed).append(" rows");
    List<String> notes = new ArrayList<>();
    if (!partsKept.isEmpty()) {
      notes.add(ranges(partsKept));
    }
    for (Loss l : losses) {
      String where = l.location();
      List<String> what = new ArrayList<>();
      if (l.part() != null && !l.part().isEmpty()) {
        what.add(l.part());
      }
      if (l.rows() > 0) {
        what.add("rows " + l.firstRow() + "-" + (l.firstRow() + l.rows() - 1));
      }
      notes.add("lost " + String.join(" ", what) + ": " + l.problem()
          + (where.isEmpty() ? "" : " [" + where + "]"));
    }
    if (!notes.isEmpty()) {
      sb.append(" (").append(String.join("; ", notes)).append(')');
    }
    return sb.toString();
  }

  /** The report as maps and lists for JSON. */
  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("format", format);
    m.put("rows", rowsClaimed);
    m.put("rows kept", rowsKept);
    m.put("rows lost", rowsLost());
    m.put("parts kept", new ArrayList<>(partsKept));
    List<Map<String, Object>> lost = new ArrayList<>();
    for (Loss l : losses) {
      Map<String, Object> d = new LinkedHashMap<>();
      d.put("part", l.part());
      d.put("first row", l.firstRow());
      d.put("rows", l.rows());
      d.put("problem", l.problem());
      if (l.damage() != null) {
        if (!l.damage().structure().isEmpty()) {
          d.put("structure", l.damage().structure());
        }
        if (l.damage().fileOffset() >= 0) {
          d.put("file offset", l.damage().fileOffset());
        }
      }
      lost.add(d);
    }
    m.put("lost", lost);
    return m;
  }

  /** "stripes 0-2, 4" from "stripe 0", "stripe 1", ...; other names joined as they are. */
  private static String ranges(List<String> parts) {
    String kind = null;
    List<Long> numbers = new ArrayList<>();
    for (String p : parts) {
      int space = p.lastIndexOf(' ');
      String k = space < 0 ? p : p.substring(0, space);
      Long n = null;
      try {
        n = space < 0 ? null : Long.parseLong(p.substring(space + 1));
      } catch (NumberFormatException e) {
        n = null;
      }
      if (n == null || kind != null && !kind.equals(k)) {
        return String.join(", ", parts);
      }
      kind = k;
      numbers.add(n);
    }
    StringBuilder sb = new StringBuilder(kind).append(numbers.size() > 1 ? "s " : " ");
    for (int i = 0; i < numbers.size(); ) {
      int j = i;
      while (j + 1 < numbers.size() && numbers.get(j + 1) == numbers.get(j) + 1) {
        j++;
      }
      sb.append(i == 0 ? "" : ", ").append(numbers.get(i));
      if (j > i) {
        sb.append('-').append(numbers.get(j));
      }
      i = j + 1;
    }
    return sb.toString();
  }
}
