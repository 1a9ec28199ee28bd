package io.colfile.trevni;

import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
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
    return RandomBatches.randomSchema(r, width, RandomRecordFiles::avroCanHold);
  }

  private static boolean avroCanHold(Type t) {
    try {
      io.colfile.trevni.avro.AvroTypes.fromType(t);
      return true;
    } catch (IllegalArgumentException e) {
      return false; // a union Avro cannot hold
    }
  }

  /** A file of {@code rows} random rows of {@code schema}; its bytes. */
  static byte[] write(Random r, Type schema, int rows, TrevniWriterOptions options, Path dir)
      throws IOException {
    Path p = Files.createTempFile(dir, "records", ".trv");
    // Avro map keys are never NULL
    RandomBatches gen =
        new RandomBatches(new Random(r.nextLong()), ZoneOffset.UTC).withoutNullMapKeys();
    try (TrevniWriter w = TrevniWriter.create(OutputFile.local(p), schema, options)) {
      int first = 0;
      for (int size : MemoryFile.randomSizes(r, rows)) {
        w.write(gen.batch(schema, size, first));
        first += size;
      }
    }
    return Files.readAllBytes(p);
  }
}
