package io.colfile.bench;

import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.trevni.TrevniCodec;
import io.colfile.trevni.TrevniWriter;
import io.colfile.trevni.TrevniWriterOptions;
import io.colfile.trevni.avro.AvroSchema;
import io.colfile.trevni.avro.AvroTypes;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.Decimal64ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DoubleColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;

/**
 * The lineitem rows of {@link LineItemFile#generate} as Avro records and as colfile batches of
 * the same values, for the Trevni benchmarks. The Avro schema has plain (non-nullable) fields,
 * so both sides do the same work per value: longs, an int, doubles, decimals as bytes with the
 * decimal logical type (generic records hold their unscaled bytes, as trevni-avro's generic
 * model stores them), dates as ints with the date logical type, and strings.
 */
final class TrevniData {
  private static final String DECIMAL =
      "{\"type\":\"bytes\",\"logicalType\":\"decimal\",\"precision\":12,\"scale\":2}";
  private static final String DATE = "{\"type\":\"int\",\"logicalType\":\"date\"}";

  static final String SCHEMA_JSON = "{\"type\":\"record\",\"name\":\"lineitem\",\"fields\":["
      + field("l_orderkey", "\"long\"") + "," + field("l_partkey", "\"long\"") + ","
      + field("l_suppkey", "\"long\"") + "," + field("l_linenumber", "\"int\"") + ","
      + field("l_quantity", "\"double\"") + "," + field("l_extendedprice", DECIMAL) + ","
      + field("l_discount", "\"double\"") + "," + field("l_tax", DECIMAL) + ","
      + field("l_returnflag", "\"string\"") + "," + field("l_linestatus", "\"string\"") + ","
      + field("l_shipdate", DATE) + "," + field("l_commitdate", DATE) + ","
      + field("l_receiptdate", DATE) + "," + field("l_shipinstruct", "\"string\"") + ","
      + field("l_shipmode", "\"string\"") + "," + field("l_comment", "\"string\"") + "]}";

  static final Schema AVRO = new Schema.Parser().parse(SCHEMA_JSON);
  static final AvroSchema COLFILE = AvroSchema.parse(SCHEMA_JSON);
  static final Type TYPE = AvroTypes.rowType(COLFILE);

  /** The two columns of the projection benchmarks. */
  static final List<String> TWO_COLUMNS = List.of("l_orderkey", "l_extendedprice");

  private TrevniData() {}

  private static String field(String name, String type) {
    return "{\"name\":\"" + name + "\",\"type\":" + type + "}";
  }

  /** The Avro schema of just {@link #TWO_COLUMNS}, for trevni-avro's projection. */
  static Schema projection() {
    return new Schema.Parser().parse("{\"type\":\"record\",\"name\":\"lineitem\",\"fields\":["
        + field("l_orderkey", "\"long\"") + "," + field("l_extendedprice", DECIMAL) + "]}");
  }

  /** Writes {@code batches} to {@code path} with colfile's writer, {@code codec}, threads. */
  static void write(List<ColumnBatch> batches, String codec, int threads, Path path)
      throws IOException {
    TrevniWriterOptions options = TrevniWriterOptions.builder()
        .codec(TrevniCodec.forName(codec)).parallelism(threads).build();
    try (TrevniWriter w = TrevniWriter.create(OutputFile.local(path), COLFILE, options)) {
      for (ColumnBatch b : batches) {
        w.write(b);
      }
    }
  }

  static void generate(long rows, List<GenericRecord> records, List<ColumnBatch> batches) {
    LineItemFile.generate(rows, b -> {
      if (records != null) {
        records(b, records);
      }
      if (batches != null) {
        batches.add(LineItemFile.toColfile(b, TYPE));
      }
    });
  }

  static void records(VectorizedRowBatch b, List<GenericRecord> out) {
    for (int i = 0; i < b.size; i++) {
      GenericData.Record r = new GenericData.Record(AVRO);
      for (int c = 0; c < b.cols.length; c++) {
        var v = b.cols[c];
        Object value;
        if (v instanceof Decimal64ColumnVector d) {
          value = ByteBuffer.wrap(BigInteger.valueOf(d.vector[i]).toByteArray());
        } else if (v instanceof LongColumnVector l) {
          value = c == 3 || c >= 10 ? (Object) (int) l.vector[i] : (Object) l.vector[i];
        } else if (v instanceof DoubleColumnVector d) {
          value = d.vector[i];
        } else {
          BytesColumnVector s = (BytesColumnVector) v;
          value = new String(s.vector[i], s.start[i], s.length[i], StandardCharsets.UTF_8);
        }
        r.put(c, value);
      }
      out.add(r);
    }
  }
}
