package io.colfile.trevni;

import io.colfile.core.FileReader;
import io.colfile.core.FileWriter;
import io.colfile.core.FormatProvider;
import io.colfile.core.WriteOptions;
import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import java.io.IOException;
import java.util.Set;

/** Registers Trevni with {@link io.colfile.core.ColFile}: files that start with "Trv" 0, 1 or 2. */
public final class TrevniFormat implements FormatProvider {
  static final String NAME = "Trevni";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public boolean matches(byte[] head, byte[] tail, long length) {
    return head.length >= 4 && head[0] == 'T' && head[1] == 'r' && head[2] == 'v'
        && (head[3] & 0xFF) <= 2;
  }

  @Override
  public FileReader open(InputFile file) throws IOException {
    return TrevniReader.open(file);
  }

  /** The codec by Trevni's own name (null, deflate, snappy, bzip2); wins over compression. */
  public static final String CODEC_PROPERTY = "trevni.codec";
  /** The block checksum: null or crc32. */
  public static final String CHECKSUM_PROPERTY = "trevni.checksum";

  /**
   * A {@link TrevniWriter} of Avro records derived from {@code schema}; compression NONE, ZLIB
   * (deflate) or SNAPPY, the block size and the parallelism (blocks compressed on several
   * threads, {@link TrevniWriterOptions#parallelism()}) come from {@code options}, as do the
   * properties {@value #CODEC_PROPERTY} (Trevni's codec names, bzip2 too) and {@value
   * #CHECKSUM_PROPERTY}.
   */
  @Override
  public FileWriter create(OutputFile file, Type schema, WriteOptions options) {
    if (!options.bloomFilterColumns().isEmpty()) {
      throw new IllegalArgumentException("Trevni files have no bloom filters");
    }
    options.checkProperties(NAME, "trevni.", Set.of(CODEC_PROPERTY, CHECKSUM_PROPERTY));
    TrevniWriterOptions.Builder b = TrevniWriterOptions.builder();
    options.compression().ifPresent(c -> b.codec(TrevniCodec.of(c)));
    String codec = options.properties().get(CODEC_PROPERTY);
    if (codec != null) {
      b.codec(TrevniCodec.forName(codec));
    }
    String checksum = options.properties().get(CHECKSUM_PROPERTY);
    if (checksum != null) {
      b.checksum(TrevniChecksum.forName(checksum));
    }
    options.blockSize().ifPresent(size -> {
      if (size > Integer.MAX_VALUE / 2) {
        throw new IllegalArgumentException("a Trevni block size must be under 1 GiB: " + size);
      }
      b.blockSize((int) size);
    });
    b.parallelism(options.parallelism());
    options.executor().ifPresent(b::executor);
    return TrevniWriter.create(file, schema, b.build());
  }
}
