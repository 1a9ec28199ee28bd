package io.colfile.cli;

import io.colfile.core.ColFile;
import io.colfile.core.FileReader;
import io.colfile.core.FileWriter;
import io.colfile.core.FormatProvider;
import io.colfile.core.ReadOptions;
import io.colfile.core.WriteOptions;
import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.error.UnsupportedFeatureException;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.text.convert.CsvFormat;
import io.colfile.text.convert.CsvSource;
import io.colfile.text.convert.FileReaderSource;
import io.colfile.text.convert.JsonLinesSource;
import io.colfile.text.convert.RowSource;
import io.colfile.text.convert.SchemaInference;
import io.colfile.text.convert.TextInput;
import io.colfile.text.convert.TimestampText;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code colfile convert}: JSON lines (as {@code colfile cat} prints them), CSV, or column files
 * colfile reads, into a format colfile writes (ORC, Trevni, a Kudu rowset). Several inputs of
 * one kind go into one output. Text may be gzip-compressed and start with a UTF-8 BOM; {@code -}
 * reads standard input, which is first copied to a temporary file (inferring a schema reads text
 * twice, and column files need random access), deleted when the command ends. The output appears
 * only when every input was converted; on any error nothing is left at OUT and a file already
 * there is untouched.
 */
@Command(name = "convert", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = "Convert JSON lines, CSV or column files into ORC, Trevni or a Kudu "
        + "rowset directory.",
    footer = {"", "Examples:",
        "  colfile convert orders.csv orders.orc",
        "  colfile convert jan.csv.gz feb.csv.gz q1.orc --null-string '\\N' --escape '\\'",
        "  zcat rows.jsonl.gz | colfile convert - rows.orc --format trevni",
        "  colfile convert big.orc big.trevni --format trevni --threads 2",
        "  colfile convert --no-header --schema 'struct<id:int,at:timestamp with local time zone>'"
            + " \\",
        "      --timestamp-format 'dd/MM/yyyy HH:mm' --timezone Europe/Amsterdam in.csv out.orc",
        "",
        "Input kinds: by name (.jsonl .json .ndjson, .csv .tsv, each maybe with .gz), else a",
        "column file; gzip data of another name and standard input that is text are JSON lines",
        "when their first character is { or [, else CSV (--input-format says otherwise). All",
        "inputs must be of one kind; their schema is inferred over all of them unless --schema",
        "gives it.",
        "CSV: an empty unquoted field is NULL, a quoted \"\" the empty string."})
final class ConvertCommand implements Callable<Integer>, FileCommand {
  enum InputFormat {
    AUTO,
    JSON,
    CSV,
    FILE
  }

  /** What an error message calls standard input. */
  static final String STDIN = "<stdin>";

  @ParentCommand
  private Main main;

  @Parameters(arity = "2..*", paramLabel = "IN... OUT",
      description = "Inputs (- for standard input), then the file to write (for kudu: the "
          + "rowset directory, which must not exist).")
  private List<String> paths;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "orc",
      description = "Output format: orc, trevni or kudu (default: ${DEFAULT-VALUE}).")
  private String format;

  @Option(names = "--input-format", paramLabel = "KIND", defaultValue = "auto",
      description = "json, csv, file or auto (by name, else by the bytes; see below).")
  private String inputFormat;

  @Option(names = "--schema", paramLabel = "TYPE",
      description = "ORC type string of the rows, e.g. 'struct<a:int,b:string>', where "
          + "'not null' after a field's type makes it required in Trevni and NOT NULL in Kudu "
          + "(e.g. 'struct<a:int not null,b:string>'); without it the schema is inferred from "
          + "the input (every column nullable) and printed on stderr.")
  private String schema;

  @Option(names = "--separator", paramLabel = "C",
      description = "CSV: the character between fields (default: , or a tab for .tsv; \\t "
          + "for a tab).")
  private String separator;

  @Option(names = "--quote", paramLabel = "C",
      description = "CSV: the quote character (default: \"); doubled inside quotes it stands "
          + "for itself.")
  private String quote;

  @Option(names = "--escape", paramLabel = "C",
      description = "CSV: a character that makes the next one literal, e.g. \\ (default: "
          + "none).")
  private String escape;

  @Option(names = "--header",
      description = "CSV: the first line names the columns (the default).")
  private boolean header;

  @Option(names = "--no-header",
      description = "CSV: there is no header line; the columns are --schema's fields, in order.")
  private boolean noHeader;

  @Option(names = "--null-string", paramLabel = "S",
      description = "CSV: an unquoted field equal to S is NULL (e.g. \\N); an empty unquoted "
          + "field always is.")
  private String nullString;

  @Option(names = "--timestamp-format", paramLabel = "PATTERN",
      description = "Text timestamps in this java.time DateTimeFormatter pattern, e.g. "
          + "'dd/MM/yyyy HH:mm:ss' (default: cat's form YYYY-MM-DD HH:MM:SS[.f]).")
  private String timestampFormat;

  @Option(names = "--timezone", paramLabel = "ZONE", converter = ZoneConverter.class,
      description = "The zone text timestamps are in, for 'timestamp with local time zone' "
          + "columns (default UTC, as cat prints them; a wall-clock time that does not exist "
          + "there is an error, one that occurs twice the earlier instant); plain timestamps "
          + "keep the wall clock written.")
  private ZoneId zone;

  @picocli.CommandLine.Mixin
  private KuduServerOptions server = new KuduServerOptions();

  @picocli.CommandLine.Mixin
  private KeyStoreOptions keys = new KeyStoreOptions();

  @Option(names = "--encrypt", paramLabel = "KEY:COLUMN,...",
      description = "ORC: encrypt these columns (subtrees) with the master key KEY of "
          + "--key-store, e.g. 'pii:ssn,email;other:address' (ORC Java's orc.encrypt); "
          + "readers without the key see the masked copy (--mask).")
  private String encrypt;

  @Option(names = "--mask", paramLabel = "MASK:COLUMN,...",
      description = "ORC: how encrypted columns are masked for readers without the key: "
          + "nullify (the default), redact (or redact,REPLACEMENTS) or sha256, e.g. "
          + "'sha256:email;redact:ssn' (ORC Java's orc.mask).")
  private String mask;

  @Option(names = "--compression", paramLabel = "CODEC",
      description = "none, zlib (deflate), snappy, lz4 or zstd; Trevni has none, zlib and "
          + "snappy (default: the format's own: zstd for ORC, none for Trevni).")
  private String compression;

  @Option(names = {"--stripe-size", "--block-size"}, paramLabel = "BYTES",
      description = "ORC: target stripe size (default 64 MiB); Trevni: bytes a column "
          + "buffers before it closes a block (default 64 KiB).")
  private Long blockSize;

  @Option(names = "--bloom-columns", split = ",", paramLabel = "NAME",
      description = "Columns that get bloom filters (comma-separated).")
  private List<String> bloomColumns;

  @Option(names = "--key", split = ",", paramLabel = "NAME",
      description = "Kudu: the primary key columns, in key order (default: the first column).")
  private List<String> key;

  @Option(names = "--encoding", split = ",", paramLabel = "COLUMN=ENCODING",
      description = "Kudu: column encodings (auto, plain, rle, bitshuffle, dict, prefix), "
          + "e.g. id=plain,name=prefix.")
  private List<String> encodings;

  @Option(names = "--threads", paramLabel = "N", defaultValue = "1",
      description = "Decode column file inputs and write the output on N threads (columns "
          + "at once); the output is the same bytes (default: ${DEFAULT-VALUE}).")
  private int threads;

  @Option(names = "--set", paramLabel = "KEY=VALUE",
      description = "A format-specific setting, e.g. trevni.checksum=crc32, "
          + "trevni.codec=bzip2, or orc-core's names for ORC (orc.stripe.row.count=100000, "
          + "orc.compress.size=65536, ...) (repeatable).")
  private Map<String, String> properties;

  /** The input being read (what errors name); null: the first input. */
  private Path current;

  /** One input: where its bytes are, what to call it, and its kind. */
  private record Input(Path path, String name, InputFormat kind, boolean tsv) {}

  @Override
  public Path file() {
    return current != null ? current : paths == null || paths.isEmpty() ? Path.of("")
        : Path.of(paths.get(0).equals("-") ? STDIN : paths.get(0));
  }

  @Override
  public Integer call() throws Exception {
    FormatProvider output;
    try {
      output = ColFile.format(format);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--format: " + e.getMessage());
    }
    if (threads < 1) {
      throw new UsageException("--threads must be at least 1, not " + threads);
    }
    if (encrypt != null && !output.name().equals("ORC")) {
      throw new UsageException("--encrypt and --mask are for ORC output, not "
          + output.name());
    }
    if (encrypt != null) {
      keys.provider(); // a wrong password or a missing store: said before anything is read
    }
    WriteOptions options = options().withParallelism(threads);
    InputFormat forced = inputFormat();
    Type type = null;
    if (schema != null) {
      try {
        type = Type.parse(schema);
      } catch (IllegalArgumentException e) {
        throw new UsageException("--schema: " + e.getMessage());
      }
    }
    TimestampText timestamps;
    try {
      timestamps = TimestampText.of(timestampFormat, zone);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--timestamp-format: " + e.getMessage());
    }
    if (header && noHeader) {
      throw new UsageException("--header and --no-header exclude each other");
    }
    if (noHeader && type == null) {
      throw new UsageException("--no-header needs --schema to name the columns");
    }
    Path out = Path.of(paths.get(paths.size() - 1));
    List<String> ins = paths.subList(0, paths.size() - 1);
    if (ins.stream().filter("-"::equals).count() > 1) {
      throw new UsageException("standard input (-) can be read only once");
    }
    FileArgs.checkOutput(out, ins.stream().filter(i -> !i.equals("-")).map(Path::of).toList(),
        "kudu".equalsIgnoreCase(format));
    Path spooled = null;
    try {
      List<Input> inputs = new ArrayList<>();
      for (String in : ins) {
        Path p;
        String name;
        if (in.equals("-")) {
          spooled = spool();
          p = spooled;
          name = STDIN;
        } else {
          p = Path.of(in);
          name = in;
        }
        current = Path.of(name);
        inputs.add(new Input(p, name, kind(p, name, forced), isTsv(name)));
      }
      current = null;
      InputFormat kind = inputs.get(0).kind();
      for (Input i : inputs) {
        if (i.kind() != kind) {
          throw new UsageException("the inputs are of different kinds: " + inputs.get(0).name()
              + " is " + describe(kind) + ", " + i.name() + " " + describe(i.kind()));
        }
      }
      boolean csvOptions = separator != null || quote != null || escape != null || header
          || noHeader || nullString != null;
      if (kind != InputFormat.CSV && csvOptions) {
        throw new UsageException("--separator, --quote, --escape, --header, --no-header and "
            + "--null-string are for CSV input; " + inputs.get(0).name() + " is "
            + describe(kind));
      }
      if (kind == InputFormat.FILE && (timestampFormat != null || zone != null)) {
        throw new UsageException("--timestamp-format and --timezone are for text input; "
            + inputs.get(0).name() + " is a column file");
      }
      if (kind == InputFormat.FILE) {
        convertFiles(inputs, type, output, options, out);
      } else {
        convertText(inputs, kind, type, timestamps, output, options, out);
      }
    } finally {
      if (spooled != null) {
        Files.deleteIfExists(spooled);
      }
    }
    return Failures.OK;
  }

  private static String describe(InputFormat kind) {
    switch (kind) {
      case JSON: return "JSON lines";
      case CSV: return "CSV";
      default: return "a column file";
    }
  }

  /** Standard input copied to a temporary file (the caller deletes it). */
  private Path spool() throws IOException {
    Path tmp = Files.createTempFile("colfile-stdin-", ".tmp");
    try {
      Files.copy(main.stdin(), tmp, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      return tmp;
    } catch (IOException | RuntimeException e) {
      Files.deleteIfExists(tmp);
      throw e;
    }
  }

  private void convertFiles(List<Input> inputs, Type type, FormatProvider output,
      WriteOptions options, Path out) throws IOException {
    io.colfile.orc.KeyProvider keyProvider = keys.provider();
    Type rows = type;
    List<FileReader> readers = new ArrayList<>();
    try {
      for (Input in : inputs) {
        current = Path.of(in.name());
        FileReader reader = ColumnFiles.open(in.path(), server, keyProvider, true);
        readers.add(reader);
        for (String d : ColumnFiles.damage(reader)) {
          main.stderr().println("colfile: salvage: " + d);
        }
        if (rows == null) {
          rows = reader.schema();
        } else if (!rows.allNullable().equals(reader.schema().allNullable())) {
          throw new UsageException((type != null ? "--schema " + type + " differs from "
              : "the schema differs from " + inputs.get(0).name() + "'s " + rows + ": ")
              + in.name() + "'s schema " + reader.schema());
        }
      }
      long total = 0;
      for (FileReader r : readers) {
        total += r.numberOfRows();
      }
      write(output, rows, out, options, inputs, i -> new FileReaderSource(readers.get(i),
          ReadOptions.defaults().withParallelism(threads)),
          total);
    } finally {
      current = null;
      for (FileReader r : readers) {
        r.close();
      }
    }
  }

  private void convertText(List<Input> inputs, InputFormat kind, Type type,
      TimestampText timestamps, FormatProvider output, WriteOptions options, Path out)
      throws IOException {
    CsvFormat[] formats = new CsvFormat[inputs.size()];
    for (int i = 0; i < formats.length; i++) {
      formats[i] = csvFormat(inputs.get(i).tsv());
    }
    if (type == null) {
      SchemaInference.Accumulator a = new SchemaInference.Accumulator(timestamps);
      for (int i = 0; i < inputs.size(); i++) {
        Input in = inputs.get(i);
        current = Path.of(in.name());
        try (InputStream s = open(in)) {
          if (kind == InputFormat.JSON) {
            a.addJson(in.name(), s);
          } else {
            a.addCsv(in.name(), new InputStreamReader(s, StandardCharsets.UTF_8), formats[i]);
          }
        }
      }
      current = null;
      type = a.schema();
      main.stderr().println("colfile: inferred schema " + type);
      main.stderr().flush();
    } else if (kind == InputFormat.CSV) {
      try {
        CsvSource.checkSchema(type); // before anything is read
      } catch (IllegalArgumentException e) {
        throw new UsageException("--schema: " + e.getMessage());
      }
    }
    Type rows = type;
    write(output, rows, out, options, inputs, i -> {
      Input in = inputs.get(i);
      InputStream s = open(in);
      try {
        return kind == InputFormat.JSON
            ? new JsonLinesSource(in.name(), s, rows, timestamps)
            : new CsvSource(in.name(), new InputStreamReader(s, StandardCharsets.UTF_8), rows,
                formats[i], timestamps);
      } catch (IOException | RuntimeException e) {
        s.close();
        throw e;
      }
    }, -1);
  }

  /** The bytes of a text input, uncompressed and without a BOM; counted in textBytesRead. */
  private InputStream open(Input in) throws IOException {
    InputStream raw = new java.io.FilterInputStream(Files.newInputStream(in.path())) {
      @Override
      public int read() throws IOException {
        int b = super.read();
        textBytesRead += b < 0 ? 0 : 1;
        return b;
      }

      @Override
      public int read(byte[] b, int off, int len) throws IOException {
        int n = super.read(b, off, len);
        textBytesRead += Math.max(0, n);
        return n;
      }
    };
    try {
      return TextInput.decoded(new BufferedInputStream(raw, 1 << 16));
    } catch (IOException | RuntimeException e) {
      raw.close();
      throw e;
    }
  }

  private CsvFormat csvFormat(boolean tsv) {
    char sep = separator == null ? (tsv ? '\t' : ',') : oneChar("--separator", separator);
    char q = quote == null ? '"' : oneChar("--quote", quote);
    char esc = escape == null ? 0 : oneChar("--escape", escape);
    try {
      return new CsvFormat(sep, q, esc, !noHeader, nullString);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }

  /** A one-character option; {@code \t} and {@code tab} stand for a tab. */
  private static char oneChar(String option, String value) {
    if (value.equals("\\t") || value.equalsIgnoreCase("tab")) {
      return '\t';
    }
    if (value.length() != 1) {
      throw new UsageException(option + " must be one character, not '" + value + "'");
    }
    return value.charAt(0);
  }

  /** Opens the source of input {@code i}. */
  /** Bytes read so far from the text inputs' files, for the progress line. */
  private long textBytesRead;

  private interface Opener {
    RowSource open(int i) throws IOException;
  }

  /**
   * Writes the rows of every input, one after the other; on any failure the writer is aborted,
   * leaving nothing at OUT. {@code totalRows} (-1: unknown) and the text inputs' sizes give the progress line its
   * share done.
   */
  private void write(FormatProvider format, Type rows, Path out, WriteOptions options,
      List<Input> inputs, Opener opener, long totalRows) throws IOException {
    long textBytes = 0;
    for (Input in : inputs) {
      if (in.kind() != InputFormat.FILE && Files.isRegularFile(in.path())) {
        textBytes += Files.size(in.path());
      }
    }
    textBytesRead = 0;
    try (Progress progress = Progress.start(main, "convert", totalRows,
        textBytes > 0 ? textBytes : -1)) {
      write(format, rows, out, options, inputs, opener, progress);
    }
  }

  private void write(FormatProvider format, Type rows, Path out, WriteOptions options,
      List<Input> inputs, Opener opener, Progress progress) throws IOException {
    FileWriter writer;
    current = null; // failures about OUT name it after the first input, as they always did
    try {
      writer = format.writesDirectories()
          ? format.createDirectory(out, rows, options)
          : format.create(OutputFile.local(out), rows, options);
    } catch (IllegalArgumentException | UnsupportedFeatureException e) {
      throw new UsageException(e.getMessage());
    }
    try {
      ColumnBatch batch = new ColumnBatch(rows, ColumnBatch.DEFAULT_SIZE);
      long done = 0;
      for (int i = 0; i < inputs.size(); i++) {
        current = Path.of(inputs.get(i).name());
        try (RowSource source = opener.open(i)) {
          while (source.next(batch)) {
            writer.write(batch);
            done += batch.size;
            progress.set(done, textBytesRead);
          }
        }
      }
      current = null;
      writer.close();
    } catch (IllegalArgumentException e) {
      writer.abort();
      throw new IOException(e.getMessage(), e);
    } catch (IOException | RuntimeException | Error e) {
      writer.abort();
      throw e;
    }
  }

  private WriteOptions options() {
    WriteOptions o = WriteOptions.defaults();
    try {
      if (compression != null) {
        CompressionCodec codec = CompressionCodec.writableNamed(compression).orElseThrow(
            () -> new UsageException("--compression must be "
                + CompressionCodec.WRITABLE_NAMES + ", not '" + compression + "'"));
        o = o.withCompression(codec);
      }
      if (blockSize != null) {
        o = o.withBlockSize(blockSize);
      }
      if (properties != null) {
        for (Map.Entry<String, String> e : properties.entrySet()) {
          o = o.withProperty(e.getKey(), e.getValue());
        }
      }
      if (key != null) {
        o = o.withProperty("kudu.key", String.join(",", key));
      }
      if (mask != null && encrypt == null) {
        throw new UsageException("--mask needs --encrypt");
      }
      if (encrypt != null) {
        if (keys.keyStore == null) {
          throw new UsageException("--encrypt needs --key-store (the master keys)");
        }
        o = o.withProperty("orc.encrypt", encrypt)
            .withProperty("orc.key.store", keys.keyStore.toString())
            .withProperty("orc.key.store.password", new String(keys.password()));
        if (mask != null) {
          o = o.withProperty("orc.mask", mask);
        }
      }
      if (encodings != null) {
        o = o.withProperty("kudu.encoding", String.join(",", encodings));
      }
      return bloomColumns == null ? o : o.withBloomFilterColumns(bloomColumns);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }

  private InputFormat inputFormat() {
    try {
      return InputFormat.valueOf(inputFormat.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new UsageException("--input-format must be json, csv, file or auto, not '"
          + inputFormat + "'");
    }
  }

  private static String baseName(String name) {
    String n = Path.of(name).getFileName() == null ? "" : Path.of(name).getFileName().toString();
    n = n.toLowerCase(Locale.ROOT);
    return n.endsWith(".gz") ? n.substring(0, n.length() - 3) : n;
  }

  private static boolean isTsv(String name) {
    return baseName(name).endsWith(".tsv");
  }

  /**
   * The kind of an input: as forced, else by its name (without .gz); else gzip data, and
   * standard input when it is text (no control characters but tab, CR, LF, FF in the first 4
   * KiB), are JSON lines when their first character other than a blank is { or [, else CSV;
   * anything else is a column file (whose format its bytes tell when it is opened). A file of
   * text with another name is not taken for CSV: --input-format says so.
   */
  private static InputFormat kind(Path path, String name, InputFormat forced)
      throws IOException {
    boolean stdin = name.equals(STDIN);
    if (forced != InputFormat.AUTO) {
      return forced;
    }
    String n = baseName(name);
    if (n.endsWith(".jsonl") || n.endsWith(".json") || n.endsWith(".ndjson")) {
      return InputFormat.JSON;
    }
    if (n.endsWith(".csv") || n.endsWith(".tsv")) {
      return InputFormat.CSV;
    }
    if (Files.isDirectory(path) || !Files.isRegularFile(path)) {
      return InputFormat.FILE; // a rowset directory, or not there: said when opened
    }
    byte[] head;
    boolean gzip;
    try (InputStream raw = new BufferedInputStream(Files.newInputStream(path))) {
      gzip = TextInput.isGzip(raw);
      if (!gzip) {
        head = raw.readNBytes(4096);
      } else {
        try (InputStream s = TextInput.decoded(raw)) {
          head = s.readNBytes(4096);
        }
      }
    }
    int start = head.length >= 3 && (head[0] & 0xff) == 0xef && (head[1] & 0xff) == 0xbb
        && (head[2] & 0xff) == 0xbf ? 3 : 0;
    if (!gzip && !stdin) {
      return InputFormat.FILE;
    }
    if (!gzip) {
      for (int i = start; i < head.length; i++) {
        int c = head[i] & 0xff;
        if (c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f') {
          return InputFormat.FILE;
        }
      }
      if (head.length == 0) {
        return InputFormat.FILE; // empty: said when opened
      }
    }
    for (int i = start; i < head.length; i++) {
      int c = head[i] & 0xff;
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f') {
        continue;
      }
      return c == '{' || c == '[' ? InputFormat.JSON : InputFormat.CSV;
    }
    return InputFormat.CSV;
  }
}
