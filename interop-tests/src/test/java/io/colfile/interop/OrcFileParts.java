package io.colfile.interop;

import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.codec.Decompressor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.orc.OrcProto;

/**
 * An ORC file cut into its structures, in file order (orc.md 3.4):
 * {@code "ORC" | stripe* (streams, stripe footer) | metadata | footer | postscript | ps length}.
 * Each part keeps its bytes as stored and, for the parts the codec compresses, as decompressed
 * (orc.md section 4: 3-byte chunk headers, {@code length << 1 | isOriginal}); it also keeps the
 * uncompressed offset of every chunk it started from, so positions into compressed streams can
 * be compared between files whose codecs framed the same bytes differently.
 *
 * <p>Parsed with orc-core's own protobuf classes; the tests read both files with them.
 */
record OrcFileParts(OrcProto.PostScript postScript, List<Part> parts) {

  /** One structure: where it is, what it is, its stored and decompressed bytes. */
  record Part(String name, long offset, byte[] stored, byte[] content, long[] chunkStarts,
      long[] chunkContentStarts, OrcProto.Stream stream, int stripe) {
    /** The uncompressed offset of the chunk that starts at compressed offset {@code chunk}. */
    long contentOffsetOfChunk(long chunk) {
      int i = Arrays.binarySearch(chunkStarts, chunk);
      return i >= 0 ? chunkContentStarts[i] : -1;
    }

    boolean isIndex() {
      return stream != null && (stream.getKind() == OrcProto.Stream.Kind.ROW_INDEX
          || stream.getKind() == OrcProto.Stream.Kind.BLOOM_FILTER
          || stream.getKind() == OrcProto.Stream.Kind.BLOOM_FILTER_UTF8);
    }
  }

  static OrcFileParts read(Path path) throws IOException {
    byte[] file = Files.readAllBytes(path);
    int psLength = file[file.length - 1] & 0xff;
    int psStart = file.length - 1 - psLength;
    OrcProto.PostScript ps = OrcProto.PostScript.parseFrom(
        Arrays.copyOfRange(file, psStart, file.length - 1));
    CompressionCodec codec = ps.getCompression() == OrcProto.CompressionKind.NONE ? null
        : CompressionCodec.valueOf(ps.getCompression().name());
    int footerStart = psStart - (int) ps.getFooterLength();
    int metadataStart = footerStart - (int) ps.getMetadataLength();
    Part footerPart = part("footer", file, footerStart, (int) ps.getFooterLength(), codec,
        null, -1);
    OrcProto.Footer footer = OrcProto.Footer.parseFrom(footerPart.content());

    List<Part> parts = new ArrayList<>();
    parts.add(part("header", file, 0, (int) footer.getHeaderLength(), null, null, -1));
    for (int s = 0; s < footer.getStripesCount(); s++) {
      OrcProto.StripeInformation info = footer.getStripes(s);
      long offset = info.getOffset() + info.getIndexLength() + info.getDataLength();
      Part stripeFooter = part("stripe " + s + " footer", file, (int) offset,
          (int) info.getFooterLength(), codec, null, s);
      offset = info.getOffset();
      for (OrcProto.Stream st : OrcProto.StripeFooter.parseFrom(stripeFooter.content())
          .getStreamsList()) {
        parts.add(part("stripe " + s + " column " + st.getColumn() + " " + st.getKind(), file,
            (int) offset, (int) st.getLength(), codec, st, s));
        offset += st.getLength();
      }
      parts.add(stripeFooter);
    }
    parts.add(part("metadata", file, metadataStart, (int) ps.getMetadataLength(), codec, null,
        -1));
    parts.add(footerPart);
    parts.add(part("postscript", file, psStart, psLength, null, null, -1));
    parts.add(part("postscript length", file, file.length - 1, 1, null, null, -1));
    return new OrcFileParts(ps, parts);
  }

  private static Part part(String name, byte[] file, int offset, int length,
      CompressionCodec codec, OrcProto.Stream stream, int stripe) throws IOException {
    byte[] stored = Arrays.copyOfRange(file, offset, offset + length);
    if (codec == null) {
      return new Part(name, offset, stored, stored, new long[] {0}, new long[] {0}, stream,
          stripe);
    }
    Decompressor d = codec.newDecompressor();
    java.io.ByteArrayOutputStream content = new java.io.ByteArrayOutputStream();
    List<long[]> chunks = new ArrayList<>();
    byte[] scratch = new byte[1 << 20];
    int p = 0;
    while (p < length) {
      if (p + 3 > length) {
        throw new IOException(name + ": chunk header cut at byte " + p);
      }
      int header = (stored[p] & 0xff) | (stored[p + 1] & 0xff) << 8 | (stored[p + 2] & 0xff) << 16;
      int n = header >>> 1;
      if (p + 3 + n > length) {
        throw new IOException(name + ": chunk of " + n + " bytes at " + p + " overruns");
      }
      chunks.add(new long[] {p, content.size()});
      if ((header & 1) != 0) {
        content.write(stored, p + 3, n);
      } else {
        try {
          int out = d.decompress(stored, p + 3, n, scratch, 0, scratch.length);
          content.write(scratch, 0, out);
        } catch (io.colfile.core.error.MalformedInputException e) {
          throw new IOException(name + ": chunk at " + p + " does not decompress", e);
        }
      }
      p += 3 + n;
    }
    long[] starts = chunks.stream().mapToLong(c -> c[0]).toArray();
    long[] contentStarts = chunks.stream().mapToLong(c -> c[1]).toArray();
    return new Part(name, offset, stored, content.toByteArray(), starts, contentStarts, stream,
        stripe);
  }
}
