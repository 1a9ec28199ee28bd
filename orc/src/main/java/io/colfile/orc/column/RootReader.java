package io.colfile.orc.column;

import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.orc.index.PositionSource;
import java.io.IOException;

/**
 * Reads rows into a batch. A struct root fills one batch column per included field, in the
 * file's order; any other root (a file of bare values) fills {@code cols[0]}.
 */
public final class RootReader {
  private final StructColumnReader struct;
  private final ColumnReader bare;

  RootReader(Type schema, boolean[] included) {
    if (schema.kind() == TypeKind.STRUCT) {
      struct = new StructColumnReader(0, schema, ColumnReaders.fields(schema, 0, included));
      bare = null;
    } else {
      struct = null;
      bare = ColumnReaders.create(schema, 0, null);
    }
  }

  public void startStripe(StripeStreams streams) throws IOException {
    if (struct != null) {
      struct.startStripe(streams);
    } else {
      bare.startStripe(streams);
    }
  }

  /**
   * Moves every column read to the positions {@code source} gives: the start of a row group,
   * or {@link PositionSource#STRIPE_START}.
   */
  public void seek(PositionSource source) throws IOException {
    if (struct != null) {
      struct.seekRoot(source);
    } else {
      bare.seek(source);
    }
  }

  /** Skips the next {@code n} rows of the stripe. */
  public void skip(long n) throws IOException {
    if (struct != null) {
      struct.skipRoot(n);
    } else {
      bare.skip(n);
    }
  }

  /** Reads the next {@code n} rows of the stripe into {@code batch}. */
  public void read(ColumnBatch batch, int n) throws IOException {
    if (struct != null) {
      struct.readRoot(batch.cols, n);
    } else {
      bare.read(batch.cols[0], 0, n, null);
    }
    batch.size = n;
  }
}
