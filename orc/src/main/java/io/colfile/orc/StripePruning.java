package io.colfile.orc;

import io.colfile.core.ScanReport;
import io.colfile.core.io.InputFile;
import io.colfile.orc.index.StripeIndex;
import io.colfile.orc.pushdown.OrcPushdown;
import io.colfile.orc.stats.ColumnStatistics;
import java.io.IOException;
import java.time.ZoneId;
import java.util.List;

/**
 * Predicate pushdown in the order a reader meets a file's parts, with the scan report's account
 * of it: the file statistics once; each stripe's statistics before its footer is read (from the
 * Metadata section, read on first use; a section that cannot be read or does not match the
 * stripes is not used, and the report says so); the same statistics again once the footer names
 * the stripe's writer zone, when a TIMESTAMP column needs it; then the stripe's row groups.
 * Consecutive stripes skipped for the same kind of reason make one line of the report.
 */
final class StripePruning {
  private final OrcPushdown pushdown;
  private final OrcTail tail;
  private final InputFile file;
  private final List<StripeInformation> stripes;
  private final ScanReport report;
  private boolean fileChecked;
  private String fileExclusion;
  private boolean metadataRead;
  private List<List<ColumnStatistics>> stripeStatistics;
  /** A run of skipped stripes not yet in the report: first, last, why the first was skipped. */
  private int runFirst = -1;
  private int runLast;
  private String runReason;

  StripePruning(OrcPushdown pushdown, OrcTail tail, InputFile file,
      List<StripeInformation> stripes, ScanReport report) {
    this.pushdown = pushdown;
    this.tail = tail;
    this.file = file;
    this.stripes = stripes;
    this.report = report;
    pushdown.notes().forEach(report::note);
  }

  /** Why no row of the file can match (checked on the first call), or null. */
  String fileExclusion() {
    if (!fileChecked) {
      fileChecked = true;
      long rows = 0;
      for (StripeInformation s : stripes) {
        rows += Math.max(0, s.numberOfRows());
      }
      fileExclusion = pushdown.excludesFile(tail.footer.statistics(), rows);
      if (fileExclusion != null) {
        report.note("file: every stripe skipped, " + fileExclusion);
      }
    }
    return fileExclusion;
  }

  /** Why stripe {@code s} cannot match by its statistics, before its footer is read, or null. */
  String beforeFooter(int s) {
    return pushdown.excludesStripe(stripeStatistics(s), stripes.get(s).numberOfRows(), null);
  }

  /**
   * Why stripe {@code s} cannot match by its statistics read in the writer zone its footer
   * names ({@code writerZone}, null when it names none), or null; only TIMESTAMP columns decide
   * more than before.
   */
  String afterFooter(int s, ZoneId writerZone) {
    if (writerZone == null || !pushdown.zoneSensitive()) {
      return null;
    }
    String why = pushdown.excludesStripe(stripeStatistics(s), stripes.get(s).numberOfRows(),
        writerZone);
    return why == null ? null : why + " (read in the writer zone its footer names)";
  }

  /**
   * The row groups of the stripe pushdown keeps; the report gets a line on those it skips.
   *
   * @param dataBytes the bytes of the data streams read of the whole stripe
   */
  RowGroupSet rowGroups(StripeIndex index, ZoneId writerZone, long dataBytes, boolean first)
      throws IOException {
    long perGroup = dataBytes / Math.max(1, index.rowGroupCount());
    OrcPushdown.RowGroupChoice choice = pushdown.rowGroups(index, writerZone, perGroup);
    if (choice.note() != null && first) {
      report.note(choice.note());
    }
    return choice.groups();
  }

  /** Notes that stripe {@code s} was skipped for {@code why}, joining a run of such stripes. */
  void skipped(int s, String why) {
    String kind = why.substring(0, Math.max(0, why.indexOf(':')));
    if (runFirst >= 0 && s == runLast + 1 && runReason.startsWith(kind + ":")) {
      runLast = s;
      return;
    }
    flush();
    runFirst = s;
    runLast = s;
    runReason = why;
  }

  /** Puts the pending run of skipped stripes into the report. */
  void flush() {
    if (runFirst < 0) {
      return;
    }
    if (runFirst == runLast) {
      report.note("stripe " + runFirst + ": skipped, " + runReason);
    } else {
      int colon = runReason.indexOf(':');
      report.note("stripes " + runFirst + "-" + runLast + ": skipped, "
          + (colon < 0 ? runReason : runReason.substring(0, colon) + "; stripe " + runFirst
              + ":" + runReason.substring(colon + 1)));
    }
    runFirst = -1;
  }

  private List<ColumnStatistics> stripeStatistics(int s) {
    if (!metadataRead) {
      metadataRead = true;
      try {
        List<List<ColumnStatistics>> all = tail.metadata(file);
        if (all.size() == stripes.size()) {
          stripeStatistics = all;
        } else if (!all.isEmpty()) {
          report.note("stripe statistics not used: the file has " + all.size() + " for "
              + stripes.size() + " stripes");
        }
      } catch (IOException | RuntimeException e) {
        report.note("stripe statistics not used: " + e.getMessage());
      }
    }
    return stripeStatistics == null ? null : stripeStatistics.get(s);
  }
}
