package io.colfile.kudu.rowset;

import io.colfile.core.FileWriter;
import io.colfile.core.io.AtomicOutputStream;
import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.write.WriteTasks;
import io.colfile.kudu.CFile;
import io.colfile.kudu.CFileCursor;
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
 * <p>Rows that arrive in strictly increasing key order are written out to the column files
 * whenever the rows held reach {@link RowSetWriterOptions#memoryLimit()}, so sorted input of any
 * size takes that much heap (and the writers' blocks). Once a row arrives out of order, the rows
 * written out so far are read back and every row is held in memory until {@link #close()}
 * sorts the rowset as a whole (Kudu's own rowsets are a few tens of MiB). Either way the files
 * are the same bytes. With a {@link RowSetWriterOptions#parallelism} above 1 the column files
 * (and the bloom filter with the ad-hoc index) are encoded, compressed and closed side by side
 * ({@link WriteTasks}), each by one thread at a time, so they are the same bytes too. Primary
 * keys must be unique and not NULL. The directory is
 * written under a temporary name beside the target and renamed at the end: after a failure
 * (a bad row gives the whole rowset up) or {@link #abort()} nothing is left, and the target must
 * not exist beforehand.
 */
public final class RowSetWriter implements FileWriter {
  /** Kudu's {@code --default_composite_key_index_block_size_bytes}. */
  static final int ADHOC_INDEX_BLOCK_SIZE = 4096;
  private static final int CHUNK = 1024;

  /**
   * Where the files go: each file of the temporary directory, and the rename of that directory
   * to the target. {@link #LOCAL} outside tests; a test injects I/O faults through its own.
   */
  interface Storage {
    /** The file at {@code path}, inside the temporary directory. */
    OutputFile file(Path path);

    /** Renames the finished temporary directory {@code temp} to {@code target}, atomically. */
    void rename(Path temp, Path target) throws IOException;
  }

  /** The local file system. */
  static final Storage LOCAL = new Storage() {
    @Override
    public OutputFile file(Path path) {
      return OutputFile.local(path);
    }

    @Override
    public void rename(Path temp, Path target) throws IOException {
      Files.move(temp, target, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }
  };

  private final Path target;
  private final Path temp;
  private final Storage storage;
  private final KuduSchema schema;
  private final RowSetWriterOptions options;
  private final Type rowType;
  private final ColumnStore[] stores;
  private final int[] keyColumns;
  private final KeyEncoder keyEncoder;
  private final KeyBuffer keyBuffer = new KeyBuffer();
  private long rows;
  private boolean done;
  /** Whether every row so far has come in strictly increasing key order. */
  private boolean inKeyOrder = true;
  /** While in key order: the encoded keys of the rows the stores hold, the first, the last. */
  private final List<byte[]> heldKeys = new ArrayList<>();
  private long heldKeyBytes;
  private byte[] firstKey;
  private byte[] lastKey;
  /** The files rows in key order have been written out to; null until the first time. */
  private Outputs outputs;
  /** Runs the files' pieces of a write-out side by side. */
  private final WriteTasks tasks;

  private RowSetWriter(Path target, KuduSchema schema, RowSetWriterOptions options,
      Storage storage) throws IOException {
    this.target = target.toAbsolutePath();
    this.storage = storage;
    this.schema = schema;
    this.options = options;
    this.rowType = schema.rowType();
    List<KuduColumn> cols = schema.columns();
    this.stores = new ColumnStore[cols.size()];
    for (int i = 0; i < stores.length; i++) {
      stores[i] = new ColumnStore(cols.get(i).type());
    }
    this.keyColumns = new int[schema.keyColumns().size()];
    List<KuduType> keyTypes = new ArrayList<>();
    for (int k = 0; k < keyColumns.length; k++) {
      keyColumns[k] = cols.indexOf(schema.column(schema.keyColumns().get(k)));
      keyTypes.add(cols.get(keyColumns[k]).type());
    }
    this.keyEncoder = new KeyEncoder(keyTypes);
    this.tasks = new WriteTasks(options.parallelism(), options.executor());
    if (Files.exists(this.target, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      throw new java.nio.file.FileAlreadyExistsException(target.toString(), null,
          "already exists; a rowset is written into a new directory");
    }
    this.temp = RowSetFileNames.createTempDirectory(this.target);
  }

  /** Starts writing the rowset directory {@code dir}, which must not exist yet. */
  public static RowSetWriter create(Path dir, KuduSchema schema, RowSetWriterOptions options)
      throws IOException {
    return new RowSetWriter(dir, schema, options, LOCAL);
  }

  /** {@link #create(Path, KuduSchema, RowSetWriterOptions)} through {@code storage}. */
  static RowSetWriter create(Path dir, KuduSchema schema, RowSetWriterOptions options,
      Storage storage) throws IOException {
    return new RowSetWriter(dir, schema, options, storage);
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
      rows += batch.size;
      if (inKeyOrder) {
        trackKeyOrder(batch.size);
      }
    } catch (IOException e) {
      // Some columns may hold the batch already and others not: the rowset cannot go on.
      abort();
      throw atTarget(e);
    } catch (RuntimeException | Error e) {
      abort();
      throw e;
    }
  }

  /**
   * Checks the keys of the {@code n} rows just appended against the row before; writes the rows
   * held out once they reach the memory limit, or leaves key order.
   */
  private void trackKeyOrder(int n) throws IOException {
    int held = stores[0].rows();
    for (int r = held - n; r < held; r++) {
      byte[] key = encodeKey(r);
      if (lastKey != null && Arrays.compareUnsigned(lastKey, key) >= 0) {
        leaveKeyOrder();
        return;
      }
      heldKeys.add(key);
      heldKeyBytes += key.length + 16L;   // the array's header and its reference
      lastKey = key;
      if (firstKey == null) {
        firstKey = key;
      }
    }
    long bytes = heldKeyBytes;
    for (ColumnStore s : stores) {
      bytes += s.usedBytes();
    }
    if (bytes >= options.memoryLimit()) {
      writeOut();
    }
  }

  /** Writes the rows held, in the order they came, to the files, and lets them go. */
  private void writeOut() throws IOException {
    if (outputs == null) {
      outputs = new Outputs();
    }
    outputs.add(null, heldKeys);
    heldKeys.clear();
    heldKeyBytes = 0;
    for (int c = 0; c < stores.length; c++) {
      stores[c] = new ColumnStore(schema.columns().get(c).type());
    }
  }

  /**
   * A row came out of key order: the rowset will be sorted at the end, so the rows written out
   * are read back from their files, ahead of the rows held.
   */
  private void leaveKeyOrder() throws IOException {
    inKeyOrder = false;
    heldKeys.clear();
    heldKeyBytes = 0;
    firstKey = null;
    lastKey = null;
    if (outputs == null) {
      return;
    }
    List<String> names = outputs.closeForReadBack();
    outputs = null;
    for (int c = 0; c < stores.length; c++) {
      KuduType type = schema.columns().get(c).type();
      ColumnStore back = new ColumnStore(type);
      try (CFile file = CFile.open(InputFile.local(temp.resolve(names.get(c))))) {
        CFileCursor cursor = file.newCursor();
        cursor.seekToFirst();
        int w0 = back.width();
        if (w0 > 0) {
          byte[] cells = new byte[CHUNK * w0];
          boolean[] isNull = new boolean[CHUNK];
          for (int k; (k = cursor.readCells(cells, isNull, CHUNK)) > 0; ) {
            back.appendCells(cells, file.isNullable() ? isNull : null, k);
          }
        } else {
          BytesVector v = new BytesVector(CHUNK);
          for (int k; (k = cursor.read(v, 0, CHUNK)) > 0; ) {
            back.append(v, 0, k);
            v.reset();
          }
        }
      }
      back.appendStore(stores[c]);
      stores[c] = back;
    }
    for (String name : names) {
      Files.delete(temp.resolve(name));
    }
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

  /** Writes what is left (sorting the rows unless they came in key order) and publishes. */
  @Override
  public void close() throws IOException {
    if (done) {
      return;
    }
    try {
      if (inKeyOrder) {
        writeOut();
        outputs.finish(firstKey, lastKey);
      } else {
        writeSorted();
      }
      if (Files.exists(target, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
        // rename(2) would quietly replace an empty directory made there since the start
        throw new java.nio.file.FileAlreadyExistsException(target.toString(), null,
            "appeared while the rowset was written; nothing was replaced");
      }
      storage.rename(temp, target);
      done = true;
      tasks.close();
    } catch (IOException e) {
      abort();
      throw atTarget(e);
    } catch (RuntimeException | Error e) {
      abort();
      throw e;
    }
  }

  /**
   * {@code e}, or for a file of the temporary directory that could not be written (a full
   * disk, or a stream's own I/O error naming the file's path), the same failure named as the
   * file in the target: {@code rowset/name.cfile}, not the hidden temporary directory's name,
   * which is gone by now.
   */
  private IOException atTarget(IOException e) {
    String inTemp = temp.toString() + temp.getFileSystem().getSeparator();
    if (e.getClass() == IOException.class && e.getMessage() != null
        && e.getMessage().contains(inTemp)) {
      // a failure of a stream (not the file system) that names the file by its path
      return new IOException(e.getMessage().replace(inTemp, target.toString()
          + target.getFileSystem().getSeparator()), e);
    }
    if (e instanceof java.nio.file.FileSystemException && !(e instanceof
        java.nio.file.FileAlreadyExistsException)) {
      java.nio.file.FileSystemException f = (java.nio.file.FileSystemException) e;
      if (f.getFile() != null && f.getOtherFile() == null && f.getReason() != null) {
        Path file = Path.of(f.getFile()).toAbsolutePath();
        if (file.startsWith(temp) && !file.equals(temp)) {
          java.nio.file.FileSystemException named = new java.nio.file.FileSystemException(
              target.resolve(temp.relativize(file)).toString(), null, f.getReason());
          named.initCause(e);
          return named;
        }
      }
    }
    return e;
  }

  /** Sorts every row held by key and writes all files. */
  private void writeSorted() throws IOException {
    if (rows > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException("a rowset holds at most 2^31 rows");
    }
    int n = (int) rows;
    byte[][] keys = new byte[n][];
    for (int r = 0; r < n; r++) {
      keys[r] = encodeKey(r);
    }
    int[] order = RowOrder.sort(keys);
    for (int i = 1; i < n; i++) {
      if (Arrays.equals(keys[order[i - 1]], keys[order[i]])) {
        throw new IllegalArgumentException("rows " + (Math.min(order[i - 1], order[i]) + 1)
            + " and " + (Math.max(order[i - 1], order[i]) + 1)
            + " have the same primary key; Kudu keys are unique");
      }
    }
    List<byte[]> sortedKeys = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      sortedKeys.add(keys[order[i]]);
    }
    outputs = new Outputs();
    outputs.add(order, sortedKeys);
    outputs.finish(n == 0 ? null : keys[order[0]], n == 0 ? null : keys[order[n - 1]]);
  }

  /** The encoded primary key of row {@code r} of the stores. */
  private byte[] encodeKey(int r) {
    keyBuffer.reset();
    for (int k = 0; k < keyColumns.length; k++) {
      ColumnStore s = stores[keyColumns[k]];
      if (s.width() < 0) {
        keyEncoder.appendBinary(keyBuffer, k, s.data(), s.start(r), s.length(r));
      } else {
        keyEncoder.appendCell(keyBuffer, k, s.cells(), r * s.width());
      }
    }
    return keyBuffer.toByteArray();
  }

  /**
   * The files of the rowset being written: one CFile per column, the bloom filter of the keys,
   * the ad-hoc index of a composite key, then {@code rowset.json}. Rows arrive in key order,
   * in one go (a sorted rowset) or in pieces (rows that came in key order).
   */
  private final class Outputs {
    private final List<String> names = new ArrayList<>();
    private CFileWriter[] columns;
    private BloomFileWriter bloom;
    private CFileWriter adhoc;
    private final boolean composite = keyColumns.length > 1;

    Outputs() throws IOException {
      try {
        open();
      } catch (IOException | RuntimeException | Error e) {
        abort(); // the files opened before the one that failed
        throw e;
      }
    }

    private void open() throws IOException {
      List<String> taken = new ArrayList<>(List.of("bloom.cfile", "adhoc-index.cfile",
          RowSetManifest.FILE_NAME));
      columns = new CFileWriter[stores.length];
      for (int c = 0; c < stores.length; c++) {
        KuduColumn col = schema.columns().get(c);
        String name = RowSetFileNames.forColumn(col, taken);
        taken.add(name);
        names.add(name);
        boolean keyIndex = !composite && c == keyColumns[0];
        CFileWriterOptions o = CFileWriterOptions.builder(col.type())
            .nullable(col.nullable())
            .encoding(col.encoding())
            .compression(col.compression() == KuduCompression.DEFAULT
                ? options.defaultCompression() : col.compression())
            .blockSize(col.blockSize() > 0 ? col.blockSize() : options.defaultBlockSize())
            .checksums(options.checksums())
            .valueIndex(keyIndex)
            .build();
        columns[c] = CFileWriter.create(storage.file(temp.resolve(name)), o);
      }
      bloom = BloomFileWriter.create(storage.file(temp.resolve("bloom.cfile")),
          options.checksums());
      adhoc = composite ? CFileWriter.create(storage.file(temp.resolve("adhoc-index.cfile")),
          CFileWriterOptions.builder(KuduType.BINARY)
              .encoding(KuduEncoding.PREFIX).compression(KuduCompression.LZ4)
              .blockSize(ADHOC_INDEX_BLOCK_SIZE).checksums(options.checksums())
              .positionalIndex(false).valueIndex(true).build())
          : null;
    }

    /**
     * Appends the rows the stores hold in {@code order} (null: as they are), whose encoded keys
     * are {@code keys} in that order.
     */
    void add(int[] order, List<byte[]> keys) throws IOException {
      int n = stores[0].rows();
      List<WriteTasks.Piece> pieces = new ArrayList<>();
      for (int c = 0; c < stores.length; c++) {
        int col = c;
        pieces.add(() -> {
          try {
            addColumn(columns[col], stores[col], order, n);
          } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("column " + schema.columns().get(col).name()
                + ", " + e.getMessage() + " (rows counted in key order)", e);
          }
        });
      }
      pieces.add(() -> addKeys(keys, n));
      tasks.runAll(pieces);
    }

    /** The keys of the rows added, to the bloom filter and the ad-hoc index. */
    private void addKeys(List<byte[]> keys, int n) throws IOException {
      for (byte[] key : keys) {
        bloom.add(key);
      }
      if (adhoc != null) {
        BytesVector v = new BytesVector(CHUNK);
        for (int from = 0; from < n; from += CHUNK) {
          int k = Math.min(CHUNK, n - from);
          for (int i = 0; i < k; i++) {
            byte[] key = keys.get(from + i);
            v.setRef(i, key, 0, key.length);
          }
          adhoc.append(v, 0, k);
        }
      }
    }

    private void addColumn(CFileWriter w, ColumnStore s, int[] order, int n)
        throws IOException {
      int w0 = s.width();
      byte[] cells = w0 > 0 ? new byte[CHUNK * w0] : null;
      boolean[] nulls = new boolean[CHUNK];
      BytesVector bytes = w0 > 0 ? null : new BytesVector(CHUNK);
      for (int from = 0; from < n; from += CHUNK) {
        int k = Math.min(CHUNK, n - from);
        if (bytes != null) {
          bytes.reset();
        }
        for (int i = 0; i < k; i++) {
          int r = order == null ? from + i : order[from + i];
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
    }

    /** Closes every file (the key files with the smallest and largest key) and the manifest. */
    void finish(byte[] minKey, byte[] maxKey) throws IOException {
      Map<Integer, String> files = new LinkedHashMap<>();
      List<WriteTasks.Piece> pieces = new ArrayList<>();
      for (int c = 0; c < columns.length; c++) {
        boolean keyIndex = !composite && c == keyColumns[0];
        if (keyIndex && minKey != null) {
          columns[c].addMetadata("min_key", minKey);
          columns[c].addMetadata("max_key", maxKey);
        }
        pieces.add(columns[c]::close);
        files.put(schema.columns().get(c).id(), names.get(c));
      }
      String adhocName = null;
      if (adhoc != null) {
        if (minKey != null) {
          adhoc.addMetadata("min_key", minKey);
          adhoc.addMetadata("max_key", maxKey);
        }
        adhocName = "adhoc-index.cfile";
      }
      pieces.add(() -> {
        if (adhoc != null) {
          adhoc.close();
        }
        bloom.close();
      });
      tasks.runAll(pieces);
      RowSetFiles rs = new RowSetFiles(files, "bloom.cfile", adhocName, List.of(), List.of());
      // through OutputFile as every file of the rowset, so a failed write names the file
      AtomicOutputStream out = storage.file(temp.resolve(RowSetManifest.FILE_NAME)).create();
      try {
        RowSetManifest.write(new RowSetManifest.Contents(schema, rs, rows), out);
      } catch (IOException | RuntimeException | Error e) {
        out.abort();
        throw e;
      }
      out.close();
    }

    /**
     * Closes the column files for reading back and removes the bloom filter and ad-hoc index;
     * returns the column files' names, by column.
     */
    /** Gives every file up (the directory they are in is deleted next). */
    void abort() {
      if (columns != null) {
        for (CFileWriter w : columns) {
          if (w != null) {
            w.abort();
          }
        }
      }
      if (bloom != null) {
        bloom.abort();
      }
      if (adhoc != null) {
        adhoc.abort();
      }
    }

    List<String> closeForReadBack() throws IOException {
      for (CFileWriter w : columns) {
        w.close();
      }
      bloom.abort();
      if (adhoc != null) {
        adhoc.abort();
      }
      return names;
    }
  }

  /** Gives up: deletes everything written so far. Idempotent. */
  @Override
  public void abort() {
    done = true;
    tasks.close();
    if (outputs != null) {
      outputs.abort();
      outputs = null;
    }
    RowSetFileNames.deleteTree(temp);
  }
}
