package io.colfile.kudu.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.error.CorruptFileException;
import io.colfile.core.io.InputFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Both block stores on hand-made data directories: the log block manager's live blocks are those
 * created and not deleted, at their offsets in the data file; the file block manager finds a
 * block in the data directory its id's top bytes name, whatever order the directories are given
 * in; missing files and blocks are errors that name them; nothing is written.
 */
class BlockStoreTest {
  @TempDir Path tmp;

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  private static String readAll(BlockStore store, long id) throws IOException {
    try (InputFile f = store.open(id)) {
      return new String(f.read(0, (int) f.length()), StandardCharsets.US_ASCII);
    }
  }

  private Path logDir(String name, String uuid, List<String> all) throws IOException {
    Path d = Files.createDirectories(tmp.resolve(name).resolve("data"));
    Files.write(d.resolve("block_manager_instance"), Containers.dirInstance(uuid, all, "log"));
    return d;
  }

  @Test
  void logStoreLiveBlocksAreCreatedAndNotDeleted() throws IOException {
    Path d = logDir("a", "u0", List.of("u0"));
    Files.write(d.resolve("c1.data"), bytes("AAAAABBBCCCC"));
    byte[] meta = Containers.container(2, "kudu.BlockRecordPB", List.of(
        Containers.create(1, 0, 5), Containers.create(2, 5, 3), Containers.delete(1),
        Containers.create(3, 8, 4)));
    // a crash while appending a fourth record: half of it is there
    byte[] torn = Containers.record(2, Containers.delete(3));
    byte[] withTorn = Arrays.copyOf(meta, meta.length + torn.length - 2);
    System.arraycopy(torn, 0, withTorn, meta.length, torn.length - 2);
    Files.write(d.resolve("c1.metadata"), withTorn);
    Map<String, Long> before = snapshot(tmp);

    BlockStore store = BlockStore.open(List.of(d));
    assertThat(store).isInstanceOf(LogBlockStore.class);
    assertThat(store.kind()).isEqualTo("log");
    assertThat(store.blockIds()).containsExactly(2L, 3L);
    assertThat(readAll(store, 2)).isEqualTo("BBB");
    assertThat(readAll(store, 3)).isEqualTo("CCCC");
    assertThat(((LogBlockStore) store).notes()).singleElement().asString()
        .contains("c1.metadata", "torn last record at offset " + meta.length);
    assertThatThrownBy(() -> store.open(1)).isInstanceOf(NoSuchFileException.class)
        .hasMessageContaining("block 1").hasMessageContaining("no container");
    try (InputFile f = store.open(3)) {
      assertThatThrownBy(() -> f.read(2, 3)).hasMessageContaining("outside the block");
      assertThat(f.name()).contains("c1.data", "block 3", "file offset 8");
    }
    assertThat(snapshot(tmp)).isEqualTo(before);
  }

  @Test
  void logStoreMissingDataFileIsNamed() throws IOException {
    Path d = logDir("a", "u0", List.of("u0"));
    Files.write(d.resolve("c1.metadata"), Containers.container(2, "kudu.BlockRecordPB",
        List.of(Containers.create(7, 0, 5))));
    LogBlockStore store = (LogBlockStore) BlockStore.open(List.of(d));
    assertThat(store.notes()).singleElement().asString().contains("c1.data", "missing");
    assertThatThrownBy(() -> store.open(7)).isInstanceOf(NoSuchFileException.class)
        .hasMessageContaining(d.resolve("c1.data").toString())
        .hasMessageContaining("block 7");
  }

  @Test
  void logStoreMalformedRecordsAreDamage() throws IOException {
    Path d = logDir("a", "u0", List.of("u0"));
    Files.write(d.resolve("c1.data"), bytes("AAAA"));
    Path meta = d.resolve("c1.metadata");
    Files.write(meta, Containers.container(2, "kudu.BlockRecordPB",
        List.of(Containers.create(1, 0, 2), Containers.create(2, 2, 9))));
    assertThatThrownBy(() -> BlockStore.open(List.of(d)))
        .isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("block 2 at 2 (9 bytes) runs past the end")
        .hasMessageContaining(meta.toString());
    Files.write(meta, Containers.container(2, "kudu.BlockRecordPB",
        List.of(Containers.create(1, 0, 2), Containers.delete(5))));
    assertThatThrownBy(() -> BlockStore.open(List.of(d)))
        .isInstanceOf(CorruptFileException.class).hasMessageContaining("DELETE of block 5");
    Files.write(meta, Containers.container(2, "kudu.BlockRecordPB",
        List.of(Containers.create(1, 0, 2), Containers.create(1, 2, 2))));
    assertThatThrownBy(() -> BlockStore.open(List.of(d)))
        .isInstanceOf(CorruptFileException.class).hasMessageContaining("created twice");
  }

  @Test
  void logStoreSpansDataDirectories() throws IOException {
    Path a = logDir("a", "u0", List.of("u0", "u1"));
    Path b = logDir("b", "u1", List.of("u0", "u1"));
    Files.write(a.resolve("x.data"), bytes("xx"));
    Files.write(a.resolve("x.metadata"), Containers.container(2, "kudu.BlockRecordPB",
        List.of(Containers.create(10, 0, 2))));
    Files.write(b.resolve("y.data"), bytes("yyy"));
    Files.write(b.resolve("y.metadata"), Containers.container(2, "kudu.BlockRecordPB",
        List.of(Containers.create(11, 0, 3))));
    BlockStore store = BlockStore.open(List.of(b, a));
    assertThat(store.dataDirs()).containsExactly(a, b);
    assertThat(readAll(store, 10)).isEqualTo("xx");
    assertThat(readAll(store, 11)).isEqualTo("yyy");
  }

  @Test
  void fileStoreFindsBlocksByDirectoryIndex() throws IOException {
    List<String> all = List.of("u0", "u1");
    Path a = Files.createDirectories(tmp.resolve("a/data"));
    Path b = Files.createDirectories(tmp.resolve("b/data"));
    Files.write(a.resolve("block_manager_instance"), Containers.dirInstance("u0", all, "file"));
    Files.write(b.resolve("block_manager_instance"), Containers.dirInstance("u1", all, "file"));
    long inB = (1L << 48) | 0x0000_9f48_b4a1_0203L;
    Path p = b.resolve("9f/48/b4/" + String.format("%016d", inB));
    Files.createDirectories(p.getParent());
    Files.write(p, bytes("hello"));
    long inA = 0x0000_0000_0000_0042L;
    Path q = a.resolve("00/00/00/0000000000000066");
    Files.createDirectories(q.getParent());
    Files.write(q, bytes("a block"));

    BlockStore store = BlockStore.open(List.of(b, a));
    assertThat(store).isInstanceOf(FileBlockStore.class);
    assertThat(((FileBlockStore) store).blockPath(inB)).isEqualTo(p);
    assertThat(((FileBlockStore) store).blockPath(inA)).isEqualTo(q);
    assertThat(readAll(store, inB)).isEqualTo("hello");
    assertThat(readAll(store, inA)).isEqualTo("a block");
    assertThat(store.blockIds()).containsExactlyInAnyOrder(inA, inB);
    assertThatThrownBy(() -> store.open(inA + 1)).isInstanceOf(NoSuchFileException.class)
        .hasMessageContaining(a.resolve("00/00/00/0000000000000067").toString())
        .hasMessageContaining("missing");
    BlockStore onlyA = BlockStore.open(List.of(a));
    assertThatThrownBy(() -> onlyA.open(inB)).isInstanceOf(NoSuchFileException.class)
        .hasMessageContaining("index 1, uuid u1");
  }

  @Test
  void directoriesOfDifferentBlockManagersOrNoneAreRefused() throws IOException {
    Path a = logDir("a", "u0", List.of("u0", "u1"));
    Path b = Files.createDirectories(tmp.resolve("b/data"));
    assertThatThrownBy(() -> BlockStore.open(List.of(a, b)))
        .isInstanceOf(NoSuchFileException.class).hasMessageContaining("block_manager_instance");
    Files.write(b.resolve("block_manager_instance"),
        Containers.dirInstance("u1", List.of("u0", "u1"), "file"));
    assertThatThrownBy(() -> BlockStore.open(List.of(a, b)))
        .isInstanceOf(CorruptFileException.class).hasMessageContaining("'file' block manager");
  }

  /** Every file under {@code root} with its size and modification time. */
  private static Map<String, Long> snapshot(Path root) throws IOException {
    Map<String, Long> out = new TreeMap<>();
    try (var s = Files.walk(root)) {
      for (Path p : (Iterable<Path>) s::iterator) {
        out.put(p.toString(), Files.isRegularFile(p)
            ? Files.size(p) * 31 + Files.getLastModifiedTime(p).toMillis() : -1);
      }
    }
    return out;
  }
}
