package io.colfile.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.BatchReader;
import io.colfile.core.ColFile;
import io.colfile.core.FileReader;
import io.colfile.core.FileWriter;
import io.colfile.core.ReadOptions;
import io.colfile.core.WriteOptions;
import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.testkit.RandomBatches;
import io.colfile.testkit.RandomPredicates;
import io.colfile.testkit.Rows;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * One open file read by eight threads at once, each through readers of its own
 * ({@link FileReader#read} may be called from any thread; a {@code BatchReader} belongs to one
 * thread at a time): with random projections, predicates, batch sizes (and, for ORC, decoding
 * threads of their own), every read sees exactly the rows the same read sees alone.
 */
@ExtendWith(TestSeed.class)
class ConcurrentReadTest {
  private static final int THREADS = 8;
  private static final int READS = 32;

  @TempDir Path dir;

  /** One read: its options and the rows it returns when run alone. */
  private record Read(ReadOptions options, String what, List<Object> rows) {}

  @ParameterizedTest
  @ValueSource(strings = {"orc", "trevni", "kudu"})
  void manyThreadsReadOneOpenFile(String format) throws Exception {
    Random r = TestSeed.random("ConcurrentReadTest." + format, 0);
    try (FileReader file = open(format, r)) {
      Type schema = file.schema();
      List<Object> all;
      try (BatchReader rows = file.read(ReadOptions.defaults())) {
        all = Rows.readAll(rows);
      }
      RandomPredicates predicates = new RandomPredicates(r, schema, all);
      List<Read> reads = new ArrayList<>();
      for (int i = 0; i < READS; i++) {
        int batch = 1 + r.nextInt(3000);
        List<String> names = new ArrayList<>(schema.fieldNames());
        java.util.Collections.shuffle(names, r);
        names = names.subList(0, 1 + r.nextInt(names.size()));
        ReadOptions o = ReadOptions.defaults().withBatchSize(batch).withColumns(names);
        String what = "batches of " + batch + ", columns " + names;
        if (predicates.hasColumns() && r.nextBoolean()) {
          var p = predicates.next(2);
          o = o.withFilter(p);
          what += ", where " + p;
        }
        if (format.equals("orc") && r.nextInt(4) == 0) {
          o = o.withParallelism(2);
          what += ", 2 threads";
        }
        try (BatchReader rows = file.read(o)) {
          reads.add(new Read(o, what, Rows.readAll(rows)));
        }
      }
      ExecutorService pool = Executors.newFixedThreadPool(THREADS);
      try {
        AtomicInteger next = new AtomicInteger();
        List<Future<Integer>> done = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
          done.add(pool.submit(() -> {
            int compared = 0;
            // each read twice over, in an order of its own per thread
            for (int k; (k = next.getAndIncrement()) < 2 * READS; compared++) {
              Read read = reads.get(k % READS);
              try (BatchReader rows = file.read(read.options())) {
                assertThat(Rows.readAll(rows))
                    .as("read %d (%s) on a thread of %d; %s", k % READS, read.what(),
                        THREADS, TestSeed.replay())
                    .isEqualTo(read.rows());
              }
            }
            return compared;
          }));
        }
        int compared = 0;
        for (Future<Integer> f : done) {
          compared += f.get(5, TimeUnit.MINUTES);
        }
        assertThat(compared).isEqualTo(2 * READS);
      } finally {
        pool.shutdownNow();
      }
    }
  }

  private FileReader open(String format, Random r) throws IOException {
    if (format.equals("kudu")) {
      StringBuilder json = new StringBuilder();
      for (int i = 0; i < 20_000; i++) {
        json.append("{\"id\":").append(i * 7 + r.nextInt(7)).append(",\"name\":\"n")
            .append(r.nextInt(500)).append("\",\"x\":").append(r.nextInt(1000) / 8.0)
            .append(",\"d\":\"2024-0").append(1 + r.nextInt(9)).append("-1")
            .append(r.nextInt(10)).append("\"}\n");
      }
      Path in = Files.writeString(dir.resolve("rows.jsonl"), json);
      Path rowset = dir.resolve("rowset");
      Cli.Result c = Cli.run("convert", in.toString(), rowset.toString(), "--format", "kudu",
          "--key", "id", "--block-size", "4096", "--schema",
          "struct<id:bigint,name:string,x:double,d:date>");
      assertThat(c.status()).as(c.err()).isZero();
      return ColFile.openDirectory(rowset);
    }
    Type schema;
    do {
      schema = RandomData.schema(format, r, 8);
    } while (schema.kind() != TypeKind.STRUCT || schema.children().isEmpty());
    RandomBatches data = RandomData.batches(format, r);
    Path file = dir.resolve("in." + format);
    WriteOptions options = WriteOptions.defaults().withBlockSize(32 << 10)
        .withCompression(r.nextBoolean() ? CompressionCodec.NONE : CompressionCodec.ZLIB);
    try (FileWriter w = ColFile.writer(format, OutputFile.local(file), schema, options)) {
      for (int b = 0; b < 6; b++) {
        w.write(data.batch(schema, 2000 + r.nextInt(2000), b * 4000));
      }
    }
    return ColFile.open(file);
  }
}
