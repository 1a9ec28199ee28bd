package io.colfile.cli;

import io.colfile.core.codec.CodecImplementations;
import io.colfile.core.codec.CompressionCodec;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Which implementation serves each codec ({@link CodecImplementations}), as {@code --version}
 * lists it and as {@code meta} adds it for the codecs a file uses ({@code decompressors}).
 */
final class CodecInfo {
  /** The codecs a person may meet, in the order {@code --version} lists them. */
  private static final List<CompressionCodec> LISTED = List.of(CompressionCodec.ZLIB,
      CompressionCodec.SNAPPY, CompressionCodec.LZ4, CompressionCodec.ZSTD, CompressionCodec.LZO,
      CompressionCodec.BROTLI);

  private CodecInfo() {}

  /**
   * One line per codec: its name, then what reads it, and {@code / } what writes it when that
   * is another implementation ({@code -} where colfile does not write it).
   */
  static List<String> versionLines() {
    List<String> lines = new ArrayList<>();
    lines.add("codecs (read / write):");
    for (CompressionCodec c : LISTED) {
      String read = CodecImplementations.decompressor(c);
      String write = CodecImplementations.compressor(c);
      String both = read.equals(write) ? read
          : read + " / " + (write.equals("none") ? "-" : write);
      List<String> others = new ArrayList<>();
      if (c == CompressionCodec.SNAPPY
          && !CodecImplementations.trevniSnappyCompressor().equals(write)) {
        // Trevni's reference writes Snappy with snappy-java, ORC's with aircompressor
        others.add("Trevni: " + CodecImplementations.trevniSnappyCompressor());
      }
      if (!CodecImplementations.kuduCompressor(c).equals(write)) {
        others.add("Kudu: " + CodecImplementations.kuduCompressor(c)); // Kudu's own versions
      }
      if (!others.isEmpty()) {
        both += " (" + String.join("; ", others) + ")";
      }
      lines.add(String.format(Locale.ROOT, "  %-7s %s", c.name().toLowerCase(Locale.ROOT),
          both));
    }
    return lines;
  }

  /**
   * What decompresses each codec a {@code meta} tree names (the values of its {@code
   * compression} and {@code codec} keys, at any depth: ORC's file codec, Trevni's and Kudu's per
   * column), by the codec's name; empty when the file is stored uncompressed.
   */
  static Map<String, String> decompressors(Map<String, ?> tree) {
    Set<CompressionCodec> used = EnumSet.noneOf(CompressionCodec.class);
    collect(tree, used);
    Map<String, String> out = new LinkedHashMap<>();
    for (CompressionCodec c : used) {
      out.put(c.name(), CodecImplementations.decompressor(c));
    }
    return out;
  }

  private static void collect(Object node, Set<CompressionCodec> used) {
    if (node instanceof Map<?, ?> map) {
      for (Map.Entry<?, ?> e : map.entrySet()) {
        if ((e.getKey().equals("compression") || e.getKey().equals("codec"))
            && e.getValue() instanceof String name) {
          CompressionCodec c = named(name);
          if (c != null) {
            used.add(c);
          }
        } else {
          collect(e.getValue(), used);
        }
      }
    } else if (node instanceof Iterable<?> items) {
      for (Object item : items) {
        collect(item, used);
      }
    }
  }

  /** The codec a format's name stands for (ORC's, Trevni's, Kudu's spelling), or null. */
  static CompressionCodec named(String name) {
    return switch (name.trim().toLowerCase(Locale.ROOT)) {
      case "zlib", "deflate" -> CompressionCodec.ZLIB;
      case "snappy" -> CompressionCodec.SNAPPY;
      case "lz4" -> CompressionCodec.LZ4;
      case "zstd" -> CompressionCodec.ZSTD;
      case "lzo" -> CompressionCodec.LZO;
      default -> null; // none, null, NO_COMPRESSION, DEFAULT_COMPRESSION, or unknown
    };
  }
}
