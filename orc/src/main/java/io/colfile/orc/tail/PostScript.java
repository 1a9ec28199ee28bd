package io.colfile.orc.tail;

import java.util.List;

/**
 * The PostScript (orc.md section 1): the never-compressed last structure of a file, which says
 * how to read the rest.
 *
 * @param compression the codec of every other section (NONE when absent or unknown, as the
 *     protobuf default reads)
 * @param compressionBlockSize the chunk size, or null when absent
 * @param version [major, minor]; empty for pre-release Hive 0.11 files
 * @param writerVersion the writer's fix level (0 when absent)
 * @param stripeStatisticsLength bytes of encrypted stripe statistics before the Metadata
 * @param magic "ORC", or null when absent (pre-release Hive 0.11)
 */
public record PostScript(long footerLength, CompressionKind compression,
    Long compressionBlockSize, List<Integer> version, long metadataLength, int writerVersion,
    long stripeStatisticsLength, String magic) {
  public PostScript {
    version = List.copyOf(version);
  }
}
