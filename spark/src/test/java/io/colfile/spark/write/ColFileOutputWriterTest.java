package io.colfile.spark.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.FileReader;
import io.colfile.core.ColFile;
import io.colfile.core.ReadOptions;
import io.colfile.core.BatchReader;
import io.colfile.testkit.Rows;
import io.colfile.testkit.TestSeed;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.util.CharVarcharUtils;
import org.apache.spark.sql.execution.datasources.OutputWriter;
import org.apache.spark.sql.execution.datasources.OutputWriterFactory;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.types.CharType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.VarcharType;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Rows written through the factory's writers, as a Spark task does, and read back. */
@ExtendWith(TestSeed.class)
class ColFileOutputWriterTest {
  /** Every type the writer converts, nested in every way; "id" is not nullable. */
  static final StructType SCHEMA = CharVarcharUtils.replaceCharVarcharWithStringInSchema(
      new StructType()
          .add("id", DataTypes.LongType, false)
          .add("b", DataTypes.BooleanType)
          .add("i8", DataTypes.ByteType)
          .add("i16", DataTypes.ShortType)
          .add("i32", DataTypes.IntegerType)
          .add("f", DataTypes.FloatType)
          .add("d", DataTypes.DoubleType)
          .add("s", DataTypes.StringType)
          .add("c", new CharType(5))
          .add("vc", new VarcharType(10))
          .add("bin", DataTypes.BinaryType)
          .add("day", DataTypes.DateType)
          .add("ts", DataTypes.TimestampType)
          .add("ntz", DataTypes.TimestampNTZType)
          .add("dec", DataTypes.createDecimalType(18, 4))
          .add("wide", DataTypes.createDecimalType(38, 10))
          .add("st", new StructType()
              .add("x", DataTypes.IntegerType)
              .add("inner", new StructType().add("t", DataTypes.TimestampType)
                  .add("str", DataTypes.StringType)))
          .add("arr", DataTypes.createArrayType(DataTypes.IntegerType, true))
          .add("nested", DataTypes.createArrayType(
              DataTypes.createArrayType(DataTypes.StringType, true), true))
          .add("structs", DataTypes.createArrayType(new StructType()
              .add("k", DataTypes.StringType).add("v", DataTypes.createDecimalType(25, 3)), true))
          .add("m", DataTypes.createMapType(DataTypes.StringType, DataTypes.LongType, true))
          .add("mm", DataTypes.createMapType(DataTypes.IntegerType,
              DataTypes.createMapType(DataTypes.StringType,
                  DataTypes.createArrayType(DataTypes.DateType)), true)));

  private static final int ROWS = 3_000;

  @TempDir
  Path dir;

  static TaskAttemptContext task() {
    return new TaskAttemptContextImpl(new Configuration(),
        new TaskAttemptID("colfile", 1, TaskType.MAP, 0, 0));
  }

  static OutputWriterFactory factory(StructType schema, Map<String, String> options) {
    return ColFileWriteSupport.prepareWrite(options, schema, new SQLConf());
  }

  /** A task's writer of the file {@code name} (and the extension) in the directory. */
  private OutputWriter writer(StructType schema, Map<String, String> options, String name) {
    OutputWriterFactory factory = factory(schema, options);
    return factory.newInstance(file(factory, name), schema, task());
  }

  private String file(OutputWriterFactory factory, String name) {
    return dir.resolve(name + factory.getFileExtension(task())).toUri().toString();
  }

  private static List<Object> readBack(String uri) throws IOException {
    try (FileReader file = ColFile.open(Path.of(java.net.URI.create(uri)));
         BatchReader rows = file.read(ReadOptions.defaults())) {
      return Rows.readAll(rows);
    }
  }

  /** The files in the directory, but Hadoop's local checksum files. */
  private List<String> files() throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).filter(n -> !n.endsWith(".crc")).sorted()
          .toList();
    }
  }

  @ParameterizedTest
  @CsvSource(nullValues = "-", value = {
      "orc, -, .zstd.orc, ZSTD",
      "orc, snappy, .snappy.orc, SNAPPY",
      "orc, uncompressed, .orc, NONE",
      "trevni, -, .trevni, -",
      "trevni, zlib, .zlib.trevni, -"})
  void writesEveryTypeAndReadsItBack(String format, String compression, String extension,
      String orcCodec) throws Exception {
    Map<String, String> options = compression == null ? Map.of("format", format)
        : Map.of("FORMAT", format, "Compression", compression);
    OutputWriterFactory factory = serializedCopy(factory(SCHEMA, options));
    assertThat(factory.getFileExtension(task())).isEqualTo(extension);
    String path = file(factory, "part-00000");

    Random rnd = TestSeed.random("writesEveryType/" + format + "/" + compression, 0);
    SparkValues values = new SparkValues(rnd, format);
    io.colfile.core.types.Type type = io.colfile.spark.types.SparkTypes.fromSpark(SCHEMA);
    List<Object> expected = new ArrayList<>();
    OutputWriter writer = factory.newInstance(path, SCHEMA, task());
    assertThat(writer.path()).isEqualTo(path);
    for (int i = 0; i < ROWS; i++) {
      SparkValues.Value row = values.row(type);
      writer.write((InternalRow) row.spark());
      expected.add(row.expected());
    }
    writer.close();

    assertThat(files()).containsExactly(path.substring(path.lastIndexOf('/') + 1));
    List<Object> actual = readBack(path);
    assertThat(actual).hasSize(ROWS);
    if (format.equals("trevni")) {
      // Avro maps have string keys: Trevni stores other maps as arrays of key/value records
      expected = expected.stream().map(r -> withIntKeyedMapsAsRecords(type, r)).toList();
    }
    for (int i = 0; i < ROWS; i++) {
      assertThat(actual.get(i)).as("row %d; %s", i, TestSeed.replay()).isEqualTo(expected.get(i));
    }
    if (orcCodec != null) {
      try (FileReader f = ColFile.open(Path.of(java.net.URI.create(path)))) {
        assertThat(f.formatName()).isEqualTo("ORC");
        assertThat(f.describe().toString()).contains(orcCodec);
      }
    }
    assertEdgeCasesDrawn(expected);
  }

  /** {@code value} of {@code t}, maps with keys other than strings as lists of [key, value]. */
  private static Object withIntKeyedMapsAsRecords(io.colfile.core.types.Type t, Object value) {
    if (value == null) {
      return null;
    }
    switch (t.kind()) {
      case STRUCT: {
        List<?> fields = (List<?>) value;
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < fields.size(); i++) {
          out.add(withIntKeyedMapsAsRecords(t.child(i), fields.get(i)));
        }
        return out;
      }
      case LIST:
        return ((List<?>) value).stream()
            .map(e -> withIntKeyedMapsAsRecords(t.child(0), e)).toList();
      case MAP: {
        boolean stringKeys = t.child(0).kind() == io.colfile.core.types.TypeKind.STRING;
        List<Object> out = new ArrayList<>();
        for (Object o : (List<?>) value) {
          Map.Entry<?, ?> e = (Map.Entry<?, ?>) o;
          Object v = withIntKeyedMapsAsRecords(t.child(1), e.getValue());
          out.add(stringKeys ? new java.util.AbstractMap.SimpleImmutableEntry<>(e.getKey(), v)
              : java.util.Arrays.asList(e.getKey(), v));
        }
        return out;
      }
      default:
        return value;
    }
  }

  /** The random rows hold what the test claims to cover. */
  private static void assertEdgeCasesDrawn(List<Object> rows) {
    Set<String> seen = new TreeSet<>();
    for (Object r : rows) {
      List<?> row = (List<?>) r;
      Instant ts = (Instant) row.get(12);
      List<?> st = (List<?>) row.get(16);
      List<?> arr = (List<?>) row.get(17);
      List<?> m = (List<?>) row.get(20);
      ByteBuffer s = (ByteBuffer) row.get(7);
      seenIf(seen, "null timestamp", ts == null);
      seenIf(seen, "before 1970 with micros",
          ts != null && ts.getEpochSecond() < 0 && ts.getNano() % 1_000_000 != 0);
      seenIf(seen, "null struct", st == null);
      seenIf(seen, "null struct in a struct", st != null && st.get(1) == null);
      seenIf(seen, "empty array", arr != null && arr.isEmpty());
      seenIf(seen, "null element", arr != null && arr.contains(null));
      seenIf(seen, "empty map", m != null && m.isEmpty());
      seenIf(seen, "string over 8 KiB", s != null && s.remaining() > 8192);
    }
    assertThat(seen).as(TestSeed.replay()).containsExactlyInAnyOrder("null timestamp",
        "before 1970 with micros", "null struct", "null struct in a struct", "empty array",
        "null element", "empty map", "string over 8 KiB");
  }

  private static void seenIf(Set<String> seen, String what, boolean condition) {
    if (condition) {
      seen.add(what);
    }
  }

  private static OutputWriterFactory serializedCopy(OutputWriterFactory f) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(f);
    }
    try (ObjectInputStream in = new ObjectInputStream(
        new ByteArrayInputStream(bytes.toByteArray()))) {
      return (OutputWriterFactory) in.readObject();
    }
  }

  @Test
  void copiesStringsWhoseBufferSparkReuses() throws Exception {
    StructType schema = new StructType().add("s", DataTypes.StringType);
    OutputWriter writer = writer(schema, Map.of(), "reuse");
    byte[] buffer = new byte[3];
    List<Object> expected = new ArrayList<>();
    for (int i = 0; i < 1500; i++) {
      byte[] value = String.format("%03d", i % 1000).getBytes(StandardCharsets.US_ASCII);
      System.arraycopy(value, 0, buffer, 0, 3);
      writer.write(new GenericInternalRow(new Object[] {UTF8String.fromBytes(buffer)}));
      expected.add(List.of(ByteBuffer.wrap(value)));
    }
    writer.close();
    assertThat(readBack(writer.path())).isEqualTo(expected);
  }

  @Test
  void aRowThatCannotBeConvertedLeavesNoFile() throws Exception {
    StructType schema = new StructType().add("s", DataTypes.StringType);
    OutputWriter writer = writer(schema, Map.of(), "broken");
    for (int i = 0; i < 2_500; i++) { // two batches already went to the file
      writer.write(new GenericInternalRow(new Object[] {UTF8String.fromString("row " + i)}));
    }
    assertThat(files()).as("written DIRECTly under its name").hasSize(1);
    assertThatThrownBy(() -> writer.write(new GenericInternalRow(new Object[] {42})))
        .isInstanceOf(ClassCastException.class);
    writer.close(); // Spark closes the writer of a failed task too: it must not publish
    assertThat(Files.list(dir)).isEmpty();
  }

  @Test
  void aFailureAtCloseLeavesNoFile() throws Exception {
    StructType schema = new StructType().add("id", DataTypes.LongType, false);
    // Trevni refuses NULLs in a column declared without them (ORC stores them)
    OutputWriter writer = writer(schema, Map.of("format", "trevni"), "null-in-not-null");
    for (int i = 0; i < 1_100; i++) {
      writer.write(new GenericInternalRow(new Object[] {(long) i}));
    }
    writer.write(new GenericInternalRow(new Object[] {null})); // found when the batch is written
    assertThatThrownBy(writer::close).hasMessageContaining("id");
    assertThat(Files.list(dir)).isEmpty();
  }

  @Test
  void aFailureWritingTheFileIsAnUncheckedIOExceptionAndLeavesNothing() throws Exception {
    StructType schema = new StructType().add("id", DataTypes.LongType);
    OutputWriterFactory factory = factory(schema, Map.of());
    Path blocker = dir.resolve("not-a-dir");
    Files.writeString(blocker, "x");
    String path = blocker.resolve("part" + factory.getFileExtension(task())).toUri().toString();
    assertThatThrownBy(() -> factory.newInstance(path, schema, task()))
        .isInstanceOf(UncheckedIOException.class).hasMessageContaining("part");
    assertThat(files()).containsExactly("not-a-dir");
  }
}
