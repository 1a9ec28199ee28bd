package io.colfile.testkit;

import io.colfile.core.io.AtomicOutputStream;
import io.colfile.core.io.OutputFile;
import java.io.IOException;
import java.util.EnumMap;
import java.util.Map;

/**
 * An {@link OutputFile} that fails on purpose: the {@code n}th call of one kind (a write, a flush,
 * the close that would publish the file) throws an {@link IOException} whose message starts with
 * {@link #MESSAGE}, as a full disk or a failed rename would. A close that fails discards what the
 * real stream wrote, as a failed rename leaves nothing at the target. With {@code n = 0} nothing
 * fails, and {@link #calls} then says how many calls of each kind a write makes, so a test can
 * fail each of them in turn.
 */
public final class FaultyOutputFile implements OutputFile {
  /** The start of every injected failure's message. */
  public static final String MESSAGE = "injected fault";

  /** Where a fault can be injected. */
  public enum Call {
    WRITE,
    FLUSH,
    CLOSE
  }

  private final OutputFile real;
  private final Call failing;
  private final int n;
  private final Map<Call, Integer> calls = new EnumMap<>(Call.class);

  /** Fails the {@code n}th (from 1) call of kind {@code failing}; never when {@code n} is 0. */
  public FaultyOutputFile(OutputFile real, Call failing, int n) {
    this.real = real;
    this.failing = failing;
    this.n = n;
    for (Call c : Call.values()) {
      calls.put(c, 0);
    }
  }

  /** A file that never fails, to count the calls a write makes. */
  public static FaultyOutputFile counting(OutputFile real) {
    return new FaultyOutputFile(real, Call.WRITE, 0);
  }

  /** Calls of kind {@code c} made so far, over every stream created. */
  public synchronized int calls(Call c) {
    return calls.get(c);
  }

  /** Counts a call of kind {@code c}; throws when it is the one to fail. */
  private synchronized void call(Call c) throws IOException {
    int k = calls.merge(c, 1, Integer::sum);
    if (c == failing && k == n) {
      throw new IOException(MESSAGE + ": " + c.name().toLowerCase(java.util.Locale.ROOT)
          + " #" + k + " of " + real.name());
    }
  }

  /** Whether {@code t} (or a cause, or an exception suppressed on the way) is an injected fault. */
  public static boolean injected(Throwable t) {
    return Faults.carries(t, MESSAGE);
  }

  @Override
  public String name() {
    return real.name();
  }

  @Override
  public AtomicOutputStream create() throws IOException {
    AtomicOutputStream out = real.create();
    return new AtomicOutputStream() {
      @Override
      public void write(int b) throws IOException {
        call(Call.WRITE);
        out.write(b);
      }

      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        call(Call.WRITE);
        out.write(b, off, len);
      }

      @Override
      public void flush() throws IOException {
        call(Call.FLUSH);
        out.flush();
      }

      @Override
      public long position() {
        return out.position();
      }

      @Override
      public void close() throws IOException {
        try {
          call(Call.CLOSE);
        } catch (IOException e) {
          out.abort();
          throw e;
        }
        out.close();
      }

      @Override
      public void abort() {
        out.abort();
      }
    };
  }
}
