package io.colfile.core.read;

import io.colfile.core.BatchReader;
import io.colfile.core.FileReader;
import io.colfile.core.FileWriter;
import io.colfile.core.ReadOptions;
import io.colfile.core.vector.ColumnBatch;
import java.io.IOException;
import java.util.Objects;

/**
 * The leading rows of a file (or of a split of it) that decode: every column of every row,
 * each batch {@link ColumnBatch#validate() validated}, stopping at the first failure. What the
 * formats' salvage ({@code OrcSalvage}, {@code TrevniSalvage}, {@code CFileSalvage}) builds on:
 * first {@link #find} how many rows can be read, then {@link #copy} those (or fewer) into a
 * writer, reading them exactly as {@code find} read them, so that nothing past the damage is
 * touched and a batch that fails half-way is never written in part.
 *
 * <p>Rows are read in batches of {@code options}' size; after a batch fails, the rows from its
 * first one on are read one at a time (by {@link BatchReader#seekToRow}, when the reader can
 * seek) so that the prefix ends at the first row that does not decode rather than at the start
 * of its batch. Decoders read ahead (a compression chunk, a block), so a row whose own values
 * are intact can still be lost with the damage just after it.
 */
public final class ReadablePrefix {
  private final ReadOptions options;
  private final long firstRow;
  private final long batchedRows;
  private final long rows;
  private final Exception failure;

  private ReadablePrefix(ReadOptions options, long firstRow, long batchedRows, long rows,
      Exception failure) {
    this.options = options;
    this.firstRow = firstRow;
    this.batchedRows = batchedRows;
    this.rows = rows;
    this.failure = failure;
  }

  /** Rows that decode, from the first one read. */
  public long rows() {
    return rows;
  }

  /** Why reading stopped before the end, or null when every row read decoded. */
  public Exception failure() {
    return failure;
  }

  /**
   * Reads {@code options}' rows of {@code reader} (all columns: a row counts only when all of
   * its columns decode) up to {@code limit} rows or the first that fails.
   *
   * @param firstRow the number of the first row read, counted as a full read of the file counts
   *     rows (0 without a split; for a split, the rows of the units before it), for {@link
   *     BatchReader#seekToRow}
   */
  public static ReadablePrefix find(FileReader reader, ReadOptions options, long firstRow,
      long limit) {
    long good = 0;
    try (BatchReader rows = reader.read(options)) {
      ColumnBatch b = rows.newBatch();
      while (good < limit) {
        if (!rows.next(b)) {
          break;
        }
        b.validate();
        good += b.size;
      }
      return new ReadablePrefix(options, firstRow, good, Math.min(good, limit), null);
    } catch (IOException | RuntimeException e) {
      long more = options.batchSize() > 1 && good < limit
          ? oneByOne(reader, options, firstRow + good, Math.min(limit - good,
              options.batchSize()), null) : 0;
      return new ReadablePrefix(options, firstRow, good, good + more, e);
    }
  }

  /**
   * Reads up to {@code n} rows from row {@code from} (counted from the file's first) one at a
   * time, writing them to {@code writer} when not null; how many were read before one failed.
   * Gives 0 when the reader cannot seek.
   */
  private static long oneByOne(FileReader reader, ReadOptions options, long from, long n,
      FileWriter writer) {
    long read = 0;
    try (BatchReader rows = reader.read(options.withBatchSize(1))) {
      if (from > 0) {
        rows.seekToRow(from);
      }
      ColumnBatch b = rows.newBatch();
      while (read < n && rows.next(b)) {
        b.validate();
        if (writer != null) {
          try {
            writer.write(b);
          } catch (IOException | RuntimeException e) {
            throw new WriterFailure(e);
          }
        }
        read += b.size;
      }
    } catch (WriterFailure e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      // the row that failed ends the prefix
    }
    return read;
  }

  /**
   * Writes the first {@code count} rows of those {@link #rows()} counts to {@code writer}, read
   * with the same options: whole batches where {@code find} read them whole, then one row at a
   * time.
   *
   * @throws IllegalArgumentException if {@code count} is more than {@link #rows()}
   * @throws IOException when the writer fails, or the rows do not read again (a file changed
   *     under us)
   */
  public void copy(FileReader reader, long count, FileWriter writer) throws IOException {
    Objects.requireNonNull(writer, "writer");
    if (count > rows) {
      throw new IllegalArgumentException(count + " rows asked for, " + rows + " readable");
    }
    long done = 0;
    if (count > 0) {
      try (BatchReader in = reader.read(options)) {
        ColumnBatch b = in.newBatch();
        // the same options make the same batches: one that starts before batchedRows is one
        // that find read whole
        while (done < count && done < batchedRows && in.next(b)) {
          b.size = (int) Math.min(b.size, count - done);
          writer.write(b);
          done += b.size;
        }
      }
    }
    if (done < count) {
      try {
        done += oneByOne(reader, options, firstRow + done, count - done, writer);
      } catch (WriterFailure e) {
        if (e.getCause() instanceof IOException io) {
          throw io;
        }
        throw (RuntimeException) e.getCause();
      }
    }
    if (done < count) {
      throw new IOException("salvage: " + (count - done) + " of the " + count
          + " rows read before could not be read again");
    }
  }

  /** A writer's failure, carried through {@link #oneByOne}, which swallows the reader's. */
  private static final class WriterFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    WriterFailure(Exception cause) {
      super(cause);
    }
  }
}
