package io.colfile.cli;

import io.colfile.core.ColFile;
import io.colfile.core.FormatProvider;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.orc.OrcMerge;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code colfile merge OUT IN...}: ORC files concatenated into OUT by {@link OrcMerge}, stripes
 * copied without decoding where the files agree, the others re-encoded; with {@code --max-size}
 * into OUT, then OUT's name with {@code -1}, {@code -2}, ... before its extension. Prints what
 * became of each input and each output. Nothing appears unless every output is complete.
 */
@Command(name = "merge", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = {"Concatenates ORC files into OUT without decoding them: stripes are copied "
        + "byte for byte when schema, compression, row index stride, file version and writer "
        + "agree with the first input's; inputs that differ in anything but the schema are "
        + "re-encoded with the first input's settings. User metadata is merged (a key with two "
        + "values is refused). Directories are walked (hidden and _-prefixed names skipped).",
        "With --max-size, once an output has grown past BYTES the next stripe starts a new one: "
            + "OUT, then OUT's name with -1, -2, ... before its extension (out.orc, out-1.orc, "
            + "...). Outputs appear only when all of them are complete.",
        "Files with encrypted columns merge as orc-core merges them: the same keys (and "
            + "versions), encrypted columns and masks as the first input's, stripes copied; "
            + "--key-store gives the master keys, which the merge needs."},
    footer = {"", "Example:", "  colfile merge all.orc day-1.orc day-2.orc logs/",
        "  colfile merge --max-size 256M part.orc logs/"})
final class MergeCommand implements Callable<Integer>, FileCommand {
  @ParentCommand
  private Main main;

  @Parameters(index = "0", paramLabel = "OUT", description = "The ORC file to write.")
  private Path out;

  @Parameters(index = "1..*", arity = "1..*", paramLabel = "IN",
      description = "ORC files, or directories of them, in the order their rows are to follow.")
  private List<Path> inputs;

  @Option(names = "--max-size", paramLabel = "BYTES",
      description = "Start a new output file once one has grown past BYTES (a number, or "
          + "with K, M or G: KiB, MiB, GiB). An output exceeds it by at most one stripe.")
  private String maxSize;

  /** Encrypted inputs: the master keys, which the merge needs to encrypt statistics anew. */
  @picocli.CommandLine.Mixin
  private KeyStoreOptions keys = new KeyStoreOptions();

  /** The file the failure being reported is about. */
  private Path failed;

  @Override
  public Path file() {
    return failed;
  }

  @Override
  public Integer call() throws Exception {
    long limit = maxSize == null ? 0 : parseSize(maxSize);
    if (Files.isDirectory(out)) {
      failed = out;
      throw new UsageException("is a directory; OUT is the ORC file merge writes");
    }
    List<Path> files = new ArrayList<>();
    for (Path p : inputs) {
      if (!Files.exists(p)) {
        failed = p;
        throw new NoSuchFileException(p.toString());
      }
      files.addAll(FileArgs.expand(p));
    }
    if (files.isEmpty()) {
      failed = inputs.get(0);
      throw new java.io.IOException(FileArgs.NO_FILES);
    }
    for (Path f : files) {
      if (Files.isRegularFile(f) && Files.size(f) == 0) {
        failed = f;
        throw new java.io.IOException("the file is empty: not an ORC file");
      }
      if (Files.isDirectory(f)) {
        failed = f;
        throw new UsageException("a dataset directory, not an ORC file: merge reads ORC files");
      }
    }
    checkNotAnInput(out, files);
    FileArgs.checkOutput(out, files, false); // OUT's directory exists
    long bytes = 0;
    for (Path f : files) {
      bytes += Files.size(f);
    }
    OrcMerge.Result result;
    try (Progress progress = Progress.start(main, "merge", -1, bytes)) {
      // the bytes read from the inputs advance the progress line
      List<OrcMerge.Source> sources = files.stream().map(f -> (OrcMerge.Source) new OrcMerge
          .Source() {
            private final OrcMerge.Source local = OrcMerge.Source.local(f);

            @Override
            public String name() {
              return local.name();
            }

            @Override
            public io.colfile.core.io.InputFile open() throws IOException {
              return progress.watch(local.open());
            }
          }).toList();
      result = OrcMerge.create().maxSize(limit).keys(keys.provider()).merge(sources, i -> {
        Path target = outputName(out, i);
        if (i > 0) {
          checkNotAnInput(target, files);
        }
        return OutputFile.local(target);
      });
    } catch (CorruptFileException e) {
      failed = Path.of(e.file());
      String other = otherFormat(failed);
      if (other != null) {
        throw new UnsupportedFormatException("a " + other + " file, not ORC: merge reads ORC "
            + "files only (colfile convert turns it into ORC)", e);
      }
      throw e;
    } catch (IOException e) {
      Path about = culprit(e, files);
      failed = about != null ? about : out;
      throw e;
    }
    StringBuilder text = new StringBuilder();
    for (OrcMerge.InputResult in : result.inputs()) {
      text.append(in.copied() ? "copied      " : "re-encoded  ").append(in.name()).append(": ")
          .append(in.rows()).append(in.rows() == 1 ? " row" : " rows");
      if (!in.copied()) {
        text.append(" (").append(in.reencodeReason()).append(')');
      }
      text.append('\n');
    }
    for (OrcMerge.OutputResult o : result.outputs()) {
      text.append("wrote       ").append(o.name()).append(": ").append(o.rows())
          .append(o.rows() == 1 ? " row" : " rows").append(" in ").append(o.stripes())
          .append(o.stripes() == 1 ? " stripe, " : " stripes, ").append(o.bytes())
          .append(" bytes\n");
    }
    main.stdout().write(text.toString().getBytes(StandardCharsets.UTF_8));
    main.stdout().flush();
    return Failures.OK;
  }

  /** OUT for the first output, then {@code base-N.ext} beside it. */
  static Path outputName(Path out, int index) {
    if (index == 0) {
      return out;
    }
    String name = out.getFileName().toString();
    int dot = name.lastIndexOf('.');
    String next = dot > 0 ? name.substring(0, dot) + "-" + index + name.substring(dot)
        : name + "-" + index;
    return out.resolveSibling(next);
  }

  private void checkNotAnInput(Path target, List<Path> files) {
    Path t = target.toAbsolutePath().normalize();
    boolean exists = Files.exists(target);
    for (Path f : files) {
      boolean same = f.toAbsolutePath().normalize().equals(t) || (exists && sameFile(f, target));
      if (same) {
        failed = target;
        throw new UsageException("is also an input (" + f + "); merge writes a new file and "
            + "never overwrites its inputs");
      }
    }
  }

  private static boolean sameFile(Path a, Path b) {
    try {
      return Files.isSameFile(a, b);
    } catch (IOException e) {
      return false;
    }
  }

  /** The format colfile detects in {@code file} when it is a column file of another format. */
  private static String otherFormat(Path file) {
    try (InputFile in = InputFile.local(file)) {
      FormatProvider f = ColFile.detect(in);
      return f == null || f.name().equalsIgnoreCase("orc") ? null : f.name();
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** The input a failure is about: the one its message or its file names. */
  private Path culprit(IOException e, List<Path> files) {
    if (e instanceof FileSystemException fs && fs.getFile() != null) {
      return Path.of(fs.getFile());
    }
    String m = String.valueOf(e.getMessage());
    for (Path f : files) {
      if (m.startsWith(f + ": ")) {
        return f;
      }
    }
    return null;
  }

  static long parseSize(String text) {
    String t = text.trim().toUpperCase(Locale.ROOT);
    long unit = 1;
    if (t.endsWith("K") || t.endsWith("M") || t.endsWith("G")) {
      unit = switch (t.charAt(t.length() - 1)) {
        case 'K' -> 1L << 10;
        case 'M' -> 1L << 20;
        default -> 1L << 30;
      };
      t = t.substring(0, t.length() - 1);
    }
    try {
      long n = Long.parseLong(t);
      if (n <= 0 || n > Long.MAX_VALUE / unit) {
        throw new NumberFormatException();
      }
      return n * unit;
    } catch (NumberFormatException e) {
      throw new UsageException("--max-size: '" + text + "' is not a positive size in bytes "
          + "(e.g. 1000000, 512K, 256M, 1G)");
    }
  }

  /** An input of another format than ORC. */
  static final class UnsupportedFormatException extends IOException {
    private static final long serialVersionUID = 1L;

    UnsupportedFormatException(String message, Throwable cause) {
      super(message, cause);
    }
  }
}
