package io.colfile.cli;

import io.colfile.core.types.Type;
import io.colfile.testkit.RandomBatches;
import io.colfile.trevni.avro.AvroTypes;
import java.time.ZoneOffset;
import java.util.Random;

/**
 * Random schemas and data that a format can hold: Trevni's Avro records refuse unions of two
 * branches of one kind and have no NULL map keys; ORC holds every schema {@link RandomBatches}
 * draws.
 */
final class RandomData {
  private RandomData() {}

  /** A random struct schema of up to {@code width} columns that {@code format} can write. */
  static Type schema(String format, Random r, int width) {
    return RandomBatches.randomSchema(r, width, t -> fits(format, t));
  }

  /** A generator of batches {@code format} can write. */
  static RandomBatches batches(String format, Random r) {
    RandomBatches data = new RandomBatches(r, ZoneOffset.UTC);
    return format.equals("trevni") ? data.withoutNullMapKeys() : data;
  }

  private static boolean fits(String format, Type t) {
    if (!format.equals("trevni")) {
      return true;
    }
    try {
      AvroTypes.fromType(t);
      return true;
    } catch (IllegalArgumentException e) {
      return false; // a union Avro cannot hold
    }
  }
}
