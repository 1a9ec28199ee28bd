package io.colfile.orc;

import io.colfile.core.codec.Decompressor;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.io.InputFile;
import io.colfile.orc.column.StripeStreams;
import io.colfile.orc.index.StripeIndex;
import io.colfile.orc.stream.OrcInputStream;
import io.colfile.orc.stripe.ColumnEncoding;
import io.colfile.orc.stripe.StreamId;
import io.colfile.orc.stripe.StreamKind;
import java.io.IOException;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The bytes of the data streams a projection needs from one stripe, read with as few positional
 * reads as their layout allows.
 */
final class StripeData implements StripeStreams {
  /** Streams closer than this are read with one positional read. */
  private static final long MERGE_GAP = 1 << 20;
  /** The streams column readers read; the others only count towards offsets. */
  private static final Set<StreamKind> VALUE_KINDS = EnumSet.of(StreamKind.PRESENT,
      StreamKind.DATA, StreamKind.LENGTH, StreamKind.DICTIONARY_DATA, StreamKind.SECONDARY);

  private final Stripe stripe;
  private final Map<StreamId, OrcInputStream> streams = new HashMap<>();
  private final ZoneId writerZone;
  private final long maxNestedValues;

  StripeData(InputFile in, Stripe stripe, boolean[] included, ZoneId defaultZone,
      long maxNestedValues, Decompressor decompressor) throws IOException {
    this.stripe = stripe;
    this.maxNestedValues = maxNestedValues;
    this.writerZone = stripe.writerZone(defaultZone);
    List<Map.Entry<StreamId, StripeIndex.Located>> wanted = new ArrayList<>();
    for (Map.Entry<StreamId, StripeIndex.Located> e : stripe.streams.entrySet()) {
      StreamId id = e.getKey();
      if (VALUE_KINDS.contains(id.kind()) && included[id.column()]) {
        wanted.add(e);
      }
    }
    OrcTail tail = stripe.tail;
    String where = "stripe " + stripe.index;
    int i = 0;
    while (i < wanted.size()) {
      int j = i + 1;
      long start = wanted.get(i).getValue().offset();
      long stop = start + wanted.get(i).getValue().length();
      while (j < wanted.size()) {
        StripeIndex.Located next = wanted.get(j).getValue();
        if (next.offset() < stop || next.offset() - stop > MERGE_GAP
            || next.offset() + next.length() - start > Integer.MAX_VALUE - 16) {
          break;
        }
        stop = next.offset() + next.length();
        j++;
      }
      if (stop - start > Integer.MAX_VALUE - 16) {
        throw CorruptFileException.at(tail.file, where, -1, "stream of %d bytes is too large",
            stop - start);
      }
      byte[] buf = in.read(start, (int) (stop - start));
      for (int k = i; k < j; k++) {
        StreamId id = wanted.get(k).getKey();
        StripeIndex.Located at = wanted.get(k).getValue();
        streams.put(id, new OrcInputStream(tail.file, where + " / " + id, buf,
            (int) (at.offset() - start), (int) at.length(), decompressor, tail.blockSize));
      }
      i = j;
    }
  }

  @Override
  public OrcInputStream stream(int column, StreamKind kind) {
    return streams.get(new StreamId(column, kind));
  }

  @Override
  public ColumnEncoding encoding(int column) {
    return stripe.footer.columns().get(column).kind();
  }

  @Override
  public long dictionarySize(int column) {
    return stripe.footer.columns().get(column).dictionarySize();
  }

  @Override
  public long rows() {
    return stripe.info.numberOfRows();
  }

  @Override
  public int stripe() {
    return stripe.index;
  }

  @Override
  public String file() {
    return stripe.tail.file;
  }

  @Override
  public ZoneId writerZone() {
    return writerZone;
  }

  @Override
  public long maxNestedValues() {
    return maxNestedValues;
  }

  @Override
  public boolean decimal64() {
    return stripe.decimal64();
  }
}
