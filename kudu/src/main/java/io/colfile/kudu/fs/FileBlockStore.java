package io.colfile.kudu.fs;

import io.colfile.core.io.InputFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The file block manager's blocks: one file per block, block id {@code B} at {@code
 * <data dir>/xx/yy/zz/<B as 16 zero-padded decimal digits>}, where {@code xx}, {@code yy} and
 * {@code zz} are bytes 2, 3 and 4 of {@code B} counted from the most significant (two lower-case
 * hex digits each) and the top two bytes are the index of the data directory.
 */
public final class FileBlockStore implements BlockStore {
  static final String KIND = "file";
  private final DataDirs dirs;

  FileBlockStore(DataDirs dirs) {
    this.dirs = dirs;
  }

  @Override
  public String kind() {
    return KIND;
  }

  @Override
  public List<Path> dataDirs() {
    return dirs.present();
  }

  /** Where block {@code blockId} is, whether or not the file exists. */
  public Path blockPath(long blockId) throws NoSuchFileException {
    int index = (int) (blockId >>> 48);
    Path dir = index < dirs.byIndex().size() ? dirs.byIndex().get(index) : null;
    if (dir == null) {
      throw new NoSuchFileException("block " + Long.toUnsignedString(blockId), null,
          "its data directory (index " + index + (index < dirs.uuids().size() ? ", uuid "
              + dirs.uuids().get(index) : "") + ") is not among " + dataDirs());
    }
    return dir.resolve(String.format("%02x", (blockId >>> 40) & 0xff))
        .resolve(String.format("%02x", (blockId >>> 32) & 0xff))
        .resolve(String.format("%02x", (blockId >>> 24) & 0xff))
        .resolve(decimal16(blockId));
  }

  private static String decimal16(long blockId) {
    String s = Long.toUnsignedString(blockId);
    return "0".repeat(Math.max(0, 16 - s.length())) + s;
  }

  @Override
  public InputFile open(long blockId) throws IOException {
    Path p = blockPath(blockId);
    try {
      return InputFile.local(p);
    } catch (NoSuchFileException e) {
      throw new NoSuchFileException(p.toString(), null,
          "block " + Long.toUnsignedString(blockId) + " is missing");
    }
  }

  /** Every block file under the data directories (names of 16 or more digits). */
  @Override
  public SortedSet<Long> blockIds() throws IOException {
    SortedSet<Long> out = new TreeSet<>(Long::compareUnsigned);
    for (Path d : dataDirs()) {
      try (Stream<Path> files = Files.walk(d, 4)) {
        files.filter(Files::isRegularFile)
            .map(p -> p.getFileName().toString())
            .filter(n -> n.length() >= 16 && n.chars().allMatch(Character::isDigit))
            .forEach(n -> out.add(Long.parseUnsignedLong(n)));
      }
    }
    return Collections.unmodifiableSortedSet(out);
  }
}
