package io.colfile.orc.write;

import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.orc.OrcFileVersion;
import io.colfile.orc.OrcWriterOptions;
import io.colfile.orc.stream.IntegerEncoder;
import io.colfile.orc.stream.OrcOutputStream;
import io.colfile.orc.stream.RleV1Encoder;
import io.colfile.orc.stream.RleV2Encoder;
import io.colfile.orc.stream.WriteLanes;
import io.colfile.orc.stripe.StreamId;
import io.colfile.orc.stripe.StreamKind;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** What the column writers share: the options, the stripe's streams, and file-wide choices. */
public final class WriterContext {
  private final OrcWriterOptions options;
  private final int bufferSize;
  private final boolean[] bloomColumns;
  private final boolean[] directColumns;
  private final long timestampBase;
  private final String[] columnNames;
  private final Map<StreamId, OrcOutputStream> streams = new TreeMap<>();
  private final Set<StreamId> suppressed = new HashSet<>();
  /** The compressors and scratch arrays, one set per thread writing. */
  private final WriteLanes lanes;

  WriterContext(OrcWriterOptions options, Type schema, int bufferSize) {
    this.options = options;
    this.bufferSize = bufferSize;
    this.columnNames = ColumnSelection.names(schema);
    boolean index = options.rowIndexStride() > 0;
    this.bloomColumns = index && !options.fileVersion().equals(OrcFileVersion.V_0_11)
        ? ColumnSelection.select(schema, options.bloomFilterColumns(), "bloom filter")
        : new boolean[schema.columnCount()];
    this.directColumns =
        ColumnSelection.select(schema, options.directEncodingColumns(), "direct encoding");
    this.timestampBase =
        LocalDateTime.of(2015, 1, 1, 0, 0).atZone(options.writerTimeZone()).toEpochSecond();
    this.lanes = new WriteLanes(options.compression(),
        options.compressionStrategy() == OrcWriterOptions.CompressionStrategy.SPEED,
        options.parallelism() > 1);
  }

  /** The calling thread's compressors and scratch arrays. */
  WriteLanes.Lane lane() {
    return lanes.current();
  }

  public OrcWriterOptions options() {
    return options;
  }

  public boolean isCompressed() {
    return options.compression() != CompressionCodec.NONE;
  }

  public int bufferSize() {
    return bufferSize;
  }

  public boolean buildIndex() {
    return options.rowIndexStride() > 0;
  }

  public boolean rleV2() {
    return !options.fileVersion().equals(OrcFileVersion.V_0_11);
  }

  /** Whether precision ≤ 18 decimals take the decimal64 path ([1,9999] files). */
  public boolean decimal64(Type type) {
    return options.fileVersion().equals(OrcFileVersion.UNSTABLE_PRE_2_0)
        && type.kind() == TypeKind.DECIMAL && type.precision() <= 18 && type.precision() > 0;
  }

  public boolean bloomFilter(int column) {
    return bloomColumns[column];
  }

  public boolean directEncoding(int column) {
    return directColumns[column];
  }

  /** The column's dotted name for messages ({@code root} for column 0). */
  public String columnName(int column) {
    return columnNames[column];
  }

  public ZoneId writerZone() {
    return options.writerTimeZone();
  }

  /** Epoch second of 2015-01-01 00:00:00 in the writer zone (TIMESTAMP's DATA base). */
  public long timestampBase() {
    return timestampBase;
  }

  /** Creates (once per file) the stream of {@code kind} for {@code column}. */
  public OrcOutputStream stream(int column, StreamKind kind) {
    StreamId key = new StreamId(column, kind);
    if (streams.containsKey(key)) {
      throw new IllegalStateException("stream " + key + " created twice");
    }
    OrcOutputStream out = new OrcOutputStream(lanes, kind, bufferSize);
    streams.put(key, out);
    return out;
  }

  /** An integer encoder of the file's RLE version over a new stream. */
  public IntegerEncoder integerEncoder(int column, StreamKind kind, boolean signed) {
    OrcOutputStream out = stream(column, kind);
    return integerEncoder(out, signed, rleV2());
  }

  IntegerEncoder integerEncoder(OrcOutputStream out, boolean signed, boolean v2) {
    return v2
        ? new RleV2Encoder(out, signed,
            options.encodingStrategy() == OrcWriterOptions.EncodingStrategy.SPEED)
        : new RleV1Encoder(out, signed);
  }

  /** Leaves the stream out of the current stripe (PRESENT without nulls, unused dictionary). */
  public void suppress(int column, StreamKind kind) {
    suppressed.add(new StreamId(column, kind));
  }

  boolean isSuppressed(StreamId key) {
    return suppressed.contains(key);
  }

  void clearSuppressed() {
    suppressed.clear();
  }

  Map<StreamId, OrcOutputStream> streams() {
    return streams;
  }
}
