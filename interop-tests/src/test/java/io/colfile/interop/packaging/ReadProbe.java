package io.colfile.interop.packaging;

import io.colfile.core.BatchReader;
import io.colfile.core.ColFile;
import io.colfile.core.FileReader;
import io.colfile.core.FormatProvider;
import io.colfile.core.ReadOptions;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.LongVector;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Reads a file through {@link ColFile#open} and says what it found: the format, the row count,
 * the sum of the first column, and the formats ServiceLoader found with the module of each.
 * The packaging tests load this class in a class loader of their own, above colfile as a module
 * layer or beside another protobuf, and call it through {@link Function}, which every loader
 * shares; so it names nothing but colfile's API and the JDK.
 */
public final class ReadProbe implements Function<Path, String> {
  @Override
  public String apply(Path path) {
    try (FileReader r = ColFile.open(path);
        BatchReader rows = r.read(ReadOptions.defaults())) {
      long count = 0;
      long sum = 0;
      ColumnBatch batch = rows.newBatch();
      while (rows.next(batch)) {
        LongVector ids = (LongVector) batch.cols[0];
        for (int i = 0; i < batch.size; i++) {
          sum += ids.vector[i];
        }
        count += batch.size;
      }
      TreeSet<String> formats = new TreeSet<>();
      for (FormatProvider p : ColFile.formats()) {
        formats.add(p.name() + "@" + p.getClass().getModule().getName());
      }
      return r.formatName() + " rows=" + count + " sum=" + sum + " formats=" + formats;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
