/**
 * What every colfile format shares: the format-neutral API ({@link io.colfile.core.ColFile},
 * readers, writers, options), types, vectors, predicates, files and errors, plus the SPI a format
 * implements ({@link io.colfile.core.FormatProvider}). The byte layer the formats share
 * ({@code encoding}) is exported to the format modules only.
 */
// "module": the format modules named in the qualified export are compiled after this one
@SuppressWarnings("module")
module io.colfile.core {
  // aircompressor 2.0.x names no module: its name comes from the jar's file name
  requires aircompressor;
  // optional native codecs, used when present and loadable (CodecImplementations)
  requires static com.github.luben.zstd_jni;
  requires static org.lz4.java;
  // snappy-java names no module either: its name comes from the jar's file name
  requires static snappy.java;
  // Brotli's pure-Java decoder (org.brotli:dec) names no module: its name comes from the jar's
  // file name; brotli4j, Brotli's encoder, is optional
  requires dec;
  requires static com.aayushatharva.brotli4j;

  exports io.colfile.core;
  exports io.colfile.core.codec;
  exports io.colfile.core.error;
  exports io.colfile.core.filter;
  exports io.colfile.core.io;
  exports io.colfile.core.layout;
  exports io.colfile.core.read;
  exports io.colfile.core.types;
  exports io.colfile.core.vector;

  exports io.colfile.core.encoding to io.colfile.orc, io.colfile.trevni, io.colfile.kudu;
  exports io.colfile.core.write to io.colfile.orc, io.colfile.trevni, io.colfile.kudu;

  uses io.colfile.core.FormatProvider;
}
