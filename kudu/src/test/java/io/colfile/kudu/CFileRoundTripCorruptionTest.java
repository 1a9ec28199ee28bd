package io.colfile.kudu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.ColFile;
import io.colfile.core.encoding.Endian;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.io.InputFile;
import io.colfile.kudu.Damages.Damage;
import io.colfile.kudu.Damages.Rule;
import io.colfile.kudu.ReadEverything.Outcome;
import io.colfile.kudu.ReadEverything.Result;
import io.colfile.kudu.bloom.BloomFile;
import io.colfile.kudu.bloom.BloomFileWriter;
import io.colfile.kudu.delta.DeltaFile;
import io.colfile.kudu.delta.DeltaFileWriter;
import io.colfile.kudu.delta.DeltaType;
import io.colfile.kudu.proto.KuduProto;
import io.colfile.testkit.FileDamage;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The corruption suite (STYLE.md section 4) over CFiles colfile writes (data columns of every
 * encoding, key columns with both indexes in several levels, DeltaFiles, BloomFiles, an ad-hoc
 * index) and every CFile of the Kudu corpus: truncations at every structural boundary and at
 * random points, a flipped byte in every region, and, with the checksums made right again so
 * that the damage reaches the decoders, length and count fields set to huge, negative and
 * off-by-one values, flipped payload bytes, changed footer fields and misdirected index entries
 * ({@link Damages}). Reading such a file every way ({@link ReadEverything}) must end cleanly or
 * in {@link CorruptFileException} (or UnsupportedFeatureException for features Kudu 1.17 lacks),
 * as each damage's rule says; never in another exception, a hang or a large allocation. With
 * checksums on, a flipped byte inside a block is a checksum mismatch naming the block. Files of
 * other formats are not CFiles.
 */
@ExtendWith(TestSeed.class)
class CFileRoundTripCorruptionTest {
  private static final boolean EXHAUSTIVE = CFileRoundTripTest.EXHAUSTIVE;

  /** A file to damage: built from a seed. */
  record Spec(String name, KuduType type, KuduEncoding encoding, KuduCompression compression,
      boolean nullable, boolean checksums, int blockSize, int rows) {
    @Override
    public String toString() {
      return name + " " + type + " " + encoding + " " + compression
          + (nullable ? " nullable" : "") + (checksums ? " crc" : " no-crc") + " bs=" + blockSize
          + " rows=" + rows;
    }

    byte[] build() throws IOException {
      Random r = TestSeed.random("corruption " + this, 0);
      if (name.contains("redo") || name.contains("undo")) {
        DeltaType t = name.contains("redo") ? DeltaType.REDO : DeltaType.UNDO;
        MemoryOutput out = new MemoryOutput(name);
        try (DeltaFileWriter w = DeltaFileWriter.create(out, t, checksums, compression,
            blockSize)) {
          for (CFileRoundTripBloomDeltaTest.Delta d : CFileRoundTripBloomDeltaTest.deltas(t, r,
              rows)) {
            w.append(d.key(), d.changes());
          }
        }
        return out.bytes();
      }
      if (name.contains("bloom")) {
        MemoryOutput out = new MemoryOutput(name);
        try (BloomFileWriter w = BloomFileWriter.create(out, checksums)) {
          for (byte[] k : CFileRoundTripSeekTest.sortedValues(KuduType.INT64, r, rows, false)) {
            w.add(CellModel.key(KuduType.INT64, k));
          }
        }
        return out.bytes();
      }
      if (name.startsWith("v1-")) {
        CFileRewriter.Edits toV1 = new CFileRewriter.Edits();
        toV1.version1 = true;
        Spec v2 = new Spec(name.substring(3), type, encoding, compression, nullable, false,
            blockSize, rows);
        return CFileRewriter.rewrite(name, v2.build(), toV1);
      }
      boolean key = name.contains("key") || name.contains("adhoc");
      CFileWriterOptions.Builder b = CFileWriterOptions.builder(type).nullable(nullable)
          .encoding(encoding).compression(compression).checksums(checksums)
          .blockSize(blockSize);
      byte[][] cells;
      if (key) {
        b.valueIndex(true).positionalIndex(!name.contains("adhoc")).indexBlockSize(120);
        cells = CFileRoundTripSeekTest.sortedValues(type, r, rows, r.nextBoolean());
      } else {
        cells = ColumnGen.column(type, r, rows, nullable);
        for (int i = 0; i < cells.length; i++) {
          cells[i] = CellModel.throughVector(type, cells[i]);
        }
      }
      return CFiles.writeVectors(b.build(), cells, r);
    }
  }

  static List<Spec> specs() {
    List<Spec> out = new ArrayList<>(List.of(
        new Spec("int32", KuduType.INT32, KuduEncoding.BIT_SHUFFLE, KuduCompression.NONE,
            false, true, 256, 300),
        new Spec("int64", KuduType.INT64, KuduEncoding.PLAIN, KuduCompression.LZ4, true, true,
            128, 200),
        new Spec("int16", KuduType.INT16, KuduEncoding.RLE, KuduCompression.SNAPPY, true, false,
            64, 300),
        new Spec("bool", KuduType.BOOL, KuduEncoding.RLE, KuduCompression.ZLIB, true, true, 64,
            400),
        new Spec("bool", KuduType.BOOL, KuduEncoding.PLAIN, KuduCompression.NONE, false, false,
            64, 700),
        new Spec("double", KuduType.DOUBLE, KuduEncoding.BIT_SHUFFLE, KuduCompression.LZ4, true,
            true, 256, 150),
        new Spec("dec128", KuduType.DECIMAL128, KuduEncoding.PLAIN, KuduCompression.NONE, true,
            true, 256, 60),
        new Spec("string", KuduType.STRING, KuduEncoding.DICT, KuduCompression.NONE, true, true,
            200, 150),
        new Spec("binary", KuduType.BINARY, KuduEncoding.PREFIX, KuduCompression.SNAPPY, false,
            true, 128, 100),
        new Spec("varchar", KuduType.VARCHAR, KuduEncoding.PLAIN, KuduCompression.ZLIB, true,
            false, 128, 100),
        new Spec("key", KuduType.INT64, KuduEncoding.BIT_SHUFFLE, KuduCompression.NONE, false,
            true, 64, 150),
        new Spec("adhoc", KuduType.BINARY, KuduEncoding.PREFIX, KuduCompression.LZ4, false,
            true, 64, 120),
        new Spec("redo", KuduType.BINARY, KuduEncoding.PLAIN, KuduCompression.LZ4, false, true,
            128, 60),
        new Spec("undo", KuduType.BINARY, KuduEncoding.PLAIN, KuduCompression.NONE, false,
            false, 128, 60),
        new Spec("bloom", KuduType.BINARY, KuduEncoding.PLAIN, KuduCompression.NONE, false,
            true, 0, 2000),
        new Spec("allnull-dict", KuduType.STRING, KuduEncoding.DICT, KuduCompression.NONE, true,
            true, 64, 0),
        new Spec("empty", KuduType.INT32, KuduEncoding.AUTO, KuduCompression.LZ4, false, true,
            64, 0),
        new Spec("v1-int64", KuduType.INT64, KuduEncoding.PLAIN, KuduCompression.LZ4, true,
            false, 128, 200),
        new Spec("v1-string", KuduType.STRING, KuduEncoding.DICT, KuduCompression.SNAPPY, true,
            false, 128, 150),
        new Spec("v1-key", KuduType.INT32, KuduEncoding.RLE, KuduCompression.ZLIB, false,
            false, 64, 200)));
    if (EXHAUSTIVE) {
      int i = 0;
      for (Object[] p : CFileRoundTripTest.pairs()) {
        i++;
        out.add(new Spec("col", (KuduType) p[0], (KuduEncoding) p[1],
            CFileRoundTripTest.COMPRESSIONS[i % 4], i % 2 == 0, i % 3 != 0, 64 + 64 * (i % 4),
            100 + 37 * i % 400));
      }
    }
    return out;
  }

  static Stream<Spec> generated() {
    return specs().stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("generated")
  @Timeout(600)
  void generatedFiles(Spec spec) throws IOException {
    byte[] file = spec.build();
    String name = spec.name() + ".cfile";
    assertThat(CFileRewriter.rewrite(name, file, new CFileRewriter.Edits()))
        .as("a rewrite without edits is the same file").isEqualTo(file);
    damageAll(name, file, TestSeed.random("damage " + spec, 0), Integer.MAX_VALUE, true);
  }

  static Stream<String> corpus() throws IOException {
    Path root = KuduSharedData.cfiles();
    try (Stream<Path> all = Files.walk(root)) {
      // -Dtests.corpus=<regex> narrows the corpus down, to replay one file's failure
      String only = System.getProperty("tests.corpus", "");
      return all.filter(p -> p.toString().endsWith(".cfile"))
          .map(p -> root.relativize(p).toString())
          .filter(p -> only.isEmpty() || p.matches(only)).sorted().toList().stream();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("corpus")
  @Timeout(600)
  void corpusFiles(String file) throws IOException {
    byte[] bytes = Files.readAllBytes(KuduSharedData.cfiles().resolve(file));
    Result rewritten = ReadEverything.run(file + " rewritten", file,
        CFileRewriter.rewrite(file, bytes, new CFileRewriter.Edits()), Long.MAX_VALUE);
    assertThat(rewritten.outcome()).as("%s rewritten without edits: %s", file,
        rewritten.message()).isEqualTo(Outcome.CLEAN);
    // every damage of a few files, a sample of the others' (all of them: -Dtests.exhaustive)
    Random r = TestSeed.random("corpus " + file, 0);
    boolean all = EXHAUSTIVE || r.nextInt(40) == 0;
    // (the one large file, 150 000 rows, takes a sample of 300 even then)
    damageAll(file, bytes, r, !all ? 25 : bytes.length > (64 << 10) ? 300 : Integer.MAX_VALUE,
        all);
    // and damage of any kind anywhere (testkit FileDamage: zeroed, random and varint-run ranges
    // too): a clean read of exactly the values stated, or an error naming a file offset
    long maxAllocated = 8 * ReadEverything.run(file, file, bytes, Long.MAX_VALUE).allocated()
        + (64 << 20);
    for (FileDamage.Copy copy : FileDamage.copies(bytes, r, EXHAUSTIVE ? 60 : 5, 64)) {
      byte[] damaged = copy.bytes();
      check(file, new Damage(copy.what(), Rule.ANY, -1, () -> damaged), maxAllocated);
    }
  }

  /** Reads every damaged copy of {@code file} and checks each outcome against its rule. */
  private static void damageAll(String name, byte[] file, Random r, int limit, boolean full)
      throws IOException {
    Result intact = ReadEverything.run(name + " intact", name, file, Long.MAX_VALUE);
    assertThat(intact.outcome()).as("%s intact: %s", name, intact.message())
        .isEqualTo(Outcome.CLEAN);
    // What a read allocates in all, garbage included: a damaged file may cost several times
    // an intact one (a misdirected index makes seeks decode other blocks), plus a few blocks of
    // Kudu's 16 MiB limit; what a damaged count or length claims would be far more.
    long maxAllocated = 8 * intact.allocated() + (64 << 20);
    List<Damage> damages = new ArrayList<>(Damages.of(name, file, r, full));
    if (damages.size() > limit) {
      Collections.shuffle(damages, r);
      damages = damages.subList(0, limit);
    }
    for (Damage d : damages) {
      check(name, d, maxAllocated);
    }
  }

  private static void check(String name, Damage d, long maxAllocated) throws IOException {
    String what = name + ": " + d.what();
    byte[] bytes = d.bytes();
    Result res = ReadEverything.run(what, name, bytes, maxAllocated);
    String got = res.outcome() + " (" + res.message() + ") " + TestSeed.replay();
    if (res.error() instanceof CorruptFileException e) {
      assertThat(e.fileOffset()).as("%s: the file offset of %s", what, got).isNotNegative();
    }
    switch (d.rule()) {
      case CORRUPT -> assertThat(res.outcome()).as("%s: %s", what, got)
          .isEqualTo(Outcome.CORRUPT);
      case CHECKSUM_OF_BLOCK -> {
        assertThat(res.outcome()).as("%s: %s", what, got).isEqualTo(Outcome.CORRUPT);
        CorruptFileException e = (CorruptFileException) res.error();
        assertThat(e.problem()).as("%s: %s", what, got).contains("checksum mismatch");
        // The error names the damaged block's place and points inside it (at its checksum).
        assertThat(e.region().start()).as("%s: %s", what, got).isEqualTo(d.offset());
        assertThat(e.fileOffset()).as("%s: %s", what, got)
            .isBetween(d.offset(), d.offset() + e.region().length() - 1);
      }
      case NOT_CLEAN -> assertThat(res.outcome()).as("%s: %s", what, got)
          .isNotEqualTo(Outcome.CLEAN);
      case FOOTER_FLIP -> {
        if (!checksumBitCleared(bytes)) {
          assertThat(res.outcome()).as("%s: %s", what, got).isNotEqualTo(Outcome.CLEAN);
        }
      }
      case UNSUPPORTED -> assertThat(res.outcome()).as("%s: %s", what, got)
          .isEqualTo(Outcome.UNSUPPORTED);
      case CLEAN -> assertThat(res.outcome()).as("%s: %s", what, got).isEqualTo(Outcome.CLEAN);
      case ANY -> { }
    }
  }

  /**
   * Whether a flipped footer byte left a footer that parses and no longer has the CHECKSUM bit:
   * then nothing says the file had checksums, and no checksum can catch the damage.
   */
  private static boolean checksumBitCleared(byte[] b) {
    try {
      long len = Endian.getIntLE(b, b.length - 4) & 0xFFFFFFFFL;
      if (len > b.length - 12) {
        return false;
      }
      KuduProto.CFileFooterPB f = KuduProto.CFileFooterPB.parser()
          .parsePartialFrom(b, (int) (b.length - 12 - len), (int) len);
      return (f.getIncompatibleFeatures() & 1) == 0;
    } catch (IOException e) {
      return false;
    }
  }

  /** Small checksummed files: every byte of every block flipped, one at a time. */
  @Test
  @Timeout(900)
  void everyFlippedByteInsideABlockIsAChecksumMismatch() throws IOException {
    List<Object[]> files = new ArrayList<>();
    for (Spec s : specs()) {
      if (s.checksums()) {
        files.add(new Object[] {s.name() + ".cfile", s.build()});
      }
    }
    if (EXHAUSTIVE) {
      for (String f : corpus().toList()) {
        files.add(new Object[] {f, Files.readAllBytes(KuduSharedData.cfiles().resolve(f))});
      }
    }
    Random r = TestSeed.random("every byte", 0);
    for (Object[] f : files) {
      String name = (String) f[0];
      byte[] bytes = (byte[]) f[1];
      boolean large = bytes.length > (64 << 10); // the corpus' 150 000-row file: a sample
      int cases = 0;
      for (Damage d : Damages.everyBlockByte(name, bytes, r, large ? 512 : Integer.MAX_VALUE,
          large ? 10 : Integer.MAX_VALUE)) {
        check(name, d, Long.MAX_VALUE);
        cases++;
      }
      if (!large) {
        long blockBytes = CFileLayout.of(name, bytes).regions().stream()
            .filter(g -> !g.kind().equals("header") && !g.kind().equals("footer"))
            .mapToLong(CFileLayout.Region::length).sum();
        assertThat(cases).as("%s: every byte of every block", name).isEqualTo(blockBytes);
      }
    }
  }

  /** The harness itself: it measures what a read allocates, and fails a read over budget. */
  @Test
  void theAllocationBudgetIsEnforced() throws IOException {
    byte[] file = specs().get(0).build();
    Result intact = ReadEverything.run("intact", "f.cfile", file, Long.MAX_VALUE);
    assertThat(intact.allocated()).isGreaterThan(file.length);
    assertThatThrownBy(() -> ReadEverything.run("intact", "f.cfile", file, file.length))
        .isInstanceOf(AssertionError.class).hasMessageContaining("allocated");
  }

  /** ORC files, text, zeros, random bytes, and files that only look like CFiles at one end. */
  @Test
  void otherFormatsAreNotCFiles() throws IOException {
    List<Object[]> inputs = new ArrayList<>();
    Path orc = KuduSharedData.base().resolve("orc-examples");
    if (Files.isDirectory(orc)) {
      try (Stream<Path> s = Files.list(orc)) {
        for (Path p : s.filter(Files::isRegularFile).sorted().limit(EXHAUSTIVE ? 1000 : 8)
            .toList()) {
          if (Files.size(p) < (8 << 20)) {
            inputs.add(new Object[] {p.getFileName().toString(), Files.readAllBytes(p)});
          }
        }
      }
    }
    Random r = TestSeed.random("other formats", 0);
    for (int n : new int[] {0, 1, 11, 12, 23, 24, 25, 100, 5000}) {
      byte[] random = new byte[n];
      r.nextBytes(random);
      inputs.add(new Object[] {"random " + n, random});
      inputs.add(new Object[] {"zeros " + n, new byte[n]});
    }
    inputs.add(new Object[] {"json", "{\"format\": \"kudu-rowset\", \"rows\": 3}\n"
        .getBytes(StandardCharsets.UTF_8)});
    inputs.add(new Object[] {"ORC header", "ORC\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0"
        .getBytes(StandardCharsets.ISO_8859_1)});
    byte[] front = new byte[200];
    r.nextBytes(front);
    System.arraycopy("kuducfl2".getBytes(StandardCharsets.US_ASCII), 0, front, 0, 8);
    inputs.add(new Object[] {"magic at the front only", front});
    byte[] both = front.clone();
    System.arraycopy("kuducfl2".getBytes(StandardCharsets.US_ASCII), 0, both, 188, 8);
    for (int len : new int[] {0, 4, 100, 176, 200, -1}) {
      byte[] b = both.clone();
      Endian.putIntLE(b, 196, len);
      inputs.add(new Object[] {"magic at both ends, garbage between, length " + len, b});
    }
    byte[] back = new byte[200];
    r.nextBytes(back);
    System.arraycopy("kuducfil".getBytes(StandardCharsets.US_ASCII), 0, back, 188, 8);
    Endian.putIntLE(back, 196, 20);
    inputs.add(new Object[] {"v1 magic at the back only", back});
    for (Object[] in : inputs) {
      String name = (String) in[0];
      byte[] bytes = (byte[]) in[1];
      assertThatThrownBy(() -> CFile.open(InputFile.of(name, bytes)).close())
          .as(name).isInstanceOf(CorruptFileException.class);
      if (!name.endsWith(".orc") && bytes.length > 0 && !name.startsWith("ORC")) {
        assertThatThrownBy(() -> ColFile.open(InputFile.of(name, bytes)).close())
            .as("%s through ColFile.open", name).isInstanceOf(CorruptFileException.class);
      }
    }
  }

  /** A CFile of one kind opened as another: a data column as a DeltaFile or BloomFile. */
  @Test
  void cfilesOfTheWrongKind() throws IOException {
    byte[] column = new Spec("int32", KuduType.INT32, KuduEncoding.BIT_SHUFFLE,
        KuduCompression.LZ4, false, true, 256, 100).build();
    byte[] strings = new Spec("binary", KuduType.BINARY, KuduEncoding.PLAIN,
        KuduCompression.NONE, false, true, 256, 100).build();
    assertThatThrownBy(() -> DeltaFile.open(InputFile.of("int32", column)).close())
        .isInstanceOf(CorruptFileException.class);
    assertThatThrownBy(() -> DeltaFile.open(InputFile.of("strings", strings)).close())
        .isInstanceOf(CorruptFileException.class).hasMessageContaining("deltafilestats");
    assertThatThrownBy(() -> BloomFile.open(InputFile.of("int32", column)).close())
        .isInstanceOf(CorruptFileException.class);
    assertThatThrownBy(() -> BloomFile.open(InputFile.of("strings", strings)).close())
        .isInstanceOf(CorruptFileException.class);
  }
}
