package io.colfile.core.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalFilesTest {
  @TempDir
  Path dir;

  @Test
  void outputAppearsOnlyWhenClosed() throws IOException {
    Path target = dir.resolve("out.bin");
    AtomicOutputStream out = OutputFile.local(target).create();
    out.write(new byte[] {1, 2, 3});
    out.write(4);
    assertThat(out.position()).isEqualTo(4);
    assertThat(target).doesNotExist();
    out.close();
    assertThat(Files.readAllBytes(target)).containsExactly(1, 2, 3, 4);
    assertThat(entries()).containsExactly("out.bin");
  }

  @Test
  void abortLeavesNothingAndKeepsWhatWasThere() throws IOException {
    Path target = dir.resolve("keep.bin");
    Files.writeString(target, "the user's file");
    AtomicOutputStream out = OutputFile.local(target).create();
    out.write(new byte[1000]);
    out.abort();
    out.close(); // closing after abort publishes nothing
    assertThat(Files.readString(target)).isEqualTo("the user's file");
    assertThat(entries()).containsExactly("keep.bin");
  }

  @Test
  void closeReplacesAnExistingFileWhole() throws IOException {
    Path target = dir.resolve("replace.bin");
    Files.writeString(target, "old contents, longer than the new ones");
    try (AtomicOutputStream out = OutputFile.local(target).create()) {
      out.write("new".getBytes(StandardCharsets.US_ASCII));
    }
    assertThat(Files.readString(target)).isEqualTo("new");
    assertThat(entries()).containsExactly("replace.bin");
  }

  @Test
  void positionalReadsAndTheirBounds() throws IOException {
    Path file = dir.resolve("in.bin");
    Files.write(file, new byte[] {10, 11, 12, 13, 14});
    try (InputFile in = InputFile.local(file)) {
      assertThat(in.length()).isEqualTo(5);
      assertThat(in.read(1, 3)).containsExactly(11, 12, 13);
      assertThat(in.read(5, 0)).isEmpty();
      assertThatThrownBy(() -> in.read(3, 3)).isInstanceOf(EOFException.class)
          .hasMessageContaining("in.bin");
      assertThatThrownBy(() -> in.read(-1, 1)).isInstanceOf(EOFException.class);
    }
    InputFile mem = InputFile.of("memory", new byte[] {1, 2});
    assertThat(mem.read(0, 2)).containsExactly(1, 2);
    assertThatThrownBy(() -> mem.read(1, 2)).isInstanceOf(EOFException.class)
        .hasMessageContaining("memory");
  }

  private String[] entries() throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).sorted().toArray(String[]::new);
    }
  }
}
