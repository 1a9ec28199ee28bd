package io.colfile.orc.write;

import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnVector;
import io.colfile.orc.index.Checkpoint;
import io.colfile.orc.stats.StringStats;
import io.colfile.orc.stream.IntegerEncoder;
import io.colfile.orc.stream.OrcOutputStream;
import io.colfile.orc.stripe.ColumnEncoding;
import io.colfile.orc.stripe.EncodingEntry;
import io.colfile.orc.stripe.StreamKind;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;

/**
 * STRING, VARCHAR(n) and CHAR(n), dictionary or direct, chosen as ORC Java chooses (orc.md
 * section 7.1): values go into a dictionary until the end of the first row group (or of the
 * first stripe without a row index or without {@code dictionaryEarlyCheck}); then, once per
 * file, the column stays dictionary-encoded if distinct / non-null ≤ the threshold and the
 * dictionary is within {@code dictionaryMaxSize} (always in 0.11 files), else it is written
 * directly from then on. A dictionary stripe writes its entries in unsigned byte order, so row ids and
 * their row-index positions are written when the stripe is flushed.
 *
 * <p>CHAR(n) values are padded with spaces or cut to n characters and VARCHAR(n) values cut to
 * n characters (counting UTF-8 start bytes), as ORC Java stores them.
 */
final class StringColumnWriter extends ColumnWriter {
  private final OrcOutputStream data;
  private final OrcOutputStream dictionaryData;
  private final IntegerEncoder lengths;
  private final IntegerEncoder ids;
  private StringDictionary dictionary = new StringDictionary();
  /** Dictionary ids of the stripe's values, in row order, while the dictionary is in use. */
  private final IntList rows = new IntList();
  /** Values before each row group that has an index entry, while the dictionary is in use. */
  private final IntList groupStarts = new IntList();
  /** Dictionary ids are written in blocks of at most this many. */
  private static final int ID_BLOCK = 1024;
  private final boolean isChar;
  private final boolean isVarchar;
  private final int maxLength;
  private byte[] padding = new byte[0];
  private boolean useDictionary = true;
  /**
   * Per dictionary id, the {@link #statsGroup} in which its value last went into the row
   * group's statistics; the group number changes whenever those statistics are reset or the
   * dictionary is cleared, so older marks never match.
   */
  private int[] statsSeen = new int[16];
  private int statsGroup = 1;
  private boolean decided;

  StringColumnWriter(int id, Type type, WriterContext ctx) {
    super(id, type, ctx);
    data = ctx.stream(id, StreamKind.DATA);
    dictionaryData = ctx.stream(id, StreamKind.DICTIONARY_DATA);
    lengths = ctx.integerEncoder(id, StreamKind.LENGTH, false);
    ids = ctx.integerEncoder(data, false, ctx.rleV2());
    isChar = type.kind() == TypeKind.CHAR;
    isVarchar = type.kind() == TypeKind.VARCHAR;
    maxLength = isChar || isVarchar ? type.maxLength() : 0;
    if (ctx.options().dictionaryKeySizeThreshold() <= 0 || ctx.directEncoding(id)) {
      useDictionary = false;
      decided = true;
    }
    groupStarts.add(0);
  }

  @Override
  void writeValues(ColumnVector v, int offset, int length) throws IOException {
    BytesVector b = (BytesVector) v;
    StringStats stats = (StringStats) groupStats;
    boolean noNulls = v.noNulls;
    if (useDictionary && !isChar && !isVarchar && bloom == null) {
      addToDictionary(b, offset, length, stats);
      return;
    }
    for (int i = offset, end = offset + length; i < end; i++) {
      if (noNulls || !v.isNull[i]) {
        byte[] buf = b.vector[i];
        int off = b.start[i];
        int len = b.length[i];
        if (isVarchar) {
          len = truncate(buf, off, len, maxLength);
        } else if (isChar) {
          int chars = charLength(buf, off, len);
          if (chars >= maxLength) {
            len = truncate(buf, off, len, maxLength);
          } else {
            int padded = len + (maxLength - chars);
            if (padding.length < padded) {
              padding = new byte[Math.max(padded, padding.length * 2)];
            }
            System.arraycopy(buf, off, padding, 0, len);
            Arrays.fill(padding, len, padded, (byte) ' ');
            buf = padding;
            off = 0;
            len = padded;
          }
        }
        if (useDictionary) {
          int id = dictionary.add(buf, off, len);
          rows.add(id);
          // A value met before in this row group cannot move min or max: skip the compares.
          if (id < statsSeen.length && statsSeen[id] == statsGroup) {
            stats.updateSeen(len, 1);
          } else {
            if (id >= statsSeen.length) {
              statsSeen = Arrays.copyOf(statsSeen, Math.max(id + 1, statsSeen.length * 2));
            }
            statsSeen[id] = statsGroup;
            stats.update(buf, off, len, 1);
          }
        } else {
          data.write(buf, off, len);
          lengths.write(len);
          stats.update(buf, off, len, 1);
        }
        if (bloom != null) {
          bloom.addBytes(buf, off, len);
          if (legacyBloom != null) {
            addLegacyString(buf, off, len);
          }
        }
      }
    }
  }

  /**
   * {@link #writeValues} of a STRING column while the dictionary is in use, without bloom
   * filter: first the ids of all values (a lookup a value, nothing else touching the caller's
   * bytes), then the ids to the stripe's list and the statistics from the dictionary's copy of
   * each value not met before in the row group (min and max do not depend on the order).
   */
  private void addToDictionary(BytesVector b, int offset, int length, StringStats stats) {
    int[] found = ctx.lane().ints(length); // the thread's: only for this call
    int n = 0;
    byte[][] vector = b.vector;
    int[] starts = b.start;
    int[] lengths = b.length;
    if (b.noNulls) {
      for (int i = offset, end = offset + length; i < end; i++) {
        found[n++] = dictionary.add(vector[i], starts[i], lengths[i]);
      }
    } else {
      boolean[] isNull = b.isNull;
      for (int i = offset, end = offset + length; i < end; i++) {
        if (!isNull[i]) {
          found[n++] = dictionary.add(vector[i], starts[i], lengths[i]);
        }
      }
    }
    rows.addAll(found, n);
    if (statsSeen.length < dictionary.size()) {
      statsSeen = Arrays.copyOf(statsSeen, Math.max(dictionary.size(), statsSeen.length * 2));
    }
    int[] seen = statsSeen;
    int group = statsGroup;
    byte[] bytes = dictionary.bytes();
    long seenBytes = 0;
    for (int k = 0; k < n; k++) {
      int id = found[k];
      int len = dictionary.length(id);
      if (seen[id] == group) {
        seenBytes += len;
      } else {
        seen[id] = group;
        stats.update(bytes, dictionary.start(id), len, 1);
      }
    }
    stats.updateSeenBytes(seenBytes);
  }

  private static boolean isStartByte(byte b) {
    return (b & 0xC0) != 0x80;
  }

  private static int charLength(byte[] b, int off, int len) {
    int n = 0;
    for (int i = off; i < off + len; i++) {
      if (isStartByte(b[i])) {
        n++;
      }
    }
    return n;
  }

  /** Bytes of the first {@code max} characters. */
  private static int truncate(byte[] b, int off, int len, int max) {
    if (len <= max) {
      return len;
    }
    int chars = 0;
    for (int i = 0; i < len; i++) {
      if (isStartByte(b[off + i]) && ++chars > max) {
        return i;
      }
    }
    return len;
  }

  @Override
  void checkpoints(List<Checkpoint> out) {
    super.checkpoints(out);
    if (!useDictionary) {
      out.add(data.checkpoint());
      out.add(lengths.checkpoint());
    }
  }

  @Override
  void afterRowGroup() throws IOException {
    statsGroup++; // the row group's statistics were just reset
    if (!useDictionary) {
      return;
    }
    groupStarts.add(rows.size());
    if (ctx.options().dictionaryEarlyCheck()) {
      decide();
    }
    if (!useDictionary) {
      flushValues();
    }
  }

  /** The once-per-file choice between dictionary and direct. */
  private void decide() {
    if (decided) {
      return;
    }
    decided = true;
    float ratio = rows.size() > 0 ? (float) dictionary.size() / rows.size() : 0.0f;
    long maxSize = ctx.options().dictionaryMaxSize();
    useDictionary = !ctx.rleV2() || (ratio <= ctx.options().dictionaryKeySizeThreshold()
        && (maxSize <= 0 || dictionary.orcJavaSize() <= maxSize));
  }

  /**
   * Writes the buffered values: as dictionary ids (after writing the sorted dictionary) or, when
   * the column just turned direct, as bytes and lengths. Finished index entries get the
   * positions of their first value.
   */
  private void flushValues() throws IOException {
    int[] rank = null;
    if (useDictionary) {
      int[] sorted = dictionary.sortedIds();
      rank = new int[sorted.length];
      byte[] bytes = dictionary.bytes();
      for (int r = 0; r < sorted.length; r++) {
        int id = sorted[r];
        rank[id] = r;
        dictionaryData.write(bytes, dictionary.start(id), dictionary.length(id));
        lengths.write(dictionary.length(id));
      }
    }
    int count = rows.size();
    int entries = rowIndex == null ? 0 : rowIndex.entryCount();
    int entry = 0;
    if (useDictionary) {
      // the ids of each row group in blocks, their first one's position recorded before
      long[] idBlock = ctx.lane().longs(Math.min(count, ID_BLOCK)); // the thread's
      int i = 0;
      while (true) {
        while (entry < entries && i == groupStarts.get(entry)) {
          rowIndex.entry(entry++).add(ids.checkpoint());
        }
        if (i == count) {
          break;
        }
        int end = entry < entries ? groupStarts.get(entry) : count;
        while (i < end) {
          int n = Math.min(end - i, ID_BLOCK);
          rows.mapTo(i, i + n, rank, idBlock);
          ids.write(idBlock, 0, n);
          i += n;
        }
      }
      rows.clear();
      groupStarts.clear();
      groupStarts.add(0);
      return;
    }
    byte[] bytes = dictionary.bytes();
    for (int i = 0; i <= count; i++) {
      while (entry < entries && i == groupStarts.get(entry)) {
        List<Checkpoint> positions = rowIndex.entry(entry++);
        positions.add(data.checkpoint());
        positions.add(lengths.checkpoint());
      }
      if (i < count) {
        int id = rows.get(i);
        int len = dictionary.length(id);
        data.write(bytes, dictionary.start(id), len);
        lengths.write(len);
      }
    }
    // the column is direct for the rest of the file: the dictionary's storage goes
    rows.release();
    groupStarts.clear();
    groupStarts.add(0);
    dictionary = new StringDictionary();
  }

  @Override
  void flushOwnStreams() throws IOException {
    super.flushOwnStreams();
    if (useDictionary) {
      decide();
      flushValues();
    }
    ids.flush();
    data.flush();
    lengths.flush();
    dictionaryData.flush();
  }

  @Override
  void finishStripe(StripeResult out, int requiredEntries) throws IOException {
    if (!useDictionary) {
      ctx.suppress(id, StreamKind.DICTIONARY_DATA);
    }
    super.finishStripe(out, requiredEntries);
    statsGroup++; // without a row index the statistics were reset here
  }

  @Override
  EncodingEntry encoding() {
    if (useDictionary) {
      return encoding(ctx.rleV2() ? ColumnEncoding.DICTIONARY_V2 : ColumnEncoding.DICTIONARY,
          dictionary.size());
    }
    return directEncoding();
  }

  @Override
  void startStripe() throws IOException {
    dictionary.clear();
    statsGroup++;
    super.startStripe();
  }

  @Override
  long extraMemory() {
    return useDictionary ? dictionary.memory() + rows.memory() : 0;
  }
}
