package io.colfile.kudu.bloom;

import io.colfile.core.error.CorruptFileException;
import io.colfile.core.error.MalformedInputException;
import io.colfile.core.io.InputFile;
import io.colfile.kudu.BlockSlice;
import io.colfile.kudu.CFile;
import io.colfile.kudu.KuduCompression;
import io.colfile.kudu.index.IndexTreeReader;
import io.colfile.kudu.meta.BlockPointer;
import java.io.Closeable;
import java.io.IOException;

/**
 * Probes a BloomFile (cfile.md section 10.3): the value index leads to the one filter block
 * whose key range can hold the key; a key before the first block's key is definitely absent.
 * The last filter block probed is kept, as lookups in key order mostly stay in one block.
 */
public final class BloomFile implements Closeable {
  private final CFile file;
  private final IndexTreeReader index;
  private BlockPointer cachedBlock;
  private BloomFilter cached;

  private BloomFile(CFile file) throws CorruptFileException {
    this.file = file;
    this.index = file.valueIndex();
    if (index == null) {
      throw file.footerRegion().corrupt("a BloomFile needs a value index to find its filters");
    }
    if (file.compression() != KuduCompression.NONE) {
      throw file.footerRegion().corrupt("BloomFiles are never compressed; this one says %s",
          file.compression().kuduName());
    }
  }

  public static BloomFile open(InputFile in) throws IOException {
    CFile f = CFile.open(in);
    try {
      return new BloomFile(f);
    } catch (IOException | RuntimeException e) {
      f.close();
      throw e;
    }
  }

  /** The CFile underneath. */
  public CFile file() {
    return file;
  }

  /** False if the rowset certainly has no row with this encoded key; true if it may have. */
  public boolean mayContain(byte[] key) throws IOException {
    if (!index.seek(key, true)) {
      return false;
    }
    return filter(index.pointer()).mayContain(key);
  }

  private BloomFilter filter(BlockPointer ptr) throws IOException {
    if (!ptr.equals(cachedBlock)) {
      BlockSlice b = file.readBlock(ptr, "bloom block");
      try {
        cached = BloomFilter.fromBlock(b.buf(), b.offset(), b.length());
      } catch (MalformedInputException e) {
        throw file.payload(ptr, "bloom block").corrupt(e, e.offset(), "%s", e.getMessage());
      }
      cachedBlock = ptr;
    }
    return cached;
  }

  @Override
  public void close() throws IOException {
    file.close();
  }
}
