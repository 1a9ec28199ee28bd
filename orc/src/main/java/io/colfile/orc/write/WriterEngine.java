package io.colfile.orc.write;

import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.io.AtomicOutputStream;
import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.StructVector;
import io.colfile.core.write.WriteTasks;
import io.colfile.orc.OrcWriterOptions;
import io.colfile.orc.StripeInformation;
import io.colfile.orc.proto.StripeMessages;
import io.colfile.orc.proto.TailMessages;
import io.colfile.orc.stats.ColumnStatistics;
import io.colfile.orc.stream.OrcOutputStream;
import io.colfile.orc.stream.StreamCompression;
import io.colfile.orc.stripe.StreamEntry;
import io.colfile.orc.stripe.StreamId;
import io.colfile.orc.stripe.StripeFooter;
import io.colfile.orc.tail.CalendarKind;
import io.colfile.orc.tail.CompressionKind;
import io.colfile.orc.tail.Footer;
import io.colfile.orc.tail.OrcTypes;
import io.colfile.orc.tail.PostScript;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The machinery of {@link io.colfile.orc.OrcWriter}: splits batches at row-group boundaries,
 * cuts stripes by buffered size, lays out each stripe (index streams, data streams, stripe
 * footer) and finally the file tail (stripe statistics, footer, PostScript), all as ORC Java
 * lays them out.
 */
public final class WriterEngine {
  private static final byte[] MAGIC = "ORC".getBytes(StandardCharsets.US_ASCII);

  private final AtomicOutputStream out;
  private final Type schema;
  private final OrcWriterOptions options;
  private final WriterContext ctx;
  private final ColumnWriter root;
  private final int columns;
  private final boolean structRoot;
  private final boolean writeZone;
  private final List<StripeInformation> stripes = new ArrayList<>();
  private final List<List<ColumnStatistics>> stripeStatistics = new ArrayList<>();
  private final Map<String, byte[]> userMetadata = new TreeMap<>();
  private final OrcOutputStream metadataStream;
  private final WriteTasks tasks;
  /** The top-level columns, written as pieces of {@link #tasks} when there are several. */
  private final ColumnWriter[] fields;
  private final List<WriteTasks.Piece> pieces = new ArrayList<>();
  private ColumnVector[] rootFields;
  private StructVector rootVector;
  private long rowCount;
  private long rowsInStripe;
  private int rowsInGroup;
  private long rowsSinceCheck;
  /** Where the stripe being written starts (after any padding). */
  private long stripeStart;
  private int writerId;
  private int writerVersion = OrcWriterOptions.WRITER_VERSION;
  private String softwareVersion;
  private CalendarKind calendar;
  /** The encrypted column subtrees; null when nothing is encrypted. */
  private final WriterEncryption encryption;
  /**
   * With encryption, per stripe: the stripe id its streams' IVs use and the encrypted local
   * keys of its variants (in {@link WriterEncryption#variants}' order).
   */
  private final List<Long> encryptIds = new ArrayList<>();
  private final List<List<byte[]>> encryptKeys = new ArrayList<>();

  public WriterEngine(AtomicOutputStream out, Type schema, OrcWriterOptions options)
      throws IOException {
    this.out = out;
    this.schema = schema;
    this.options = options;
    this.columns = schema.columnCount();
    this.writerId = options.writerId();
    this.softwareVersion = options.softwareVersion();
    this.calendar = options.calendar() == OrcWriterOptions.Calendar.PROLEPTIC_GREGORIAN
        ? CalendarKind.PROLEPTIC_GREGORIAN : CalendarKind.JULIAN_GREGORIAN;
    int bufferSize = options.compressionBlockSize();
    if (!options.enforceCompressionBlockSize()) {
      bufferSize = Math.min(bufferSize,
          closestBufferSize((int) (options.stripeSize() / (20L * columns))));
    }
    this.ctx = new WriterContext(options, schema, bufferSize);
    this.encryption = WriterEncryption.plan(schema, options, bufferSize);
    this.root = ColumnWriters.create(encryption == null ? schema
        : encryption.writerSchema(schema), ctx);
    this.structRoot = schema.kind() == TypeKind.STRUCT;
    this.writeZone = hasTimestamp(schema);
    this.tasks = new WriteTasks(options.parallelism(), options.executor().orElse(null));
    this.fields = structRoot && tasks.parallelism() > 1 && root.children().length > 1
        && encryption == null ? root.children() : null;
    this.metadataStream = new OrcOutputStream(
        StreamCompression.compressorFor(options.compression(), null, true), bufferSize);
    out.write(MAGIC);
    root.startStripe();
    if (encryption != null) {
      for (WriterEncryption.Variant v : encryption.variants) {
        v.writer.startStripe();
      }
    }
  }

  /** ORC Java's chunk size for a wide schema: a power of two in [4 KiB, 256 KiB]. */
  private static int closestBufferSize(int size) {
    int pow2 = size <= 1 ? 1 : Integer.highestOneBit(size - 1) * 2;
    return Math.min(256 * 1024, Math.max(4 * 1024, pow2));
  }

  private static boolean hasTimestamp(Type t) {
    if (t.kind() == TypeKind.TIMESTAMP) {
      return true;
    }
    for (Type c : t.children()) {
      if (hasTimestamp(c)) {
        return true;
      }
    }
    return false;
  }

  /** The compression chunk size in use. */
  public int bufferSize() {
    return ctx.bufferSize();
  }

  public long numberOfRows() {
    return rowCount + rowsInStripe;
  }

  public void addUserMetadata(String key, byte[] value) {
    userMetadata.put(key, value.clone());
  }

  /**
   * Records another writer as the file's writer (Footer.writer, software_version and
   * PostScript.writer_version), for a file whose stripes are copied from that writer's files:
   * readers decide by it which statistics and bloom filters to trust.
   */
  public void writerIdentity(int id, int version, String software) {
    this.writerId = id;
    this.writerVersion = version;
    this.softwareVersion = software;
  }

  /** Footer.calendar as given, null to leave it out (as the copied stripes' writer did). */
  public void calendar(CalendarKind kind) {
    this.calendar = kind;
  }

  /** Stripes written so far. */
  public int stripeCount() {
    return stripes.size();
  }

  /** Bytes written so far: the header and the finished stripes. */
  public long position() {
    return out.position();
  }

  /**
   * Appends a stripe copied from another file: {@code bytes} (index, data and stripe footer,
   * {@code info.length()} of them, as written under this file's compression and with this
   * file's schema and row index stride), with its statistics by column id, which are merged
   * into the file statistics. Rows written before and not yet in a stripe are flushed first.
   * With {@link OrcWriterOptions#blockPadding()}, a stripe shorter than a block that does not
   * fit in the rest of the current one starts at the next block, as ORC Java's merge pads.
   */
  public void appendStripe(StripeSource bytes, StripeInformation info,
      List<ColumnStatistics> statistics) throws IOException {
    if (statistics.size() != columns) {
      throw new IllegalArgumentException("stripe statistics for " + statistics.size()
          + " columns, the schema has " + columns);
    }
    if (encryption != null) {
      throw new IllegalStateException("stripes of encrypted files are appended with "
          + "appendEncryptedStripe");
    }
    copyStripe(bytes, info, statistics);
  }

  /**
   * Appends a stripe copied from a file encrypted as this one is (the same variants, keys and
   * masks), as {@link #appendStripe} does: {@code masked} are its unencrypted statistics,
   * {@code real} the same with each variant's columns' real (decrypted) ones; {@code encryptId}
   * is the stripe id its IVs use in that file and {@code localKeys} its variants' encrypted
   * local keys by root column id. The stripe keeps them; its statistics are encrypted anew.
   */
  public void appendEncryptedStripe(StripeSource bytes, StripeInformation info,
      List<ColumnStatistics> masked, List<ColumnStatistics> real, long encryptId,
      Map<Integer, byte[]> localKeys) throws IOException {
    if (encryption == null) {
      throw new IllegalStateException("this file is not encrypted");
    }
    if (masked.size() != columns || real.size() != columns) {
      throw new IllegalArgumentException("stripe statistics for " + masked.size() + " and "
          + real.size() + " columns, the schema has " + columns);
    }
    List<byte[]> keys = new ArrayList<>();
    for (WriterEncryption.Variant v : encryption.variants) {
      byte[] k = localKeys.get(v.root);
      if (k == null) {
        throw new IllegalArgumentException("no local key for the variant of column " + v.root);
      }
      keys.add(k.clone());
    }
    copyStripe(bytes, info, masked);
    for (WriterEncryption.Variant v : encryption.variants) {
      v.writer.addStripeStatistics(real);
      v.stripeStatistics.add(List.copyOf(real.subList(v.root, v.end)));
    }
    encryptIds.add(encryptId);
    encryptKeys.add(keys);
  }

  private void copyStripe(StripeSource bytes, StripeInformation info,
      List<ColumnStatistics> statistics) throws IOException {
    flushStripe();
    long offset = out.position();
    // ORC Java's merge pads a copied stripe to the next block when it fits in a block but not
    // in what is left of this one (no tolerance, unlike a written stripe)
    long left = options.blockSize() - offset % options.blockSize();
    if (options.blockPadding() && info.length() < options.blockSize() && info.length() > left) {
      for (long n = left; n > 0; n -= ZEROS.length) {
        out.write(ZEROS, 0, (int) Math.min(ZEROS.length, n));
      }
      offset += left;
    }
    bytes.copyTo(out);
    if (out.position() - offset != info.length()) {
      throw new IllegalStateException("stripe of " + info.length() + " bytes, "
          + (out.position() - offset) + " were copied");
    }
    stripes.add(new StripeInformation(offset, info.indexLength(), info.dataLength(),
        info.footerLength(), info.numberOfRows()));
    stripeStatistics.add(List.copyOf(statistics));
    root.addStripeStatistics(statistics);
    rowCount += info.numberOfRows();
  }

  /** Writes the rows not yet in a stripe as a stripe of their own (nothing when there are none). */
  public void flush() throws IOException {
    flushStripe();
  }

  /** The bytes of a stripe being copied. */
  @FunctionalInterface
  public interface StripeSource {
    /** Writes the stripe's bytes to {@code out}. */
    void copyTo(java.io.OutputStream out) throws IOException;
  }

  /** Writes rows {@code [0, batch.size)}. */
  public void write(ColumnBatch batch) throws IOException {
    ColumnVector real = rootVector(batch);
    // the encrypted subtrees' masked copies go where their values would
    ColumnVector vector = encryption == null ? real : encryption.masked(real, batch.size);
    int stride = options.rowIndexStride();
    int position = 0;
    while (position < batch.size) {
      int chunk = batch.size - position;
      if (stride > 0) {
        chunk = Math.min(chunk, stride - rowsInGroup);
      }
      boolean groupEnds = stride > 0 && rowsInGroup + chunk >= stride;
      if (fields != null && vector.noNulls) {
        writeFields((StructVector) vector, position, chunk, groupEnds);
      } else {
        root.write(vector, position, chunk);
        if (groupEnds) {
          root.finishRowGroup();
        }
      }
      if (encryption != null) {
        encryption.write(real, position, chunk);
        if (groupEnds) {
          encryption.finishRowGroup();
        }
      }
      position += chunk;
      rowsInStripe += chunk;
      if (stride > 0) {
        rowsInGroup = groupEnds ? 0 : rowsInGroup + chunk;
      }
    }
    rowsSinceCheck += batch.size;
    checkMemory();
  }

  /**
   * {@code root.write} (and {@code root.finishRowGroup()} when the group ends) with the
   * top-level columns as pieces on {@link #tasks}: each column writer has streams, statistics
   * and index of its own, so the bytes are those of writing them one after the other. The root
   * struct's own part (its PRESENT bits and statistics) is written here first.
   */
  private void writeFields(StructVector v, int offset, int length, boolean groupEnds)
      throws IOException {
    root.writeOwn(v, offset, length);
    if (groupEnds) {
      root.finishOwnRowGroup();
    }
    ColumnVector[] vectors = v.fields;
    pieces.clear();
    for (int f = 0; f < fields.length; f++) {
      ColumnWriter field = fields[f];
      ColumnVector fieldVector = vectors[f];
      pieces.add(() -> {
        field.write(fieldVector, offset, length);
        if (groupEnds) {
          field.finishRowGroup();
        }
      });
    }
    tasks.runAll(pieces);
  }

  /** {@code root.flushStreams()}, the top-level columns as pieces like {@link #writeFields}. */
  private void flushStreams() throws IOException {
    if (fields == null) {
      root.flushStreams();
      return;
    }
    root.flushOwnStreams();
    pieces.clear();
    for (ColumnWriter field : fields) {
      pieces.add(field::flushStreams);
    }
    tasks.runAll(pieces);
  }

  /** Stops the threads of a parallel write, if any; the writer is not used afterwards. */
  public void close() {
    tasks.close();
  }

  private ColumnVector rootVector(ColumnBatch batch) {
    if (!structRoot) {
      return batch.cols[0];
    }
    if (rootVector == null || rootFields != batch.cols
        || rootVector.capacity() < batch.size) {
      rootFields = batch.cols;
      rootVector = new StructVector(Math.max(batch.size, 1), batch.cols);
    }
    return rootVector;
  }

  /**
   * Cuts a stripe when the buffered streams have reached the stripe size or its rows the
   * stripe row count ({@link OrcWriterOptions#stripeRowCount()}), checked every {@link
   * OrcWriterOptions#memoryCheckRows()} rows after a batch, as ORC Java checks: the same batches
   * give the same stripes.
   */
  private void checkMemory() throws IOException {
    if (rowsSinceCheck < options.memoryCheckRows()) {
      return;
    }
    rowsSinceCheck = 0;
    if (estimateMemory() > options.stripeSize() || rowsInStripe >= options.stripeRowCount()) {
      flushStripe();
    }
  }

  /** Bytes buffered for the stripe being written. */
  public long estimateMemory() {
    long n = 0;
    for (OrcOutputStream s : ctx.streams().values()) {
      n += s.bufferedSize();
    }
    return n + root.extraMemory() + (encryption == null ? 0 : encryption.bufferedSize());
  }

  private void flushStripe() throws IOException {
    if (ctx.buildIndex() && rowsInGroup > 0) {
      root.finishRowGroup();
      if (encryption != null) {
        encryption.finishRowGroup();
      }
      rowsInGroup = 0;
    }
    if (rowsInStripe == 0) {
      return;
    }
    int stride = options.rowIndexStride();
    int requiredEntries = stride == 0 ? 0 : (int) ((rowsInStripe + stride - 1) / stride);
    flushStreams();
    StripeResult result = new StripeResult(columns, ctx);
    root.finishStripe(result, requiredEntries);

    List<StreamEntry> streams = new ArrayList<>();
    long indexLength = 0;
    long dataLength = 0;
    for (Map.Entry<StreamId, OrcOutputStream> e : ctx.streams().entrySet()) {
      StreamId key = e.getKey();
      if (ctx.isSuppressed(key)) {
        continue;
      }
      long length = e.getValue().outputLength();
      streams.add(new StreamEntry(key.kind(), key.column(), length));
      if (key.kind().isIndex()) {
        indexLength += length;
      } else {
        dataLength += length;
      }
    }
    StripeFooter footer;
    byte[] footerBytes;
    if (encryption == null) {
      footer = new StripeFooter(streams, List.of(result.encodings),
          writeZone ? options.writerTimeZoneId() : null);
      footerBytes = StripeMessages.serialize(footer);
      padStripe(indexLength + dataLength + footerBytes.length);
      for (Map.Entry<StreamId, OrcOutputStream> e : ctx.streams().entrySet()) {
        if (!ctx.isSuppressed(e.getKey())) {
          e.getValue().writeTo(out);
        }
      }
    } else {
      long[] lengths = new long[2];
      footer = encryptedStripe(streams, result, requiredEntries, lengths);
      footerBytes = StripeMessages.serialize(footer);
      indexLength += lengths[0];
      dataLength += lengths[1];
    }
    long footerLength = writeSection(footerBytes);
    stripes.add(new StripeInformation(stripeStart, indexLength, dataLength, footerLength,
        rowsInStripe));
    if (encryption != null) {
      List<byte[]> keys = new ArrayList<>();
      for (WriterEncryption.Variant v : encryption.variants) {
        keys.add(v.localKey.encrypted());
      }
      encryptIds.add((long) stripes.size());
      encryptKeys.add(keys);
    }
    stripeStatistics.add(List.of(result.statistics));
    rowCount += rowsInStripe;
    rowsInStripe = 0;
    for (OrcOutputStream s : ctx.streams().values()) {
      s.reset();
    }
    ctx.clearSuppressed();
    root.startStripe();
    if (encryption != null) {
      for (WriterEncryption.Variant v : encryption.variants) {
        for (OrcOutputStream st : v.ctx.streams().values()) {
          st.reset();
        }
        v.ctx.clearSuppressed();
        v.writer.startStripe();
      }
    }
  }

  /**
   * Lays out a stripe with encrypted subtrees (orc.md section 11): the unencrypted index
   * streams, each variant's index streams (encrypted), the unencrypted data streams, each
   * variant's data streams; the footer lists the unencrypted streams with an {@code
   * ENCRYPTED_INDEX} and an {@code ENCRYPTED_DATA} placeholder covering the variants' bytes,
   * and each variant's streams and encodings. Adds the variants' bytes to {@code lengths}
   * (index, data).
   */
  private StripeFooter encryptedStripe(List<StreamEntry> plain, StripeResult result,
      int requiredEntries, long[] lengths) throws IOException {
    int stripeId = stripes.size() + 1;
    List<List<StreamEntry>> variantStreams = new ArrayList<>();
    List<List<io.colfile.orc.stripe.EncodingEntry>> variantEncodings = new ArrayList<>();
    List<byte[]> indexBytes = new ArrayList<>();
    List<byte[]> dataBytes = new ArrayList<>();
    for (WriterEncryption.Variant v : encryption.variants) {
      v.writer.flushStreams();
      StripeResult r = new StripeResult(columns, v.ctx);
      v.writer.finishStripe(r, requiredEntries);
      List<StreamEntry> mine = new ArrayList<>();
      for (Map.Entry<StreamId, OrcOutputStream> e : v.ctx.streams().entrySet()) {
        StreamId key = e.getKey();
        if (v.ctx.isSuppressed(key)) {
          continue;
        }
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        e.getValue().writeTo(bytes);
        byte[] b = bytes.toByteArray();
        io.colfile.orc.crypto.OrcCrypto.apply(v.localKey.decrypted(),
            io.colfile.orc.crypto.OrcCrypto.iv(key.column(), key.kind().wireId, stripeId),
            b);
        mine.add(new StreamEntry(key.kind(), key.column(), b.length));
        (key.kind().isIndex() ? indexBytes : dataBytes).add(b);
        lengths[key.kind().isIndex() ? 0 : 1] += b.length;
      }
      variantStreams.add(mine);
      variantEncodings.add(List.of(Arrays.copyOfRange(r.encodings, v.root, v.end)));
      v.stripeStatistics.add(List.of(Arrays.copyOfRange(r.statistics, v.root, v.end)));
    }
    List<StreamEntry> listed = new ArrayList<>();
    long plainLength = 0;
    for (StreamEntry e : plain) {
      plainLength += e.length();
      if (e.kind().isIndex()) {
        listed.add(e);
      }
    }
    if (!indexBytes.isEmpty()) {
      listed.add(new StreamEntry(io.colfile.orc.stripe.StreamKind.ENCRYPTED_INDEX, 0,
          lengths[0]));
    }
    for (StreamEntry e : plain) {
      if (!e.kind().isIndex()) {
        listed.add(e);
      }
    }
    if (!dataBytes.isEmpty()) {
      listed.add(new StreamEntry(io.colfile.orc.stripe.StreamKind.ENCRYPTED_DATA, 0,
          lengths[1]));
    }
    StripeFooter footer = new StripeFooter(listed, List.of(result.encodings),
        writeZone ? options.writerTimeZoneId() : null, variantStreams, variantEncodings);
    padStripe(plainLength + lengths[0] + lengths[1] + StripeMessages.serialize(footer).length);
    for (boolean index : new boolean[] {true, false}) {
      for (Map.Entry<StreamId, OrcOutputStream> e : ctx.streams().entrySet()) {
        if (!ctx.isSuppressed(e.getKey()) && e.getKey().kind().isIndex() == index) {
          e.getValue().writeTo(out);
        }
      }
      for (byte[] b : index ? indexBytes : dataBytes) {
        out.write(b);
      }
    }
    return footer;
  }

  private static final byte[] ZEROS = new byte[64 * 1024];

  /**
   * Pads the file as ORC Java's PhysicalFsWriter does before a stripe of {@code length} bytes
   * (its streams and its footer's uncompressed size): when the stripe does not start a block of
   * {@link OrcWriterOptions#blockSize()} bytes but would reach the next one, and the gap to it
   * is at most {@link OrcWriterOptions#paddingTolerance()} × the stripe size, zero bytes fill
   * the gap and the stripe starts at the boundary. Sets {@link #stripeStart}.
   */
  private void padStripe(long length) throws IOException {
    long start = out.position();
    long blockSize = options.blockSize();
    long inBlock = start % blockSize;
    if (options.blockPadding() && inBlock > 0 && inBlock + length >= blockSize) {
      long padding = blockSize - inBlock;
      if (padding <= (int) (options.paddingTolerance() * options.stripeSize())) {
        for (long left = padding; left > 0; left -= ZEROS.length) {
          out.write(ZEROS, 0, (int) Math.min(ZEROS.length, left));
        }
        start += padding;
      }
    }
    stripeStart = start;
  }

  /** Writes a serialized message through the footer codec; returns the bytes written. */
  private long writeSection(byte[] message) throws IOException {
    metadataStream.reset();
    metadataStream.write(message);
    metadataStream.flush();
    long length = metadataStream.outputLength();
    metadataStream.writeTo(out);
    return length;
  }

  /** {@code message} compressed as the footer is, then encrypted with {@code v}'s local key. */
  private byte[] encryptedSection(byte[] message, WriterEncryption.Variant v, int column,
      int kind, int stripeId) throws IOException {
    metadataStream.reset();
    metadataStream.write(message);
    metadataStream.flush();
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    metadataStream.writeTo(bytes);
    byte[] b = bytes.toByteArray();
    io.colfile.orc.crypto.OrcCrypto.apply(v.localKey.decrypted(),
        io.colfile.orc.crypto.OrcCrypto.iv(column, kind, stripeId), b);
    return b;
  }

  /** Flushes the last stripe and writes the tail; the caller then closes the stream. */
  public void finish() throws IOException {
    flushStripe();
    long contentLength = out.position();
    long encryptedStatistics = 0;
    io.colfile.orc.tail.FileEncryption fileEncryption = null;
    if (encryption != null) {
      List<io.colfile.orc.tail.FileEncryption.Variant> variants = new ArrayList<>();
      int footerId = stripes.size() + 1;
      for (WriterEncryption.Variant v : encryption.variants) {
        List<StreamEntry> statStreams = new ArrayList<>();
        for (int c = v.root; c < v.end; c++) {
          List<ColumnStatistics> perStripe = new ArrayList<>();
          for (List<ColumnStatistics> s : v.stripeStatistics) {
            perStripe.add(s.get(c - v.root));
          }
          byte[] b = encryptedSection(TailMessages.serializeColumnarStripeStatistics(perStripe),
              v, c, 100, footerId);
          out.write(b);
          statStreams.add(new StreamEntry(io.colfile.orc.stripe.StreamKind.STRIPE_STATISTICS,
              c, b.length));
          encryptedStatistics += b.length;
        }
        ColumnStatistics[] real = new ColumnStatistics[columns];
        v.writer.fileStatistics(real);
        byte[] fileStats = encryptedSection(TailMessages.serializeFileStatistics(
            List.of(Arrays.copyOfRange(real, v.root, v.end))), v, v.root, 101, footerId);
        variants.add(new io.colfile.orc.tail.FileEncryption.Variant(v.root, v.key,
            v.localKey.encrypted(), statStreams, fileStats));
      }
      List<io.colfile.orc.tail.FileEncryption.Key> keys = new ArrayList<>();
      for (io.colfile.orc.KeyProvider.MasterKey k : encryption.keys) {
        keys.add(new io.colfile.orc.tail.FileEncryption.Key(k.name(), k.version(),
            k.algorithm().wireId));
      }
      // as ORC Java lists them: by the text that named them, each with its roots in order
      Map<String, List<String>> maskOf = new java.util.TreeMap<>();
      Map<String, List<Integer>> maskColumns = new java.util.TreeMap<>();
      for (WriterEncryption.Variant v : encryption.variants) {
        List<String> m = new ArrayList<>();
        m.add(v.maskName);
        m.addAll(v.maskParameters);
        maskOf.put(v.maskText, m);
        maskColumns.computeIfAbsent(v.maskText, x -> new ArrayList<>()).add(v.root);
      }
      List<io.colfile.orc.tail.FileEncryption.Mask> masks = new ArrayList<>();
      for (Map.Entry<String, List<Integer>> e : maskColumns.entrySet()) {
        List<String> m = maskOf.get(e.getKey());
        List<Integer> roots = new ArrayList<>(e.getValue());
        roots.sort(null);
        masks.add(new io.colfile.orc.tail.FileEncryption.Mask(m.get(0), m.subList(1, m.size()),
            roots));
      }
      long[] ids = new long[stripes.size()];
      for (int i = 0; i < ids.length; i++) {
        ids[i] = encryptIds.get(i);
      }
      fileEncryption = new io.colfile.orc.tail.FileEncryption(keys, variants, masks, ids,
          List.copyOf(encryptKeys));
    }
    long metadataLength = writeSection(TailMessages.serializeMetadata(stripeStatistics));

    ColumnStatistics[] stats = new ColumnStatistics[columns];
    root.fileStatistics(stats);
    Footer footer = new Footer(MAGIC.length, contentLength, stripes,
        OrcTypes.of(encryption == null ? schema : encryption.annotate(schema)),
        userMetadata, rowCount, List.of(stats), options.rowIndexStride(), writerId,
        fileEncryption != null, calendar, softwareVersion);
    long footerLength = writeSection(TailMessages.serialize(footer, fileEncryption));

    PostScript ps = new PostScript(footerLength, CompressionKind.of(options.compression()),
        options.compression() != CompressionCodec.NONE ? (long) ctx.bufferSize() : null,
        List.of(options.fileVersion().major(), options.fileVersion().minor()), metadataLength,
        writerVersion, encryptedStatistics, "ORC");
    byte[] psBytes = TailMessages.serialize(ps);
    if (psBytes.length > 255) {
      throw new IllegalStateException("PostScript of " + psBytes.length + " bytes");
    }
    out.write(psBytes);
    out.write(psBytes.length);
  }
}
