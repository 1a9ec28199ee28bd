package io.colfile.orc;

import java.util.List;

/**
 * The file format version from the PostScript: [0,11] (Hive 0.11, RLE v1), [0,12] (RLE v2) or
 * [1,9999] (the unstable ORC v2 draft, which enables decimal64). Absent means a pre-release Hive
 * 0.11 file and reads as 0.11.
 */
public record OrcFileVersion(int major, int minor) {
  public static final OrcFileVersion V_0_11 = new OrcFileVersion(0, 11);
  public static final OrcFileVersion V_0_12 = new OrcFileVersion(0, 12);
  public static final OrcFileVersion UNSTABLE_PRE_2_0 = new OrcFileVersion(1, 9999);

  static OrcFileVersion of(List<Integer> parts) {
    if (parts.isEmpty()) {
      return V_0_11;
    }
    return new OrcFileVersion(parts.get(0), parts.size() > 1 ? parts.get(1) : 0);
  }

  /** Whether this reader knows the version (others are refused, as Apache ORC Java does). */
  public boolean isKnown() {
    return equals(V_0_11) || equals(V_0_12) || equals(UNSTABLE_PRE_2_0);
  }

  @Override
  public String toString() {
    return major + "." + minor;
  }
}
