package io.colfile.core.layout;

/**
 * What a run of a file's bytes is for: {@code colfile sizes} adds the roles up into a file's
 * data and its overheads, and {@code colfile layout --html} colours by them.
 */
public enum SpanRole {
  /** Magic bytes and file headers. */
  HEADER,
  /** Column values (ORC DATA/LENGTH/SECONDARY streams, Trevni blocks, CFile data blocks). */
  DATA,
  /** Presence bits kept apart from the values (ORC PRESENT streams, CFile null bitmaps). */
  NULLS,
  /** Dictionaries (ORC DICTIONARY_DATA, CFile dictionary blocks). */
  DICTIONARY,
  /** Indexes: ORC ROW_INDEX streams, CFile positional and value index blocks. */
  INDEX,
  /** Bloom filters. */
  BLOOM_FILTER,
  /** Footers, postscripts, metadata and stripe footers: what describes the rest. */
  FOOTER,
  /** Bytes no structure uses that a writer put there on purpose (alignment, block padding). */
  PADDING,
  /** Bytes no structure accounts for. */
  UNKNOWN
}
