package io.colfile.spark.write;

import io.colfile.core.ColFile;
import io.colfile.core.FileWriter;
import io.colfile.core.io.AtomicOutputStream;
import io.colfile.core.io.ForwardingAtomicOutputStream;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.spark.types.SparkTypes;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import org.apache.hadoop.mapreduce.Job;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.datasources.OutputWriterFactory;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.types.StructType;

/**
 * The write side of colfile's Spark source: what its {@code FileFormat.prepareWrite} returns.
 * Spark writes through its V1 file-source path, so its commit protocol, {@code partitionBy} and
 * every save mode apply; each task writes its files through {@link ColFileOutputWriterFactory}.
 *
 * <p>Options (keys in any case):
 *
 * <ul>
 *   <li>{@code format}: {@code orc} (the default) or {@code trevni}; {@code kudu} is refused, a
 *       Kudu rowset being a directory (write rowsets with colfile's API or CLI);
 *   <li>{@code compression}: {@code none} ({@code uncompressed}), {@code zlib}, {@code snappy},
 *       {@code lz4} or {@code zstd}. ORC takes {@code orc.compress} too, below {@code
 *       compression}, and without either the session's {@code spark.sql.orc.compression.codec}
 *       (zstd by default), as Spark's ORC source does. Trevni has none, zlib and snappy, and
 *       without the option stores blocks uncompressed, its own default; its property {@code
 *       trevni.codec} (Trevni's codec names, bzip2 too) wins over {@code compression};
 *   <li>{@code bloomFilterColumns}: a comma-separated list of columns (top-level names or dotted
 *       paths) that get bloom filters, ORC only; orc-core's {@code orc.bloom.filter.columns}
 *       too;
 *   <li>{@code blockSize}: bytes; ORC's stripe size, Trevni's block size;
 *   <li>{@code timestampType}: how Spark's TIMESTAMP (an instant) is stored. {@code timestamp}
 *       (ORC's default): an ORC {@code timestamp} holding the wall clock in the session's time
 *       zone, exactly as Spark's own ORC source writes it, so that it reads the file back the
 *       same (colfile reads such a column as TIMESTAMP_NTZ); {@code instant} (Trevni's
 *       default): a {@code timestamp with local time zone}, the instant itself, which colfile
 *       reads back as TIMESTAMP whatever the zone, but Spark 4.0's own ORC source cannot read;
 *   <li>any other {@code orc.*} or {@code trevni.*} key: a property of the format ({@link
 *       io.colfile.core.WriteOptions#withProperty}), which refuses keys it does not know and
 *       keys of the other format.
 * </ul>
 */
public final class ColFileWriteSupport {
  private ColFileWriteSupport() {}

  /**
   * Checks the options and the schema on the driver and returns the factory of the tasks'
   * writers. {@code job} is not changed: the tasks need nothing in the Hadoop configuration.
   *
   * @throws IllegalArgumentException naming the option or column that colfile cannot write: an
   *     unknown format or codec, a codec or property the format does not have, a bloom filter
   *     column not in the schema, a type colfile cannot store
   */
  public static OutputWriterFactory prepareWrite(SparkSession session, Job job,
      Map<String, String> options, StructType dataSchema) {
    return prepareWrite(options, dataSchema, session.sessionState().conf());
  }

  /** {@link #prepareWrite(SparkSession, Job, Map, StructType)} with the session's settings. */
  static ColFileOutputWriterFactory prepareWrite(Map<String, String> options,
      StructType dataSchema, SQLConf conf) {
    WriteSettings settings = WriteSettings.parse(options, conf.orcCompressionCodec(),
        conf.sessionLocalTimeZone());
    Type schema = SparkTypes.fromSpark(dataSchema);
    dryRun(settings, RowConverter.fileSchema(schema, settings.wallClockZone() != null));
    return new ColFileOutputWriterFactory(settings.options(), schema);
  }

  /**
   * Starts a writer of the format to nowhere and aborts it, for the format's own checks of the
   * options against the schema (codecs, properties, bloom filter columns) to fail here rather
   * than in every task.
   */
  private static void dryRun(WriteSettings settings, Type schema) {
    FileWriter writer;
    try {
      writer = ColFile.writer(settings.format(), NOWHERE, schema, settings.writeOptions());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("colfile cannot write " + settings.format()
          + " files with these options: " + e.getMessage(), e);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    writer.abort();
  }

  private static final OutputFile NOWHERE = new OutputFile() {
    @Override
    public String name() {
      return "(options check)";
    }

    @Override
    public AtomicOutputStream create() {
      return new ForwardingAtomicOutputStream(OutputStream.nullOutputStream()) {
        @Override
        public void abort() {}
      };
    }
  };
}
