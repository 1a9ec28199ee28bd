package io.colfile.kudu.meta;

/**
 * Where a block of a CFile lies: its first byte and its length on disk, which includes the
 * 4-byte checksum when the file has checksums (cfile.md section 2.3). Index entries store it as
 * {@code varint64 offset | varint32 size} (section 8.1), headers and footers as a {@code
 * BlockPointerPB}.
 */
public record BlockPointer(long offset, int size) {
  @Override
  public String toString() {
    return "block @" + offset + " (" + size + " bytes)";
  }
}
