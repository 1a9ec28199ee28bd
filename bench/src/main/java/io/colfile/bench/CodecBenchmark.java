package io.colfile.bench;

import io.colfile.core.codec.CodecImplementations;
import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.codec.Compressor;
import io.colfile.core.codec.Decompressor;
import io.colfile.core.codec.Lz4BlockCompressor;
import io.colfile.core.codec.SnappyBlockCompressor;
import io.colfile.core.error.MalformedInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.orc.CompressionKind;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Block compression and decompression per codec and implementation ({@code impl=native}: what
 * {@link CompressionCodec#newDecompressor()} and {@code newCompressor()} pick, zstd-jni,
 * lz4-java and snappy-java when they load, and for SNAPPY {@link
 * CompressionCodec#snappyJavaCompressor()}, Trevni's; {@code impl=java}: the pure-Java ones) on realistic data: the
 * uncompressed bytes of an ORC lineitem file (200,000 rows of {@link LineItemFile}'s generator,
 * RLE integers, doubles, decimals, dictionary and direct strings) cut into 256 KiB blocks, ORC's
 * default compression chunk. Each operation handles {@value #TOTAL_MIB} MiB of uncompressed
 * bytes, so ops/s times {@value #TOTAL_MIB} is MiB/s.
 *
 * <p>Run: {@code java -jar bench/target/benchmarks.jar CodecBenchmark}; {@code -p
 * codec=ZSTD,LZ4 -p impl=native,java} to narrow. For ZLIB both implementations are the same
 * (the JDK's zlib); for LZ4 compression too (colfile writes LZ4 with aircompressor so that the
 * bytes stay orc-core's). {@code -p codec=SNAPPY,LZ4 -p impl=kudu} compresses as colfile does
 * for Kudu CFiles ({@link SnappyBlockCompressor}, {@link Lz4BlockCompressor}: Snappy 1.1.8's and
 * LZ4 1.9.3's bytes) and decompresses in pure Java.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class CodecBenchmark {
  static final int BLOCK = 256 << 10;
  static final int TOTAL_MIB = 8;

  @Param({"ZSTD", "LZ4", "SNAPPY", "ZLIB"})
  public String codec;

  @Param({"native", "java"})
  public String impl;

  private byte[][] raw;
  private byte[][] compressed;
  private int[] compressedLength;
  private byte[] out;
  private byte[] target;
  private Compressor compressor;
  private Decompressor decompressor;

  @Setup
  public void setUp() throws IOException, MalformedInputException {
    CompressionCodec c = CompressionCodec.valueOf(codec);
    boolean kudu = impl.equals("kudu");
    boolean pure = impl.equals("java") || kudu;
    compressor = kudu ? kuduCompressor(c)
        : pure ? c.newPureJavaCompressor()
        : c == CompressionCodec.SNAPPY ? CompressionCodec.snappyJavaCompressor()
        : c.newCompressor();
    decompressor = pure ? c.newPureJavaDecompressor() : c.newDecompressor();
    raw = blocks();
    compressed = new byte[raw.length][];
    compressedLength = new int[raw.length];
    long total = 0;
    for (int i = 0; i < raw.length; i++) {
      compressed[i] = new byte[compressor.maxCompressedLength(BLOCK)];
      compressedLength[i] = compressor.compress(raw[i], 0, BLOCK, compressed[i], 0,
          compressed[i].length);
      total += compressedLength[i];
    }
    out = new byte[BLOCK];
    target = new byte[compressor.maxCompressedLength(BLOCK)];
    for (int i = 0; i < raw.length; i++) {
      int n = decompressor.decompress(compressed[i], 0, compressedLength[i], out, 0, BLOCK);
      if (n != BLOCK || !Arrays.equals(out, raw[i])) {
        throw new IllegalStateException(codec + " " + impl + ": block " + i
            + " does not round trip");
      }
    }
    System.out.printf("%n%s %s: compress %s, decompress %s; %d MiB -> %d bytes (%.3f)%n",
        codec, impl, kudu ? compressor.getClass().getSimpleName()
            : pure ? "pure Java" : c == CompressionCodec.SNAPPY
            ? CodecImplementations.trevniSnappyCompressor() : CodecImplementations.compressor(c),
        pure ? "pure Java" : CodecImplementations.decompressor(c), TOTAL_MIB, total,
        (double) total / ((long) TOTAL_MIB << 20));
  }

  /** The compressor colfile writes Kudu CFiles' blocks with. */
  static Compressor kuduCompressor(CompressionCodec c) {
    return switch (c) {
      case SNAPPY -> new SnappyBlockCompressor();
      case LZ4 -> new Lz4BlockCompressor();
      default -> throw new IllegalArgumentException("impl=kudu is for SNAPPY and LZ4, not " + c);
    };
  }

  /** {@value #TOTAL_MIB} MiB of an uncompressed lineitem ORC file, in 256 KiB blocks. */
  static byte[][] blocks() throws IOException {
    Path dir = Files.createTempDirectory("colfile-codec-bench");
    Path file = dir.resolve("lineitem.orc");
    try {
      LineItemFile.write(file, 200_000, CompressionKind.NONE);
      byte[] all = Files.readAllBytes(file);
      List<byte[]> blocks = new ArrayList<>();
      for (int at = 0; blocks.size() * BLOCK < (TOTAL_MIB << 20); at += BLOCK) {
        if (at + BLOCK > all.length) {
          at = 0; // a file smaller than the total is used again from its start
        }
        blocks.add(Arrays.copyOfRange(all, at, at + BLOCK));
      }
      return blocks.toArray(byte[][]::new);
    } finally {
      Files.deleteIfExists(file);
      Files.deleteIfExists(dir);
    }
  }

  @Benchmark
  public int decompress() throws MalformedInputException {
    int sum = 0;
    for (int i = 0; i < compressed.length; i++) {
      sum += decompressor.decompress(compressed[i], 0, compressedLength[i], out, 0, BLOCK);
    }
    return sum;
  }

  @Benchmark
  public int compress() {
    int sum = 0;
    for (byte[] block : raw) {
      sum += compressor.compress(block, 0, BLOCK, target, 0, target.length);
    }
    return sum;
  }
}
