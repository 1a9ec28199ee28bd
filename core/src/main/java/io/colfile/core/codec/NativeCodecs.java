package io.colfile.core.codec;

import io.airlift.compress.lz4.Lz4Compressor;
import io.airlift.compress.snappy.SnappyCompressor;
import io.airlift.compress.snappy.SnappyDecompressor;
import io.airlift.compress.zstd.ZstdDecompressor;
import java.io.IOException;
import java.io.InputStream;
import java.lang.ref.Cleaner;
import java.util.Arrays;
import java.util.Locale;
import java.util.Properties;

/**
 * Finds out, once per JVM, which native codec libraries serve: zstd-jni for ZSTD, lz4-java
 * for LZ4 decoding, snappy-java for Snappy and brotli4j for Brotli encoding. A library is used only when its classes are on the class path (or its module
 * is in the layer), its native code loads, and a round trip against aircompressor gives the
 * right bytes; anything else, including {@code -Dcolfile.codecs=java}, leaves aircompressor in
 * charge. The classes that touch a library ({@link ZstdJniDecompressor} and friends) are loaded
 * only after it passed.
 */
final class NativeCodecs {
  /** Frees the native contexts of zstd-jni instances that are no longer reachable. */
  static final Cleaner CLEANER = Cleaner.create();

  /** What was found for one library. */
  record Library(boolean loaded, String name, String version, String reason) {
    String label() {
      return version.isEmpty() ? name : name + " " + version;
    }
  }

  static final boolean FORCED_JAVA = forcedJava(System.getProperty(CodecImplementations.PROPERTY));
  static final Library ZSTD = FORCED_JAVA ? off("zstd-jni") : probeZstd();
  static final Library LZ4 = FORCED_JAVA ? off("lz4-java") : probeLz4();
  static final Library SNAPPY = FORCED_JAVA ? off("snappy-java") : probeSnappy();
  /**
   * brotli4j, Brotli's only encoder here: not switched off by {@code -Dcolfile.codecs=java},
   * which has no pure-Java Brotli writer to fall back to (Brotli is read in pure Java always).
   */
  static final Library BROTLI = probeBrotli();
  /** org.brotli:dec's version, for display; empty when unknown or absent from the class path. */
  static final String BROTLI_DEC_VERSION = brotliDecVersion();
  static final String AIRCOMPRESSOR_VERSION =
      pomVersion(ZstdDecompressor.class, "io.airlift", "aircompressor");

  private NativeCodecs() {}

  /** Whether the property's value asks for the pure-Java codecs ({@code java}, any case). */
  static boolean forcedJava(String value) {
    if (value == null || value.isBlank()) {
      return false;
    }
    // anything else (auto, the default) lets the libraries that load serve
    return value.trim().toLowerCase(Locale.ROOT).equals("java");
  }

  private static Library off(String name) {
    return new Library(false, name, "",
        "-D" + CodecImplementations.PROPERTY + "=java asks for pure Java");
  }

  private static boolean present(String className) {
    try {
      Class.forName(className, false, NativeCodecs.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  private static Library probeZstd() {
    if (!present("com.github.luben.zstd.ZstdDecompressCtx")) {
      return new Library(false, "zstd-jni", "", "not on the class path");
    }
    String version = "";
    try {
      version = String.valueOf(Class.forName("com.github.luben.zstd.util.ZstdVersion")
          .getField("VERSION").get(null));
    } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
      // the version is only for display
    }
    try {
      byte[] data = sample();
      Compressor c = new ZstdJniCompressor();
      byte[] frame = new byte[c.maxCompressedLength(data.length)];
      int n = c.compress(data, 0, data.length, frame, 0, frame.length);
      byte[] viaJava = new byte[data.length];
      byte[] viaNative = new byte[data.length];
      int a = new ZstdDecompressor().decompress(frame, 0, n, viaJava, 0, viaJava.length);
      int b = ZstdJniDecompressor.create().decompress(frame, 0, n, viaNative, 0, viaNative.length);
      if (n <= 0 || n >= data.length || a != data.length || b != data.length
          || !Arrays.equals(viaJava, data) || !Arrays.equals(viaNative, data)) {
        return new Library(false, "zstd-jni", version, "failed its self-test");
      }
      return new Library(true, "zstd-jni", version, "");
    } catch (LinkageError | Exception e) {
      return new Library(false, "zstd-jni", version, "did not load: " + e);
    }
  }

  private static Library probeLz4() {
    if (!present("net.jpountz.lz4.LZ4Factory")) {
      return new Library(false, "lz4-java", "", "not on the class path");
    }
    String version = "";
    try {
      Class<?> factory = Class.forName("net.jpountz.lz4.LZ4Factory");
      version = pomVersion(factory, "at.yawk.lz4", "lz4-java");
      if (version.isEmpty()) {
        version = pomVersion(factory, "org.lz4", "lz4-java");
      }
    } catch (ClassNotFoundException | LinkageError e) {
      // the version is only for display
    }
    try {
      if (!Lz4JavaDecompressor.isNative()) {
        return new Library(false, "lz4-java", version, "has no native code for this platform");
      }
      byte[] data = sample();
      Lz4Compressor c = new Lz4Compressor();
      byte[] block = new byte[c.maxCompressedLength(data.length)];
      int n = c.compress(data, 0, data.length, block, 0, block.length);
      byte[] out = new byte[data.length];
      int m = Lz4JavaDecompressor.create().decompress(block, 0, n, out, 0, out.length);
      if (m != data.length || !Arrays.equals(out, data)) {
        return new Library(false, "lz4-java", version, "failed its self-test");
      }
      return new Library(true, "lz4-java", version, "");
    } catch (LinkageError | Exception e) {
      return new Library(false, "lz4-java", version, "did not load: " + e);
    }
  }

  private static Library probeSnappy() {
    if (!present("org.xerial.snappy.Snappy")) {
      return new Library(false, "snappy-java", "", "not on the class path");
    }
    String version = "";
    try {
      // the jar's manifest says 1.1.10.8; in a merged jar (the colfile command's) only the
      // library's own VERSION file is left, which says 1.1.10
      Package p = Class.forName("org.xerial.snappy.Snappy", false,
          NativeCodecs.class.getClassLoader()).getPackage();
      version = p == null || p.getImplementationVersion() == null
          ? org.xerial.snappy.SnappyLoader.getVersion() : p.getImplementationVersion();
      if ("unknown".equals(version)) {
        version = "";
      }
    } catch (ClassNotFoundException | LinkageError | RuntimeException e) {
      // the version is only for display
    }
    try {
      // both ways against aircompressor: what one writes the other reads
      byte[] data = sample();
      Compressor c = new SnappyJavaCompressor();
      byte[] block = new byte[c.maxCompressedLength(data.length)];
      int n = c.compress(data, 0, data.length, block, 0, block.length);
      byte[] viaJava = new byte[data.length];
      int a = new SnappyDecompressor().decompress(block, 0, n, viaJava, 0, viaJava.length);
      SnappyCompressor air = new SnappyCompressor();
      byte[] airBlock = new byte[air.maxCompressedLength(data.length)];
      int m = air.compress(data, 0, data.length, airBlock, 0, airBlock.length);
      byte[] viaNative = new byte[data.length];
      int b = SnappyJavaDecompressor.create()
          .decompress(airBlock, 0, m, viaNative, 0, viaNative.length);
      if (n <= 0 || n >= data.length || a != data.length || b != data.length
          || !Arrays.equals(viaJava, data) || !Arrays.equals(viaNative, data)) {
        return new Library(false, "snappy-java", version, "failed its self-test");
      }
      return new Library(true, "snappy-java", version, "");
    } catch (VirtualMachineError e) {
      throw e;
    } catch (Exception | Error e) {
      // snappy-java reports a native library that does not load as a SnappyError
      return new Library(false, "snappy-java", version, "did not load: " + e);
    }
  }

  private static Library probeBrotli() {
    if (!present("com.aayushatharva.brotli4j.encoder.Encoder")) {
      return new Library(false, "brotli4j", "", "not on the class path");
    }
    String version = "";
    try {
      version = pomVersion(Class.forName("com.aayushatharva.brotli4j.encoder.Encoder", false,
          NativeCodecs.class.getClassLoader()), "com.aayushatharva.brotli4j", "brotli4j");
    } catch (ClassNotFoundException | LinkageError e) {
      // the version is only for display
    }
    try {
      if (!BrotliLoader.available()) {
        return new Library(false, "brotli4j", version,
            "has no native code for this platform: " + BrotliLoader.cause());
      }
      // what brotli4j writes, the pure-Java decoder reads back
      byte[] data = sample();
      Compressor c = new BrotliEncoder(1, false);
      byte[] block = new byte[c.maxCompressedLength(data.length)];
      int n = c.compress(data, 0, data.length, block, 0, block.length);
      byte[] out = new byte[data.length];
      int m = BrotliJavaDecompressor.create().decompress(block, 0, n, out, 0, out.length);
      if (n <= 0 || n >= data.length || m != data.length || !Arrays.equals(out, data)) {
        return new Library(false, "brotli4j", version, "failed its self-test");
      }
      return new Library(true, "brotli4j", version, "");
    } catch (VirtualMachineError e) {
      throw e;
    } catch (Exception | Error e) {
      return new Library(false, "brotli4j", version, "did not load: " + e);
    }
  }

  private static String brotliDecVersion() {
    try {
      return pomVersion(Class.forName("org.brotli.dec.BrotliInputStream", false,
          NativeCodecs.class.getClassLoader()), "org.brotli", "dec");
    } catch (ClassNotFoundException | LinkageError e) {
      return "";
    }
  }

  /** brotli4j's loader, touched only once its classes are known to be there. */
  private static final class BrotliLoader {
    static boolean available() {
      return com.aayushatharva.brotli4j.Brotli4jLoader.isAvailable();
    }

    static String cause() {
      Throwable t = com.aayushatharva.brotli4j.Brotli4jLoader.getUnavailabilityCause();
      return t == null ? "unknown" : t.toString();
    }
  }

  /** 4 KiB of text-like bytes with repeats, literals and a long run. */
  private static byte[] sample() {
    byte[] b = new byte[4096];
    long x = 0x9E3779B97F4A7C15L;
    for (int i = 0; i < b.length; i++) {
      x ^= x << 13;
      x ^= x >>> 7;
      x ^= x << 17;
      b[i] = i >= 3000 ? (byte) 'z' : (byte) ('a' + (int) ((x >>> 33) % (i % 64 < 32 ? 4 : 26)));
    }
    return b;
  }

  /** A library's version from the pom.properties Maven puts in its jar; empty if none. */
  static String pomVersion(Class<?> anchor, String group, String artifact) {
    String path = "/META-INF/maven/" + group + "/" + artifact + "/pom.properties";
    try (InputStream in = anchor.getResourceAsStream(path)) {
      if (in == null) {
        return "";
      }
      Properties p = new Properties();
      p.load(in);
      return p.getProperty("version", "");
    } catch (IOException | RuntimeException e) {
      return "";
    }
  }
}
