package io.colfile.kudu.fs;

import io.colfile.core.error.FileRegion;
import io.colfile.core.io.InputFile;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The log block manager's blocks: each data directory holds containers, pairs {@code <id>.data}
 * (blocks one after another, holes punched where deleted ones were) and {@code <id>.metadata} (a
 * {@link ProtoContainer} of block records). A CREATE record places a block at an offset and
 * length of the data file, a DELETE record removes it; the live blocks are those created and not
 * deleted. A torn last record (a crash mid-append) is ignored as Kudu ignores it; records Kudu
 * would call malformed (a CREATE without offset or length, or past the end of the data file, a
 * block created twice, a DELETE of a block not live) are damage.
 */
public final class LogBlockStore implements BlockStore {
  static final String KIND = "log";
  static final String METADATA_SUFFIX = ".metadata";
  static final String DATA_SUFFIX = ".data";

  /** Where a live block is. */
  private record Location(Path data, long offset, long length) {}

  private final DataDirs dirs;
  private final Map<Long, Location> live;
  private final List<String> notes;

  private LogBlockStore(DataDirs dirs, Map<Long, Location> live, List<String> notes) {
    this.dirs = dirs;
    this.live = live;
    this.notes = List.copyOf(notes);
  }

  static LogBlockStore open(DataDirs dirs) throws IOException {
    Map<Long, Location> live = new HashMap<>();
    List<String> notes = new ArrayList<>();
    for (Path dir : dirs.present()) {
      List<Path> metadata = new ArrayList<>();
      try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, "*" + METADATA_SUFFIX)) {
        s.forEach(metadata::add);
      }
      Collections.sort(metadata);
      for (Path m : metadata) {
        readContainer(m, live, notes);
      }
    }
    return new LogBlockStore(dirs, live, notes);
  }

  private static void readContainer(Path metadata, Map<Long, Location> live, List<String> notes)
      throws IOException {
    String file = metadata.getFileName().toString();
    Path data = metadata.resolveSibling(
        file.substring(0, file.length() - METADATA_SUFFIX.length()) + DATA_SUFFIX);
    long dataSize = Files.exists(data) ? Files.size(data) : -1;
    ProtoContainer c;
    try (InputFile in = InputFile.local(metadata)) {
      c = ProtoContainer.read(in);
    }
    FileRegion region = FileRegion.of(metadata.toString());
    if (!c.messageType().equals(ProtoCodec.BLOCK_RECORD_TYPE)) {
      throw region.corrupt("%s", "holds " + c.messageType() + " records, not "
          + ProtoCodec.BLOCK_RECORD_TYPE);
    }
    if (c.tornAt() >= 0) {
      notes.add(metadata + ": a torn last record at offset " + c.tornAt() + " is ignored");
    }
    Map<Long, Location> mine = new HashMap<>();
    for (ProtoContainer.Record rec : c.records()) {
      FileRegion at = region.slice("block record", rec.offset(), -1);
      ProtoCodec.BlockRecord r = ProtoCodec.blockRecord(rec, at);
      String id = Long.toUnsignedString(r.blockId());
      if (r.op() == ProtoCodec.CREATE) {
        if (r.offset() == null || r.length() == null || r.offset() < 0 || r.length() < 0) {
          throw at.corrupt("%s", "CREATE of block " + id + " without a valid offset and length");
        }
        if (dataSize >= 0 && r.length() > 0 && r.offset() + r.length() > dataSize) {
          throw at.corrupt("%s", "block " + id + " at " + r.offset() + " (" + r.length()
              + " bytes) runs past the end of " + data + " (" + dataSize + " bytes)");
        }
        if (mine.containsKey(r.blockId()) || live.containsKey(r.blockId())) {
          throw at.corrupt("%s", "block " + id + " is created twice");
        }
        mine.put(r.blockId(), new Location(data, r.offset(), r.length()));
      } else if (r.op() == ProtoCodec.DELETE) {
        if (mine.remove(r.blockId()) == null) {
          throw at.corrupt("%s", "DELETE of block " + id + ", which the container does not hold");
        }
      } else {
        throw at.corrupt("%s", "block record of unknown type " + r.op());
      }
    }
    if (dataSize < 0 && !mine.isEmpty()) {
      notes.add(metadata + ": its data file " + data + " is missing; its " + mine.size()
          + " live blocks cannot be read");
    }
    live.putAll(mine);
  }

  @Override
  public String kind() {
    return KIND;
  }

  @Override
  public List<Path> dataDirs() {
    return dirs.present();
  }

  @Override
  public SortedSet<Long> blockIds() {
    SortedSet<Long> out = new TreeSet<>(Long::compareUnsigned);
    out.addAll(live.keySet());
    return Collections.unmodifiableSortedSet(out);
  }

  /** What was found wrong but readable: torn records, containers without their data file. */
  public List<String> notes() {
    return notes;
  }

  @Override
  public InputFile open(long blockId) throws IOException {
    Location l = live.get(blockId);
    String id = Long.toUnsignedString(blockId);
    if (l == null) {
      throw new NoSuchFileException("block " + id, null, "no container in " + dataDirs()
          + " holds it (a container's metadata file may be missing)");
    }
    InputFile data;
    try {
      data = InputFile.local(l.data());
    } catch (NoSuchFileException e) {
      throw new NoSuchFileException(l.data().toString(), null, "the data file of the container"
          + " that holds block " + id + " is missing");
    }
    if (data.length() < l.offset() + l.length()) {
      data.close();
      throw FileRegion.of(l.data().toString()).corrupt(l.offset(), "block %s (%d bytes) runs"
          + " past the end of the file", id, l.length());
    }
    return new BlockInputFile(data, blockId, l.offset(), l.length());
  }
}
