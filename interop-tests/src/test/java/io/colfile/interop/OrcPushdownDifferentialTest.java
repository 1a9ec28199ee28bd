package io.colfile.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.ScanReport;
import io.colfile.core.filter.BoundPredicate;
import io.colfile.core.filter.Predicate;
import io.colfile.core.io.InputFile;
import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.orc.OrcReader;
import io.colfile.testkit.RandomPredicates;
import io.colfile.testkit.ReferenceEvaluator;
import io.colfile.testkit.Rows;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.orc.OrcFile;
import org.apache.orc.Reader;
import org.apache.orc.StripeInformation;
import org.apache.orc.impl.OrcIndex;
import org.apache.orc.impl.ReaderImpl;
import org.apache.orc.impl.RecordReaderImpl;
import org.apache.orc.impl.SchemaEvolution;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * colfile's predicate pushdown against orc-core's SearchArgument, on seeded random files both
 * ways: orc-core's files (every type, bloom filters on some columns, strides, RLE v1 and v2,
 * decimal64, writer zones) and the same rows written by colfile. For random predicates built
 * from the files' values:
 *
 * <ul>
 *   <li>colfile's filtered read equals its full read filtered by the reference evaluator (so
 *       it never skips a row group holding a matching row);
 *   <li>orc-core, reading with the same condition as a SearchArgument ({@link SargTranslation}),
 *       returns whole row groups; those rows filtered by the reference are colfile's rows too;
 *   <li>the row groups each reads are counted, and every predicate where colfile reads more
 *       than orc-core is listed at the end (they must stay rare).
 * </ul>
 */
@ExtendWith(TestSeed.class)
class OrcPushdownDifferentialTest {
  private static final AtomicLong PREDICATES = new AtomicLong();
  private static final AtomicLong OURS = new AtomicLong();
  private static final AtomicLong THEIRS = new AtomicLong();
  private static final List<String> MORE = Collections.synchronizedList(new ArrayList<>());
  private static Path dir;

  static IntStream cases() {
    return IntStream.range(0, TestSeed.exhaustive() ? 80 : 8);
  }

  @BeforeAll
  static void makeDir() throws IOException {
    dir = Files.createTempDirectory("colfile-pushdown");
  }

  @AfterAll
  static void summary() throws IOException {
    System.out.printf("pushdown against orc-core: %d predicates, row groups read: colfile %d, "
        + "orc-core %d; colfile read more for %d:%n", PREDICATES.get(), OURS.get(),
        THEIRS.get(), MORE.size());
    MORE.stream().limit(20).forEach(m -> System.out.println("  " + m));
    try (var paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Collections.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
    assertThat(PREDICATES.get()).isPositive();
    assertThat(MORE.size()).as("predicates where colfile read more row groups than orc-core")
        .isLessThanOrEqualTo((int) (PREDICATES.get() / 20));
  }

  @ParameterizedTest(name = "case {0}")
  @MethodSource("cases")
  void colfileAndOrcCoreAgree(int index) throws IOException {
    GeneratedFile f = GeneratedFile.write(dir, index, true);
    Path ours = dir.resolve("colfile-" + index + ".orc");
    OrcWriterDifferentialTest.writeWithColfile(ours, f.schema(), f.rows(), f.options(),
        f.path(), TestSeed.random("pushdown-batches", index));
    compare("orc-core's " + f.describe(), f.path(), TestSeed.random("pushdown-theirs", index));
    compare("colfile's " + f.describe(), ours, TestSeed.random("pushdown-ours", index));
  }

  private static void compare(String what, Path path, Random r) throws IOException {
    try (OrcReader orc = OrcReader.open(InputFile.local(path))) {
      Type schema = orc.schema();
      if (schema.kind() != TypeKind.STRUCT) {
        return;
      }
      List<Object> all = Rows.readAll(orc.read(ReadOptions.defaults()));
      RandomPredicates predicates = new RandomPredicates(r, schema, all);
      if (!predicates.hasColumns() || all.isEmpty()) {
        return;
      }
      for (int i = 0; i < 25; i++) {
        Predicate p = predicates.next(2);
        String message = what + "\n  where " + p;
        List<Object> want = ReferenceEvaluator.filter(p, schema, all);
        List<Object> got;
        long ourGroups;
        try (BatchReader rows = orc.read(ReadOptions.defaults().withFilter(p))) {
          got = Rows.readAll(rows);
          ScanReport report = rows.report();
          ourGroups = report.counts("row groups").read();
          message += "\n  " + String.join("\n  ", report.lines());
        }
        assertThat(got).as(message).isEqualTo(want);

        SargTranslation sarg = SargTranslation.of(BoundPredicate.bind(p, schema));
        List<boolean[]> picked = orcCoreRowGroups(path, sarg);
        List<Object> theirs = new ArrayList<>();
        long theirGroups = 0;
        long first = 0;
        int stride = orc.rowIndexStride();
        for (int s = 0; s < orc.stripes().size(); s++) {
          long rows = orc.stripes().get(s).numberOfRows();
          boolean[] chosen = picked.get(s);
          long groups = stride <= 0 ? 1 : (rows + stride - 1) / stride;
          for (int g = 0; g < groups; g++) {
            if (chosen == null || g < chosen.length && chosen[g]) {
              theirGroups++;
              long from = first + (stride <= 0 ? 0 : (long) g * stride);
              long to = stride <= 0 ? first + rows : Math.min(first + rows, from + stride);
              theirs.addAll(all.subList((int) from, (int) to));
            }
          }
          first += rows;
        }
        assertThat(ReferenceEvaluator.filter(p, schema, theirs))
            .as("orc-core's rows filtered; %s%n  sarg %s", message, sarg.sarg()).isEqualTo(want);
        PREDICATES.incrementAndGet();
        OURS.addAndGet(ourGroups);
        THEIRS.addAndGet(theirGroups);
        if (ourGroups > theirGroups) {
          MORE.add(ourGroups + " > " + theirGroups + " row groups: " + message.split("\n")[0]
              + " where " + p);
        }
      }
    }
  }

  /**
   * The row groups orc-core reads with {@code sarg}, per stripe (null: all), as its record
   * reader picks them: its own SargApplier over its own reading of each stripe's row index,
   * bloom filters and encodings, with timestamps in UTC as {@code useUTCTimestamp} reads them.
   * (Its record reader does not say which rows it returned, and skips stripes only this way.)
   */
  private static List<boolean[]> orcCoreRowGroups(Path path, SargTranslation sarg)
      throws IOException {
    List<boolean[]> out = new ArrayList<>();
    try (Reader reader = OrcFile.createReader(new org.apache.hadoop.fs.Path(path.toUri()),
        OrcFile.readerOptions(new Configuration()).useUTCTimestamp(true));
         RecordReaderImpl records = (RecordReaderImpl) reader.rows()) {
      if (reader.getRowIndexStride() == 0) {
        reader.getStripes().forEach(s -> out.add(null));
        return out;
      }
      SchemaEvolution evolution = new SchemaEvolution(reader.getSchema(), null,
          reader.options());
      RecordReaderImpl.SargApplier applier = new RecordReaderImpl.SargApplier(sarg.sarg(),
          reader.getRowIndexStride(), evolution, reader.getWriterVersion(), true,
          ((ReaderImpl) reader).writerUsedProlepticGregorian(), false);
      boolean[] all = new boolean[reader.getSchema().getMaximumId() + 1];
      Arrays.fill(all, true);
      for (int s = 0; s < reader.getStripes().size(); s++) {
        StripeInformation stripe = reader.getStripes().get(s);
        OrcIndex index = records.readRowIndex(s, all, all);
        out.add(applier.pickRowGroups(stripe, index.getRowGroupIndex(),
            index.getBloomFilterKinds(), records.readStripeFooter(stripe).getColumnsList(),
            index.getBloomFilterIndex(), false));
      }
    }
    return out;
  }
}
