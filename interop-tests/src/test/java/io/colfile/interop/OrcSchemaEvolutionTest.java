package io.colfile.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.ReadOptions;
import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.interop.EvolutionSchemas.Limits;
import io.colfile.interop.EvolutionSchemas.Node;
import io.colfile.orc.OrcWriter;
import io.colfile.orc.OrcWriterOptions;
import io.colfile.testkit.Rows;
import io.colfile.testkit.TestSeed;
import io.colfile.testkit.ValueFill;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TimeZone;
import java.util.stream.IntStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.OrcFile;
import org.apache.orc.Reader;
import org.apache.orc.RecordReader;
import org.apache.orc.TypeDescription;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Schema evolution against orc-core: seeded random files (written by orc-core and by colfile in
 * turn; every scalar type, nested structs, lists, maps and unions, NULLs, edge values, text that
 * parses as numbers, dates and timestamps and text that does not) read with random reader
 * schemas (every conversion orc-core has, fields added, dropped, renamed and reordered, by name
 * and by position, and Hive's {@code _colN} files) give colfile the values orc-core gives, NULLs
 * included, field by field. The exhaustive run must meet values with every conversion the
 * schemas may draw ({@link EvolutionComparison#allowed}, minus {@link #NEVER_MET}); the quick
 * run at least {@link #QUICK_MINIMUM} of them.
 *
 * <p>Half the cases read in orc-core's UTC mode ({@code useUTCTimestamp}) with colfile's zone
 * UTC; the others in the writer's zone (New York, Kolkata or UTC) made the JVM's, as orc-core's
 * default reader does, with colfile's {@code defaultZone} the same. Both sides use the proleptic
 * Gregorian calendar (see {@code DateTimeFormats}). Left out, with their reasons:
 *
 * <ul>
 *   <li>outside UTC mode, numbers, dates and text read as TIMESTAMP: orc-core holds such
 *       values as instants of the JVM's zone, which cannot be wall clocks the zone skips, and
 *       java.util.TimeZone knows no local mean time before 1900, so orc-core's answers depend on
 *       the zone while the conversion itself does not (UTC mode compares them all);
 *   <li>decimals with more than 15 integer digits read as timestamps: orc-core fails with an
 *       ArithmeticException beyond a long of milliseconds;
 *   <li>text read as BINARY, when orc-core fails on the file: it cannot read
 *       dictionary-encoded strings that way (the reader schema is then drawn again without it);
 *   <li>conversions from decimals of precision 18 or less in files of version UNSTABLE-PRE-2.0,
 *       which hold them as decimal64: orc-core's conversions read them with the reader of the
 *       other decimal encoding and fail (NullPointerException);
 *   <li>conversions below a list or map with no element in orc-core's first batch: orc-core
 *       sizes the conversion's vector by that first batch and then fails on it
 *       (ArrayIndexOutOfBoundsException in ConvertTreeReader).
 * </ul>
 */
@ExtendWith(TestSeed.class)
class OrcSchemaEvolutionTest {
  private static final int QUICK_FILES = 6;
  private static final int EXHAUSTIVE_FILES = 120;
  private static final int READERS_PER_FILE = 6;
  private static final int ORC_CORE_BATCH = 777;
  /**
   * Conversions the exhaustive run may not meet, each with why: none (runs of 120 files, seeds
   * C0FFEE and 5EED, met all 175 that {@link EvolutionComparison#allowed} lists).
   */
  private static final Set<String> NEVER_MET = Set.of();
  /**
   * Conversions the quick run (six files, two of every type) meets at least, whatever the seed:
   * sixteen seeds met 64 to 109 of the 175, and seed 4CCD4CD8A48C6B56 only 32 (its random
   * schemas drew few scalar fields). A floor that every seed passes: that the comparison meets
   * values at all; the exhaustive run checks every conversion.
   */
  private static final int QUICK_MINIMUM = 25;
  private static Path dir;
  private static int binaryRetries;
  /** Cases that ran to the end: coverage is judged only when every case did. */
  private static int completed;

  static IntStream cases() {
    return IntStream.range(0, TestSeed.exhaustive() ? EXHAUSTIVE_FILES : QUICK_FILES);
  }

  @BeforeAll
  static void makeDir() throws IOException {
    dir = Files.createTempDirectory("colfile-evolution-");
  }

  @AfterAll
  static void report() throws IOException {
    try (var paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Collections.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
    Set<String> allowed = EvolutionComparison.allowed();
    Set<String> missing = new java.util.TreeSet<>(allowed);
    missing.removeAll(EvolutionComparison.COVERED);
    System.out.printf("schema evolution: %d of %d conversions met values%s: %s%n  not met: %s%n",
        EvolutionComparison.COVERED.size(), allowed.size(), binaryRetries == 0 ? ""
            : " (" + binaryRetries + " reader schemas drawn again without text as binary)",
        EvolutionComparison.COVERED, missing);
    assertThat(allowed).containsAll(EvolutionComparison.COVERED);
    if (completed < cases().count()) {
      return; // some cases filtered out or failed: their failures say enough
    }
    if (TestSeed.exhaustive()) {
      assertThat(missing).as("conversions no value met; %s", TestSeed.replay())
          .isSubsetOf(NEVER_MET);
    } else {
      assertThat(EvolutionComparison.COVERED.size())
          .as("conversions met (of %d); %s", allowed.size(), TestSeed.replay())
          .isGreaterThanOrEqualTo(QUICK_MINIMUM);
    }
  }

  @ParameterizedTest(name = "case {0}")
  @MethodSource("cases")
  void colfileReadsWhatOrcCoreReads(int index) throws IOException {
    Random r = TestSeed.random("schema-evolution", index);
    boolean hiveNames = index > 1 && r.nextInt(6) == 0;
    // the first two files hold every type, so that even a quick run meets most conversions
    TypeDescription schema = index < 2 ? RandomSchemas.everyType(r) : fileSchema(r, hiveNames);
    boolean colfileWrites = index % 2 == 1;
    OrcCoreOptions o = OrcCoreOptions.random(r, OrcCoreOptions.CODECS.get(index % 5), schema);
    List<Object> rows = textToConvert(schema, new RandomValues(r, o.writerZone())
        .rows(schema, new int[] {0, 1, 100, 511, 1025, 1500}[r.nextInt(6)]), r);
    Path path = dir.resolve("evolution-" + index + ".orc");
    if (colfileWrites) {
      writeWithColfile(path, schema, rows, o);
    } else {
      OrcCoreFiles.write(path, schema, rows, o, r, true);
    }
    boolean utc = r.nextBoolean();
    ZoneId zone = utc ? ZoneId.of("UTC") : o.writerZone();
    boolean noBinary = false;
    Set<TypeDescription> empty = emptyInFirstBatch(schema, rows);
    for (int k = 0; k < READERS_PER_FILE; k++) {
      boolean positional = hiveNames || r.nextInt(4) == 0;
      Random schemaRandom = TestSeed.random("reader-schema-" + k, index);
      Node reader = new EvolutionSchemas(schemaRandom, limits(zone, noBinary,
          colfileWrites ? OrcFile.Version.V_0_12 : o.version(), empty))
          .root(schema, positional);
      String where = String.format("case %d (%s, %s, %d rows, %s, zone %s%s)%n  file   %s%n"
          + "  reader %s%n  %s", index, colfileWrites ? "colfile wrote it" : "orc-core wrote it",
          o.codec(), rows.size(), o.version().getName(), utc ? "UTC mode" : zone,
          positional ? ", by position" : "", schema, reader.reader(), TestSeed.replay());
      List<Object> expected;
      try {
        expected = readWithOrcCore(path, reader.reader(), positional, utc, zone);
      } catch (IOException e) {
        if (noBinary || !causedBy(e, "Unknown encoding")) {
          throw new AssertionError("orc-core cannot read it: " + where, e);
        }
        noBinary = true;                      // dictionary strings as binary: orc-core fails
        binaryRetries++;
        k--;
        continue;
      }
      ReadOptions options = ReadOptions.defaults().withSchema(Type.parse(reader.reader()
          .toString())).withMatchByPosition(positional && !hiveNames).withDefaultZone(zone)
          .withBatchSize(1 + r.nextInt(r.nextBoolean() ? 100 : 2000));
      List<Object> actual;
      try {
        actual = ColfileReader.valuesWithColfile(path, reader.reader(), options);
      } catch (RuntimeException e) {
        throw new AssertionError("colfile cannot read it: " + where, e);
      }
      new EvolutionComparison(() -> where).rows(reader, rows, expected, actual);
    }
    completed++;
  }

  private static boolean causedBy(Throwable e, String message) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (String.valueOf(t.getMessage()).contains(message)) {
        return true;
      }
    }
    return false;
  }

  private static Limits limits(ZoneId zone, boolean noBinary, OrcFile.Version version,
      Set<TypeDescription> empty) {
    return new Limits(!zone.getRules().isFixedOffset(), noBinary,
        version == OrcFile.Version.UNSTABLE_PRE_2_0, empty);
  }

  /**
   * The lists and maps (identity) with no element in the first {@link #ORC_CORE_BATCH} rows:
   * orc-core sizes a conversion's vector by its first batch and then fails on it.
   */
  private static Set<TypeDescription> emptyInFirstBatch(TypeDescription schema,
      List<Object> rows) {
    Map<TypeDescription, Integer> elements = new IdentityHashMap<>();
    for (Object row : rows.subList(0, Math.min(rows.size(), ORC_CORE_BATCH))) {
      countElements(schema, row, elements);
    }
    Set<TypeDescription> empty = Collections.newSetFromMap(new IdentityHashMap<>());
    collections(schema, empty);
    empty.removeIf(t -> elements.getOrDefault(t, 0) > 0);
    return empty;
  }

  private static void collections(TypeDescription t, Set<TypeDescription> out) {
    if (t.getCategory() == TypeDescription.Category.LIST
        || t.getCategory() == TypeDescription.Category.MAP) {
      out.add(t);
    }
    if (t.getChildren() != null) {
      t.getChildren().forEach(c -> collections(c, out));
    }
  }

  private static void countElements(TypeDescription t, Object v,
      Map<TypeDescription, Integer> out) {
    if (v == null) {
      return;
    }
    List<TypeDescription> c = t.getChildren();
    switch (t.getCategory()) {
      case STRUCT:
        for (int i = 0; i < c.size(); i++) {
          countElements(c.get(i), ((List<?>) v).get(i), out);
        }
        break;
      case LIST:
        out.merge(t, ((List<?>) v).size(), Integer::sum);
        ((List<?>) v).forEach(x -> countElements(c.get(0), x, out));
        break;
      case MAP:
        out.merge(t, ((List<?>) v).size(), Integer::sum);
        for (Object e : (List<?>) v) {
          countElements(c.get(0), ((Values.Entry) e).key(), out);
          countElements(c.get(1), ((Values.Entry) e).value(), out);
        }
        break;
      case UNION: {
        Rows.Variant u = (Rows.Variant) v;
        countElements(c.get(u.tag()), u.value(), out);
        break;
      }
      default:
        break;
    }
  }

  /** A random struct, sometimes with Hive's names {@code _col0, _col1, ...} at the top. */
  private static TypeDescription fileSchema(Random r, boolean hiveNames) {
    TypeDescription s = RandomSchemas.struct(r, 0);
    if (!hiveNames) {
      return s;
    }
    TypeDescription hive = TypeDescription.createStruct();
    for (int i = 0; i < s.getChildren().size(); i++) {
      hive.addField("_col" + i, s.getChildren().get(i).clone());
    }
    return hive;
  }

  /** The rows with most text replaced by text other types may read ({@link ConvertibleText}). */
  private static List<Object> textToConvert(TypeDescription schema, List<Object> rows,
      Random r) {
    List<Object> out = new ArrayList<>(rows.size());
    for (Object row : rows) {
      out.add(replaceText(schema, row, r));
    }
    return out;
  }

  private static Object replaceText(TypeDescription type, Object v, Random r) {
    if (v == null) {
      return null;
    }
    List<TypeDescription> c = type.getChildren();
    switch (type.getCategory()) {
      case STRING: case VARCHAR: case CHAR:
        return r.nextInt(4) == 0 ? v : ConvertibleText.of(type, r);
      case STRUCT: {
        List<Object> fields = new ArrayList<>();
        for (int i = 0; i < c.size(); i++) {
          fields.add(replaceText(c.get(i), ((List<?>) v).get(i), r));
        }
        return fields;
      }
      case LIST: {
        List<Object> items = new ArrayList<>();
        ((List<?>) v).forEach(x -> items.add(replaceText(c.get(0), x, r)));
        return items;
      }
      case MAP: {
        List<Object> entries = new ArrayList<>();
        for (Object e : (List<?>) v) {
          Values.Entry entry = (Values.Entry) e;
          entries.add(new Values.Entry(replaceText(c.get(0), entry.key(), r),
              replaceText(c.get(1), entry.value(), r)));
        }
        return entries;
      }
      case UNION: {
        Rows.Variant u = (Rows.Variant) v;
        return new Rows.Variant(u.tag(), replaceText(c.get(u.tag()), u.value(), r));
      }
      default:
        return v;
    }
  }

  private static void writeWithColfile(Path path, TypeDescription schema, List<Object> rows,
      OrcCoreOptions o) throws IOException {
    OrcWriterOptions options = OrcWriterOptions.builder()
        .compression(CompressionCodec.valueOf(o.codec().name()))
        .stripeSize(o.stripeSize())
        .rowIndexStride(o.rowIndexStride())
        .dictionaryKeySizeThreshold(o.dictionaryKeyThreshold())
        .writerTimeZone(o.writerZone())
        .build();
    Type type = Type.parse(schema.toString());
    try (OrcWriter w = OrcWriter.create(OutputFile.local(path), type, options)) {
      for (int next = 0; next < rows.size(); next += 1000) {
        w.write(ValueFill.batch(type, rows.subList(next, Math.min(rows.size(), next + 1000))));
      }
    }
  }

  /**
   * orc-core's rows with {@code readerSchema}: in UTC mode, or with {@code zone} as the JVM's
   * for the read (tests in this module do not run in parallel).
   */
  private static List<Object> readWithOrcCore(Path path, TypeDescription readerSchema,
      boolean positional, boolean utc, ZoneId zone) throws IOException {
    TimeZone saved = TimeZone.getDefault();
    if (!utc) {
      TimeZone.setDefault(TimeZone.getTimeZone(zone));
    }
    try (Reader reader = OrcFile.createReader(new org.apache.hadoop.fs.Path(path.toUri()),
        OrcFile.readerOptions(new Configuration()).useUTCTimestamp(utc)
            .convertToProlepticGregorian(true));
         RecordReader records = reader.rows(reader.options().schema(readerSchema)
             .forcePositionalEvolution(positional))) {
      VectorizedRowBatch batch = readerSchema.createRowBatch(ORC_CORE_BATCH);
      List<Object> rows = new ArrayList<>();
      ZoneId wallZone = utc ? ZoneOffset.UTC : zone;
      while (records.nextBatch(batch)) {
        for (int i = 0; i < batch.size; i++) {
          List<Object> fields = new ArrayList<>();
          for (int f = 0; f < batch.cols.length; f++) {
            fields.add(VectorValues.get(batch.cols[f], readerSchema.getChildren().get(f), i,
                wallZone));
          }
          rows.add(fields);
        }
      }
      return rows;
    } finally {
      TimeZone.setDefault(saved);
    }
  }
}
