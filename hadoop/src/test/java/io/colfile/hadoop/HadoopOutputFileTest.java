package io.colfile.hadoop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.io.AtomicOutputStream;
import io.colfile.hadoop.HadoopOutputFile.Publish;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

@ExtendWith(TestSeed.class)
class HadoopOutputFileTest {
  @TempDir
  java.nio.file.Path dir;

  private final Configuration conf = new Configuration();

  private Path hadoopPath(String name) {
    return new Path(dir.resolve(name).toUri());
  }

  /** The directory's entries, without the checksum files Hadoop's local file system adds. */
  private List<String> entries() throws IOException {
    try (Stream<java.nio.file.Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).filter(n -> !n.endsWith(".crc")).sorted()
          .toList();
    }
  }

  /** Every entry, checksum files included: nothing temporary may be left behind. */
  private List<String> allEntries() throws IOException {
    try (Stream<java.nio.file.Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  private static byte[] randomBytes(String name) {
    Random r = TestSeed.random(name, 0);
    byte[] b = new byte[1 + r.nextInt(300_000)];
    r.nextBytes(b);
    return b;
  }

  @Test
  void localFilesAreRenamedIntoPlace() throws IOException {
    assertThat(HadoopOutputFile.of(hadoopPath("a.orc"), conf).mode()).isEqualTo(Publish.RENAME);
    FileSystem fs = FileSystem.getLocal(conf);
    assertThat(HadoopOutputFile.of(fs, hadoopPath("a.orc"), Publish.DIRECT).mode())
        .isEqualTo(Publish.DIRECT);
  }

  @Test
  void nothingIsVisibleBeforeClose() throws IOException {
    byte[] bytes = randomBytes("hadoop-publish");
    HadoopOutputFile file = HadoopOutputFile.of(hadoopPath("out.bin"), conf);
    AtomicOutputStream out = file.create();
    out.write(bytes, 0, bytes.length - 1);
    out.write(bytes[bytes.length - 1]);
    out.flush();
    assertThat(out.position()).isEqualTo(bytes.length);
    assertThat(dir.resolve("out.bin")).doesNotExist();
    assertThat(entries()).singleElement().asString().startsWith(".out.bin.").endsWith(".tmp");
    out.close();
    out.close(); // idempotent
    assertThat(Files.readAllBytes(dir.resolve("out.bin"))).isEqualTo(bytes);
    assertThat(allEntries()).containsExactly(".out.bin.crc", "out.bin");
  }

  @Test
  void abortLeavesNothing() throws IOException {
    AtomicOutputStream out = HadoopOutputFile.of(hadoopPath("gone.bin"), conf).create();
    out.write(randomBytes("hadoop-abort"));
    out.abort();
    out.close(); // closing after abort publishes nothing
    assertThat(allEntries()).isEmpty();
  }

  @Test
  void anExistingFileIsReplacedOnCloseAndKeptOnAbort() throws IOException {
    java.nio.file.Path target = dir.resolve("keep.bin");
    Files.writeString(target, "the user's file");
    HadoopOutputFile file = HadoopOutputFile.of(hadoopPath("keep.bin"), conf);

    AtomicOutputStream aborted = file.create();
    aborted.write(new byte[1000]);
    aborted.abort();
    assertThat(Files.readString(target)).isEqualTo("the user's file");
    assertThat(allEntries()).containsExactly("keep.bin");

    byte[] bytes = randomBytes("hadoop-replace");
    try (AtomicOutputStream out = file.create()) {
      out.write(bytes);
      assertThat(Files.readString(target)).isEqualTo("the user's file");
    }
    assertThat(Files.readAllBytes(target)).isEqualTo(bytes);
    assertThat(entries()).containsExactly("keep.bin");
    assertThat(allEntries()).noneMatch(n -> n.contains(".tmp") || n.contains(".old"));
  }

  @Test
  void aFailedPublishLeavesWhatWasThere() throws IOException {
    // a directory appears at the target while the file is written: close fails, the directory
    // and what it holds are untouched and the temporary file is gone
    AtomicOutputStream out = HadoopOutputFile.of(hadoopPath("late"), conf).create();
    out.write("rows".getBytes(StandardCharsets.UTF_8));
    Files.createDirectory(dir.resolve("late"));
    Files.writeString(dir.resolve("late").resolve("inside"), "kept");
    assertThatThrownBy(out::close).isInstanceOf(IOException.class).hasMessageContaining("late");
    assertThat(allEntries()).containsExactly("late");
    try (Stream<java.nio.file.Path> s = Files.list(dir.resolve("late"))) {
      assertThat(s.map(p -> p.getFileName().toString()).toList()).containsExactly("inside");
    }
    assertThat(Files.readString(dir.resolve("late").resolve("inside"))).isEqualTo("kept");
  }

  @Test
  void aDirectoryAtTheTargetIsRefused() throws IOException {
    Files.createDirectory(dir.resolve("d"));
    assertThatThrownBy(() -> HadoopOutputFile.of(hadoopPath("d"), conf).create())
        .isInstanceOf(IOException.class).hasMessageContaining("directory");
    assertThat(allEntries()).containsExactly("d");
  }

  @Test
  void directModeWritesTheFinalNameAndDeletesItOnAbort() throws IOException {
    FileSystem fs = FileSystem.getLocal(conf);
    HadoopOutputFile file = HadoopOutputFile.of(fs, hadoopPath("direct.bin"), Publish.DIRECT);
    byte[] bytes = randomBytes("hadoop-direct");
    try (AtomicOutputStream out = file.create()) {
      // the local file system shows the file as soon as it is created: no temporary name
      assertThat(entries()).containsExactly("direct.bin");
      out.write(bytes);
    }
    assertThat(Files.readAllBytes(dir.resolve("direct.bin"))).isEqualTo(bytes);
    assertThat(entries()).containsExactly("direct.bin");

    AtomicOutputStream aborted = HadoopOutputFile.of(fs, hadoopPath("aborted.bin"),
        Publish.DIRECT).create();
    aborted.write(bytes);
    assertThat(entries()).containsExactly("aborted.bin", "direct.bin");
    aborted.abort();
    aborted.close();
    assertThat(allEntries()).containsExactly(".direct.bin.crc", "direct.bin");
  }

  /**
   * Where streams cannot be aborted (here, the local file system) a direct write could not keep
   * an earlier file if it failed: an existing target is refused before anything is written.
   */
  @Test
  void directModeRefusesToPutAnExistingFileAtRisk() throws IOException {
    FileSystem fs = FileSystem.getLocal(conf);
    byte[] earlier = randomBytes("hadoop-direct-earlier");
    Files.write(dir.resolve("kept.bin"), earlier);
    HadoopOutputFile file = HadoopOutputFile.of(fs, hadoopPath("kept.bin"), Publish.DIRECT);
    assertThatThrownBy(file::create).isInstanceOf(IOException.class)
        .hasMessageContaining("kept.bin").hasMessageContaining("exists");
    assertThat(Files.readAllBytes(dir.resolve("kept.bin"))).isEqualTo(earlier);
    assertThat(allEntries()).containsExactly("kept.bin");
  }
}
