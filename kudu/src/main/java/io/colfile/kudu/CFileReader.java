package io.colfile.kudu;

import io.colfile.core.read.ReadPlan;
import io.colfile.core.AbstractBatchReader;
import io.colfile.core.BatchReader;
import io.colfile.core.FileReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.io.InputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import java.io.IOException;
import java.util.Map;

/**
 * One CFile seen through colfile's common API: its cells as rows of a bare value of the type
 * {@link KuduTypes#toType} gives, whatever the file's role, as {@code kudu fs dump cfile} prints
 * them (a DeltaFile's or an ad-hoc index's cells are binary; a BloomFile has none).
 *
 * <p>With {@link ReadOptions#withParallelism} above 1, a file with a positional index is read
 * in parts of whole data blocks on that many threads when its first blocks, timed on the
 * caller's thread, show its batches are worth handing over ({@link CFileBatchReader}); a file
 * without one (a DeltaFile) is read by one thread.
 */
public final class CFileReader implements FileReader {
  private final CFile file;
  private final Type type;

  private CFileReader(CFile file) {
    this.file = file;
    this.type = KuduTypes.toType(file.dataType());
  }

  /** Opens {@code in}, which the reader owns from then on (closed also when refused). */
  public static CFileReader open(InputFile in) throws IOException {
    return new CFileReader(CFile.open(in));
  }

  /** The CFile beneath: header, footer, indexes, blocks and cursors. */
  public CFile file() {
    return file;
  }

  @Override
  public String formatName() {
    return KuduFormat.NAME;
  }

  @Override
  public Type schema() {
    return type;
  }

  @Override
  public long numberOfRows() {
    return file.numValues();
  }

  @Override
  public Map<String, Object> describe() throws IOException {
    Map<String, Object> out = FileReader.super.describe();
    out.putAll(CFileDescription.describe(file));
    return out;
  }

  @Override
  public BatchReader read(ReadOptions options) throws IOException {
    ReadPlan plan = ReadPlan.create(schema(), options);
    if (!options.splitHolds(0)) {
      return plan.empty(); // the file cannot be split: its rows belong to the split of byte 0
    }
    return plan.wrap(readRaw(plan.rawOptions()));
  }

  private BatchReader readRaw(ReadOptions options) throws IOException {
    if (CFileBatchReader.mayCut(file, options)) {
      return new CFileBatchReader(file, type, options); // in parts on the pool, if worth it
    }
    // positioned at the first row lazily: a seek then never reads the first block
    CFileCursor cursor = file.newCursor();
    return new AbstractBatchReader(type, options.batchSize()) {
      @Override
      protected int fill(ColumnBatch batch, int max) throws IOException {
        return cursor.read(batch.cols[0], 0, max);
      }

      /** Row {@code row} is the cell of that ordinal: found through the positional index. */
      @Override
      protected void seek(long row) throws IOException {
        cursor.seekToOrdinal(Math.min(row, file.numValues()));
      }
    };
  }

  /** Every byte of the file, in order: see {@link CFile#layout()}. */
  @Override
  public io.colfile.core.layout.FileLayout layout() throws IOException {
    return file.layout();
  }

  @Override
  public void close() throws IOException {
    file.close();
  }
}
