package io.colfile.orc.column;

import io.colfile.core.error.FileRegion;
import io.colfile.core.types.Type;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnVector;
import io.colfile.orc.index.ColumnPositions;
import io.colfile.orc.stream.IntegerDecoder;
import io.colfile.orc.stream.OrcInputStream;
import io.colfile.orc.stripe.ColumnEncoding;
import io.colfile.orc.stripe.StreamKind;
import java.io.IOException;

/**
 * string, varchar, char and binary. DIRECT: LENGTH (unsigned RLE) + DATA (the bytes).
 * DICTIONARY: DICTIONARY_DATA + LENGTH describe the dictionary, read whole at the stripe start;
 * DATA holds each row's entry id. Rows point into the blob or dictionary without copying.
 */
final class BytesColumnReader extends ColumnReader {
  private boolean dictionary;
  private IntegerDecoder lengths;
  private OrcInputStream data;
  private IntegerDecoder ids;
  private byte[] dict;
  /** Per entry, its offset in {@link #dict} (high half) and length (low half): one lookup. */
  private long[] dictEntries;
  private int dictSize;
  private long[] scratch = new long[0];
  /**
   * The arrays values are copied into (direct strings of compressed streams), by vector and first
   * row: the reader's, shared by the column readers of a parallel read's parts, or this
   * reader's own.
   */
  private CopiedValues copiedValues;
  private CopiedValues ownCopiedValues;
  private static final byte[] EMPTY = new byte[0];

  BytesColumnReader(int column, Type type) {
    super(column, type);
  }

  @Override
  public void startStripe(StripeStreams s) throws IOException {
    super.startStripe(s);
    copiedValues = s.copiedValues();
    if (copiedValues == null) {
      if (ownCopiedValues == null) {
        ownCopiedValues = new CopiedValues();
      }
      copiedValues = ownCopiedValues;
    }
    ColumnEncoding encoding = s.encoding(column);
    dictionary = encoding.isDictionary();
    if (dictionary) {
      ids = IntegerDecoder.create(s.orEmpty(column, StreamKind.DATA), false, encoding.isV2());
      // the parts of a stripe read on several threads decode its dictionary once
      Dictionary d = s.shared(column, () -> readDictionary(s));
      dict = d.bytes;
      dictEntries = d.entries;
      dictSize = d.entries.length;
    } else {
      lengths = IntegerDecoder.create(s.orEmpty(column, StreamKind.LENGTH), false,
          encoding.isV2());
      data = s.orEmpty(column, StreamKind.DATA);
    }
  }

  /**
   * A stripe's dictionary of a column: the bytes of its entries, and per entry its offset in
   * them (high half) and length (low half). Never written once made: parts share it.
   */
  private record Dictionary(byte[] bytes, long[] entries) {}

  private Dictionary readDictionary(StripeStreams s) throws IOException {
    ColumnEncoding encoding = s.encoding(column);
    long size = s.dictionarySize(column);
    IntegerDecoder lens = IntegerDecoder.create(size == 0
        ? s.orEmpty(column, StreamKind.LENGTH)
        : s.required(column, StreamKind.LENGTH), false, encoding.isV2());
    OrcInputStream blobStream = s.stream(column, StreamKind.DICTIONARY_DATA);
    // Entries are distinct, so at most one is empty: a dictionary cannot have more entries
    // than DICTIONARY_DATA has bytes, plus one. Checked before the lengths are decoded.
    // An uncompressed dictionary held whole in the stripe's bytes is pointed at where it lies,
    // as direct strings are: the parts of a stripe read in parallel then share one array, so
    // the batches they fill in turn keep pointing at it (no reference store, no GC barrier)
    int base = 0;
    int bytes;
    byte[] blob;
    if (blobStream == null) {
      blob = EMPTY;
      bytes = 0;
    } else {
      byte[] window = blobStream.array();
      long rest = blobStream.restLength();
      base = blobStream.takeRestInPlace();
      if (base >= 0) {
        blob = window;
        bytes = (int) rest;
      } else {
        base = 0;
        blob = Blobs.readAll(blobStream);
        bytes = blob.length;
      }
    }
    if (size < 0 || size > bytes + 1L) {
      FileRegion where = blobStream != null ? blobStream.region() : this.where;
      throw where.corrupt("dictionary of %d entries but DICTIONARY_DATA has only %d bytes",
          size, bytes);
    }
    int[] dictLengths = Blobs.lengths(lens, size, this);
    int n = (int) size;
    long[] entries = new long[n];
    long total = 0;
    for (int i = 0; i < n; i++) {
      entries[i] = (base + total) << 32 | dictLengths[i];
      total += dictLengths[i];
      if (total > bytes) {
        throw lens.corrupt("dictionary entries need %d bytes, DICTIONARY_DATA has %d", total,
            bytes);
      }
    }
    return new Dictionary(blob, entries);
  }

  @Override
  public void read(ColumnVector cv, int off, int n, boolean[] parentNull) throws IOException {
    BytesVector v = (BytesVector) cv;
    int values = readNulls(v, off, n, parentNull);
    if (values == 0) {
      return;
    }
    if (scratch.length < values) {
      scratch = new long[Math.max(values, scratch.length * 2)];
    }
    long[] tmp = scratch;
    boolean[] isNull = v.isNull;
    boolean dense = values == n;
    // Rows are written straight into the vector's arrays (what setRef does), with the arrays
    // hoisted out of the loops.
    byte[][] bufs = v.vector;
    int[] starts = v.start;
    int[] lens = v.length;
    if (dictionary) {
      ids.next(tmp, 0, values);
      byte[] d = dict;
      long[] entries = dictEntries;
      int size = dictSize;
      // One branch-free pass checks every id: an id outside [0, size) has its sign bit set
      // either in itself or in size - 1 - id. Then the lookups run without checks.
      long outside = 0;
      for (int j = 0; j < values; j++) {
        long id = tmp[j];
        outside |= id | (size - 1 - id);
      }
      if (outside < 0) {
        for (int j = 0; j < values; j++) {
          if (tmp[j] < 0 || tmp[j] >= size) {
            throw ids.corrupt("dictionary id %d is outside the dictionary's %d entries", tmp[j],
                size);
          }
        }
      }
      if (dense) {
        for (int j = 0; j < n; j++) {
          int id = (int) tmp[j];
          int i = off + j;
          // Rows of earlier batches of this stripe already point at the dictionary; skipping
          // the reference store spares the GC write barrier.
          if (bufs[i] != d) {
            bufs[i] = d;
          }
          long e = entries[id];
          starts[i] = (int) (e >>> 32);
          lens[i] = (int) e;
        }
        return;
      }
      int j = 0;
      for (int i = off, end = off + n; i < end; i++) {
        if (!isNull[i]) {
          int id = (int) tmp[j++];
          if (bufs[i] != d) {
            bufs[i] = d;
          }
          long e = entries[id];
          starts[i] = (int) (e >>> 32);
          lens[i] = (int) e;
        }
      }
      return;
    }
    lengths.next(tmp, 0, values);
    // Branch-free: a length outside [0, 2^31) sets a bit above the 31st of the OR.
    long total = 0;
    long bits = 0;
    for (int i = 0; i < values; i++) {
      long len = tmp[i];
      bits |= len;
      total += len;
    }
    if ((bits >>> 31) != 0) {
      for (int i = 0; i < values; i++) {
        if (tmp[i] < 0 || tmp[i] > Integer.MAX_VALUE) {
          throw lengths.corrupt("value length %d is out of range", tmp[i]);
        }
      }
    }
    // Uncompressed bytes, and those of a chunk shared between parts of a stripe, are pointed at
    // where they lie (arrays nothing overwrites while the batch lives); others are copied out of
    // the reused decompression buffer.
    byte[] b = data.array();
    int pos = total <= Integer.MAX_VALUE ? data.takeInPlace((int) total) : -1;
    boolean copied = pos < 0;
    if (copied) {
      b = Blobs.read(data, total, copiedValues.take(v, off));
      copiedValues.put(v, off, b);
      pos = 0;
    }
    if (dense) {
      for (int j = 0; j < n; j++) {
        int len = (int) tmp[j];
        int i = off + j;
        if (bufs[i] != b) { // in place, earlier batches of the stripe point at it already
          bufs[i] = b;
        }
        starts[i] = pos;
        lens[i] = len;
        pos += len;
      }
    } else {
      int j = 0;
      for (int i = off, end = off + n; i < end; i++) {
        if (!isNull[i]) {
          int len = (int) tmp[j++];
          bufs[i] = b;
          starts[i] = pos;
          lens[i] = len;
          pos += len;
        }
      }
    }
  }

  @Override
  void seekValues(ColumnPositions p) throws IOException {
    if (dictionary) {
      ids.seek(p.integer(StreamKind.DATA));
    } else {
      data.seek(p.raw(StreamKind.DATA).offset());
      lengths.seek(p.integer(StreamKind.LENGTH));
    }
  }

  @Override
  void skipValues(long values) throws IOException {
    if (dictionary) {
      ids.skip(values);
      return;
    }
    data.skip(sumOfLengths(lengths, values, "value length"));
  }
}
