package io.colfile.orc.stripe;

/**
 * One column's entry in a stripe footer's encoding list.
 *
 * @param dictionarySize entries of a dictionary encoding (an unsigned 32-bit field: a huge one
 *     arrives negative)
 * @param bloomEncoding 0 for the original bloom filter hashing, 1 for ORC-135's UTF-8 strings
 *     and UTC timestamps, larger for encodings this reader does not know
 */
public record EncodingEntry(ColumnEncoding kind, int dictionarySize, int bloomEncoding) {}
