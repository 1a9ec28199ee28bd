package io.colfile.spark.read;

import io.colfile.core.FileReader;
import io.colfile.core.types.Type;
import io.colfile.spark.types.SparkTypes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The files under the given paths as one table. Listing and schema inference happen on first
 * use, so that a table made for a write (Spark asks for one, then writes through the file
 * source path) touches no file.
 */
public final class ColFileTable implements SupportsRead {
  /** Rows per batch unless the option {@code batchSize} says otherwise. */
  public static final int DEFAULT_BATCH_SIZE = 4096;

  private final CaseInsensitiveStringMap options;
  private final StructType userSchema;
  private final String formatOption;
  private SparkSession session;
  private Configuration conf;
  private TableFiles files;
  private Type colfileSchema;
  private String formatName;
  private StructType schema;

  /**
   * @param userSchema the schema the user gave (the files are read as it, by name), or null to
   *     take the first file's
   */
  public ColFileTable(CaseInsensitiveStringMap options, StructType userSchema) {
    this.options = options;
    this.userSchema = userSchema;
    String f = options.get("format");
    this.formatOption = f == null ? null : f.toLowerCase(Locale.ROOT);
    if (formatOption != null && !List.of("orc", "trevni", "kudu").contains(formatOption)) {
      throw new IllegalArgumentException("option format: " + f
          + " is none of orc, trevni, kudu");
    }
  }

  SparkSession session() {
    if (session == null) {
      session = SparkSession.active();
    }
    return session;
  }

  Configuration hadoopConf() {
    if (conf == null) {
      conf = ((org.apache.spark.sql.classic.SparkSession) session()).sessionState()
          .newHadoopConfWithOptions(scala.collection.immutable.Map.from(
              CollectionConverters.asScala(options.asCaseSensitiveMap())));
    }
    return conf;
  }

  synchronized TableFiles files() {
    if (files == null) {
      files = TableFiles.list(session(), options, hadoopConf(), formatOption, userSchema);
    }
    return files;
  }

  /** The colfile schema the files are read as (a struct, or a bare value for CFiles). */
  synchronized Type colfileSchema() {
    if (colfileSchema == null) {
      infer();
    }
    return colfileSchema;
  }

  /** The name of the files' format as colfile says it ({@code ORC}, {@code Trevni}, ...). */
  synchronized String formatName() {
    if (formatName == null) {
      infer();
    }
    return formatName;
  }

  private void infer() {
    List<TableFiles.Unit> units = files().units();
    if (units.isEmpty()) {
      throw new IllegalArgumentException("no files to read under "
          + TableFiles.paths(options) + " (hidden and _-prefixed files are skipped)");
    }
    TableFiles.Unit first = units.get(0);
    try (FileReader r = Units.open(first.path(), first.directory(), hadoopConf(), null,
        files().kuduServer)) {
      formatName = r.formatName();
      if (formatOption != null && !formatOption.equalsIgnoreCase(formatName)) {
        throw new IllegalArgumentException(first.path() + " is " + formatName
            + ", not " + formatOption + " as the option format says");
      }
      colfileSchema = userSchema == null ? r.schema() : SparkTypes.fromSpark(dataPart(userSchema));
    } catch (IOException e) {
      throw new UncheckedIOException(first.path() + ": " + e.getMessage(), e);
    }
  }

  private StructType dataPart(StructType s) {
    List<String> partitionNames = Arrays.asList(files().partitionSchema.fieldNames());
    return new StructType(Arrays.stream(s.fields())
        .filter(f -> !partitionNames.contains(f.name())).toArray(StructField[]::new));
  }

  int batchSize() {
    String s = options.get("batchSize");
    if (s == null) {
      return DEFAULT_BATCH_SIZE;
    }
    try {
      int n = Integer.parseInt(s.trim());
      if (n < 1) {
        throw new NumberFormatException();
      }
      return n;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("option batchSize: " + s + " is no positive integer");
    }
  }

  String zone() {
    return ((org.apache.spark.sql.classic.SparkSession) session()).sessionState().conf()
        .sessionLocalTimeZone();
  }

  @Override
  public String name() {
    return "colfile " + TableFiles.paths(options);
  }

  @Override
  public synchronized StructType schema() {
    if (schema == null) {
      if (userSchema != null) {
        schema = userSchema;
      } else {
        List<StructField> all = new ArrayList<>(
            Arrays.asList(SparkTypes.toSpark(colfileSchema()).fields()));
        for (StructField p : files().partitionSchema.fields()) {
          all.removeIf(f -> f.name().equals(p.name()));
          all.add(p);
        }
        schema = new StructType(all.toArray(new StructField[0]));
      }
    }
    return schema;
  }

  @Override
  public Set<TableCapability> capabilities() {
    return EnumSet.of(TableCapability.BATCH_READ);
  }

  @Override
  public ScanBuilder newScanBuilder(CaseInsensitiveStringMap scanOptions) {
    return new ColFileScanBuilder(this);
  }

  /** The table's options. */
  public CaseInsensitiveStringMap options() {
    return options;
  }
}
