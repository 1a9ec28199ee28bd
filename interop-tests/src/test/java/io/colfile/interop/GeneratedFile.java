package io.colfile.interop;

import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.apache.orc.CompressionKind;
import org.apache.orc.TypeDescription;

/**
 * One generated ORC file: the rows as generated, the options orc-core wrote them with, and the
 * seed that makes it again. Everything derives from {@link TestSeed#random}, so case {@code n}
 * of a run is the same file in every test that asks for it.
 */
record GeneratedFile(int index, Path path, TypeDescription schema, List<Object> rows,
    OrcCoreOptions options) {

  /** Row counts on the boundaries STYLE.md §4 lists: batch, row-group and stripe edges. */
  private static final int[] SIZES = {0, 1, 2, 511, 512, 513, 999, 1000, 1001, 1024, 1025, 3000};

  /**
   * Writes case {@code index}: case 0 has a column of every type and several stripes and row
   * groups; codecs take turns (from a seed-chosen start) so any five consecutive cases cover
   * them all.
   */
  static GeneratedFile write(Path dir, int index, boolean large) throws IOException {
    Random r = TestSeed.random("orc-core-file", index);
    List<CompressionKind> codecs = OrcCoreOptions.CODECS;
    int first = TestSeed.random("first-codec", 0).nextInt(codecs.size());
    CompressionKind codec = codecs.get((first + index) % codecs.size());
    TypeDescription schema = index == 0 ? RandomSchemas.everyType(r) : RandomSchemas.random(r);
    OrcCoreOptions options = index == 0 ? OrcCoreOptions.everyReaderPath(r, codec)
        : OrcCoreOptions.random(r, codec, schema);
    int rows = index == 0 ? 4000
        : large && r.nextBoolean() ? r.nextInt(depthOfCollections(schema) > 0 ? 4_000 : 40_000)
        : SIZES[r.nextInt(SIZES.length)];
    List<Object> values = new RandomValues(r, options.writerZone()).rows(schema, rows);
    Path path = dir.resolve("case-" + index + ".orc");
    OrcCoreFiles.write(path, schema, values, options, r);
    return new GeneratedFile(index, path, schema, values, options);
  }

  /**
   * How deeply lists and maps nest: files with any get fewer rows, as their element counts
   * multiply (40,000 rows of them can hold hundreds of millions of values).
   */
  private static int depthOfCollections(TypeDescription t) {
    int below = 0;
    if (t.getChildren() != null) {
      for (TypeDescription c : t.getChildren()) {
        below = Math.max(below, depthOfCollections(c));
      }
    }
    boolean collection = t.getCategory() == TypeDescription.Category.LIST
        || t.getCategory() == TypeDescription.Category.MAP;
    return below + (collection ? 1 : 0);
  }

  /** What a failure message needs to find and replay the case. */
  String describe() {
    return String.format("case %d (%s) of %d rows, %s%n  schema %s%n  %s", index, path,
        rows.size(), options, schema, TestSeed.replay());
  }

  @Override
  public String toString() {
    return "case " + index + ": " + options.codec() + " " + options.version().getName() + ", "
        + rows.size() + " rows";
  }
}
