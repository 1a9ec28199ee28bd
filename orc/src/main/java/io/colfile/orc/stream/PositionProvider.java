package io.colfile.orc.stream;

import io.colfile.core.error.CorruptFileException;

/**
 * The numbers of one row-index entry, consumed in order by the streams of a column (orc.md
 * section 7): each stream and decoder takes exactly the numbers it recorded. <b>Internal</b>.
 *
 * <p>{@link #next()} may throw {@link CorruptFileException} because the numbers come from the
 * file: an entry with too few positions is a corrupt row index, not a programming error.
 */
public interface PositionProvider {
  long next() throws CorruptFileException;
}
