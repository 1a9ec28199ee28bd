package io.colfile.orc;

import io.colfile.core.codec.CompressionCodec;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiConsumer;

/**
 * ORC writer settings by name ({@link io.colfile.core.WriteOptions#withProperty}, {@code colfile
 * convert --set}), under orc-core's own names ({@code OrcConf}) so that a setting copied from a
 * Hive or Spark job means the same here. Values are read as orc-core reads them (numbers,
 * {@code true}/{@code false}, names in any case). A setting colfile cannot honour is accepted
 * only at the value that asks for what colfile does ({@code
 * orc.write.variable.length.blocks=false}) and refused otherwise, rather than silently ignored.
 */
final class OrcWriterProperties {
  private OrcWriterProperties() {}

  /** orc-core's {@code orc.create.index}: false writes no row index, as a stride of 0. */
  private static final String CREATE_INDEX = "orc.create.index";

  private static final Map<String, BiConsumer<OrcWriterOptions.Builder, String>> SETTERS =
      Map.ofEntries(
          Map.entry("orc.compress", (b, v) -> b.compression(codec(v))),
          Map.entry("orc.compress.size", (b, v) -> b.compressionBlockSize(integer(v))),
          Map.entry("orc.buffer.size.enforce",
              (b, v) -> b.enforceCompressionBlockSize(bool(v))),
          Map.entry("orc.stripe.size", (b, v) -> b.stripeSize(number(v))),
          Map.entry("orc.stripe.row.count", (b, v) -> b.stripeRowCount(number(v))),
          Map.entry("orc.row.index.stride", (b, v) -> b.rowIndexStride(integer(v))),
          Map.entry("orc.rows.between.memory.checks", (b, v) -> b.memoryCheckRows(integer(v))),
          Map.entry("orc.bloom.filter.columns", (b, v) -> b.bloomFilterColumns(
              v.isBlank() ? List.of() : Arrays.stream(v.split(",")).map(String::trim).toList())),
          Map.entry("orc.bloom.filter.fpp", (b, v) -> b.bloomFilterFpp(decimal(v))),
          Map.entry("orc.dictionary.key.threshold",
              (b, v) -> b.dictionaryKeySizeThreshold(decimal(v))),
          Map.entry("orc.column.encoding.direct", (b, v) -> b.directEncodingColumns(
              v.isBlank() ? Set.of() : Set.copyOf(Arrays.stream(v.split(","))
                  .map(String::trim).toList()))),
          Map.entry("orc.encoding.strategy", (b, v) -> b.encodingStrategy(
              OrcWriterOptions.EncodingStrategy.valueOf(upper(v)))),
          Map.entry("orc.compression.strategy", (b, v) -> b.compressionStrategy(
              OrcWriterOptions.CompressionStrategy.valueOf(upper(v)))),
          Map.entry("orc.write.format", (b, v) -> b.fileVersion(version(v))),
          Map.entry("orc.proleptic.gregorian", (b, v) -> b.calendar(bool(v)
              ? OrcWriterOptions.Calendar.PROLEPTIC_GREGORIAN
              : OrcWriterOptions.Calendar.JULIAN_GREGORIAN)),
          Map.entry("orc.block.padding", (b, v) -> b.blockPadding(bool(v))),
          Map.entry("orc.block.size", (b, v) -> b.blockSize(number(v))),
          Map.entry("orc.block.padding.tolerance", (b, v) -> b.paddingTolerance(decimal(v))),
          Map.entry("orc.write.variable.length.blocks", (b, v) -> only(v, !bool(v),
              "colfile does not end file system blocks early (orc-core does only on HDFS)")),
          Map.entry("orc.dictionary.max.size.bytes", (b, v) -> b.dictionaryMaxSize(number(v))),
          Map.entry("orc.dictionary.early.check", (b, v) -> b.dictionaryEarlyCheck(bool(v))),
          // applied after the others (see apply): false turns the row index off whatever the stride
          Map.entry(CREATE_INDEX, (b, v) -> {
            if (!bool(v)) {
              b.rowIndexStride(0);
            }
          }),
          Map.entry("orc.bloom.filter.write.version", (b, v) -> b.bloomFilterVersion(
              switch (upper(v)) {
                case "ORIGINAL" -> OrcWriterOptions.BloomFilterVersion.ORIGINAL;
                case "UTF8" -> OrcWriterOptions.BloomFilterVersion.UTF8;
                default -> throw new IllegalArgumentException("original or utf8");
              })));

  /** The names taken, sorted (for messages). */
  static final Set<String> NAMES = new TreeSet<>(SETTERS.keySet());

  /**
   * Applies {@code properties} (all {@code orc.}-prefixed, checked by the caller) to {@code b}.
   *
   * @throws IllegalArgumentException naming the property, for a value it does not take
   */
  static void apply(OrcWriterOptions.Builder b, Map<String, String> properties) {
    List<Map.Entry<String, String>> ordered = new java.util.ArrayList<>(properties.entrySet());
    // orc.create.index=false wins over any orc.row.index.stride, as in orc-core
    ordered.sort(java.util.Comparator.comparing(e -> e.getKey().equals(CREATE_INDEX)));
    for (Map.Entry<String, String> e : ordered) {
      BiConsumer<OrcWriterOptions.Builder, String> setter = SETTERS.get(e.getKey());
      if (setter == null) {
        throw new IllegalArgumentException("unknown ORC property " + e.getKey());
      }
      try {
        setter.accept(b, e.getValue().trim());
      } catch (IllegalArgumentException | UnsupportedOperationException ex) {
        throw new IllegalArgumentException("ORC property " + e.getKey() + "=" + e.getValue()
            + ": " + ex.getMessage(), ex);
      }
    }
  }

  private static void only(String value, boolean ok, String why) {
    if (!ok) {
      throw new UnsupportedOperationException(why + ", so only the value that says so is "
          + "taken, not " + value);
    }
  }

  private static String upper(String v) {
    return v.trim().toUpperCase(Locale.ROOT);
  }

  private static CompressionCodec codec(String v) {
    return CompressionCodec.writableNamed(v).orElseThrow(() -> new IllegalArgumentException(
        "colfile writes " + CompressionCodec.WRITABLE_NAMES));
  }

  private static long number(String v) {
    try {
      return Long.parseLong(v);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("not a whole number", e);
    }
  }

  private static int integer(String v) {
    long n = number(v);
    if (n != (int) n) {
      throw new IllegalArgumentException("out of range");
    }
    return (int) n;
  }

  private static double decimal(String v) {
    try {
      return Double.parseDouble(v);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("not a number", e);
    }
  }

  private static boolean bool(String v) {
    return switch (v.trim().toLowerCase(Locale.ROOT)) {
      case "true" -> true;
      case "false" -> false;
      default -> throw new IllegalArgumentException("true or false");
    };
  }

  private static OrcFileVersion version(String v) {
    return switch (v.trim().toUpperCase(Locale.ROOT)) {
      case "0.11" -> OrcFileVersion.V_0_11;
      case "0.12" -> OrcFileVersion.V_0_12;
      case "UNSTABLE-PRE-2.0" -> OrcFileVersion.UNSTABLE_PRE_2_0;
      default -> throw new IllegalArgumentException("0.11, 0.12 or UNSTABLE-PRE-2.0");
    };
  }
}
