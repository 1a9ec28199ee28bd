package io.colfile.trevni;

import java.util.List;

/**
 * A Trevni file's header, the file's only index (trevni.md section 5; the byte grammar is on
 * {@link HeaderReader}): the magic number's version, the row count, the file's metadata, each
 * column's metadata as a {@link ColumnSpec} and the file offset where each column starts.
 *
 * <p>A header {@link HeaderReader} returns has been checked: the names are unique, every parent
 * is an earlier array column, codec and checksum names are known, and the column starts rise
 * through the bytes after the header.
 *
 * @param version the magic number's version byte: 2 for current files, 0 or 1 for early ones
 * @param columns the columns in file order
 * @param columnStarts the file offset of each column's block count, in file order
 * @param length the header's bytes, magic number included
 */
public record TrevniHeader(int version, long rowCount, TrevniMetadata metadata,
    List<ColumnSpec> columns, List<Long> columnStarts, long length) {
  public TrevniHeader {
    columns = List.copyOf(columns);
    columnStarts = List.copyOf(columnStarts);
    if (columns.size() != columnStarts.size()) {
      throw new IllegalArgumentException(columns.size() + " columns but "
          + columnStarts.size() + " starts");
    }
  }

  public int columnCount() {
    return columns.size();
  }

  /** The codec the file's metadata names, {@link TrevniCodec#NULL} when it names none. */
  public TrevniCodec codec() {
    return metadata.getString(TrevniMetadata.CODEC).map(TrevniCodec::forName)
        .orElse(TrevniCodec.NULL);
  }

  /** The checksum the file's metadata names, {@link TrevniChecksum#NULL} when it names none. */
  public TrevniChecksum checksum() {
    return metadata.getString(TrevniMetadata.CHECKSUM).map(TrevniChecksum::forName)
        .orElse(TrevniChecksum.NULL);
  }
}
