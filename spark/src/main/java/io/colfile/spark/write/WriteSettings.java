package io.colfile.spark.write;

import io.colfile.core.WriteOptions;
import io.colfile.core.codec.CompressionCodec;
import io.colfile.trevni.TrevniCodec;
import io.colfile.trevni.TrevniFormat;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The options of one Spark write, read from Spark's (case-insensitive) option map: the format,
 * colfile's {@link WriteOptions} and the file extension. Made on the driver, where the
 * compression default comes from the session, and again in each task from the {@linkplain
 * #options() normalised map} the driver made, which holds the compression already resolved.
 */
final class WriteSettings {
  static final String FORMAT = "format";
  static final String COMPRESSION = "compression";
  static final String BLOOM_FILTER_COLUMNS = "bloomfiltercolumns";
  static final String BLOCK_SIZE = "blocksize";
  /** orc-core's name for the bloom filter columns, as Spark's ORC source users pass it. */
  static final String ORC_BLOOM_FILTER_COLUMNS = "orc.bloom.filter.columns";
  /** orc-core's name for the codec, which Spark's ORC source takes below {@code compression}. */
  static final String ORC_COMPRESS = "orc.compress";
  /**
   * How Spark's TIMESTAMP (an instant) is stored: {@code timestamp}, the wall clock in the
   * session's time zone in an ORC {@code timestamp}, as Spark's own ORC source writes it (and
   * reads it back); or {@code instant}, a {@code timestamp with local time zone}, which keeps
   * the instant whatever the reader's zone (Spark 4.0's ORC source cannot read that type).
   * ORC's default is {@code timestamp}; Trevni stores instants.
   */
  static final String TIMESTAMP_TYPE = "timestamptype";
  /** The session's time zone, resolved on the driver, for wall-clock timestamps. */
  static final String TIME_ZONE = "timezone";
  /** Spark's session setting for ORC's codec; zstd by default in Spark 4.0. */
  static final String SESSION_ORC_CODEC = "spark.sql.orc.compression.codec";

  private static final List<String> FORMATS = List.of("orc", "trevni");
  private static final String CODECS = "none, uncompressed, zlib, snappy, lz4 or zstd";

  private final String format;
  private final WriteOptions writeOptions;
  private final String extension;
  private final Map<String, String> options;

  private WriteSettings(String format, WriteOptions writeOptions, String extension,
      Map<String, String> options) {
    this.format = format;
    this.writeOptions = writeOptions;
    this.extension = extension;
    this.options = options;
  }

  /**
   * Reads Spark's options.
   *
   * @param sparkOptions the options of the write, keys in any case; keys that are not colfile's
   *     ({@code path}, ...) are ignored
   * @param sessionOrcCodec the session's {@value #SESSION_ORC_CODEC}, the codec of ORC files
   *     when the options name none; null in a task, whose options always name it
   * @throws IllegalArgumentException naming the option that is wrong
   */
  static WriteSettings parse(Map<String, String> sparkOptions, String sessionOrcCodec) {
    return parse(sparkOptions, sessionOrcCodec, null);
  }

  /**
   * {@link #parse(Map, String)}, with the session's time zone for wall-clock timestamps (null
   * in a task, whose options name it).
   */
  static WriteSettings parse(Map<String, String> sparkOptions, String sessionOrcCodec,
      String sessionZone) {
    Map<String, String> in = new TreeMap<>();
    sparkOptions.forEach((k, v) -> in.put(k.toLowerCase(Locale.ROOT), v));
    Map<String, String> out = new TreeMap<>();

    String format = in.getOrDefault(FORMAT, "orc").trim().toLowerCase(Locale.ROOT);
    if (format.equals("kudu")) {
      throw new IllegalArgumentException("option format: colfile's Spark source cannot write "
          + "Kudu: a Kudu rowset is a directory of CFiles, not one file per task; write rowsets "
          + "with colfile's API (ColFile.writer) or `colfile convert --format kudu`");
    }
    if (!FORMATS.contains(format)) {
      throw new IllegalArgumentException("option format: colfile's Spark source writes orc or "
          + "trevni, not '" + in.get(FORMAT) + "'");
    }
    out.put(FORMAT, format);
    WriteOptions wo = WriteOptions.defaults();

    String codecName = in.get(COMPRESSION);
    String codecSource = "option compression";
    if (codecName == null && format.equals("orc") && in.containsKey(ORC_COMPRESS)) {
      codecName = in.get(ORC_COMPRESS);
      codecSource = "option " + ORC_COMPRESS;
    }
    if (codecName == null && format.equals("orc") && sessionOrcCodec != null) {
      codecName = sessionOrcCodec;
      codecSource = "session setting " + SESSION_ORC_CODEC;
    }
    CompressionCodec codec = null;
    if (codecName != null) {
      codec = codec(codecName, codecSource);
      wo = wo.withCompression(codec);
      out.put(COMPRESSION, codec.name().toLowerCase(Locale.ROOT));
    }

    String bloom = in.containsKey(BLOOM_FILTER_COLUMNS) ? in.get(BLOOM_FILTER_COLUMNS)
        : in.get(ORC_BLOOM_FILTER_COLUMNS);
    if (bloom != null && !bloom.isBlank()) {
      List<String> columns = Arrays.stream(bloom.split(",")).map(String::trim)
          .filter(c -> !c.isEmpty()).toList();
      wo = wo.withBloomFilterColumns(columns);
      out.put(BLOOM_FILTER_COLUMNS, String.join(",", columns));
    }

    String block = in.get(BLOCK_SIZE);
    if (block != null) {
      long bytes;
      try {
        bytes = Long.parseLong(block.trim());
      } catch (NumberFormatException e) {
        bytes = -1;
      }
      if (bytes <= 0) {
        throw new IllegalArgumentException("option blockSize: a positive number of bytes, not '"
            + block + "'");
      }
      wo = wo.withBlockSize(bytes);
      out.put(BLOCK_SIZE, Long.toString(bytes));
    }

    String tsType = in.getOrDefault(TIMESTAMP_TYPE, format.equals("orc") ? "timestamp" : "instant")
        .trim().toLowerCase(Locale.ROOT);
    if (!tsType.equals("timestamp") && !tsType.equals("instant")) {
      throw new IllegalArgumentException("option timestampType: timestamp or instant, not '"
          + in.get(TIMESTAMP_TYPE) + "'");
    }
    out.put(TIMESTAMP_TYPE, tsType);
    if (tsType.equals("timestamp")) {
      String zone = in.containsKey(TIME_ZONE) ? in.get(TIME_ZONE) : sessionZone;
      try {
        out.put(TIME_ZONE, java.time.ZoneId.of(zone == null ? "UTC" : zone).getId());
      } catch (java.time.DateTimeException e) {
        throw new IllegalArgumentException("time zone: no zone '" + zone + "'", e);
      }
    }

    for (Map.Entry<String, String> e : in.entrySet()) {
      String key = e.getKey();
      boolean formatKey = key.startsWith("orc.") || key.startsWith("trevni.");
      if (formatKey && !key.equals(ORC_BLOOM_FILTER_COLUMNS) && !key.equals(ORC_COMPRESS)) {
        // the format refuses keys of its prefix it does not know, and every other format's
        wo = wo.withProperty(key, e.getValue());
        out.put(key, e.getValue());
      }
    }
    return new WriteSettings(format, wo, extension(format, codec, out), Map.copyOf(out));
  }

  /**
   * The zone whose wall clock Spark's TIMESTAMP values are written as (an ORC {@code
   * timestamp}), or null to write them as instants.
   */
  java.time.ZoneId wallClockZone() {
    return options.containsKey(TIME_ZONE) ? java.time.ZoneId.of(options.get(TIME_ZONE)) : null;
  }

  private static CompressionCodec codec(String name, String source) {
    return CompressionCodec.writableNamed(name).orElseThrow(() -> new IllegalArgumentException(
        source + ": colfile writes " + CODECS + ", not '" + name + "'"));
  }


  /** Spark's ORC naming, codec then format: {@code .zstd.orc}; nothing for no compression. */
  private static String extension(String format, CompressionCodec codec,
      Map<String, String> out) {
    String codecPart;
    if (format.equals("trevni") && out.containsKey(TrevniFormat.CODEC_PROPERTY)) {
      // trevni.codec wins over compression in the format too
      TrevniCodec t = TrevniCodec.forName(out.get(TrevniFormat.CODEC_PROPERTY));
      codecPart = switch (t) {
        case NULL -> "";
        case DEFLATE -> ".zlib";
        default -> "." + t.wireName();
      };
    } else {
      codecPart = codec == null || codec == CompressionCodec.NONE ? ""
          : "." + codec.name().toLowerCase(Locale.ROOT);
    }
    return codecPart + "." + format;
  }

  /** orc or trevni, as {@link io.colfile.core.ColFile#format} takes it. */
  String format() {
    return format;
  }

  WriteOptions writeOptions() {
    return writeOptions;
  }

  /** The file extension, e.g. {@code .zstd.orc}. */
  String extension() {
    return extension;
  }

  /** colfile's options in normal form (lower-case keys, compression resolved), for the tasks. */
  Map<String, String> options() {
    return options;
  }
}
