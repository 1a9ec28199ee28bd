package io.colfile.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.colfile.core.error.MalformedInputException;
import io.colfile.core.vector.BytesVector;
import io.colfile.kudu.KuduEncoding;
import io.colfile.kudu.PhysicalType;
import io.colfile.kudu.block.BinaryDictionary;
import io.colfile.kudu.block.BlockCodecs;
import io.colfile.kudu.block.BlockDecoder;
import java.util.ArrayList;
import java.util.List;

/**
 * Every Kudu block decoder (each encoding and physical type pair Kudu 1.17 stores) over fuzzed
 * block bytes, as a CFile's data blocks reach them after decompression. The input is framed:
 * byte 0 picks the pair ({@link #PAIRS}, modulo), and for DICT bytes 1 to 4 (little-endian) give
 * the length of the dictionary block that follows; the rest is the block. Every value is read
 * (cells or strings, in runs of up to 100), then the decoder seeks to the middle and reads one.
 * A block the decoder cannot take is a {@link MalformedInputException}.
 */
class KuduBlockFuzzTest {
  /** Every pair Kudu stores, in a fixed order (the seeds' byte 0 counts on it). */
  static final List<Object[]> PAIRS = pairs();

  /** Values read from one block at most (an RLE block may claim billions, rightly). */
  private static final int MAX_VALUES = 1 << 20;

  @FuzzTest
  void fuzz(byte[] bytes) {
    FuzzTargets.check("Kudu block", false, () -> decode(bytes));
  }

  /** The target's body. */
  static void decode(byte[] in) {
    if (in.length < 1) {
      return;
    }
    Object[] pair = PAIRS.get((in[0] & 0xFF) % PAIRS.size());
    KuduEncoding enc = (KuduEncoding) pair[0];
    PhysicalType type = (PhysicalType) pair[1];
    int start = 1;
    try {
      BinaryDictionary dict = null;
      if (enc == KuduEncoding.DICT) {
        if (in.length < 5) {
          return;
        }
        int len = (in[1] & 0xFF) | (in[2] & 0xFF) << 8 | (in[3] & 0xFF) << 16 | (in[4] & 0x7F) << 24;
        len = Math.min(len, in.length - 5);
        dict = BinaryDictionary.decode(in, 5, len);
        for (int i = 0; i < Math.min(dict.size(), 1000); i++) {
          dict.get(i);
        }
        start = 5 + len;
      }
      BlockDecoder d = BlockCodecs.decoder(enc, type, in, start, in.length - start, dict);
      readAll(d, type);
      if (d.count() > 0) {
        d.seek(d.count() / 2);
        read(d, type, 1);
      }
    } catch (MalformedInputException refused) {
      // a clean refusal
    }
  }

  private static void readAll(BlockDecoder d, PhysicalType type) throws MalformedInputException {
    d.count();
    d.firstOrdinal();
    int done = 0;
    while (d.position() < d.count() && done < MAX_VALUES) {
      int n = Math.min(100, d.count() - d.position());
      read(d, type, n);
      done += n;
    }
  }

  private static void read(BlockDecoder d, PhysicalType type, int n)
      throws MalformedInputException {
    if (type == PhysicalType.BINARY) {
      BytesVector v = new BytesVector(n);
      d.readBinary(v, 0, n);
      for (int i = 0; i < n; i++) {
        java.util.Objects.checkFromIndexSize(v.start[i], v.length[i], v.vector[i].length);
      }
    } else {
      d.readCells(new byte[n * Math.max(1, type.width())], 0, n);
    }
  }

  private static List<Object[]> pairs() {
    List<Object[]> out = new ArrayList<>();
    for (KuduEncoding e : KuduEncoding.values()) {
      for (PhysicalType t : PhysicalType.values()) {
        if (BlockCodecs.supports(e, t)) {
          out.add(new Object[] {e, t});
        }
      }
    }
    return out;
  }
}
