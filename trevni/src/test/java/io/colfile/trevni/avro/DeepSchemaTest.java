package io.colfile.trevni.avro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.StructVector;
import io.colfile.trevni.TrevniFile;
import io.colfile.trevni.TrevniFileWriter;
import io.colfile.trevni.TrevniWriterOptions;
import io.colfile.trevni.avro.AvroSchema.Field;
import io.colfile.trevni.avro.AvroSchema.Kind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Schemas as deep as Avro allows (1000 levels), and deeper, hostile ones, handled by callers
 * with little stack left: every step runs here on a thread of 160 KiB, far less than a thousand
 * levels of any recursion take, so what passes does not depend on the caller's stack or the
 * JVM's state. Deeper schemas give IllegalArgumentException, never StackOverflowError.
 */
class DeepSchemaTest {
  private static final long SMALL_STACK = 160 << 10;

  @TempDir Path dir;

  interface Step {
    void run() throws Exception;
  }

  /** Runs {@code step} on a thread with a small stack, rethrowing what it throws. */
  private static void onSmallStack(Step step) throws Exception {
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Thread t = new Thread(null, () -> {
      try {
        step.run();
      } catch (Throwable e) {
        failure.set(e);
      }
    }, "small stack", SMALL_STACK);
    t.start();
    t.join();
    if (failure.get() instanceof Exception e) {
      throw e;
    }
    if (failure.get() != null) {
      throw new AssertionError(failure.get());
    }
  }

  private static String arrays(int levels) {
    return "{\"type\":\"array\",\"items\":".repeat(levels) + "\"int\"" + "}".repeat(levels);
  }

  private static AvroSchema records(int levels) {
    AvroSchema s = AvroSchema.primitive(Kind.LONG);
    for (int i = 0; i < levels; i++) {
      s = AvroSchema.record("R" + i, List.of(Field.of("f", s)));
    }
    return s;
  }

  @Test
  void aThousandLevelsWorkOnASmallStack() throws Exception {
    for (int round = 0; round < 3; round++) { // cold, then with call sites linked
      onSmallStack(() -> {
        AvroSchema deep = AvroSchema.parse(arrays(1000));
        assertThat(AvroSchema.parse(deep.toString())).isEqualTo(deep)
            .hasSameHashCodeAs(deep);
        assertThat(depth(AvroTypes.toType(deep))).isEqualTo(1000);
        assertThat(AvroColumns.of(deep).size()).isEqualTo(1000); // 999 repetition columns
        AvroSchema nested = records(333); // a record takes three levels of JSON
        AvroSchema parsed = AvroSchema.parse(nested.toString());
        assertThat(parsed).isEqualTo(nested);
        assertThat(parsed.isRecursive()).isFalse();
        assertThat(AvroColumns.of(parsed).specs().get(0).name())
            .isEqualTo("f" + "#f".repeat(332));
        assertThat(AvroColumns.of(records(1000)).size()).isEqualTo(1);
        assertThatThrownBy(() -> AvroSchema.parse("[" + arrays(1000) + "]"))
            .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> AvroSchema.record("R", List.of(Field.of("f", nested,
            java.util.Map.of())))).isInstanceOf(IllegalArgumentException.class);
      });
    }
  }

  @Test
  void forwardReferencesChainedPastTheLimitAreRefused() throws Exception {
    onSmallStack(() -> {
      for (int n : new int[] {400, 2000}) {
        // R0 holds an optional R1, defined after it, which holds an R2, ...: shallow JSON
        StringBuilder sb = new StringBuilder("[\"null\"");
        for (int i = 0; i < n; i++) {
          sb.append(",{\"type\":\"record\",\"name\":\"R").append(i).append("\",\"fields\":[")
              .append("{\"name\":\"f\",\"type\":[\"null\",\"")
              .append(i + 1 < n ? "R" + (i + 1) : "int").append("\"]}]}");
        }
        String json = sb.append(']').toString();
        if (n == 400) {
          AvroSchema s = AvroSchema.parse(json);
          assertThat(s.isRecursive()).isFalse();
          // printed, each record is written out where first used: too deep to read back
          assertThat(s.toString()).startsWith("[\"null\",{\"type\":\"record\",\"name\":\"R0\"");
          assertThat(s).isEqualTo(AvroSchema.parse(json)).hasSameHashCodeAs(AvroSchema.parse(json));
        } else {
          assertThatThrownBy(() -> AvroSchema.parse(json))
              .isInstanceOf(IllegalArgumentException.class)
              .hasMessageContaining("nested deeper than 1000 levels");
        }
      }
    });
  }

  @Test
  void aRecursiveSchemaParsesPrintsAndIsRefusedForColumns() throws Exception {
    onSmallStack(() -> {
      String json = "{\"type\":\"record\",\"name\":\"Node\",\"fields\":[{\"name\":\"next\","
          + "\"type\":[\"null\",\"Node\"]},{\"name\":\"v\",\"type\":" + arrays(300) + "}]}";
      AvroSchema s = AvroSchema.parse(json);
      assertThat(s.isRecursive()).isTrue();
      assertThat(AvroSchema.parse(s.toString())).isEqualTo(s).hasSameHashCodeAs(s);
      assertThatThrownBy(() -> AvroTypes.toType(s)).isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("refers to itself");
      assertThatThrownBy(() -> AvroColumns.of(s)).isInstanceOf(IllegalArgumentException.class);
    });
  }

  @Test
  void typesTooDeepForAvroAreRefused() throws Exception {
    onSmallStack(() -> {
      Type deep = Type.INT;
      for (int i = 0; i < 5000; i++) {
        deep = Type.list(deep);
      }
      Type tooDeep = Type.struct(List.of("d"), List.of(deep));
      assertThatThrownBy(() -> AvroTypes.fromType(tooDeep))
          .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("nested deeper");
    });
  }

  @Test
  void recordsNestedDeeplyAreWrittenAndReadOnASmallStack() throws Exception {
    AvroSchema schema = records(300);
    Path p = dir.resolve("deep.trv");
    Type rowType = AvroTypes.rowType(schema);
    // core's vectors recurse through the type too: made here, used on the small stack
    ColumnBatch written = new ColumnBatch(rowType, 4);
    ColumnBatch read = new ColumnBatch(rowType, 4);
    onSmallStack(() -> {
      AvroColumns columns = AvroColumns.of(schema);
      try (TrevniFileWriter w = TrevniFileWriter.create(OutputFile.local(p), columns.specs(),
          TrevniWriterOptions.defaults())) {
        RowWriter rows = new RowWriter(schema, columns, w);
        ColumnBatch batch = written;
        batch.size = 3;
        long[] values = leaf(batch);
        values[0] = 7;
        values[1] = -1;
        values[2] = Long.MAX_VALUE;
        rows.write(batch);
      }
      try (TrevniFile file = TrevniFile.open(InputFile.local(p))) {
        RowReader rows = new RowReader(file, schema, rowType, 1 << 20);
        ColumnBatch batch = read;
        assertThat(rows.next(batch)).isTrue();
        assertThat(batch.size).isEqualTo(3);
        assertThat(leaf(batch)).startsWith(7, -1, Long.MAX_VALUE);
        rows.seek(1);
        assertThat(rows.next(batch)).isTrue();
        assertThat(leaf(batch)).startsWith(-1, Long.MAX_VALUE);
      }
    });
    assertThat(Files.size(p)).isPositive();
  }

  /** How many levels {@code t} nests (a list of lists is one deep per list). */
  private static int depth(Type t) {
    int d = 0;
    while (!t.children().isEmpty()) {
      t = t.child(0);
      d++;
    }
    return d;
  }

  /** The long values at the bottom of the nested structs. */
  private static long[] leaf(ColumnBatch batch) {
    io.colfile.core.vector.ColumnVector v = batch.cols[0];
    while (v instanceof StructVector s) {
      v = s.fields[0];
    }
    return ((io.colfile.core.vector.LongVector) v).vector;
  }
}
