package io.colfile.kudu.tablet;

import java.io.Closeable;
import java.io.IOException;
import java.util.List;

/** Closing several readers at once, so that one failing to close does not leave the others. */
final class Closing {
  private Closing() {}

  /** Closes every one of {@code all}; throws the first failure, the others suppressed in it. */
  static void closeAll(List<? extends Closeable> all) throws IOException {
    IOException first = null;
    for (Closeable c : all) {
      try {
        c.close();
      } catch (IOException e) {
        if (first == null) {
          first = e;
        } else {
          first.addSuppressed(e);
        }
      }
    }
    if (first != null) {
      throw first;
    }
  }

  /** Closes every one of {@code all} after {@code cause}, which keeps their failures. */
  static void closeAfter(List<? extends Closeable> all, Throwable cause) {
    try {
      closeAll(all);
    } catch (IOException e) {
      cause.addSuppressed(e);
    }
  }
}
