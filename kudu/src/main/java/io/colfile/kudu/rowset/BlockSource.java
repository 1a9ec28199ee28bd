package io.colfile.kudu.rowset;

import io.colfile.core.io.InputFile;
import java.io.IOException;

/**
 * Where a rowset's block files come from: the bytes of the block a {@link RowSetFiles} entry
 * names, which the caller closes. Files in a directory (a path per block) are one source; a
 * tablet server's block store (a block id per block) is another.
 */
@FunctionalInterface
public interface BlockSource {
  /** Opens the block {@code file} names. */
  InputFile open(String file) throws IOException;
}
