package io.colfile.interop;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;
import org.apache.orc.OrcProto;

/**
 * Rewrites an ORC file ({@link OrcFileParts}) with some of its streams left out and,
 * optionally, another writer version in its postscript: the kept streams' bytes are copied as
 * stored, the stripe footers, stripe information and footer rebuilt to match. Rebuilt parts of a
 * compressed file are framed as uncompressed ("original") chunks, which every reader accepts.
 * For the tests only: it makes files orc-core cannot write, such as one whose bloom filters are
 * only the legacy BLOOM_FILTER streams.
 */
final class OrcFileSurgery {
  private OrcFileSurgery() {}

  /**
   * Writes {@code out}: {@code in} without the streams {@code drop} selects, and with postscript
   * writer version {@code writerVersion} when it is not null.
   */
  static void rewrite(Path in, Path out, Predicate<OrcProto.Stream> drop, Integer writerVersion)
      throws IOException {
    OrcFileParts file = OrcFileParts.read(in);
    OrcProto.PostScript ps = file.postScript();
    boolean compressed = ps.getCompression() != OrcProto.CompressionKind.NONE;
    int block = (int) Math.max(ps.getCompressionBlockSize(), 1024);
    List<OrcFileParts.Part> parts = file.parts();
    OrcProto.Footer footer = OrcProto.Footer.parseFrom(part(parts, "footer").content());

    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    bytes.write(part(parts, "header").stored());
    OrcProto.Footer.Builder newFooter = footer.toBuilder().clearStripes();
    for (int s = 0; s < footer.getStripesCount(); s++) {
      OrcProto.StripeFooter stripeFooter =
          OrcProto.StripeFooter.parseFrom(part(parts, "stripe " + s + " footer").content());
      OrcProto.StripeFooter.Builder newStripeFooter = stripeFooter.toBuilder().clearStreams();
      long start = bytes.size();
      long index = 0;
      long data = 0;
      for (OrcFileParts.Part p : parts) {
        if (p.stripe() != s || p.stream() == null || drop.test(p.stream())) {
          continue;
        }
        bytes.write(p.stored());
        newStripeFooter.addStreams(p.stream());
        if (p.isIndex()) {
          index += p.stored().length;
        } else {
          data += p.stored().length;
        }
      }
      byte[] framed = frame(newStripeFooter.build().toByteArray(), compressed, block);
      bytes.write(framed);
      newFooter.addStripes(footer.getStripes(s).toBuilder().setOffset(start)
          .setIndexLength(index).setDataLength(data).setFooterLength(framed.length));
    }
    newFooter.setContentLength(bytes.size());
    byte[] metadata = part(parts, "metadata").stored();
    bytes.write(metadata);
    byte[] footerBytes = frame(newFooter.build().toByteArray(), compressed, block);
    bytes.write(footerBytes);
    OrcProto.PostScript.Builder newPs = ps.toBuilder().setFooterLength(footerBytes.length)
        .setMetadataLength(metadata.length);
    if (writerVersion != null) {
      newPs.setWriterVersion(writerVersion);
    }
    byte[] psBytes = newPs.build().toByteArray();
    bytes.write(psBytes);
    bytes.write(psBytes.length);
    Files.write(out, bytes.toByteArray());
  }

  private static OrcFileParts.Part part(List<OrcFileParts.Part> parts, String name) {
    return parts.stream().filter(p -> p.name().equals(name)).findFirst()
        .orElseThrow(() -> new IllegalStateException("no " + name));
  }

  /** {@code content} as stored: as is, or as original chunks of at most {@code block} bytes. */
  private static byte[] frame(byte[] content, boolean compressed, int block) {
    if (!compressed) {
      return content;
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int p = 0; p < content.length; p += block) {
      int n = Math.min(block, content.length - p);
      int header = n << 1 | 1;
      out.write(header);
      out.write(header >>> 8);
      out.write(header >>> 16);
      out.write(content, p, n);
    }
    return out.toByteArray();
  }
}
