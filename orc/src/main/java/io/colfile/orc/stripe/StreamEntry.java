package io.colfile.orc.stripe;

/**
 * One entry of a stripe footer's stream list. Streams follow each other in list order, so an
 * entry's offset is the sum of the lengths before it (orc.md section 1).
 *
 * @param kind null when the file gave no kind or one this reader does not know (such a stream
 *     still takes its place in the stripe)
 * @param column the column id (0 when absent, as Java and C++ read it; ids are unsigned, so
 *     large ones arrive negative)
 */
public record StreamEntry(StreamKind kind, int column, long length) {}
