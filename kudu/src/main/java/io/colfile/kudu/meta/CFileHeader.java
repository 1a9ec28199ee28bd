package io.colfile.kudu.meta;

import java.util.List;
import java.util.Map;

/**
 * A CFile's header (cfile.md section 3.2): the format version from its magic ({@code kuducfil}
 * = 1, {@code kuducfl2} = 2), the v1 major/minor numbers, and metadata pairs (empty in every
 * file Kudu 1.17 writes).
 *
 * @param length the header's bytes on disk, checksum included
 */
public record CFileHeader(int version, Integer majorVersion, Integer minorVersion,
    List<Map.Entry<String, byte[]>> metadata, int length) {
  public CFileHeader {
    metadata = List.copyOf(metadata);
  }
}
