package io.colfile.kudu.rowset;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.filter.Predicate;
import io.colfile.core.types.Type;
import io.colfile.kudu.KeyPredicates;
import io.colfile.testkit.TestSeed;
import io.colfile.testkit.RandomPredicates;
import io.colfile.testkit.ReferenceEvaluator;
import io.colfile.testkit.Rows;
import java.io.IOException;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Every DiskRowSet of the Kudu corpus (files Kudu 1.17 wrote: value indexes, ad-hoc indexes,
 * bloom filters and REDO deltas of a real tablet server), read with random predicates and
 * predicates aimed at its key: the rows returned are {@link ReferenceEvaluator}'s filtering of
 * its full read, and seeks read what the full read has from the row on. Skipped, saying why,
 * without the corpus.
 */
@ExtendWith(TestSeed.class)
class RowSetCorpusFilterTest {
  private static final int PREDICATES = TestSeed.exhaustive() ? 300 : 30;

  @Test
  void everyRowsetFiltersAsTheReference() throws IOException {
    CorpusManifest m = CorpusManifest.load(); // skips, saying why, without the corpus
    int rowsets = 0;
    long skipped = 0;
    for (CorpusManifest.TableDef t : m.tables) {
      for (int rs : m.rowsets(t.name())) {
        Random r = TestSeed.random("corpus filter " + t.name(), rs);
        KuduSchema schema = m.schema(t.name(), rs);
        try (RowSetReader reader = RowSetReader.open(schema, m.rowSetFiles(t.name(), rs),
            m.dir(t.name()))) {
          Type type = reader.schema();
          List<Object> all = Rows.readAll(reader.read(ReadOptions.defaults()));
          RandomPredicates random = new RandomPredicates(r, type, all);
          KeyPredicates onKey = new KeyPredicates(r, type, schema.keyColumns(), all);
          for (int i = 0; i < PREDICATES; i++) {
            Predicate p = r.nextInt(3) == 0 ? random.next(3) : onKey.next();
            List<Object> expected = ReferenceEvaluator.filter(p, type, all);
            try (BatchReader rows = reader.read(ReadOptions.defaults().withFilter(p)
                .withBatchSize(1 + r.nextInt(700)))) {
              if (r.nextInt(4) == 0) {
                long to = r.nextInt(all.size() + 1);
                rows.seekToRow(to);
                expected = ReferenceEvaluator.filter(p, type, all.subList((int) to, all.size()));
              }
              assertThat(Rows.readAll(rows)).as("%s rs%d: %s, %s\n%s", t.name(), rs, p,
                  TestSeed.replay(), String.join("\n", rows.report().lines()))
                  .isEqualTo(expected);
              skipped += rows.report().counts("base rows").skipped();
            }
          }
        }
        rowsets++;
      }
    }
    assertThat(rowsets).isEqualTo(21);
    assertThat(skipped).as("base rows skipped through the key").isPositive();
  }
}
