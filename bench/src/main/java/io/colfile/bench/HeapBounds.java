package io.colfile.bench;

import io.colfile.core.BatchReader;
import io.colfile.core.ColFile;
import io.colfile.core.FileReader;
import io.colfile.core.FileWriter;
import io.colfile.core.ReadOptions;
import io.colfile.core.WriteOptions;
import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.CompressionKind;
import org.apache.orc.OrcFile;
import org.apache.orc.RecordReader;
import org.apache.orc.Writer;
import org.apache.trevni.ColumnFileMetaData;
import org.apache.trevni.avro.AvroColumnReader;
import org.apache.trevni.avro.AvroColumnWriter;

/**
 * The least heap each writer and reader needs, found by running the job in child JVMs of
 * smaller and smaller {@code -Xmx} (a binary search to 2 MiB, starting from what the smaller file needed), for colfile and the reference
 * implementation on the same lineitem rows ({@link LineItemFile#generate}, made batch by batch
 * in the writing JVM, so the rows themselves hold no heap). A job that needs the same heap for
 * 1 and 4 million rows is bounded by its unit of buffering, not by the file.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar io.colfile.bench.HeapBounds [rows,...] [stripeMiB,...] [regex]
 * </pre>
 *
 * <p>The regular expression picks jobs by name ({@code "kudu|trevni-write"}).
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar io.colfile.bench.HeapBounds wide [format] [columns] [rows]
 * </pre>
 *
 * <p>finds the least heap to write, then to read back, a file of many columns ({@code
 * io.colfile.testkit.WideFiles}: half bigint, half string, 100 rows a batch, ZLIB); defaults
 * trevni, 10,000 columns, 300 rows.
 *
 * <p>Defaults: 1,000,000 and 4,000,000 rows, the formats' default block sizes (ORC stripes of
 * 64 MiB, Trevni blocks of 64 KiB, CFile blocks of 256 KiB) and ORC stripes of 8 MiB, ZSTD for
 * ORC, deflate for Trevni, LZ4 for Kudu. Each child runs with the JVM's default collector (G1)
 * and a time limit of 10 minutes; running out of heap or time counts as too little heap.
 */
public final class HeapBounds {
  private static final long MiB = 1 << 20;

  private HeapBounds() {}

  public static void main(String[] args) throws Exception {
    if (args.length > 0 && args[0].equals("job")) {
      job(args);
      return;
    }
    if (args.length > 0 && args[0].equals("wide")) {
      wide(args.length > 1 ? args[1] : "trevni", args.length > 2 ? args[2] : "10000",
          args.length > 3 ? args[3] : "300");
      return;
    }
    List<Long> rowCounts = longs(args.length > 0 ? args[0] : "1000000,4000000");
    List<Long> stripeMiB = longs(args.length > 1 ? args[1] : "8");
    // a regular expression the job's name ("orc-write colfile 8") must contain; all by default
    java.util.regex.Pattern only = java.util.regex.Pattern.compile(args.length > 2 ? args[2] : "");
    Path dir = Files.createTempDirectory("colfile-heap-bounds");
    try {
      System.out.printf(Locale.ROOT, "%-48s %10s %12s%n", "job", "rows", "least -Xmx");
      java.util.Map<String, Long> hints = new java.util.HashMap<>();
      for (long rows : rowCounts) {
        List<String[]> jobs = new ArrayList<>();
        for (long mib : stripeMiB) {
          jobs.add(new String[] {"orc-write", "colfile", "" + rows, "" + mib});
          jobs.add(new String[] {"orc-write", "orc-core", "" + rows, "" + mib});
        }
        jobs.add(new String[] {"orc-write", "colfile", "" + rows, "64"});
        jobs.add(new String[] {"orc-write", "orc-core", "" + rows, "64"});
        jobs.add(new String[] {"orc-read", "colfile", "" + rows, "64", "all"});
        jobs.add(new String[] {"orc-read", "orc-core", "" + rows, "64", "all"});
        jobs.add(new String[] {"orc-read", "colfile", "" + rows, "64", "two"});
        jobs.add(new String[] {"orc-read", "orc-core", "" + rows, "64", "two"});
        jobs.add(new String[] {"trevni-write", "colfile", "" + rows});
        jobs.add(new String[] {"trevni-write", "trevni-avro", "" + rows});
        jobs.add(new String[] {"trevni-read", "colfile", "" + rows, "all"});
        jobs.add(new String[] {"trevni-read", "trevni-avro", "" + rows, "all"});
        jobs.add(new String[] {"kudu-write", "colfile", "" + rows});
        jobs.add(new String[] {"kudu-read", "colfile", "" + rows, "all"});
        for (String[] job : jobs) {
          if (!only.matcher(String.join(" ", job).replaceFirst(" " + rows, "")).find()) {
            continue;
          }
          Path file = dir.resolve(String.join("-", job));
          if (job[0].endsWith("-read")) {
            // both readers read the same bytes: the reference implementation's file (colfile's
            // for Kudu, whose reference has no Java writer)
            String writer = switch (job[0]) {
              case "orc-read" -> "orc-core";
              case "trevni-read" -> "trevni-avro";
              default -> "colfile";
            };
            Path written = dir.resolve(job[0].replace("-read", "-write") + "-" + writer + "-"
                + rows + "-source");
            // written once with plenty of heap (a write job's last run of the search may have
            // failed, and orc-core and trevni-avro leave what they had written behind)
            if (!Files.exists(written)) {
              String[] w = job.clone();
              w[0] = job[0].replace("-read", "-write");
              w[1] = writer;
              if (w[0].equals("orc-write")) {
                w = new String[] {w[0], w[1], w[2], w[3]};
              } else {
                w = new String[] {w[0], w[1], w[2]};
              }
              if (!run(w, written, 2048)) {
                throw new IllegalStateException("could not write " + written);
              }
            }
            file = written;
          }
          String key = String.join(" ", job).replaceFirst(" " + rows, "");
          long least = leastHeap(job, file, hints.getOrDefault(key, 256L));
          hints.put(key, least + least / 4 + 16);
          System.out.printf(Locale.ROOT, "%-48s %10d %9d MiB%n",
              String.join(" ", job).replaceFirst(" " + rows, ""), rows, least);
        }
      }
    } finally {
      try (Stream<Path> files = Files.walk(dir)) {
        for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(p);
        }
      }
    }
  }

  /** The least {@code -Xmx} in MiB (to 2 MiB) at which {@code job} succeeds. */
  private static long leastHeap(String[] job, Path file, long hint) throws Exception {
    long lo = 4;          // fails (assumed)
    long hi = hint;       // succeeds (checked)
    if (!run(job, file, hi)) {
      lo = hi;
      hi = 4096;
      if (!run(job, file, hi)) {
        throw new IllegalStateException(String.join(" ", job) + " fails even with 4 GiB");
      }
    }
    while (hi - lo > 2) {
      long mid = (lo + hi) / 2;
      if (run(job, file, mid)) {
        hi = mid;
      } else {
        lo = mid;
      }
    }
    return hi;
  }

  /** The least heap of a wide file's write and read ({@code WideFiles}), printed. */
  private static void wide(String format, String columns, String rows) throws Exception {
    Path dir = Files.createTempDirectory("colfile-heap-bounds");
    try {
      Path file = dir.resolve("wide");
      for (String mode : List.of("write", "read")) {
        String[] job = {"wide", format, columns, rows, mode};
        // the search's last write may have failed: the file read is written with plenty of heap
        if (mode.equals("read") && !run(new String[] {"wide", format, columns, rows, "write"},
            file, 2048)) {
          throw new IllegalStateException("could not write " + file);
        }
        long least = leastHeap(job, file, 256);
        System.out.printf(Locale.ROOT, "%s %s, %s columns x %s rows: least -Xmx %d MiB%n",
            format, mode, columns, rows, least);
      }
    } finally {
      deleteRecursively(dir);
    }
  }

  private static boolean run(String[] job, Path file, long heapMiB) throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Xmx" + heapMiB + "m");
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    if (job[0].equals("wide")) { // WideFiles FORMAT FILE COLUMNS ROWS MODE
      cmd.addAll(List.of("io.colfile.testkit.WideFiles", job[1], file.toString(), job[2],
          job[3], job[4]));
    } else {
      cmd.add(HeapBounds.class.getName());
      cmd.add("job");
      cmd.add(file.toString());
      cmd.addAll(List.of(job));
    }
    // a write job writes to a fresh path each time; whatever an earlier run left is removed
    if (job[0].endsWith("-write") || (job[0].equals("wide") && job[4].equals("write"))) {
      deleteRecursively(file);
    }
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    if (!p.waitFor(10, TimeUnit.MINUTES)) {
      p.destroyForcibly().waitFor();
      return false;
    }
    return p.exitValue() == 0;
  }

  private static void deleteRecursively(Path path) throws IOException {
    if (!Files.exists(path)) {
      return;
    }
    try (Stream<Path> files = Files.walk(path)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }

  /** Runs one job in this JVM: {@code job FILE KIND SIDE ROWS [ARGS]}; exit 0 if it finished. */
  private static void job(String[] args) throws Exception {
    Path file = Path.of(args[1]);
    String kind = args[2];
    String side = args[3];
    long rows = Long.parseLong(args[4]);
    long seen;
    try {
      seen = switch (kind) {
        case "orc-write" -> side.equals("colfile")
            ? colfileWrite("orc", file, Type.parse(LineItemFile.SCHEMA.toString()), rows,
                WriteOptions.defaults().withCompression(CompressionCodec.ZSTD)
                    .withBlockSize(Long.parseLong(args[5]) * MiB))
            : orcCoreWrite(file, rows, Long.parseLong(args[5]));
        case "orc-read" -> side.equals("colfile")
            ? colfileRead(file, args[6].equals("two") ? List.of("l_orderkey", "l_extendedprice")
                : null)
            : orcCoreRead(file, args[6].equals("two"));
        case "trevni-write" -> side.equals("colfile")
            ? colfileWrite("trevni", file, TrevniData.TYPE, rows, WriteOptions.defaults()
                .withCompression(CompressionCodec.ZLIB))
            : trevniAvroWrite(file, rows);
        case "trevni-read" -> side.equals("colfile") ? colfileRead(file, null)
            : trevniAvroRead(file);
        case "kudu-write" -> colfileWrite("kudu", file,
            Type.parse(LineItemFile.SCHEMA.toString()), rows,
            WriteOptions.defaults().withCompression(CompressionCodec.LZ4)
                .withProperty("kudu.key", "l_orderkey,l_linenumber"));
        case "kudu-read" -> colfileRead(file, null);
        default -> throw new IllegalArgumentException("no job " + kind);
      };
    } catch (OutOfMemoryError e) {
      System.exit(3);
      return;
    }
    if (seen != rows) {
      System.err.println("rows: " + seen + " of " + rows);
      System.exit(4);
    }
    System.out.println(kind + " " + side + " " + rows + " rows, peak heap committed "
        + ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getCommitted() / MiB
        + " MiB");
  }

  private static long colfileWrite(String format, Path file, Type type, long rows,
      WriteOptions options) throws IOException {
    try (FileWriter w = ColFile.writer(format, file, type, options)) {
      LineItemFile.generate(rows, b -> {
        try {
          w.write(LineItemFile.toColfile(b, type));
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
      return w.numberOfRows();
    }
  }

  private static long colfileRead(Path file, List<String> columns) throws IOException {
    ReadOptions options = ReadOptions.defaults().withColumns(columns);
    try (FileReader r = Files.isDirectory(file) ? ColFile.openDirectory(file)
        : ColFile.open(file);
        BatchReader br = r.read(options)) {
      ColumnBatch batch = br.newBatch();
      long n = 0;
      while (br.next(batch)) {
        n += batch.size;
      }
      return n;
    }
  }

  private static long orcCoreWrite(Path file, long rows, long stripeMiB) throws IOException {
    Configuration conf = new Configuration();
    OrcFile.WriterOptions options = OrcFile.writerOptions(conf)
        .setSchema(LineItemFile.SCHEMA).compress(CompressionKind.ZSTD)
        .stripeSize(stripeMiB * MiB)
        .fileSystem(FileSystem.getLocal(conf).getRawFileSystem());
    long[] n = {0};
    try (Writer writer = OrcFile.createWriter(new org.apache.hadoop.fs.Path(file.toUri()),
        options)) {
      LineItemFile.generate(rows, b -> {
        try {
          writer.addRowBatch(b);
          n[0] += b.size;
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    }
    return n[0];
  }

  private static long orcCoreRead(Path file, boolean two) throws IOException {
    Configuration conf = new Configuration();
    try (org.apache.orc.Reader reader = OrcFile.createReader(
        new org.apache.hadoop.fs.Path(file.toUri()),
        OrcFile.readerOptions(conf).filesystem(FileSystem.getLocal(conf)))) {
      org.apache.orc.Reader.Options options = reader.options();
      if (two) {
        boolean[] include = new boolean[LineItemFile.SCHEMA.getMaximumId() + 1];
        include[0] = true;
        include[1] = true;
        include[6] = true;
        options.include(include);
      }
      VectorizedRowBatch batch = reader.getSchema().createRowBatch();
      long n = 0;
      try (RecordReader rows = reader.rows(options)) {
        while (rows.nextBatch(batch)) {
          n += batch.size;
        }
      }
      return n;
    }
  }

  private static long trevniAvroWrite(Path file, long rows) throws IOException {
    AvroColumnWriter<GenericRecord> w = new AvroColumnWriter<>(TrevniData.AVRO,
        new ColumnFileMetaData().setCodec("deflate"));
    long[] n = {0};
    LineItemFile.generate(rows, b -> {
      List<GenericRecord> records = new ArrayList<>(b.size);
      TrevniData.records(b, records);
      for (GenericRecord r : records) {
        try {
          w.write(r);
          n[0]++;
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
    });
    File out = file.toFile();
    w.writeTo(out);
    return n[0];
  }

  private static long trevniAvroRead(Path file) throws IOException {
    AvroColumnReader.Params params = new AvroColumnReader.Params(file.toFile());
    params.setSchema(TrevniData.AVRO);
    long n = 0;
    try (AvroColumnReader<GenericRecord> r = new AvroColumnReader<>(params)) {
      while (r.hasNext()) {
        r.next();
        n++;
      }
    }
    return n;
  }

  private static List<Long> longs(String csv) {
    List<Long> out = new ArrayList<>();
    for (String s : csv.split(",")) {
      out.add(Long.parseLong(s.trim()));
    }
    return out;
  }
}
