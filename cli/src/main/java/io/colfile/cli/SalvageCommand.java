package io.colfile.cli;

import io.colfile.core.ColFile;
import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.types.Type;
import io.colfile.orc.OrcReader;
import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.read.SalvageReport;
import io.colfile.kudu.CFileSalvage;
import io.colfile.kudu.KuduFormat;
import io.colfile.orc.OrcSalvage;
import io.colfile.trevni.TrevniSalvage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code colfile salvage IN OUT}: copies every row that can still be read from a damaged ORC,
 * Trevni or Kudu CFile into a new, valid file of the same format ({@link OrcSalvage}, {@link
 * TrevniSalvage}, {@link CFileSalvage}), and says what was kept and what was lost. IN is only
 * read; OUT appears only when written whole, and an existing OUT is replaced only with {@code
 * --force}.
 */
@Command(name = "salvage", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = {
        "Copies every row that can still be read from a damaged ORC, Trevni or Kudu CFile into "
            + "a new, valid file of the same format, and reports what was lost (one line on "
            + "stderr, or --json on stdout).",
        "ORC: every intact stripe, and of a damaged stripe the row groups before the damage. "
            + "When the tail (footer and postscript) is gone, as in a file cut short, the "
            + "stripes are found by scanning for stripe footers, given the schema (--schema, "
            + "--compression, or --like an intact file of the same writer). Trevni: the rows up to the"
            + " first damaged block of any column. CFile: the values up to the first damaged "
            + "block; the footer must be intact.",
        "IN is never written to. OUT must differ from IN, and is replaced only with --force; "
            + "it appears only once written whole.",
        "Exit status: 0 when OUT holds every row of IN, 1 when rows were lost (OUT is still "
            + "written) or IN cannot be salvaged at all (nothing is written), 2 for bad usage."},
    footer = {"", "Example:", "  colfile salvage damaged.orc rescued.orc",
        "  colfile: damaged.orc: kept 30000 of 50000 rows (stripes 0-2; lost stripe 3 rows "
            + "30000-49999: ...)"})
final class SalvageCommand implements Callable<Integer>, FileCommand {
  @ParentCommand
  private Main main;

  @Parameters(index = "0", paramLabel = "IN", description = "The damaged file (only read).")
  private Path in;

  @Parameters(index = "1", paramLabel = "OUT", description = "The file to write.")
  private Path out;

  @Option(names = {"-f", "--force"}, description = "Replace OUT if it exists.")
  private boolean force;

  @Option(names = "--json", description = "Print the report as one JSON document on stdout.")
  private boolean json;

  @Option(names = "--schema", paramLabel = "TYPE",
      description = "ORC without its tail (a file cut short): the rows' type, e.g. "
          + "'struct<a:int,b:string>' (as convert --schema takes it).")
  private String schema;

  @Option(names = "--compression", paramLabel = "CODEC",
      description = "ORC without its tail: zlib, snappy, lz4 or zstd (default: each is tried).")
  private String compression;

  @Option(names = "--like", paramLabel = "FILE",
      description = "ORC without its tail: an intact ORC file of the same writer, whose "
          + "schema, compression, chunk size, writer and calendar are taken (--schema and "
          + "--compression win over it).")
  private Path like;

  @Override
  public Path file() {
    return in;
  }

  @Override
  public Integer call() throws Exception {
    if (Files.isDirectory(in)) {
      throw new UsageException(ColumnFiles.isKuduServer(in) || ColumnFiles.isDataset(in)
          ? "salvage copies single files; for a Kudu rowset or tablet server's directory use "
              + "'colfile cat --salvage' or 'colfile convert --salvage'"
          : "is a directory; salvage copies one file");
    }
    if (!Files.exists(in, LinkOption.NOFOLLOW_LINKS) && !Files.exists(in)) {
      throw new NoSuchFileException(in.toString());
    }
    if (Files.isDirectory(out)) {
      throw new UsageException("OUT " + out + " is a directory");
    }
    if (Files.exists(out)) {
      if (Files.isSameFile(in, out)) {
        throw new UsageException("OUT is IN: salvage never writes to the damaged file; name "
            + "another file");
      }
      if (!force) {
        throw new UsageException("OUT " + out + " exists; use --force to replace it");
      }
    }
    FileArgs.checkOutput(out, java.util.List.of(in), false); // OUT's directory exists
    SalvageReport report;
    try (Progress p = Progress.start(main, "salvage", -1, Files.size(in))) {
      progress = p;
      report = salvage();
    }
    if (json) {
      java.util.Map<String, Object> m = new java.util.LinkedHashMap<>();
      m.put("file", in.toString());
      m.put("output", out.toString());
      m.putAll(report.toMap());
      MetaPrinter.json(m, main.stdout());
      main.stdout().flush();
    } else {
      main.stderr().println("colfile: " + in + ": " + report.summary());
      main.stderr().flush();
    }
    return report.complete() ? Failures.OK : Failures.BAD_FILE;
  }

  /** The progress line, which the bytes read from IN advance. */
  private Progress progress;

  private SalvageReport salvage() throws IOException {
    InputFile input = progress.watch(InputFile.local(in));
    String format;
    try {
      format = ColFile.detect(input).name();
    } catch (IOException | RuntimeException e) {
      input.close();
      throw e;
    }
    OutputFile output = OutputFile.local(out);
    switch (format) {
      case "ORC":
        return orc(input, output);
      case "Trevni":
        onlyOrc();
        return withHint(() -> TrevniSalvage.salvage(input, output), "the header holds the "
            + "columns and where their blocks are");
      case KuduFormat.NAME:
        onlyOrc();
        return withHint(() -> CFileSalvage.salvage(input, output), "the footer holds the "
            + "type, encoding and where the blocks are");
      default:
        input.close();
        throw new UsageException("salvage copies ORC, Trevni and Kudu CFiles, not " + format
            + " files");
    }
  }

  /**
   * An ORC file with its tail as it is; without, the stripes scanned for with what --schema,
   * --compression or --like say.
   */
  private SalvageReport orc(InputFile input, OutputFile output) throws IOException {
    OrcSalvage.Guess guess = guess();
    OrcReader reader;
    try {
      reader = OrcReader.open(input);
    } catch (CorruptFileException e) {
      if (guess == null) {
        throw new CorruptFileException(e.region(), e.offset(), e.problem() + "; the tail holds"
            + " the schema and where the stripes are: to scan for the stripes without it, name"
            + " the schema with --schema or an intact file of the same writer with --like", e);
      }
      return OrcSalvage.salvageWithoutTail(progress.watch(InputFile.local(in)), output, guess);
    }
    try (OrcReader r = reader) {
      return OrcSalvage.salvage(r, output);
    }
  }

  private void onlyOrc() {
    if (schema != null || compression != null || like != null) {
      throw new UsageException("--schema, --compression and --like are for ORC files cut "
          + "short");
    }
  }

  /** What --schema, --compression and --like say, or null when none is given. */
  private OrcSalvage.Guess guess() throws IOException {
    CompressionCodec codec = null;
    if (compression != null) {
      codec = CompressionCodec.writableNamed(compression).orElseThrow(() -> new UsageException(
          "--compression must be " + CompressionCodec.WRITABLE_NAMES + ", not '" + compression
              + "'"));
    }
    Type type = null;
    if (schema != null) {
      try {
        type = Type.parse(schema);
      } catch (IllegalArgumentException e) {
        throw new UsageException("--schema: " + e.getMessage());
      }
    }
    if (like != null) {
      try (OrcReader intact = OrcReader.open(InputFile.local(like))) {
        OrcSalvage.Guess g = OrcSalvage.Guess.like(intact);
        return new OrcSalvage.Guess(type != null ? type : g.schema(),
            codec != null ? codec : g.codec(), g.compressionBlockSize(), g.writerId(),
            g.writerVersion(), g.calendar(), g.fileVersion());
      }
    }
    if (type == null) {
      if (codec != null) {
        throw new UsageException("--compression needs --schema or --like");
      }
      return null;
    }
    return OrcSalvage.Guess.of(type, codec);
  }

  private interface Opener<T> {
    T open() throws IOException;
  }

  /**
   * Salvages; when the structure salvage starts from is itself damaged (the only damage that
   * stops it), says so. The format's salvage has closed the input by then.
   */
  private static <T> T withHint(Opener<T> opener, String why) throws IOException {
    try {
      return opener.open();
    } catch (CorruptFileException e) {
      throw new CorruptFileException(e.region(), e.offset(), e.problem()
          + "; nothing can be salvaged without it (" + why + ")", e);
    }
  }
}
