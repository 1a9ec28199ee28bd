package io.colfile.trevni;

import io.colfile.core.read.DecodeTasks;
import io.colfile.core.read.ReadPlan;
import io.colfile.core.BatchReader;
import io.colfile.core.FileReader;
import io.colfile.core.ScanReport;
import io.colfile.core.ReadOptions;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.io.InputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.trevni.avro.AvroSchema;
import io.colfile.trevni.avro.AvroTypes;
import io.colfile.trevni.avro.RowReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Reads a Trevni file as rows. Files written by trevni-avro (or {@link TrevniWriter}) carry
 * their Avro schema under {@code avro.schema}; their records are reassembled as trevni-avro does
 * and typed by {@link AvroTypes#rowType}. Files written with the column API alone are read one
 * field per root column (arrays as lists, child columns as struct fields of the elements).
 */
public final class TrevniReader implements FileReader {
  private final TrevniFile file;
  private final AvroSchema avroSchema;
  private final Type type;

  private TrevniReader(TrevniFile file, AvroSchema avroSchema, Type type) {
    this.file = file;
    this.avroSchema = avroSchema;
    this.type = type;
  }

  /** Opens {@code in}, reading its header and Avro schema. */
  public static TrevniReader open(InputFile in) throws IOException {
    return open(in, false);
  }

  /** {@link #open(InputFile)}, of a file that may be cut short ({@link TrevniFile#open}). */
  static TrevniReader open(InputFile in, boolean cutShort) throws IOException {
    TrevniFile file = TrevniFile.open(in, cutShort);
    try {
      Optional<String> json = file.metadata().getString(TrevniWriter.SCHEMA_KEY);
      if (json.isEmpty()) {
        return new TrevniReader(file, null, GenericRowReader.typeOf(file));
      }
      AvroSchema schema;
      Type type;
      try {
        schema = AvroSchema.parse(json.get());
        type = AvroTypes.rowType(schema);
      } catch (IllegalArgumentException e) {
        throw file.headerRegion().part("file metadata").part("avro.schema")
            .corrupt(e, -1, "not a usable Avro schema: %s", e.getMessage());
      }
      return new TrevniReader(file, schema, type);
    } catch (IOException | RuntimeException e) {
      file.close();
      throw e;
    }
  }

  @Override
  public String formatName() {
    return TrevniFormat.NAME;
  }

  @Override
  public Type schema() {
    return type;
  }

  /** The Avro schema of the records, when the file has one. */
  public Optional<AvroSchema> avroSchema() {
    return Optional.ofNullable(avroSchema);
  }

  @Override
  public long numberOfRows() {
    return file.rowCount();
  }

  /** The column-level reader beneath: metadata, blocks, cursors with seeks. */
  public TrevniFile file() {
    return file;
  }

  @Override
  public Map<String, Object> describe() throws IOException {
    Map<String, Object> out = FileReader.super.describe();
    out.put("version", file.version());
    if (avroSchema != null) {
      out.put("avroSchema", avroSchema.toString());
    }
    Map<String, Object> meta = new LinkedHashMap<>();
    file.metadata().asMap().forEach((k, v) -> {
      if (!k.equals(TrevniWriter.SCHEMA_KEY)) {
        meta.put(k, new String(v, StandardCharsets.UTF_8));
      }
    });
    out.put("metadata", meta);
    List<Object> columns = new ArrayList<>();
    for (int i = 0; i < file.columnCount(); i++) {
      ColumnSpec c = file.column(i);
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("name", c.name());
      m.put("type", c.type().wireName());
      c.parent().ifPresent(p -> m.put("parent", p));
      if (c.isArray()) {
        m.put("array", true);
      }
      if (c.hasFirstValues()) {
        m.put("firstValues", true);
      }
      if (c.isSorted()) {
        m.put("sorted", true);
      }
      m.put("codec", file.codec(i).wireName());
      m.put("checksum", file.checksum(i).wireName());
      m.put("start", file.columnStart(i));
      List<BlockInfo> blocks = file.blocks(i);
      long raw = 0;
      long stored = 0;
      for (BlockInfo b : blocks) {
        raw += b.uncompressedSize();
        stored += b.compressedSize();
      }
      m.put("blocks", blocks.size());
      m.put("uncompressedBytes", raw);
      m.put("compressedBytes", stored);
      c.metadata().userEntries().asMap()
          .forEach((k, v) -> m.put(k, new String(v, StandardCharsets.UTF_8)));
      columns.add(m);
    }
    out.put("columns", columns);
    return out;
  }

  /**
   * Reads the rows {@code options} ask for. Only the columns the projection and the filter need
   * are read (a path {@code a.b.c} into records reads the column of {@code c} and the columns
   * that say whether {@code a} and {@code a.b} are there); a filter on columns with first values
   * ({@code trevni.values}) skips the blocks whose bounds rule it out, as {@link
   * FirstValueUse#CHECKED} allows: on a column declared sorted at once, on any other once the
   * blocks to skip are read in that column and found within their first values. The rows left
   * are filtered exactly: the rows returned are those of a full read, filtered row by row, for
   * every legal file. {@link BatchReader#seekToRow} moves every column read, array columns and
   * their children included; {@link BatchReader#report()} counts the {@code rows} read and
   * skipped and the {@code blocks} of first-value columns, says for each column of the filter
   * with first values whether they were used and why, and notes each block skipped with the
   * first values that excluded it. With {@link ReadOptions#withParallelism} above 1, each column
   * read has its next block decompressed and checked on a pool ({@link
   * io.colfile.core.read.DecodeTasks}) while its current one is read: the same rows and errors.
   */
  @Override
  public BatchReader read(ReadOptions options) throws IOException {
    return read(options, FirstValueUse.CHECKED);
  }

  /**
   * {@link #read(ReadOptions)}, with first values used to skip blocks as {@code use} says:
   * {@link FirstValueUse#NONE} never, {@link FirstValueUse#TRUSTED} on the caller's promise that
   * the columns are sorted (blocks skipped unread, which may lose rows of a file that breaks
   * it).
   */
  public BatchReader read(ReadOptions options, FirstValueUse use) throws IOException {
    ReadPlan plan = ReadPlan.create(type, options);
    if (!options.splitHolds(0)) {
      return plan.empty(); // the file cannot be split: its rows belong to the split of byte 0
    }
    RowSource rows;
    List<KeyColumns.Key> keys;
    if (avroSchema == null) {
      rows = new GenericRowReader(file, plan.topLevelColumns(), options.maxNestedValues());
      keys = KeyColumns.ofColumns(file, type);
    } else {
      rows = source(new RowReader(file, avroSchema, plan.fileProjection(),
          options.maxNestedValues()));
      keys = KeyColumns.ofRecords(file, avroSchema, type);
    }
    ScanReport report = new ScanReport();
    BlockIndex index = BlockIndex.plan(file, plan.pushdown(), keys, rows.type(),
        Objects.requireNonNull(use, "use"), report);
    DecodeTasks tasks = null;
    if (options.parallelism() > 1) {
      tasks = new DecodeTasks(options);
      rows.decodeAhead(tasks);
    }
    return plan.wrap(new TrevniBatchReader(file.name(), rows, index, file.rowCount(),
        options.batchSize(), report, tasks));
  }

  private static RowSource source(RowReader r) {
    return new RowSource() {
      @Override
      public Type type() {
        return r.type();
      }

      @Override
      public long row() {
        return r.row();
      }

      @Override
      public void read(ColumnBatch batch, int n) throws IOException {
        r.next(batch, n);
      }

      @Override
      public void seek(long row) throws IOException {
        r.seek(row);
      }

      @Override
      public void decodeAhead(DecodeTasks tasks) {
        r.decodeAhead(tasks);
      }
    };
  }

  /** Every byte of the file, in order: see {@link TrevniFile#layout()}. */
  @Override
  public io.colfile.core.layout.FileLayout layout() throws IOException {
    return file.layout();
  }

  @Override
  public void close() throws IOException {
    file.close();
  }
}
