package io.colfile.orc;

import io.colfile.core.FileWriter;
import io.colfile.core.io.AtomicOutputStream;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.orc.write.WriterEngine;
import java.io.IOException;
import java.util.Objects;

/**
 * Writes an ORC file that Apache ORC (Java and C++) reads back exactly.
 *
 * <pre>{@code
 * Type schema = Type.parse("struct<id:bigint,name:string>");
 * try (OrcWriter w = OrcWriter.create(OutputFile.local(path), schema, OrcWriterOptions.defaults())) {
 *   ColumnBatch batch = new ColumnBatch(schema, 1024);
 *   // fill batch.cols[0], batch.cols[1], set batch.size
 *   w.write(batch);
 * }
 * }</pre>
 *
 * <p>The file appears at its target only when {@link #close()} returns: it is written under a
 * temporary name beside the target and renamed. If a write fails (an I/O error, or a value that
 * does not fit its type, which names the column and row), the writer aborts: the temporary file
 * is deleted, the target is left as it was, and the writer refuses further use. {@link #abort()}
 * does the same on purpose. Not thread-safe.
 *
 * <p>With {@link OrcWriterOptions.Builder#parallelism} above 1 the top-level columns of each
 * batch are encoded and compressed on that many threads at once (the calling thread among
 * them; {@link #write} returns once all are done), and so are their streams' last chunks at the
 * end of a stripe. The file's bytes are those of a single-threaded write; a value that does not
 * fit fails as it would on one thread. The writer's own threads stop when it is closed or
 * aborted.
 *
 * <p>Heap: the stripe being written (its encoded and compressed streams, up to about the
 * stripe size), plus per stream the partly filled compression chunk (buffers start at 256
 * bytes, grow to at most the compression block size and go when the stream is flushed), one
 * set of compressors and their output buffer per writing thread, and per dictionary-encoded
 * string column its distinct values and one id per row (one byte while it has fewer than 256
 * values). Beyond the rows it holds, a column costs about 2 KB.
 */
public final class OrcWriter implements FileWriter {
  private final OutputFile file;
  private final Type schema;
  private final AtomicOutputStream out;
  private final WriterEngine engine;
  private State state = State.OPEN;

  private enum State {
    OPEN,
    CLOSED,
    ABORTED
  }

  private OrcWriter(OutputFile file, Type schema, AtomicOutputStream out, WriterEngine engine) {
    this.file = file;
    this.schema = schema;
    this.out = out;
    this.engine = engine;
  }

  /**
   * Starts writing {@code file} with {@code schema}; nothing appears there until {@link
   * #close()}.
   *
   * @throws IllegalArgumentException if the options name columns the schema does not have, or
   *     the schema holds a type ORC cannot write
   */
  public static OrcWriter create(OutputFile file, Type schema, OrcWriterOptions options)
      throws IOException {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(schema, "schema");
    Objects.requireNonNull(options, "options");
    AtomicOutputStream out = file.create();
    try {
      return new OrcWriter(file, schema, out, new WriterEngine(out, schema, options));
    } catch (IOException | RuntimeException | Error e) {
      out.abort();
      throw e;
    }
  }

  @Override
  public String formatName() {
    return "ORC";
  }

  @Override
  public Type schema() {
    return schema;
  }

  /** The compression chunk size in use (ORC Java shrinks the requested one for wide schemas). */
  public int compressionBlockSize() {
    return engine.bufferSize();
  }

  /**
   * Appends the batch's rows. The batch must have this writer's schema, nullability aside (ORC
   * has none: every column may hold NULLs); vectors are read, never kept, so the caller may
   * refill the batch afterwards.
   */
  @Override
  public void write(ColumnBatch batch) throws IOException {
    ensureOpen();
    if (!batch.schema().allNullable().equals(schema.allNullable())) {
      throw new IllegalArgumentException(
          "batch schema " + batch.schema() + " is not the writer's " + schema);
    }
    if (batch.size < 0 || batch.size > batch.capacity()) {
      throw new IllegalArgumentException(
          "batch size " + batch.size + " outside [0, " + batch.capacity() + "]");
    }
    try {
      engine.write(batch);
    } catch (IOException | RuntimeException | Error e) {
      abort();
      if (e instanceof IllegalArgumentException) {
        throw new IllegalArgumentException(
            file.name() + ": " + e.getMessage() + "; nothing was written", e);
      }
      throw e;
    }
  }

  @Override
  public long numberOfRows() {
    return engine.numberOfRows();
  }

  /** Adds a user metadata entry (Footer.metadata); a later entry with the same key replaces it. */
  @Override
  public void addUserMetadata(String key, byte[] value) {
    ensureOpen();
    engine.addUserMetadata(Objects.requireNonNull(key, "key"), value.clone());
  }

  /** Writes the last stripe and the file tail, and publishes the file. */
  @Override
  public void close() throws IOException {
    if (state != State.OPEN) {
      return;
    }
    try {
      engine.finish();
      out.close();
      state = State.CLOSED;
      engine.close();
    } catch (IOException | RuntimeException | Error e) {
      abort();
      throw e;
    }
  }

  @Override
  public void abort() {
    if (state == State.OPEN) {
      state = State.ABORTED;
      engine.close();
      out.abort();
    }
  }

  private void ensureOpen() {
    if (state != State.OPEN) {
      throw new IllegalStateException(
          file.name() + ": the writer is " + (state == State.CLOSED ? "closed" : "aborted"));
    }
  }
}
