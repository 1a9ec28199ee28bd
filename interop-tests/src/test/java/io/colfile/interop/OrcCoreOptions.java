package io.colfile.interop;

import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.orc.CompressionKind;
import org.apache.orc.OrcFile;
import org.apache.orc.TypeDescription;

/**
 * How orc-core writes one generated file. Chosen at random per file, each choice aimed at a
 * reader path: codecs and small compression chunks (chunk framing), small stripes (several
 * stripes and stripe footers), small row-index strides (several row groups), dictionary vs
 * direct strings, RLE v1 (0.11) vs v2 (0.12) vs decimal64 (UNSTABLE-PRE-2.0), aligned vs
 * unaligned bit packing, the writer zone of TIMESTAMP columns, and bloom filter streams the
 * reader must skip.
 */
record OrcCoreOptions(
    CompressionKind codec,
    int bufferSize,
    long stripeSize,
    int rowsBetweenMemoryChecks,
    int rowIndexStride,
    double dictionaryKeyThreshold,
    OrcFile.Version version,
    OrcFile.EncodingStrategy encodingStrategy,
    ZoneId writerZone,
    boolean decimal64Vectors,
    List<String> bloomFilterColumns) {

  static final List<CompressionKind> CODECS = List.of(CompressionKind.NONE, CompressionKind.ZLIB,
      CompressionKind.SNAPPY, CompressionKind.LZ4, CompressionKind.ZSTD);

  /**
   * The options of the every-type file: stripes of 1000-2500 rows (the writer checks its memory
   * every 1500 rows and cuts a stripe each time, as 16 KiB is always exceeded) with row groups
   * of 1000, small chunks, RLE v2, and a writer zone with daylight saving time.
   */
  static OrcCoreOptions everyReaderPath(Random r, CompressionKind codec) {
    return new OrcCoreOptions(codec, 8192, 16 * 1024, 1500, 1000, r.nextBoolean() ? 0.0 : 1.0,
        OrcFile.Version.V_0_12,
        r.nextBoolean() ? OrcFile.EncodingStrategy.SPEED : OrcFile.EncodingStrategy.COMPRESSION,
        ZoneId.of("America/New_York"), r.nextBoolean(), List.of());
  }

  /** Random options; {@code codec} is given so a file set can cover every codec in turn. */
  static OrcCoreOptions random(Random r, CompressionKind codec, TypeDescription schema) {
    int version = r.nextInt(20);
    List<String> bloom = new ArrayList<>();
    if (schema.getCategory() == TypeDescription.Category.STRUCT && r.nextInt(4) == 0) {
      for (int i = 0; i < schema.getFieldNames().size(); i++) {
        if (schema.getChildren().get(i).getCategory().isPrimitive() && r.nextBoolean()) {
          bloom.add(schema.getFieldNames().get(i));
        }
      }
    }
    return new OrcCoreOptions(
        codec,
        new int[] {4096, 8192, 65536, 256 * 1024}[r.nextInt(4)],
        // stripes this small are cut at every memory check
        r.nextInt(4) == 0 ? 64L << 20 : 16 * 1024,
        new int[] {100, 250, 700, 1000, 1500, 5000}[r.nextInt(6)],
        new int[] {1000, 1000, 1000, 3000, 10_000, 0}[r.nextInt(6)],
        r.nextBoolean() ? 0.0 : r.nextInt(4) == 0 ? 0.8 : 1.0,
        version == 0 ? OrcFile.Version.UNSTABLE_PRE_2_0
            : version < 6 ? OrcFile.Version.V_0_11 : OrcFile.Version.V_0_12,
        r.nextBoolean() ? OrcFile.EncodingStrategy.SPEED : OrcFile.EncodingStrategy.COMPRESSION,
        r.nextBoolean() ? ZoneOffset.UTC : ZoneId.of(r.nextBoolean()
            ? "America/New_York" : "Asia/Kolkata"),
        r.nextInt(3) == 0,
        bloom);
  }
}
