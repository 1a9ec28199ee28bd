package io.colfile.orc.write;

import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.types.Type;
import io.colfile.orc.OrcFileVersion;
import io.colfile.orc.OrcWriterOptions;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Seeded random ORC writer options, for files that exercise every writer choice. */
public final class RandomWriterOptions {
  private RandomWriterOptions() {}

  /**
   * Random writer options: codec {@code index % 5}, chunk and stripe sizes, strides, file
   * versions, dictionary thresholds, bit packing, writer zones and bloom filter columns.
   */
  public static OrcWriterOptions randomOptions(Random r, Type schema, int index) {
    CompressionCodec[] codecs = {CompressionCodec.NONE, CompressionCodec.ZLIB,
      CompressionCodec.SNAPPY, CompressionCodec.LZ4, CompressionCodec.ZSTD};
    OrcFileVersion[] versions = {OrcFileVersion.V_0_12, OrcFileVersion.V_0_12,
      OrcFileVersion.V_0_11, OrcFileVersion.UNSTABLE_PRE_2_0};
    ZoneId[] zones = {ZoneOffset.UTC, ZoneId.of("America/New_York"), ZoneId.of("Asia/Kolkata"),
      ZoneId.of("Australia/Lord_Howe")};
    List<String> bloom = new ArrayList<>();
    for (int i = 0; i < schema.children().size(); i++) {
      if (r.nextInt(3) == 0) {
        bloom.add(schema.fieldNames().get(i));
      }
    }
    return OrcWriterOptions.builder()
        .compression(codecs[index % codecs.length])
        .compressionBlockSize(new int[] {1024, 4096, 65536, 256 * 1024}[r.nextInt(4)])
        .enforceCompressionBlockSize(r.nextBoolean())
        .stripeSize(r.nextBoolean() ? 64 * 1024 : 64L << 20)
        .memoryCheckRows(new int[] {100, 1000, 5000}[r.nextInt(3)])
        .rowIndexStride(new int[] {0, 1000, 1000, 3000, 10_000}[r.nextInt(5)])
        .fileVersion(versions[r.nextInt(versions.length)])
        .dictionaryKeySizeThreshold(new double[] {0.0, 0.8, 1.0}[r.nextInt(3)])
        .encodingStrategy(r.nextBoolean() ? OrcWriterOptions.EncodingStrategy.SPEED
            : OrcWriterOptions.EncodingStrategy.COMPRESSION)
        .writerTimeZone(zones[r.nextInt(zones.length)])
        .bloomFilterColumns(bloom)
        .build();
  }
}
