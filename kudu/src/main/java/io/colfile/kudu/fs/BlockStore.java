package io.colfile.kudu.fs;

import io.colfile.core.io.InputFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.SortedSet;

/**
 * The blocks of a stopped Kudu tablet server's data directories, read through whichever block
 * manager wrote them: {@link FileBlockStore} (one file per block) or {@link LogBlockStore}
 * (blocks packed into container files). Read-only: nothing is ever written into the
 * directories, which may be read-only themselves.
 */
public interface BlockStore {
  /** The name of the block manager, as Kudu's {@code --block_manager} spells it. */
  String kind();

  /** The data directories (each a {@code data/} directory), in the order of their indexes. */
  List<Path> dataDirs();

  /** The ids of the live blocks. */
  SortedSet<Long> blockIds() throws IOException;

  /**
   * The bytes of block {@code blockId}, which the caller closes.
   *
   * @throws java.nio.file.NoSuchFileException if the store has no such block, or the file that
   *     should hold it is missing (the message names it)
   */
  InputFile open(long blockId) throws IOException;

  /**
   * The store of the data directories {@code dataDirs} (each a {@code data/} directory holding
   * a {@code block_manager_instance} file), of the block manager their instance files name.
   */
  static BlockStore open(List<Path> dataDirs) throws IOException {
    DataDirs dirs = DataDirs.read(dataDirs);
    return switch (dirs.type()) {
      case FileBlockStore.KIND -> new FileBlockStore(dirs);
      case LogBlockStore.KIND -> LogBlockStore.open(dirs);
      default -> throw new IOException("the data directories " + dataDirs + " belong to the '"
          + dirs.type() + "' block manager; colfile reads 'file' and 'log'");
    };
  }
}
