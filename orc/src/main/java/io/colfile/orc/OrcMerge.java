package io.colfile.orc;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.error.UnsupportedFeatureException;
import io.colfile.core.io.AtomicOutputStream;
import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.orc.stats.ColumnStatistics;
import io.colfile.orc.tail.CalendarKind;
import io.colfile.orc.tail.FileEncryption;
import io.colfile.orc.tail.OrcType;
import io.colfile.orc.write.WriterEngine;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.IntFunction;

/**
 * Concatenates ORC files into one (or, with a size limit, several) without decoding them where
 * that is possible, the way Apache ORC's {@code OrcFile.mergeFiles} does.
 *
 * <p><b>What is copied.</b> The first input sets the output's schema, compression, row index
 * stride, file version, calendar and writer. Every input whose schema (the ORC type tree, field
 * names included) and calendar equal the first's must be merged; one whose compression, file
 * version, writer (Footer.writer and PostScript.writer_version) and row index stride are also
 * the first's, and that has statistics for every stripe, has its stripes copied byte for byte
 * (index streams, data streams and stripe footer; orc-core's rule, except that orc-core does
 * not look at the writer id). The others are <em>re-encoded</em>: their rows are read and
 * written again with the output's settings. A copied stripe keeps its bloom filters; a
 * re-encoded one has none.
 *
 * <p><b>What the output records.</b> Stripes are listed with their offsets in the output and
 * their statistics go to the output's Metadata section; file statistics are the merge of every
 * stripe's, as a writer would compute them. The compression chunk size is the largest of the
 * copied inputs' (a reader sizes its buffers by it). The writer recorded is the first input's
 * (Footer.writer, software_version, PostScript.writer_version) when any stripe is copied, so
 * that readers keep distrusting the statistics or bloom filters that writer got wrong; the
 * stripes colfile re-encodes in such an output are at least as good as that writer's. When every
 * input is re-encoded the output records colfile. This is also where orc-core differs: it keeps
 * its own writer id with the first input's writer version, and refuses files of writers it does
 * not know (such as colfile's id 1000), which this merge accepts.
 *
 * <p><b>What is refused</b> ({@link IncompatibleInputException} or {@link
 * UnsupportedFeatureException}, before anything is written): a schema or calendar that differs
 * from the first input's, a user metadata key whose value differs from another input's (orc-core
 * leaves such a file out silently; this merge says so), a first input of an unknown file
 * version or LZO-compressed (colfile cannot write LZO).
 *
 * <p><b>Encrypted inputs</b> are merged as orc-core merges them: every input must encrypt the
 * same columns with the same master keys (name, version, algorithm) and masks as the first,
 * and have its stripes copied (an encrypted stripe is never re-encoded); the output encrypts
 * with the first input's key versions. Copied stripes keep their stripe ids and local keys;
 * their statistics, real and masked, are written anew, the real ones encrypted under the
 * output's own local keys, so the merge needs the master keys ({@link #keys}). Anything else
 * is refused with the reason. User metadata of all inputs is merged;
 * every output file gets all of it.
 *
 * <p><b>Several outputs.</b> With {@link #maxSize(long)}, once the output being written has
 * grown past that many bytes the next stripe goes to a new output file (so a file exceeds the
 * limit by at most one stripe, and never holds a partial input stripe). The outputs appear only
 * when all of them are complete: after a failure, none of them is there, and whatever their
 * names held before is left as it was.
 */
public final class OrcMerge {
  /** A merge input that can be opened (and is opened twice: tail first, then the data). */
  public interface Source {
    /** The name for messages. */
    String name();

    InputFile open() throws IOException;

    /** A local file. */
    static Source local(Path path) {
      Objects.requireNonNull(path, "path");
      return new Source() {
        @Override
        public String name() {
          return path.toString();
        }

        @Override
        public InputFile open() throws IOException {
          return InputFile.local(path);
        }
      };
    }
  }

  /** Inputs that cannot go into one file with the first input. */
  public static final class IncompatibleInputException extends IOException {
    private static final long serialVersionUID = 1L;

    IncompatibleInputException(String message) {
      super(message);
    }
  }

  /** What became of one input: which output it went to and whether it was copied. */
  public record InputResult(String name, long rows, boolean copied, String reencodeReason) {}

  /** One output file written. */
  public record OutputResult(String name, long rows, int stripes, long bytes) {}

  /** The outputs written, in order, and what became of each input. */
  public record Result(List<OutputResult> outputs, List<InputResult> inputs) {}

  private static final int COPY_BUFFER = 1 << 20;

  private long maxSize;
  private long stripeSize = OrcWriterOptions.defaults().stripeSize();
  private KeyProvider keys;

  private OrcMerge() {}

  /** A merge into one output file with default settings. */
  public static OrcMerge create() {
    return new OrcMerge();
  }

  /**
   * Starts a new output once the current one has grown past {@code bytes} (0, the default: one
   * output whatever its size).
   */
  public OrcMerge maxSize(long bytes) {
    if (bytes < 0) {
      throw new IllegalArgumentException("max size must be >= 0, got " + bytes);
    }
    this.maxSize = bytes;
    return this;
  }

  /** The stripe size for rows that are re-encoded (default ORC Java's 64 MiB). */
  public OrcMerge stripeSize(long bytes) {
    if (bytes < 1024) {
      throw new IllegalArgumentException("stripe size must be at least 1024, got " + bytes);
    }
    this.stripeSize = bytes;
    return this;
  }

  /**
   * The master keys of encrypted inputs. Their stripes are copied as they are (with their local
   * keys), but their statistics are decrypted and encrypted again under the output's own local
   * keys, so a merge of encrypted files needs their master keys, as orc-core's does.
   */
  public OrcMerge keys(KeyProvider keys) {
    this.keys = keys;
    return this;
  }

  /** How one input is to be merged, decided from its tail. */
  private record Plan(Source source, boolean copy, String reason, int blockSize) {}

  /**
   * Merges {@code inputs}, in order, into {@code outputs.apply(0)}, and with {@link #maxSize}
   * into {@code outputs.apply(1)}, {@code outputs.apply(2)}, ... as needed.
   *
   * @throws IncompatibleInputException if an input cannot be merged with the first (nothing is
   *     written)
   * @throws io.colfile.core.error.CorruptFileException if an input is not an ORC file or is
   *     damaged where the merge reads it (nothing is written)
   */
  public Result merge(List<Source> inputs, IntFunction<OutputFile> outputs) throws IOException {
    if (inputs.isEmpty()) {
      throw new IllegalArgumentException("no input to merge");
    }
    // 1. every tail, before anything is written: refusals come first and cost nothing
    List<Plan> plans = new ArrayList<>();
    Reference ref = null;
    Map<String, byte[]> metadata = new LinkedHashMap<>();
    Map<String, String> metadataFrom = new LinkedHashMap<>();
    for (Source s : inputs) {
      try (OrcReader r = OrcReader.open(s.open())) {
        if (ref == null) {
          ref = Reference.of(s.name(), r);
          if (ref.encryption != null) {
            ref.checkKeys(keys);
          }
        }
        plans.add(ref.plan(s, r));
        for (Map.Entry<String, byte[]> e : r.userMetadata().entrySet()) {
          byte[] had = metadata.putIfAbsent(e.getKey(), e.getValue());
          if (had == null) {
            metadataFrom.put(e.getKey(), s.name());
          } else if (!Arrays.equals(had, e.getValue())) {
            throw new IncompatibleInputException(s.name() + ": user metadata '" + e.getKey()
                + "' differs from " + metadataFrom.get(e.getKey()) + "'s");
          }
        }
      }
    }
    // 2. the outputs
    int blockSize = ref.blockSize;
    boolean anyCopy = false;
    for (Plan p : plans) {
      if (p.copy) {
        anyCopy = true;
        blockSize = Math.max(blockSize, p.blockSize);
      }
    }
    OrcWriterOptions.Builder ob = OrcWriterOptions.builder()
        .compression(ref.codec)
        .enforceCompressionBlockSize(true)
        .stripeSize(stripeSize)
        .rowIndexStride(ref.stride)
        .fileVersion(ref.version);
    if (ref.encryption != null) {
      ref.encryptAsFirst(ob, keys);
    }
    try {
      ob.compressionBlockSize(blockSize);
    } catch (IllegalArgumentException e) {
      throw new UnsupportedFeatureException(ref.name + ": compression block size " + blockSize
          + " cannot be written (" + e.getMessage() + ")");
    }
    Outputs out = new Outputs(outputs, ref, ob.build(), anyCopy, metadata);
    List<InputResult> results = new ArrayList<>();
    try {
      for (Plan p : plans) {
        results.add(p.copy ? out.copy(p.source) : out.reencode(p.source, p.reason));
      }
      return new Result(out.publish(), results);
    } finally {
      out.abortUnpublished();
    }
  }

  /** The first input's settings, which the output takes. */
  private static final class Reference {
    final String name;
    final List<OrcType> types;
    final Type schema;
    final CompressionCodec codec;
    final int blockSize;
    final OrcFileVersion version;
    final int stride;
    final int writerId;
    final int writerVersion;
    final String softwareVersion;
    final CalendarKind calendar;
    /** The first input's encryption, which every input must share; null when it has none. */
    final FileEncryption encryption;

    private Reference(String name, OrcReader r) {
      OrcTail t = r.tail();
      this.name = name;
      this.types = t.footer.types();
      this.schema = r.schema();
      this.codec = r.compression();
      this.blockSize = r.compressionBlockSize();
      this.version = r.fileVersion();
      this.stride = r.rowIndexStride();
      this.writerId = r.writerId();
      this.writerVersion = r.writerVersion();
      this.softwareVersion = t.footer.softwareVersion();
      this.calendar = t.footer.calendar();
      this.encryption = t.encryption;
    }

    static Reference of(String name, OrcReader r) throws IOException {
      if (!r.fileVersion().isKnown()) {
        throw new UnsupportedFeatureException(name + ": ORC file version " + r.fileVersion()
            + " is unknown; merge writes only 0.11, 0.12 and 1.9999");
      }
      if (r.compression() == CompressionCodec.LZO) {
        throw new UnsupportedFeatureException(name + ": LZO compression can be read but not "
            + "written, so files of it cannot be merged");
      }
      return new Reference(name, r);
    }

    /** The master keys of the encrypted columns, as the first input names them. */
    List<KeyProvider.MasterKey> masterKeys() throws UnsupportedFeatureException {
      List<KeyProvider.MasterKey> out = new ArrayList<>();
      for (FileEncryption.Key k : encryption.keys()) {
        EncryptionAlgorithm a = EncryptionAlgorithm.of(k.algorithm());
        if (a == null) {
          throw new UnsupportedFeatureException(name + ": master key " + k.name()
              + " has an unknown algorithm (" + k.algorithm() + ")");
        }
        out.add(new KeyProvider.MasterKey(k.name(), k.version(), a));
      }
      return out;
    }

    private void checkKeys(KeyProvider provider) throws IOException {
      List<KeyProvider.MasterKey> master = masterKeys();
      // the copied stripe footers list the variants in the file's order, which the output
      // keeps only when it is the one a writer uses: by key name, then by column
      List<FileEncryption.Variant> sorted = new ArrayList<>(encryption.variants());
      sorted.sort(java.util.Comparator.comparing((FileEncryption.Variant v) ->
          master.get(v.key()).name()).thenComparingInt(FileEncryption.Variant::root));
      if (!sorted.equals(encryption.variants())) {
        throw new UnsupportedFeatureException(name + ": lists its encrypted columns in an "
            + "order other than by key name and column, which orc-core and colfile write "
            + "and a merge must keep");
      }
      for (FileEncryption.Variant v : encryption.variants()) {
        KeyProvider.MasterKey k = master.get(v.key());
        if (provider == null || provider.decryptLocalKey(k, v.encryptedKey()) == null) {
          throw new UnsupportedFeatureException(name + ": has columns encrypted with master "
              + "key " + k.name() + " version " + k.version() + ", which "
              + (provider == null ? "no key provider was given for" : "the key provider lacks")
              + ": a merge copies their stripes but encrypts their statistics anew, as "
              + "orc-core's does");
        }
      }
    }

    /** Whether {@code e} encrypts as the first input does: keys, masks and variants alike. */
    private boolean sameEncryption(FileEncryption e) {
      if (encryption == null || e == null) {
        return encryption == e;
      }
      if (!encryption.keys().equals(e.keys()) || !encryption.masks().equals(e.masks())
          || encryption.variants().size() != e.variants().size()) {
        return false;
      }
      for (int i = 0; i < e.variants().size(); i++) {
        FileEncryption.Variant a = encryption.variants().get(i);
        FileEncryption.Variant b = e.variants().get(i);
        if (a.root() != b.root() || !encryption.keys().get(a.key()).name()
            .equals(e.keys().get(b.key()).name())) {
          return false;
        }
      }
      return true;
    }

    /** The {@code encrypt} and {@code masks} options that encrypt as the first input does. */
    void encryptAsFirst(OrcWriterOptions.Builder b, KeyProvider provider)
        throws UnsupportedFeatureException {
      List<KeyProvider.MasterKey> master = masterKeys();
      Map<String, List<String>> byKey = new LinkedHashMap<>();
      List<String> masks = new ArrayList<>();
      for (FileEncryption.Variant v : encryption.variants()) {
        String column = columnName(v.root());
        byKey.computeIfAbsent(master.get(v.key()).name(), k -> new ArrayList<>()).add(column);
        String mask = types.get(v.root()).attributes().get("mask");
        if (mask == null) {
          for (FileEncryption.Mask m : encryption.masks()) {
            if (m.columns().contains(v.root()) && !"nullify".equals(m.name())) {
              StringBuilder t = new StringBuilder(m.name());
              for (String p : m.parameters()) {
                t.append(",`").append(p.replace("`", "``")).append('`');
              }
              mask = t.toString();
            }
          }
        }
        if (mask != null) {
          masks.add(mask + ":" + column);
        }
      }
      StringBuilder spec = new StringBuilder();
      for (Map.Entry<String, List<String>> e : byKey.entrySet()) {
        spec.append(spec.length() == 0 ? "" : ";").append(e.getKey()).append(':')
            .append(String.join(",", e.getValue()));
      }
      b.encrypt(pinned(provider, master), spec.toString()).masks(String.join(";", masks));
    }

    /** The dotted path of struct fields to column {@code id}, as the encrypt option names it. */
    private String columnName(int id) throws UnsupportedFeatureException {
      StringBuilder path = new StringBuilder();
      Type t = schema;
      int at = 0;
      while (at != id) {
        if (t.kind() != io.colfile.core.types.TypeKind.STRUCT) {
          throw new UnsupportedFeatureException(name + ": encrypted column " + id
              + " lies inside a " + t.kind().typeName() + ", which colfile does not encrypt");
        }
        int child = at + 1;
        int i = 0;
        while (child + t.child(i).columnCount() <= id) {
          child += t.child(i).columnCount();
          i++;
        }
        path.append(path.length() == 0 ? "" : ".").append(t.fieldNames().get(i));
        t = t.child(i);
        at = child;
      }
      return path.toString();
    }

    Plan plan(Source s, OrcReader r) throws IOException {
      String name = s.name();
      if (!sameEncryption(r.tail().encryption)) {
        throw new IncompatibleInputException(name + ": its column encryption (master keys and "
            + "their versions, encrypted columns or masks) differs from " + this.name
            + "'s; orc-core's merge leaves such a file out");
      }
      if (!r.tail().footer.types().equals(types)) {
        throw new IncompatibleInputException(name + ": schema " + r.schema()
            + " differs from " + this.name + "'s " + schema);
      }
      if (isProleptic(r.tail().footer.calendar()) != isProleptic(calendar)) {
        throw new IncompatibleInputException(name + ": calendar "
            + calendarName(r.tail().footer.calendar()) + " differs from " + this.name + "'s "
            + calendarName(calendar));
      }
      String reason = null;
      if (r.compression() != codec) {
        reason = "compression " + r.compression().name() + ", not " + codec.name();
      } else if (!r.fileVersion().equals(version)) {
        reason = "file version " + r.fileVersion() + ", not " + version;
      } else if (r.writerId() != writerId || r.writerVersion() != writerVersion) {
        reason = "writer " + r.writerName() + " " + r.writerVersionName() + ", not "
            + OrcWriterId.name(writerId) + " " + OrcWriterVersion.name(writerId, writerVersion);
      } else if (r.rowIndexStride() != stride) {
        reason = "row index stride " + r.rowIndexStride() + ", not " + stride;
      } else if (!completeStripeStatistics(r)) {
        reason = "no statistics for every stripe";
      }
      if (reason != null && encryption != null) {
        throw new UnsupportedFeatureException(name + ": has encrypted columns, whose stripes "
            + "a merge can only copy (as orc-core's does), and " + reason
            + "; merge it into a file of its own settings");
      }
      return new Plan(s, reason == null, reason, r.compressionBlockSize());
    }

    private static boolean completeStripeStatistics(OrcReader r) throws IOException {
      List<List<ColumnStatistics>> stats = r.stripeStatistics();
      if (stats.size() != r.stripes().size()) {
        return false;
      }
      int columns = r.tail().footer.types().size();
      for (List<ColumnStatistics> s : stats) {
        if (s.size() != columns) {
          return false;
        }
      }
      return true;
    }

    private static boolean isProleptic(CalendarKind k) {
      return k == CalendarKind.PROLEPTIC_GREGORIAN;
    }

    private static String calendarName(CalendarKind k) {
      return isProleptic(k) ? "proleptic Gregorian" : "Julian-Gregorian";
    }
  }

  /** The output files: the one being written, and the finished ones waiting to be published. */
  private final class Outputs {
    private final IntFunction<OutputFile> names;
    private final Reference ref;
    private final OrcWriterOptions options;
    private final boolean copiedIdentity;
    private final Map<String, byte[]> metadata;
    private final List<AtomicOutputStream> finished = new ArrayList<>();
    private final List<OutputResult> results = new ArrayList<>();
    private OutputFile file;
    private AtomicOutputStream stream;
    private WriterEngine engine;
    private boolean full;

    Outputs(IntFunction<OutputFile> names, Reference ref, OrcWriterOptions options,
        boolean copiedIdentity, Map<String, byte[]> metadata) throws IOException {
      this.names = names;
      this.ref = ref;
      this.options = options;
      this.copiedIdentity = copiedIdentity;
      this.metadata = metadata;
      start();
    }

    private void start() throws IOException {
      file = Objects.requireNonNull(names.apply(results.size()), "output file");
      stream = file.create();
      engine = new WriterEngine(stream, ref.schema, options);
      if (copiedIdentity) {
        engine.writerIdentity(ref.writerId, ref.writerVersion, ref.softwareVersion);
        engine.calendar(ref.calendar);
      } else {
        engine.calendar(ref.calendar == CalendarKind.PROLEPTIC_GREGORIAN
            ? CalendarKind.PROLEPTIC_GREGORIAN : CalendarKind.JULIAN_GREGORIAN);
      }
      for (Map.Entry<String, byte[]> e : metadata.entrySet()) {
        engine.addUserMetadata(e.getKey(), e.getValue());
      }
      full = false;
    }

    /** Before more rows: a new output when the current one is past the size limit. */
    private void roll() throws IOException {
      if (!full) {
        return;
      }
      finish();
      start();
    }

    private void finish() throws IOException {
      engine.finish();
      long rows = engine.numberOfRows();
      results.add(new OutputResult(file.name(), rows, engine.stripeCount(), stream.position()));
      finished.add(stream);
      stream = null;
      engine = null;
    }

    private void wrote() {
      full |= maxSize > 0 && engine.position() > maxSize;
    }

    InputResult copy(Source s) throws IOException {
      if (ref.encryption != null) {
        return copyEncrypted(s);
      }
      try (OrcReader r = OrcReader.open(s.open())) {
        InputFile in = r.file();
        OrcTail tail = r.tail();
        List<List<ColumnStatistics>> stats = r.stripeStatistics();
        List<StripeInformation> stripes = r.stripes();
        long rows = 0;
        for (int i = 0; i < stripes.size(); i++) {
          StripeInformation info = stripes.get(i);
          // validates the stripe's place and its footer before its bytes are taken
          Stripe.read(in, tail, i, info);
          // rows re-encoded before go to a stripe of their own first, then the size is judged
          engine.flush();
          wrote();
          roll();
          engine.appendStripe(o -> copyRange(in, info.offset(), info.length(), o), info,
              stats.get(i));
          rows += info.numberOfRows();
          wrote();
        }
        return new InputResult(s.name(), rows, true, null);
      }
    }

    /**
     * Copies the stripes of an encrypted input: each keeps its stripe id and local keys; its
     * masked statistics go to the Metadata section, the real ones (read with the keys) to its
     * variants' encrypted stripe statistics.
     */
    private InputResult copyEncrypted(Source s) throws IOException {
      try (OrcReader r = OrcReader.open(s.open());
          OrcReader real = OrcReader.open(s.open(),
              OrcReadOptions.defaults().withKeyProvider(keys))) {
        InputFile in = r.file();
        OrcTail tail = r.tail();
        FileEncryption enc = tail.encryption;
        List<List<ColumnStatistics>> masked = r.stripeStatistics();
        List<List<ColumnStatistics>> stats = real.stripeStatistics();
        List<StripeInformation> stripes = r.stripes();
        long rows = 0;
        for (int i = 0; i < stripes.size(); i++) {
          StripeInformation info = stripes.get(i);
          Stripe.read(in, tail, i, info);
          Map<Integer, byte[]> localKeys = new LinkedHashMap<>();
          for (int v = 0; v < enc.variants().size(); v++) {
            localKeys.put(enc.variants().get(v).root(), enc.stripeKeys().get(i).get(v));
          }
          engine.flush();
          wrote();
          roll();
          engine.appendEncryptedStripe(o -> copyRange(in, info.offset(), info.length(), o),
              info, masked.get(i), stats.get(i), enc.stripeIds()[i], localKeys);
          rows += info.numberOfRows();
          wrote();
        }
        return new InputResult(s.name(), rows, true, null);
      }
    }

    InputResult reencode(Source s, String reason) throws IOException {
      try (OrcReader r = OrcReader.open(s.open());
          BatchReader rows = r.read(ReadOptions.defaults())) {
        ColumnBatch batch = rows.newBatch();
        long n = 0;
        while (rows.next(batch)) {
          roll();
          engine.write(batch);
          n += batch.size;
          wrote();
        }
        return new InputResult(s.name(), n, false, reason);
      }
    }

    /** Finishes the last output and publishes all of them, in order. */
    List<OutputResult> publish() throws IOException {
      finish();
      while (!finished.isEmpty()) {
        finished.get(0).close();
        finished.remove(0);
      }
      return List.copyOf(results);
    }

    void abortUnpublished() {
      if (stream != null) {
        stream.abort();
      }
      for (AtomicOutputStream s : finished) {
        s.abort();
      }
    }
  }

  /** {@code provider} with the versions of {@code master} as the current ones. */
  private static KeyProvider pinned(KeyProvider provider, List<KeyProvider.MasterKey> master) {
    return new KeyProvider() {
      @Override
      public MasterKey currentKey(String name) {
        for (MasterKey k : master) {
          if (k.name().equals(name)) {
            return k;
          }
        }
        return null;
      }

      @Override
      public byte[] decryptLocalKey(MasterKey key, byte[] encryptedLocalKey) throws IOException {
        return provider.decryptLocalKey(key, encryptedLocalKey);
      }

      @Override
      public LocalKey createLocalKey(MasterKey key, SecureRandom random) throws IOException {
        return provider.createLocalKey(key, random);
      }
    };
  }

  private static void copyRange(InputFile in, long offset, long length, OutputStream out)
      throws IOException {
    byte[] buf = new byte[(int) Math.min(COPY_BUFFER, Math.max(1, length))];
    long done = 0;
    while (done < length) {
      int n = (int) Math.min(buf.length, length - done);
      in.readFully(offset + done, buf, 0, n);
      out.write(buf, 0, n);
      done += n;
    }
  }
}
