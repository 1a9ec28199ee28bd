package io.colfile.trevni;

import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.ListVector;
import io.colfile.core.vector.MapVector;
import io.colfile.core.vector.StructVector;
import io.colfile.core.vector.UnionVector;
import io.colfile.testkit.MemoryFile;
import io.colfile.testkit.RandomBatches;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.Random;

/**
 * Seeded random Trevni files of Avro records, written by {@link TrevniWriter} from {@link
 * RandomBatches} data: every colfile type Avro records can hold, nested structs (nullable
 * records), lists, maps, unions, NULLs, batches of random sizes.
 */
final class RandomRecordFiles {
  private RandomRecordFiles() {}

  /** A schema TrevniWriter accepts (union branches of different kinds), up to width columns. */
  static Type schema(Random r, int width) {
    while (true) {
      Type t = RandomBatches.randomSchema(r, width);
      try {
        io.colfile.trevni.avro.AvroTypes.fromType(t);
        return t;
      } catch (IllegalArgumentException e) {
        // a union Avro cannot hold: draw again
      }
    }
  }

  /** A file of {@code rows} random rows of {@code schema}; its bytes. */
  static byte[] write(Random r, Type schema, int rows, TrevniWriterOptions options, Path dir)
      throws IOException {
    Path p = Files.createTempFile(dir, "records", ".trv");
    RandomBatches gen = new RandomBatches(new Random(r.nextLong()), ZoneOffset.UTC);
    try (TrevniWriter w = TrevniWriter.create(OutputFile.local(p), schema, options)) {
      int first = 0;
      for (int size : MemoryFile.randomSizes(r, rows)) {
        ColumnBatch b = gen.batch(schema, size, first);
        for (int c = 0; c < b.cols.length; c++) {
          fillMapKeys(b.cols[c], size);
        }
        w.write(b);
        first += size;
      }
    }
    return Files.readAllBytes(p);
  }

  /** Avro map keys are never NULL: the generator's NULL keys become empty strings. */
  private static void fillMapKeys(ColumnVector v, int size) {
    if (v instanceof MapVector m) {
      BytesVector keys = (BytesVector) m.keys;
      for (int i = 0; i < m.childCount; i++) {
        if (keys.isNull(i)) {
          keys.isNull[i] = false;
          keys.setRef(i, new byte[0], 0, 0);
        }
      }
      fillMapKeys(m.values, m.childCount);
    } else if (v instanceof ListVector l) {
      fillMapKeys(l.child, l.childCount);
    } else if (v instanceof StructVector s) {
      for (ColumnVector f : s.fields) {
        fillMapKeys(f, size);
      }
    } else if (v instanceof UnionVector u) {
      for (int k = 0; k < u.fields.length; k++) {
        fillMapKeys(u.fields[k], u.counts[k]);
      }
    }
  }
}
