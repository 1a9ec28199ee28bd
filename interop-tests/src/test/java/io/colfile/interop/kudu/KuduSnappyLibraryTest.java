package io.colfile.interop.kudu;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.codec.Compressor;
import io.colfile.core.codec.SnappyBlockCompressor;
import io.colfile.testkit.TestSeed;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * colfile's Snappy blocks for Kudu CFiles are Kudu's own for inputs of any length, several 64 KiB
 * fragments included: the corpus's Snappy blocks are all shorter than one fragment, so this asks
 * the Snappy inside Kudu 1.17.1 itself. {@code libkudu_util_compression.so} of the kudu-binary
 * exports the {@code snappy::RawCompress} that Kudu's SNAPPY codec calls for a block; a harness of
 * a few lines, compiled here with the system's C++ compiler and linked against Kudu's libraries,
 * compresses run-seeded inputs with it, and {@link SnappyBlockCompressor} must give the same
 * bytes. Skipped, saying why, where Kudu's binaries cannot run or there is no C++ compiler.
 */
@ExtendWith(TestSeed.class)
class KuduSnappyLibraryTest {
  private static final String HARNESS = """
      #include <cstddef>
      #include <fstream>
      #include <iterator>
      #include <string>
      namespace snappy {
      void RawCompress(const char* in, size_t n, char* out, size_t* out_n);
      size_t MaxCompressedLength(size_t n);
      }
      // Each file named is compressed by Kudu's Snappy into NAME.kudu.
      int main(int argc, char** argv) {
        for (int i = 1; i < argc; i++) {
          std::ifstream in(argv[i], std::ios::binary);
          std::string data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
          std::string out(snappy::MaxCompressedLength(data.size()), '\\0');
          size_t n;
          snappy::RawCompress(data.data(), data.size(), &out[0], &n);
          std::ofstream(std::string(argv[i]) + ".kudu", std::ios::binary).write(out.data(), n);
        }
        return 0;
      }
      """;

  private static final String[] WORDS = {
    "tablet", "rowset", "delta", "the", "a", "of", "key", "cfile", "0", "42", "\n", ", ",
  };

  @Test
  void snappyBlocksOfAnyLengthAreKudusOwn(@TempDir Path dir) throws Exception {
    Path lib = KuduBinary.get().home().resolve("lib");
    Path harness = compileHarness(dir, lib);
    Random r = TestSeed.random("KuduSnappyLibraryTest", 0);
    List<Integer> sizes = new ArrayList<>(List.of(0, 1, 16, 17, 65535, 65536, 65537,
        2 * 65536 + 14, 2 * 65536 + 15, 5 * 65536 + 1000));
    for (int i = 0; i < 30; i++) {
      sizes.add(r.nextInt(i % 3 == 0 ? 4 * 65536 : 1 << 20));
    }
    List<Path> files = new ArrayList<>();
    List<byte[]> inputs = new ArrayList<>();
    for (int i = 0; i < sizes.size(); i++) {
      byte[] data = generate(r, i % 4, sizes.get(i));
      Path f = dir.resolve(i + ".bin");
      Files.write(f, data);
      files.add(f);
      inputs.add(data);
    }
    List<String> command = new ArrayList<>(List.of(harness.toString()));
    files.forEach(f -> command.add(f.toString()));
    run(command, dir, lib);
    Compressor ours = new SnappyBlockCompressor();
    List<String> wrong = new ArrayList<>();
    long total = 0;
    for (int i = 0; i < inputs.size(); i++) {
      byte[] data = inputs.get(i);
      byte[] kudu = Files.readAllBytes(Path.of(files.get(i) + ".kudu"));
      byte[] out = new byte[ours.maxCompressedLength(data.length)];
      byte[] mine = Arrays.copyOf(out, ours.compress(data, 0, data.length, out, 0, out.length));
      total += data.length;
      if (!Arrays.equals(mine, kudu)) {
        wrong.add("input " + i + " (kind " + i % 4 + ", " + data.length + " bytes): first "
            + "difference at byte " + Arrays.mismatch(mine, kudu) + " of Kudu's " + kudu.length
            + ", colfile's " + mine.length);
      }
    }
    assertThat(total).as("inputs reach past one fragment").isGreaterThan(10 * 65536);
    assertThat(wrong).as(TestSeed.replay()).isEmpty();
  }

  /** Text, random bytes, zeros, or a mix of literals, runs and copies from near and far. */
  private static byte[] generate(Random r, int kind, int size) {
    byte[] b = new byte[size];
    switch (kind) {
      case 0 -> {
        StringBuilder sb = new StringBuilder(size + 16);
        while (sb.length() < size) {
          sb.append(WORDS[r.nextInt(WORDS.length)]).append(' ');
        }
        b = Arrays.copyOf(sb.toString().getBytes(StandardCharsets.US_ASCII), size);
      }
      case 1 -> r.nextBytes(b);
      case 2 -> { }
      default -> {
        int p = 0;
        while (p < size) {
          int n = Math.min(size - p, 1 + r.nextInt(r.nextBoolean() ? 16 : 2000));
          int how = p == 0 ? 0 : r.nextInt(3);
          if (how == 0) {
            for (int i = 0; i < n; i++) {
              b[p++] = (byte) r.nextInt(1 + r.nextInt(256));
            }
          } else if (how == 1) {
            Arrays.fill(b, p, p + n, (byte) r.nextInt(256));
            p += n;
          } else {
            int distance = 1 + r.nextInt(Math.min(p, r.nextBoolean() ? 64 : 100_000));
            for (int i = 0; i < n; i++, p++) {
              b[p] = b[p - distance];
            }
          }
        }
      }
    }
    return b;
  }

  /** The harness, linked against Kudu's libraries; skips where no C++ compiler is found. */
  private static Path compileHarness(Path dir, Path lib) throws Exception {
    Path compiler = Stream.of("c++", "g++", "clang++")
        .flatMap(name -> Stream.of(System.getenv().getOrDefault("PATH", "").split(
            File.pathSeparator)).filter(d -> !d.isEmpty()).map(d -> Path.of(d, name)))
        .filter(Files::isExecutable).findFirst().orElse(null);
    Assumptions.assumeTrue(compiler != null,
        "no C++ compiler (c++, g++ or clang++) on the PATH to link a harness against Kudu's "
            + "libkudu_util_compression.so");
    Path source = dir.resolve("kudu_snappy.cc");
    Files.writeString(source, HARNESS);
    Path harness = dir.resolve("kudu_snappy");
    // libkudu_util comes first so that its look-up of dlopen past itself finds libdl and libc
    run(List.of(compiler.toString(), "-O1", "-o", harness.toString(), source.toString(),
        "-Wl,--no-as-needed", "-L" + lib, "-lkudu_util", "-lkudu_util_compression", "-ldl",
        "-lpthread", "-Wl,--allow-shlib-undefined"), dir, lib);
    return harness;
  }

  private static void run(List<String> command, Path dir, Path lib) throws Exception {
    ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile())
        .redirectErrorStream(true).redirectOutput(dir.resolve("log").toFile());
    pb.environment().put("LD_LIBRARY_PATH", lib.toString());
    Process p = pb.start();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      Assertions.fail("did not finish in 120 s: " + command.get(0));
    }
    if (p.exitValue() != 0) {
      Assertions.fail(command.get(0) + " failed (exit " + p.exitValue() + "): "
          + Files.readString(dir.resolve("log"), StandardCharsets.UTF_8));
    }
  }
}
