package io.colfile.interop.kudu;

import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.vector.BytesVector;
import io.colfile.kudu.BlockSlice;
import io.colfile.kudu.CFile;
import io.colfile.kudu.CFileWriter;
import io.colfile.kudu.CFileWriterOptions;
import io.colfile.kudu.KuduEncoding;
import io.colfile.kudu.KuduType;
import io.colfile.kudu.index.IndexTreeReader;
import io.colfile.kudu.meta.BlockPointer;
import io.colfile.kudu.meta.MetaCodec;
import io.colfile.kudu.proto.KuduProto;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * colfile's side of the Kudu-reads-colfile tests: writes cells with {@link CFileWriter} (in
 * batches of varying sizes, as callers do) and looks at the result with colfile's own reader:
 * the footer message as written, how many data blocks the positional index lists, and which mode
 * each DICT_ENCODING data block is in.
 */
final class ColfileCFiles {
  private ColfileCFiles() {}

  /**
   * Writes {@code cells} (null = NULL) with {@code options} at {@code scratch} and returns the
   * file's bytes; {@code r} picks the batch sizes (1 to 700 rows).
   */
  static byte[] write(Path scratch, CFileWriterOptions options, List<byte[]> cells, Random r)
      throws IOException {
    KuduType type = options.type();
    int width = type.physical().width();
    try (CFileWriter w = CFileWriter.create(OutputFile.local(scratch), options)) {
      int from = 0;
      while (from < cells.size()) {
        int n = Math.min(cells.size() - from, 1 + r.nextInt(r.nextBoolean() ? 16 : 700));
        if (width > 0) {
          byte[] src = new byte[n * width];
          boolean[] nulls = new boolean[n];
          for (int i = 0; i < n; i++) {
            byte[] c = cells.get(from + i);
            if (c == null) {
              nulls[i] = true;
            } else {
              System.arraycopy(c, 0, src, i * width, width);
            }
          }
          w.appendCells(src, 0, options.nullable() ? nulls : null, n);
        } else {
          BytesVector v = new BytesVector(n + 3);
          int at = r.nextInt(3); // not always from row 0 of the vector
          for (int i = 0; i < n; i++) {
            byte[] c = cells.get(from + i);
            if (c == null) {
              v.setNull(at + i);
            } else {
              v.setRef(at + i, c, 0, c.length);
            }
          }
          w.append(v, at, n);
        }
        from += n;
      }
    }
    byte[] bytes = Files.readAllBytes(scratch);
    Files.delete(scratch);
    return bytes;
  }

  /** The footer message as the file holds it (cfile.md section 3.3). */
  static KuduProto.CFileFooterPB footer(byte[] cfile) {
    int len = ByteBuffer.wrap(cfile, cfile.length - 4, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    try {
      return KuduProto.CFileFooterPB.parseFrom(
          ByteBuffer.wrap(cfile, cfile.length - 12 - len, len));
    } catch (io.colfile.shaded.protobuf.InvalidProtocolBufferException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * The footer as colfile's reader understands it, written back through MetaCodec: equal to
   * {@link #footer} when reader and writer agree on every field.
   */
  static KuduProto.CFileFooterPB footerAsRead(String name, byte[] cfile) throws IOException {
    try (CFile r = CFile.open(InputFile.of(name, cfile))) {
      return KuduProto.CFileFooterPB.parseFrom(MetaCodec.writeFooter(r.footer(), r.version()));
    }
  }

  /** The blocks the leaves of a tree list, in order. */
  static List<BlockPointer> leafPointers(IndexTreeReader tree) throws IOException {
    List<BlockPointer> out = new ArrayList<>();
    if (tree.seekToFirst()) {
      do {
        out.add(tree.pointer());
      } while (tree.next());
    }
    return out;
  }

  /** The number of data blocks of a file with a positional index. */
  static int dataBlocks(String name, byte[] cfile) throws IOException {
    try (CFile r = CFile.open(InputFile.of(name, cfile))) {
      return leafPointers(r.positionalIndex()).size();
    }
  }

  /**
   * The mode word of each data block of a DICT_ENCODING file (cfile.md section 6.6): 1 for
   * codewords, 2 for plain strings; after the null header in nullable files.
   */
  static List<Integer> dictModes(String name, byte[] cfile) throws IOException {
    List<Integer> modes = new ArrayList<>();
    try (CFile r = CFile.open(InputFile.of(name, cfile))) {
      if (r.encoding() != KuduEncoding.DICT) {
        throw new IllegalArgumentException(name + " is not DICT_ENCODING");
      }
      for (BlockPointer p : leafPointers(r.positionalIndex())) {
        BlockSlice b = r.readBlock(p, "data block");
        byte[] buf = b.toByteArray();
        int at = 0;
        if (r.isNullable()) {
          int[] pos = {0};
          varint(buf, pos); // rows
          int bitmap = varint(buf, pos);
          at = pos[0] + bitmap;
        }
        modes.add(ByteBuffer.wrap(buf, at, 4).order(ByteOrder.LITTLE_ENDIAN).getInt());
      }
    }
    return modes;
  }

  private static int varint(byte[] b, int[] pos) {
    int v = 0;
    for (int shift = 0; ; shift += 7) {
      int x = b[pos[0]++] & 0xff;
      v |= (x & 0x7f) << shift;
      if (x < 0x80) {
        return v;
      }
    }
  }

  /** A CFile colfile wrote: its name in reports, block id, options, the cells put in, bytes. */
  record Written(String name, long blockId, CFileWriterOptions options, List<byte[]> cells,
      byte[] bytes) {
    KuduType type() {
      return options.type();
    }
  }

  /**
   * What is wrong with Kudu's dump of {@code file}: nothing (an empty list) when Kudu read it,
   * printed the footer colfile wrote (and the footer says what the options asked for), and
   * printed every cell as {@link KuduCells#line} does.
   */
  static List<String> problems(Written file, KuduDump dump) throws IOException {
    List<String> out = new ArrayList<>();
    if (!dump.ok()) {
      out.add("Kudu could not read it: " + dump.describe());
      return out;
    }
    KuduProto.CFileFooterPB ours = footer(file.bytes());
    KuduProto.CFileFooterPB kudus = dump.footer();
    if (!kudus.equals(ours)) {
      out.add("Kudu printed the footer\n" + kudus + "colfile wrote\n" + ours);
    }
    CFileWriterOptions o = file.options();
    List<Object> said = List.of(ours.getDataType(), ours.getEncoding(), ours.getCompression(),
        ours.getNumValues(), ours.getIsTypeNullable(), ours.getIncompatibleFeatures());
    List<Object> asked = List.of(o.type().wireId(), o.encoding().wireId(),
        o.compression().wireId(), (long) file.cells().size(), o.nullable(),
        o.checksums() ? 1 : 0);
    if (!said.equals(asked)) {
      out.add("the footer says (type, encoding, compression, values, nullable, features) "
          + said + ", the options and cells " + asked);
    }
    KuduProto.CFileFooterPB read = footerAsRead(file.name(), file.bytes());
    if (!read.equals(ours)) {
      out.add("colfile's reader reads the footer as\n" + read + "not as written\n" + ours);
    }
    List<String> expected = KuduCells.lines(file.type(), file.cells());
    List<String> got = dump.values();
    if (!got.equals(expected)) {
      out.add(firstDifference(file, got, expected));
    }
    return out;
  }

  private static String firstDifference(Written file, List<String> got, List<String> expected) {
    for (int i = 0; i < Math.min(got.size(), expected.size()); i++) {
      if (!got.get(i).equals(expected.get(i))) {
        byte[] cell = file.cells().get(i);
        return "row " + i + " of " + expected.size() + " (cell "
            + (cell == null ? "NULL" : java.util.HexFormat.of().formatHex(cell))
            + "): Kudu printed <" + abbreviate(got.get(i)) + ">, expected <"
            + abbreviate(expected.get(i)) + ">";
      }
    }
    return "Kudu printed " + got.size() + " values, colfile wrote " + expected.size();
  }

  private static String abbreviate(String s) {
    return s.length() <= 200 ? s : s.substring(0, 200) + "...(" + s.length() + " chars)";
  }

  /** {@code cfile} with byte {@code at} flipped (every bit). */
  static byte[] flip(byte[] cfile, int at) {
    byte[] out = Arrays.copyOf(cfile, cfile.length);
    out[at] ^= (byte) 0xff;
    return out;
  }
}
