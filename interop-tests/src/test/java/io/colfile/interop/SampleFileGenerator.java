package io.colfile.interop;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Random;
import java.util.TimeZone;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.common.type.HiveDecimal;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DecimalColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DoubleColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.ListColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.MapColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.TimestampColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.CompressionKind;
import org.apache.orc.OrcFile;
import org.apache.orc.TypeDescription;
import org.apache.orc.Writer;

/**
 * Writes testdata/orc/sample.orc, the quick start's sample, with Apache ORC Java (orc-core
 * 2.1.1): 2,500 seeded orders over most types, nulls, a list and a map, ZSTD, row groups of 1000.
 * Run from the repository root: {@code SampleFileGenerator testdata/orc/sample.orc}.
 */
public final class SampleFileGenerator {
  static final String SCHEMA = "struct<id:bigint,customer:string,country:string,"
      + "amount:decimal(10,2),quantity:int,discount:double,ordered:date,shipped:timestamp,"
      + "paid:boolean,tags:array<string>,attributes:map<string,string>,note:string>";

  private SampleFileGenerator() {}

  public static void main(String[] args) throws Exception {
    TimeZone.setDefault(TimeZone.getTimeZone("UTC"));
    Path out = Paths.get(args.length > 0 ? args[0] : "testdata/orc/sample.orc");
    Files.deleteIfExists(out);
    Configuration conf = new Configuration(false);
    TypeDescription schema = TypeDescription.fromString(SCHEMA);
    Random r = new Random(20261122);
    String[] countries = {"NL", "DE", "FR", "US", "JP", "BR"};
    String[] names = {"Ada", "Grace", "Edsger", "Barbara", "Donald", "Frances", "Ken", "Radia"};
    String[] tags = {"gift", "express", "fragile", "bulk", "repeat"};
    try (Writer w = OrcFile.createWriter(new org.apache.hadoop.fs.Path(out.toAbsolutePath().toString()),
        OrcFile.writerOptions(conf).setSchema(schema).compress(CompressionKind.ZSTD)
            .stripeSize(64 * 1024).rowIndexStride(1000).bufferSize(16 * 1024)
            .useUTCTimestamp(true))) {
      VectorizedRowBatch b = schema.createRowBatch(500);
      for (int row = 0; row < 2500; row++) {
        int i = b.size++;
        ((LongColumnVector) b.cols[0]).vector[i] = 100_000 + row;
        set((BytesColumnVector) b.cols[1], i,
            names[r.nextInt(names.length)] + " " + (char) ('A' + r.nextInt(26)) + ".");
        set((BytesColumnVector) b.cols[2], i, countries[r.nextInt(countries.length)]);
        ((DecimalColumnVector) b.cols[3]).vector[i].set(HiveDecimal.create(
            BigDecimal.valueOf(r.nextInt(5_000_000), 2)));
        ((LongColumnVector) b.cols[4]).vector[i] = 1 + r.nextInt(20);
        ((DoubleColumnVector) b.cols[5]).vector[i] = r.nextInt(4) * 0.05;
        LocalDate day = LocalDate.of(2024, 1, 1).plusDays(r.nextInt(700));
        ((LongColumnVector) b.cols[6]).vector[i] = day.toEpochDay();
        TimestampColumnVector shipped = (TimestampColumnVector) b.cols[7];
        if (r.nextInt(10) == 0) {
          shipped.noNulls = false;
          shipped.isNull[i] = true;
        } else {
          LocalDateTime t = day.plusDays(1 + r.nextInt(5)).atTime(r.nextInt(24), r.nextInt(60),
              r.nextInt(60), r.nextInt(1000) * 1_000_000);
          shipped.set(i, Timestamp.valueOf(t));
        }
        ((LongColumnVector) b.cols[8]).vector[i] = r.nextInt(5) == 0 ? 0 : 1;
        ListColumnVector tagList = (ListColumnVector) b.cols[9];
        int n = r.nextInt(3);
        tagList.offsets[i] = tagList.childCount;
        tagList.lengths[i] = n;
        tagList.child.ensureSize(tagList.childCount + n, true);
        for (int k = 0; k < n; k++) {
          set((BytesColumnVector) tagList.child, tagList.childCount++, tags[r.nextInt(tags.length)]);
        }
        MapColumnVector attrs = (MapColumnVector) b.cols[10];
        int m = r.nextInt(2);
        attrs.offsets[i] = attrs.childCount;
        attrs.lengths[i] = m;
        attrs.keys.ensureSize(attrs.childCount + m, true);
        attrs.values.ensureSize(attrs.childCount + m, true);
        for (int k = 0; k < m; k++) {
          set((BytesColumnVector) attrs.keys, attrs.childCount, "channel");
          set((BytesColumnVector) attrs.values, attrs.childCount++, r.nextBoolean() ? "web" : "shop");
        }
        BytesColumnVector note = (BytesColumnVector) b.cols[11];
        if (r.nextInt(4) == 0) {
          set(note, i, r.nextBoolean() ? "leave at the door" : "call \"before\" delivery");
        } else {
          note.noNulls = false;
          note.isNull[i] = true;
        }
        if (b.size == b.getMaxSize()) {
          w.addRowBatch(b);
          reset(b);
        }
      }
      if (b.size > 0) {
        w.addRowBatch(b);
      }
    }
    Files.deleteIfExists(out.resolveSibling("." + out.getFileName() + ".crc"));
  }

  private static void reset(VectorizedRowBatch b) {
    b.reset();
    ((ListColumnVector) b.cols[9]).childCount = 0;
    ((MapColumnVector) b.cols[10]).childCount = 0;
  }

  private static void set(BytesColumnVector v, int i, String s) {
    v.setVal(i, s.getBytes(StandardCharsets.UTF_8));
  }
}
