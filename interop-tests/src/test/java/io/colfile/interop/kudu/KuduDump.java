package io.colfile.interop.kudu;

import io.colfile.kudu.proto.KuduProto;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What {@code kudu fs dump cfile} did with one block: exit status, stdout (bytes) and stderr
 * without glog's noise, and stdout taken apart. Kudu prints
 *
 * <pre>
 * Header:
 * &lt;CFileHeaderPB in protobuf text, usually nothing&gt;
 * Footer:
 * &lt;CFileFooterPB in protobuf text&gt;
 * &lt;blank line&gt;
 * one line per value, NULL for a null cell
 * </pre>
 *
 * ({@code --noprint_meta} leaves out the first part, {@code --noprint_rows} the values).
 * {@link #header()} and {@link #footer()} parse the messages back ({@link DumpText}), so tests
 * compare them structurally with what colfile wrote; {@link #values()} gives the lines as
 * strings holding one char per byte (ISO-8859-1), because Kudu prints STRING bytes from 0x80 as
 * they are, valid UTF-8 or not: compare them with {@link #text(byte[])} of {@code
 * io.colfile.kudu.KuduValueText}'s output.
 */
public final class KuduDump {
  /** glog's line prefix: severity, date, time, thread id; then {@code file:line] message}. */
  private static final Pattern GLOG =
      Pattern.compile("^([IWEF])\\d{4,8} \\d{2}:\\d{2}:\\d{2}\\.\\d{6} +\\d+ (.*)$");

  private final long blockId;
  private final List<String> command;
  private final int exitCode;
  private final byte[] stdout;
  private final String stderr;
  private DumpText.Parts parts;

  KuduDump(long blockId, List<String> command, int exitCode, byte[] stdout, String rawStderr) {
    this.blockId = blockId;
    this.command = command;
    this.exitCode = exitCode;
    this.stdout = stdout;
    this.stderr = withoutGlogNoise(rawStderr);
  }

  public long blockId() {
    return blockId;
  }

  public int exitCode() {
    return exitCode;
  }

  /** True when Kudu read the whole file (exit status 0). */
  public boolean ok() {
    return exitCode == 0;
  }

  /**
   * This dump, if Kudu read the file; otherwise an AssertionError that quotes Kudu's error
   * (e.g. {@code Corruption: checksum error on CFile block ...}).
   */
  public KuduDump requireOk() {
    if (!ok()) {
      throw new AssertionError("Kudu could not read block " + blockId + ": " + describe());
    }
    return this;
  }

  /** Command, exit status and Kudu's error, for failure messages. */
  public String describe() {
    return String.join(" ", command.subList(1, command.size())) + " -> exit " + exitCode
        + (stderr.isEmpty() ? "" : ":\n" + stderr);
  }

  /** Everything Kudu printed on stdout. */
  public byte[] stdout() {
    return stdout.clone();
  }

  /**
   * What Kudu printed on stderr, without glog's INFO lines; warnings and errors keep their
   * severity letter and source location but lose date, time and thread id, so the text is the
   * same on every run (e.g. {@code E cfile_reader.cc:633] Encountered corrupted CFile ...}, then
   * the tool's status line {@code Corruption: checksum error on CFile block ...}).
   */
  public String stderr() {
    return stderr;
  }

  /** The header message; throws if the dump has none ({@code --noprint_meta}, or a failure). */
  public KuduProto.CFileHeaderPB header() {
    return parts().header();
  }

  /** The footer message; throws if the dump has none ({@code --noprint_meta}, or a failure). */
  public KuduProto.CFileFooterPB footer() {
    return parts().footer();
  }

  /** The header's text as Kudu printed it (usually empty). */
  public String headerText() {
    return parts().headerText();
  }

  /** The footer's text as Kudu printed it. */
  public String footerText() {
    return parts().footerText();
  }

  /** The value lines, one char per byte (ISO-8859-1), without their line ends. */
  public List<String> values() {
    return parts().values();
  }

  /** Kudu's text (bytes) as {@link #values()} holds it: one char per byte. */
  public static String text(byte[] kuduText) {
    return new String(kuduText, StandardCharsets.ISO_8859_1);
  }

  private synchronized DumpText.Parts parts() {
    if (parts == null) {
      parts = DumpText.split(stdout);
    }
    return parts;
  }

  /**
   * stderr without glog's INFO lines, without glog's date, time and thread id elsewhere, and
   * without the two warnings ("Could not lock instance file", "Proceeding without lock", each
   * with or without glog's prefix) a dump prints when another dump of the same filesystem holds
   * its instance lock ({@link KuduFs#dumpAll} runs two at once; both only read).
   */
  static String withoutGlogNoise(String raw) {
    List<String> kept = new ArrayList<>();
    for (String line : raw.split("\n", -1)) {
      Matcher m = GLOG.matcher(line);
      if (m.matches()) {
        if (!m.group(1).equals("I") && !m.group(2).contains("Could not lock instance file")
            && !m.group(2).contains("Proceeding without lock")) {
          kept.add(m.group(1) + " " + m.group(2));
        }
      } else if (!line.isEmpty() && !line.contains("Proceeding without lock")) {
        kept.add(line);
      }
    }
    return String.join("\n", kept);
  }

  @Override
  public String toString() {
    return "KuduDump[block " + blockId + ", exit " + exitCode + ", " + stdout.length
        + " bytes of stdout" + (stderr.isEmpty() ? "" : ", stderr: " + stderr) + "]";
  }
}
