package io.colfile.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.error.CorruptFileException;
import io.colfile.core.io.ForwardingInputFile;
import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The format-independent entry points, against a format registered for core's tests only
 * ({@link FakeFormat}: files starting with {@code FAKE}, directories holding {@code fake.dir}).
 */
class ColFileTest {
  private static final Type SCHEMA = Type.parse("struct<a:int>");

  @TempDir Path dir;

  @Test
  void theFormatsAreFoundOnceAndCannotBeChanged() {
    List<FormatProvider> formats = ColFile.formats();
    assertThat(formats).extracting(FormatProvider::name).containsExactly("Fake");
    assertThat(ColFile.formats()).isSameAs(formats);
    assertThatThrownBy(() -> formats.add(new FakeFormat()))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void aFileNoFormatRecognisesIsClosedWhenRefused() {
    Tracked unknown = new Tracked("unknown.bin", "NOT A COLUMN FILE");
    assertThatThrownBy(() -> ColFile.open(unknown)).isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("unknown.bin").hasMessageContaining("Fake");
    assertThat(unknown.closed).isTrue();
    Tracked empty = new Tracked("empty.bin", "");
    assertThatThrownBy(() -> ColFile.open(empty)).isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("empty");
    assertThat(empty.closed).isTrue();
  }

  @Test
  void theReaderOwnsTheFileItOpened() throws IOException {
    Tracked file = new Tracked("a.fake", "FAKE 7 rows");
    FileReader reader = ColFile.open(file);
    assertThat(reader.formatName()).isEqualTo("Fake");
    assertThat(file.closed).isFalse();
    reader.close();
    assertThat(file.closed).isTrue();
  }

  @Test
  void aPathIsAFileOrADirectoryDataset() throws IOException {
    Path file = dir.resolve("a.fake");
    Files.writeString(file, "FAKE file");
    try (FileReader r = ColFile.open(file)) {
      assertThat(r.describe()).containsEntry("from", "a.fake");
    }
    Path set = Files.createDirectory(dir.resolve("set"));
    Files.writeString(set.resolve("fake.dir"), "");
    try (FileReader r = ColFile.open(set)) {
      assertThat(r.describe()).containsEntry("from", "directory set");
    }
    Path plain = Files.createDirectory(dir.resolve("plain"));
    assertThatThrownBy(() -> ColFile.open(plain)).isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("plain");
  }

  @Test
  void aWriterGoesToAFileOrADirectoryAsTheFormatWrites() throws IOException {
    Type schema = SCHEMA;
    FakeFormat.writesDirectories = false;
    try (FileWriter w = ColFile.writer("fake", dir.resolve("out.fake"), schema,
        WriteOptions.defaults())) {
      assertThat(((FakeWriter) w).target).isEqualTo("file out.fake");
    }
    FakeFormat.writesDirectories = true;
    try (FileWriter w = ColFile.writer("FAKE", dir.resolve("out"), schema,
        WriteOptions.defaults())) {
      assertThat(((FakeWriter) w).target).isEqualTo("directory out");
    } finally {
      FakeFormat.writesDirectories = false;
    }
    assertThatThrownBy(() -> ColFile.writer("parquet", dir.resolve("x"), schema,
        WriteOptions.defaults())).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("parquet").hasMessageContaining("Fake");
  }

  @Test
  void theVersionOfClassesOutsideAJarSaysSo() {
    // core's tests run on target/classes, which hold no pom.properties
    assertThat(ColFile.version()).isEqualTo("(development build)");
  }

  /** An InputFile over a string that records whether it was closed. */
  static final class Tracked extends ForwardingInputFile {
    boolean closed;

    Tracked(String name, String text) {
      super(InputFile.of(name, text.getBytes(StandardCharsets.US_ASCII)));
    }

    @Override
    public void close() {
      closed = true;
    }
  }

  /** The format core's tests register (META-INF/services in src/test/resources). */
  public static final class FakeFormat implements FormatProvider {
    static volatile boolean writesDirectories;

    @Override
    public String name() {
      return "Fake";
    }

    @Override
    public boolean matches(byte[] head, byte[] tail, long length) {
      return new String(head, StandardCharsets.US_ASCII).startsWith("FAKE");
    }

    @Override
    public FileReader open(InputFile file) {
      return new FakeReader(Path.of(file.name()).getFileName().toString(), file);
    }

    @Override
    public boolean matchesDirectory(Path d) {
      return Files.exists(d.resolve("fake.dir"));
    }

    @Override
    public FileReader openDirectory(Path d) {
      return new FakeReader("directory " + d.getFileName(), null);
    }

    @Override
    public boolean writesDirectories() {
      return writesDirectories;
    }

    @Override
    public FileWriter createDirectory(Path d, Type schema, WriteOptions options) {
      return new FakeWriter("directory " + d.getFileName());
    }

    @Override
    public FileWriter create(OutputFile file, Type schema, WriteOptions options) {
      return new FakeWriter("file " + Path.of(file.name()).getFileName());
    }
  }

  private record FakeReader(String from, InputFile file) implements FileReader {
    @Override
    public String formatName() {
      return "Fake";
    }

    @Override
    public Type schema() {
      return SCHEMA;
    }

    @Override
    public long numberOfRows() {
      return 0;
    }

    @Override
    public Map<String, Object> describe() throws IOException {
      Map<String, Object> out = FileReader.super.describe();
      out.put("from", from);
      return out;
    }

    @Override
    public BatchReader read(ReadOptions options) {
      throw new UnsupportedOperationException("not needed here");
    }

    @Override
    public void close() throws IOException {
      if (file != null) {
        file.close();
      }
    }
  }

  private static final class FakeWriter implements FileWriter {
    final String target;
    final List<ColumnBatch> written = new ArrayList<>();

    FakeWriter(String target) {
      this.target = target;
    }

    @Override
    public void write(ColumnBatch batch) {
      written.add(batch);
    }

    @Override
    public String formatName() {
      return "Fake";
    }

    @Override
    public Type schema() {
      return SCHEMA;
    }

    @Override
    public long numberOfRows() {
      return written.stream().mapToLong(b -> b.size).sum();
    }

    @Override
    public void close() {}

    @Override
    public void abort() {}
  }
}
