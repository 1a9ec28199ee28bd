package io.colfile.text;

import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.Objects;

/**
 * Prints rows as JSON lines in the text form of Apache ORC C++'s printer (../shared/specs/
 * json-lines.md, orc.md section 12), the contract of {@code colfile cat}: one line per row; a
 * struct root prints {@code {"a": 1, "b": null}}, any other root a bare value; lists {@code [1,
 * 2]}, maps {@code [{"key": k, "value": v}]}, unions {@code {"tag": n, "value": v}}, binary
 * {@code [0, 255]} (geometry and geography too: their values are WKB bytes); floats as C {@code %.7g}, doubles as {@code %.14g}, NaN and infinities as
 * {@code NaN}, {@code Infinity}, {@code -Infinity}; decimals unquoted with their scale's digits;
 * dates {@code "YYYY-MM-DD"}; timestamps {@code "YYYY-MM-DD HH:MM:SS.f"}; strings as their stored
 * bytes with only {@code " \ \b \f \n \r \t} escaped.
 *
 * <p>Output is bytes, not characters: string values are copied as stored, so whatever encoding
 * (or garbage) a file holds comes out unchanged. The writer buffers and allocates nothing per
 * value in the common paths; call {@link #flush()} when done. It does not close the stream. Not
 * thread-safe.
 */
public final class JsonLinesWriter implements RowPrinter {
  /** How timestamps show their fraction of a second. */
  public enum TimestampStyle {
    /** Nanoseconds with trailing zeros removed, at least one digit ({@code .5}, {@code .0}): ORC. */
    TRIMMED_NANOS,
    /** Exactly six digits, microseconds ({@code .500000}): Kudu's unixtime_micros. */
    MICROS
  }

  private final ByteSink sink;
  private final PrintStyle style;
  private Type printedType;
  private ValuePrinter root;

  /** A writer into {@code out}, buffering 64 KiB at a time. */
  public JsonLinesWriter(OutputStream out) {
    this(out, TimestampStyle.TRIMMED_NANOS);
  }

  /** A writer into {@code out} that prints timestamps in {@code style}. */
  public JsonLinesWriter(OutputStream out, TimestampStyle style) {
    this(out, style, false);
  }

  /**
   * A writer into {@code out} that prints timestamps in {@code style}, and float and double
   * values, when {@code exactFloats}, as the shortest text that reads back as the same value
   * ({@link ShortestFloat}) instead of C's {@code %.7g} and {@code %.14g}.
   */
  public JsonLinesWriter(OutputStream out, TimestampStyle style, boolean exactFloats) {
    this.sink = new ByteSink(Objects.requireNonNull(out), ByteSink.DEFAULT_CAPACITY);
    this.style = new PrintStyle(Objects.requireNonNull(style), exactFloats);
  }

  /** Nothing: JSON lines have no header. */
  @Override
  public void begin(Type schema) {}

  /** Prints every row of {@code batch} (rows {@code [0, batch.size)}), one line each. */
  public void write(ColumnBatch batch) throws IOException {
    write(batch, 0, batch.size);
  }

  /** Prints rows {@code [from, to)} of {@code batch}, one line each. */
  @Override
  public void write(ColumnBatch batch, int from, int to) throws IOException {
    Objects.checkFromToIndex(from, to, batch.size);
    ValuePrinter printer = printerFor(batch.schema());
    try {
      if (printer instanceof CompoundPrinters.StructPrinter) {
        CompoundPrinters.StructPrinter struct = (CompoundPrinters.StructPrinter) printer;
        for (int row = from; row < to; row++) {
          struct.printFields(sink, batch.cols, row);
          sink.put('\n');
        }
      } else {
        for (int row = from; row < to; row++) {
          printer.print(sink, batch.cols[0], row);
          sink.put('\n');
        }
      }
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  /** Writes out what is buffered and flushes the stream. */
  @Override
  public void flush() throws IOException {
    try {
      sink.flush();
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  /** The printer tree for {@code type}, built once and reused while batches keep that schema. */
  private ValuePrinter printerFor(Type type) {
    if (type != printedType && !type.equals(printedType)) {
      root = ValuePrinters.create(type, style);
      printedType = type;
    }
    return root;
  }
}
