package io.colfile.interop;

import io.colfile.core.BatchReader;
import io.colfile.core.ColFile;
import io.colfile.core.FileReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.io.InputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import java.io.IOException;
import java.io.StringWriter;
import java.io.Writer;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.orc.TypeDescription;

/**
 * The only place the interop tests call colfile: open a file, read it (or a projection) in
 * batches, print each batch with the {@code colfile cat} printer, return the lines.
 *
 * <p>{@code io.colfile.core.text.JsonLinesWriter} is being written beside this module, so it is
 * reached by reflection, in {@link #printer} and {@link #print}, against the shapes it is likely
 * to have ({@code new JsonLinesWriter([Type,] Writer|Appendable)} and
 * {@code write|writeBatch|print(ColumnBatch)}). Once it exists, replace those two methods with
 * direct calls:
 *
 * <pre>
 *   JsonLinesWriter json = new JsonLinesWriter(rows.schema(), out);
 *   while (rows.next(batch)) { json.write(batch); }
 * </pre>
 */
final class ColfileReader {
  static final String PRINTER = "io.colfile.core.text.JsonLinesWriter";

  private ColfileReader() {}

  /** Whether colfile's JSON-lines printer is on the class path yet. */
  static boolean printerAvailable() {
    return printerClass().isPresent();
  }

  /**
   * The {@code colfile cat} lines of {@code path}: all columns when {@code columns} is null,
   * else only those top-level columns in that order. Every batch is validated on the way.
   */
  static List<String> readWithColfile(Path path, List<String> columns) throws IOException {
    ReadOptions options = columns == null
        ? ReadOptions.defaults() : ReadOptions.defaults().withColumns(columns);
    StringWriter out = new StringWriter();
    try (FileReader file = ColFile.open(InputFile.local(path));
         BatchReader rows = file.read(options)) {
      ColumnBatch batch = rows.newBatch();
      Object json = printer(rows.schema(), out);
      while (rows.next(batch)) {
        batch.validate();
        print(json, batch);
      }
      flush(json);
    }
    return lines(out.toString());
  }

  /**
   * The rows colfile's reader returns, as {@link Values} ({@code schema} is the generated schema,
   * or its projection): judges the reader apart from its printer.
   */
  static List<Object> valuesWithColfile(Path path, TypeDescription schema, List<String> columns,
      int batchSize) throws IOException {
    ReadOptions options = (columns == null
        ? ReadOptions.defaults() : ReadOptions.defaults().withColumns(columns))
        .withBatchSize(batchSize);
    boolean struct = schema.getCategory() == TypeDescription.Category.STRUCT;
    List<Object> out = new ArrayList<>();
    try (FileReader file = ColFile.open(InputFile.local(path));
         BatchReader rows = file.read(options)) {
      ColumnBatch batch = rows.newBatch();
      while (rows.next(batch)) {
        batch.validate();
        for (int i = 0; i < batch.size; i++) {
          if (struct) {
            List<Object> fields = new ArrayList<>(batch.cols.length);
            for (int f = 0; f < batch.cols.length; f++) {
              fields.add(ColfileValues.get(batch.cols[f], schema.getChildren().get(f), i));
            }
            out.add(fields);
          } else {
            out.add(ColfileValues.get(batch.cols[0], schema, i));
          }
        }
      }
    }
    return out;
  }

  private static Object printer(Type schema, Writer out) throws IOException {
    Class<?> c = printerClass().orElseThrow(() -> new IllegalStateException(PRINTER + " missing"));
    for (Constructor<?> k : c.getConstructors()) {
      Class<?>[] p = k.getParameterTypes();
      Object[] args = p.length == 2 && p[0] == Type.class && p[1].isInstance(out)
          ? new Object[] {schema, out}
          : p.length == 1 && p[0].isInstance(out) ? new Object[] {out} : null;
      if (args != null) {
        return invoke(() -> k.newInstance(args));
      }
    }
    throw new IllegalStateException("no constructor of " + PRINTER + " taking ([Type,] Writer)");
  }

  private static void print(Object json, ColumnBatch batch) throws IOException {
    for (String name : List.of("write", "writeBatch", "print", "printBatch")) {
      Optional<Method> m = method(json, name, ColumnBatch.class);
      if (m.isPresent()) {
        invoke(() -> m.get().invoke(json, batch));
        return;
      }
    }
    throw new IllegalStateException("no write(ColumnBatch) on " + PRINTER);
  }

  private static void flush(Object json) throws IOException {
    Optional<Method> m = method(json, "flush");
    if (m.isPresent()) {
      invoke(() -> m.get().invoke(json));
    }
  }

  private static Optional<Method> method(Object target, String name, Class<?>... params) {
    try {
      return Optional.of(target.getClass().getMethod(name, params));
    } catch (NoSuchMethodException e) {
      return Optional.empty();
    }
  }

  private static Optional<Class<?>> printerClass() {
    try {
      return Optional.of(Class.forName(PRINTER));
    } catch (ClassNotFoundException e) {
      return Optional.empty();
    }
  }

  private interface Call {
    Object run() throws ReflectiveOperationException;
  }

  /** Rethrows what the printer threw, so a colfile failure shows its own exception. */
  private static Object invoke(Call call) throws IOException {
    try {
      return call.run();
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof IOException io) {
        throw io;
      }
      if (e.getCause() instanceof RuntimeException re) {
        throw re;
      }
      throw new IllegalStateException(e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
  }

  private static List<String> lines(String text) {
    List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
    if (!lines.isEmpty() && lines.get(lines.size() - 1).isEmpty()) {
      lines.remove(lines.size() - 1);                  // every line ends with \n
    }
    return lines;
  }
}
