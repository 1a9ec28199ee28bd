package io.colfile.kudu.fs;

import io.colfile.core.error.FileRegion;
import io.colfile.core.io.InputFile;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * A tablet server's data directories, ordered by their index: each directory's instance file
 * ({@code block_manager_instance}, a container of one {@code DirInstanceMetadataPB}) gives its
 * uuid and the uuids of all directories, whose order gives the indexes that the file block
 * manager keeps in the top 16 bits of a block id. {@code byIndex} holds null for an index whose
 * directory was not given (a directory lost with its disk). The instance files also say which block
 * manager owns the directories.
 */
record DataDirs(List<Path> byIndex, List<String> uuids, String type) {
  static final String INSTANCE_FILE = "block_manager_instance";

  /** The directories given, in index order. */
  List<Path> present() {
    List<Path> out = new ArrayList<>();
    for (Path p : byIndex) {
      if (p != null) {
        out.add(p);
      }
    }
    return List.copyOf(out);
  }

  static DataDirs read(List<Path> given) throws IOException {
    if (given.isEmpty()) {
      throw new IllegalArgumentException("no data directories");
    }
    String type = null;
    List<String> reference = null;
    String[] uuids = new String[given.size()];
    for (int i = 0; i < given.size(); i++) {
      Path file = given.get(i).resolve(INSTANCE_FILE);
      ProtoCodec.DirInstance inst;
      try (InputFile in = InputFile.local(file)) {
        ProtoContainer c = ProtoContainer.read(in);
        inst = ProtoCodec.dirInstance(c.single(ProtoCodec.DIR_INSTANCE_TYPE).body(),
            FileRegion.of(in.name()).child("DirInstanceMetadataPB"));
      } catch (NoSuchFileException e) {
        throw new NoSuchFileException(file.toString(), null,
            "a Kudu data directory holds this instance file; is " + given.get(i) + " one?");
      }
      if (type != null && !type.equals(inst.dirType())) {
        throw FileRegion.of(file.toString()).corrupt("%s", "belongs to the '" + inst.dirType()
            + "' block manager, the other data directories to '" + type + "'");
      }
      type = inst.dirType();
      if (reference == null) {
        reference = inst.allUuids();
      }
      uuids[i] = inst.uuid();
    }
    Path[] ordered = new Path[Math.max(reference.size(), given.size())];
    List<Path> extra = new ArrayList<>();
    for (int i = 0; i < given.size(); i++) {
      int idx = reference.indexOf(uuids[i]);
      if (idx < 0 || ordered[idx] != null) {
        extra.add(given.get(i));
      } else {
        ordered[idx] = given.get(i);
      }
    }
    // as Kudu does, directories the reference set does not place take the free indexes
    for (int i = 0, e = 0; i < ordered.length && e < extra.size(); i++) {
      if (ordered[i] == null) {
        ordered[i] = extra.get(e++);
      }
    }
    return new DataDirs(Collections.unmodifiableList(Arrays.asList(ordered)), reference, type);
  }
}
