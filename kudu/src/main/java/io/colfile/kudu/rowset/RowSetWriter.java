package io.colfile.kudu.rowset;

import io.colfile.core.FileWriter;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.kudu.CFileWriter;
import io.colfile.kudu.CFileWriterOptions;
import io.colfile.kudu.KuduCompression;
import io.colfile.kudu.KuduEncoding;
import io.colfile.kudu.KuduType;
import io.colfile.kudu.ValueRangeException;
import io.colfile.kudu.bloom.BloomFileWriter;
import io.colfile.kudu.key.KeyBuffer;
import io.colfile.kudu.key.KeyEncoder;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes one DiskRowSet as a directory (cfile.md section 12.1): the rows, sorted by their
 * encoded primary key, as one CFile per column, the bloom filter of the keys, for composite keys
 * the ad-hoc index, and {@code rowset.json} ({@link RowSetManifest}) that says which file holds
 * which column. The files are what Kudu 1.17 writes for a flushed rowset: the key column of a
 * single-column key has a value index and the {@code min_key}/{@code max_key} footer metadata;
 * the ad-hoc index is PREFIX-encoded, LZ4-compressed, in 4 KiB blocks.
 *
 * <p>Rows are held in memory until {@link #close()} (a rowset is sorted as a whole); Kudu's own
 * rowsets are a few tens of MiB. Primary keys must be unique and not NULL. The directory is
 * written under a temporary name beside the target and renamed at the end: after a failure
 * (a bad row gives the whole rowset up) or {@link #abort()} nothing is left, and the target must
 * not exist beforehand.
 */
public final class RowSetWriter implements FileWriter {
  /** Kudu's {@code --default_composite_key_index_block_size_bytes}. */
  static final int ADHOC_INDEX_BLOCK_SIZE = 4096;
  private static final int CHUNK = 1024;

  private final Path target;
  private final Path temp;
  private final KuduSchema schema;
  private final RowSetWriterOptions options;
  private final Type rowType;
  private final ColumnStore[] stores;
  private final int[] keyColumns;
  private long rows;
  private boolean done;

  private RowSetWriter(Path target, KuduSchema schema, RowSetWriterOptions options)
      throws IOException {
    this.target = target.toAbsolutePath();
    this.schema = schema;
    this.options = options;
    this.rowType = schema.rowType();
    List<KuduColumn> cols = schema.columns();
    this.stores = new ColumnStore[cols.size()];
    for (int i = 0; i < stores.length; i++) {
      stores[i] = new ColumnStore(cols.get(i).type());
    }
    this.keyColumns = new int[schema.keyColumns().size()];
    for (int k = 0; k < keyColumns.length; k++) {
      keyColumns[k] = cols.indexOf(schema.column(schema.keyColumns().get(k)));
    }
    if (Files.exists(this.target, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      throw new java.nio.file.FileAlreadyExistsException(target.toString(), null,
          "already exists; a rowset is written into a new directory");
    }
    this.temp = RowSetFileNames.createTempDirectory(this.target);
  }

  /** Starts writing the rowset directory {@code dir}, which must not exist yet. */
  public static RowSetWriter create(Path dir, KuduSchema schema, RowSetWriterOptions options)
      throws IOException {
    return new RowSetWriter(dir, schema, options);
  }

  @Override
  public String formatName() {
    return "Kudu";
  }

  @Override
  public Type schema() {
    return rowType;
  }

  @Override
  public long numberOfRows() {
    return rows;
  }

  /**
   * Adds the rows of {@code batch}, a batch of {@link #schema()}.
   *
   * @throws IllegalArgumentException naming the row and column of a value that does not fit its
   *     Kudu type, or a NULL key
   */
  @Override
  public void write(ColumnBatch batch) throws IOException {
    if (done) {
      throw new IllegalStateException("the rowset writer is closed, or was given up after a "
          + "failure");
    }
    try {
      append(batch);
    } catch (RuntimeException | Error e) {
      // Some columns may hold the batch already and others not: the rowset cannot go on.
      abort();
      throw e;
    }
    rows += batch.size;
  }

  private void append(ColumnBatch batch) {
    if (batch.cols.length != stores.length) {
      throw new IllegalArgumentException("batch has " + batch.cols.length + " columns, the "
          + "rowset " + stores.length);
    }
    for (int k : keyColumns) {
      for (int r = 0; r < batch.size; r++) {
        if (batch.cols[k].isNull(r)) {
          throw new IllegalArgumentException("row " + (rows + r + 1) + ": key column "
              + schema.columns().get(k).name() + " is NULL");
        }
      }
    }
    for (int c = 0; c < stores.length; c++) {
      KuduColumn col = schema.columns().get(c);
      if (!col.nullable() && !batch.cols[c].noNulls) {
        for (int r = 0; r < batch.size; r++) {
          if (batch.cols[c].isNull(r)) {
            throw new IllegalArgumentException("row " + (rows + r + 1) + ": column "
                + col.name() + " is not nullable");
          }
        }
      }
      try {
        stores[c].append(batch.cols[c], 0, batch.size);
      } catch (ValueRangeException e) {
        throw new IllegalArgumentException("row " + (rows + e.row() + 1) + ", column "
            + col.name() + ": " + e.problem(), e);
      }
    }
  }

  /** Sorts the rows, writes every file and publishes the directory. */
  @Override
  public void close() throws IOException {
    if (done) {
      return;
    }
    try {
      writeAll();
      if (Files.exists(target, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
        // rename(2) would quietly replace an empty directory made there since the start
        throw new java.nio.file.FileAlreadyExistsException(target.toString(), null,
            "appeared while the rowset was written; nothing was replaced");
      }
      Files.move(temp, target, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
      done = true;
    } catch (IOException | RuntimeException | Error e) {
      abort();
      throw e;
    }
  }

  private void writeAll() throws IOException {
    if (rows > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException("a rowset holds at most 2^31 rows");
    }
    int n = (int) rows;
    byte[][] keys = encodeKeys(n);
    int[] order = RowOrder.sort(keys);
    for (int i = 1; i < n; i++) {
      if (Arrays.equals(keys[order[i - 1]], keys[order[i]])) {
        throw new IllegalArgumentException("rows " + (Math.min(order[i - 1], order[i]) + 1)
            + " and " + (Math.max(order[i - 1], order[i]) + 1)
            + " have the same primary key; Kudu keys are unique");
      }
    }
    byte[] minKey = n == 0 ? null : keys[order[0]];
    byte[] maxKey = n == 0 ? null : keys[order[n - 1]];
    Map<Integer, String> files = new LinkedHashMap<>();
    List<String> taken = new ArrayList<>(List.of("bloom.cfile", "adhoc-index.cfile",
        RowSetManifest.FILE_NAME));
    boolean composite = keyColumns.length > 1;
    for (int c = 0; c < stores.length; c++) {
      KuduColumn col = schema.columns().get(c);
      String name = RowSetFileNames.forColumn(col, taken);
      taken.add(name);
      boolean keyIndex = !composite && c == keyColumns[0];
      try {
        writeColumn(c, order, name, keyIndex ? minKey : null, keyIndex ? maxKey : null,
            keyIndex);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("column " + col.name() + ", " + e.getMessage()
            + " (rows counted in key order)", e);
      }
      files.put(col.id(), name);
    }
    String adhoc = null;
    if (composite) {
      adhoc = "adhoc-index.cfile";
      writeAdhocIndex(adhoc, keys, order, minKey, maxKey);
    }
    try (BloomFileWriter bloom = BloomFileWriter.create(
        OutputFile.local(temp.resolve("bloom.cfile")), options.checksums())) {
      for (int i = 0; i < n; i++) {
        bloom.add(keys[order[i]]);
      }
    }
    RowSetFiles rs = new RowSetFiles(files, "bloom.cfile", adhoc, List.of(), List.of());
    try (OutputStream out = Files.newOutputStream(temp.resolve(RowSetManifest.FILE_NAME))) {
      RowSetManifest.write(new RowSetManifest.Contents(schema, rs, rows), out);
    }
  }

  private byte[][] encodeKeys(int n) {
    List<KuduType> types = new ArrayList<>();
    for (int k : keyColumns) {
      types.add(schema.columns().get(k).type());
    }
    KeyEncoder enc = new KeyEncoder(types);
    KeyBuffer buf = new KeyBuffer();
    byte[][] keys = new byte[n][];
    for (int r = 0; r < n; r++) {
      buf.reset();
      for (int k = 0; k < keyColumns.length; k++) {
        ColumnStore s = stores[keyColumns[k]];
        if (s.width() < 0) {
          enc.appendBinary(buf, k, s.data(), s.start(r), s.length(r));
        } else {
          enc.appendCell(buf, k, s.cells(), r * s.width());
        }
      }
      keys[r] = buf.toByteArray();
    }
    return keys;
  }

  private void writeColumn(int c, int[] order, String name, byte[] minKey, byte[] maxKey,
      boolean valueIndex) throws IOException {
    KuduColumn col = schema.columns().get(c);
    ColumnStore s = stores[c];
    CFileWriterOptions o = CFileWriterOptions.builder(col.type())
        .nullable(col.nullable())
        .encoding(col.encoding())
        .compression(col.compression() == KuduCompression.DEFAULT
            ? options.defaultCompression() : col.compression())
        .blockSize(col.blockSize() > 0 ? col.blockSize() : options.defaultBlockSize())
        .checksums(options.checksums())
        .valueIndex(valueIndex)
        .build();
    try (CFileWriter w = CFileWriter.create(OutputFile.local(temp.resolve(name)), o)) {
      int w0 = s.width();
      byte[] cells = w0 > 0 ? new byte[CHUNK * w0] : null;
      boolean[] nulls = new boolean[CHUNK];
      BytesVector bytes = w0 > 0 ? null : new BytesVector(CHUNK);
      for (int from = 0; from < order.length; from += CHUNK) {
        int k = Math.min(CHUNK, order.length - from);
        if (bytes != null) {
          bytes.reset();
        }
        for (int i = 0; i < k; i++) {
          int r = order[from + i];
          nulls[i] = s.isNull(r);
          if (w0 > 0) {
            System.arraycopy(s.cells(), r * w0, cells, i * w0, w0);
          } else if (nulls[i]) {
            bytes.setNull(i);
          } else {
            s.binary(r, bytes, i);
          }
        }
        if (w0 > 0) {
          w.appendCells(cells, 0, s.anyNull() ? nulls : null, k);
        } else {
          w.append(bytes, 0, k);
        }
      }
      if (minKey != null) {
        w.addMetadata("min_key", minKey);
        w.addMetadata("max_key", maxKey);
      }
    }
  }

  private void writeAdhocIndex(String name, byte[][] keys, int[] order, byte[] minKey,
      byte[] maxKey) throws IOException {
    CFileWriterOptions o = CFileWriterOptions.builder(KuduType.BINARY)
        .encoding(KuduEncoding.PREFIX).compression(KuduCompression.LZ4)
        .blockSize(ADHOC_INDEX_BLOCK_SIZE).checksums(options.checksums())
        .positionalIndex(false).valueIndex(true).build();
    try (CFileWriter w = CFileWriter.create(OutputFile.local(temp.resolve(name)), o)) {
      BytesVector v = new BytesVector(CHUNK);
      for (int from = 0; from < order.length; from += CHUNK) {
        int k = Math.min(CHUNK, order.length - from);
        for (int i = 0; i < k; i++) {
          byte[] key = keys[order[from + i]];
          v.setRef(i, key, 0, key.length);
        }
        w.append(v, 0, k);
      }
      if (minKey != null) {
        w.addMetadata("min_key", minKey);
        w.addMetadata("max_key", maxKey);
      }
    }
  }

  /** Gives up: deletes everything written so far. Idempotent. */
  @Override
  public void abort() {
    done = true;
    RowSetFileNames.deleteTree(temp);
  }
}
