package io.colfile.orc.write;

import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.UnionVector;
import io.colfile.orc.stream.ByteRleEncoder;
import io.colfile.orc.stripe.StreamKind;
import java.io.IOException;

/** UNION: tags as byte RLE in DATA; variant k gets the values of the rows tagged k. */
final class UnionColumnWriter extends ColumnWriter {
  private final ByteRleEncoder tags;
  private final ColumnWriter[] variants;

  UnionColumnWriter(int id, Type type, WriterContext ctx, ColumnWriter[] variants) {
    super(id, type, ctx);
    this.variants = variants;
    tags = part(new ByteRleEncoder(ctx.stream(id, StreamKind.DATA)));
  }

  @Override
  ColumnWriter[] children() {
    return variants;
  }

  @Override
  void writeValues(ColumnVector v, int offset, int length) throws IOException {
    UnionVector u = (UnionVector) v;
    boolean noNulls = v.noNulls;
    int runTag = -1;
    int runStart = 0;
    int runEnd = 0;
    for (int i = offset, end = offset + length; i < end; i++) {
      if (noNulls || !v.isNull[i]) {
        int tag = u.tags[i];
        int at = u.offsets[i];
        if (tag < 0 || tag >= variants.length || at < 0 || at >= u.counts[tag]) {
          throw badValue(i, "tag " + tag + " at offset " + at + " names no variant value");
        }
        tags.write((byte) tag);
        if (bloom != null) {
          bloom.addLong(tag);
        }
        if (tag == runTag && at == runEnd) {
          runEnd++;
        } else {
          if (runTag >= 0) {
            variants[runTag].write(u.fields[runTag], runStart, runEnd - runStart);
          }
          runTag = tag;
          runStart = at;
          runEnd = at + 1;
        }
      }
    }
    if (runTag >= 0) {
      variants[runTag].write(u.fields[runTag], runStart, runEnd - runStart);
    }
  }
}
