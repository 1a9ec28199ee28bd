package io.colfile.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.ColFile;
import io.colfile.core.FileWriter;
import io.colfile.core.WriteOptions;
import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.LongVector;
import io.colfile.kudu.CFileWriter;
import io.colfile.kudu.CFileWriterOptions;
import io.colfile.kudu.KuduCompression;
import io.colfile.kudu.KuduEncoding;
import io.colfile.kudu.KuduType;
import io.colfile.kudu.bloom.BloomFileWriter;
import io.colfile.kudu.delta.ColumnUpdate;
import io.colfile.kudu.delta.DeltaFileWriter;
import io.colfile.kudu.delta.DeltaKey;
import io.colfile.kudu.delta.DeltaType;
import io.colfile.kudu.delta.RowChangeList;
import io.colfile.testkit.Faults;
import io.colfile.testkit.FaultyOutputFile;
import io.colfile.testkit.FaultyOutputFile.Call;
import io.colfile.testkit.RandomBatches;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Writers under injected I/O faults: whichever write, flush or close fails (a full disk, a
 * failed rename), the writer's error carries the cause, nothing appears at the target, the file
 * the user had there is untouched and no temporary file is left. Each format writes a random
 * file in several stripes or blocks (ORC, Trevni, a Kudu CFile, DeltaFile and BloomFile); every
 * call of each kind fails in turn (a seeded sample of them where a file makes many). A Kudu
 * rowset directory, file by file, is kudu's RowSetWriteFaultTest.
 */
@ExtendWith(TestSeed.class)
class WriteFaultTest {
  private static final byte[] OLD = "the user's file".getBytes(StandardCharsets.UTF_8);
  /** Calls of one kind failed per file at most; the first and last always among them. */
  private static final int SAMPLE = 24;

  @TempDir Path dir;

  /** Writes one file through {@code out}: the whole job, close included. */
  private interface Job {
    void write(OutputFile out) throws IOException;
  }

  @ParameterizedTest
  @ValueSource(strings = {"orc", "trevni"})
  void aFailedWriteLeavesTheTargetAsItWas(String format) throws IOException {
    Random r = TestSeed.random("WriteFaultTest." + format, 0);
    Type schema = RandomData.schema(format, r, 6);
    RandomBatches data = RandomData.batches(format, r);
    List<ColumnBatch> batches = new ArrayList<>();
    for (int b = 0; b < 4; b++) {
      batches.add(data.batch(schema, 1000 + r.nextInt(1000), b * 2000));
    }
    WriteOptions options = WriteOptions.defaults().withBlockSize(16 << 10)
        .withCompression(r.nextBoolean() ? CompressionCodec.NONE : CompressionCodec.ZLIB);
    sweep(format + " " + schema, r, out -> {
      // no abort() on failure: after an exception the writer has given the file up itself
      FileWriter w = ColFile.writer(format, out, schema, options);
      for (ColumnBatch b : batches) {
        w.write(b);
      }
      w.close();
    });
  }

  @ParameterizedTest
  @ValueSource(strings = {"NONE", "LZ4"})
  void aFailedCFileWriteLeavesTheTargetAsItWas(String compression) throws IOException {
    Random r = TestSeed.random("WriteFaultTest.cfile." + compression, 0);
    CFileWriterOptions options = CFileWriterOptions.builder(KuduType.INT64)
        .encoding(KuduEncoding.BIT_SHUFFLE).compression(KuduCompression.valueOf(compression))
        .blockSize(4 << 10).build();
    long[] values = r.longs(20_000, 0, 1L << 40).toArray();
    sweep("cfile " + compression, r, out -> {
      CFileWriter w = CFileWriter.create(out, options);
      LongVector v = new LongVector(values.length);
      System.arraycopy(values, 0, v.vector, 0, values.length);
      w.append(v, 0, values.length);
      w.close();
    });
  }

  @ParameterizedTest
  @ValueSource(strings = {"REDO", "UNDO"})
  void aFailedDeltaFileWriteLeavesTheTargetAsItWas(String type) throws IOException {
    Random r = TestSeed.random("WriteFaultTest.delta." + type, 0);
    DeltaType t = DeltaType.valueOf(type);
    List<DeltaKey> keys = new ArrayList<>();
    for (int row = 0; row < 3000; row += 1 + r.nextInt(2)) {
      keys.add(new DeltaKey(row, DeltaKey.hybridTime(1_700_000_000_000_000L + r.nextInt(1000),
          0)));
    }
    keys.sort(t.comparator());
    KuduCompression compression = r.nextBoolean() ? KuduCompression.LZ4 : KuduCompression.NONE;
    sweep("DeltaFile " + type + " " + compression, r, out -> {
      DeltaFileWriter w = DeltaFileWriter.create(out, t, true, compression, 2 << 10);
      for (DeltaKey k : keys) {
        w.append(k, k.rowOrdinal() % 3 == 0 ? RowChangeList.delete()
            : RowChangeList.update(ColumnUpdate.of(1, new byte[] {(byte) k.rowOrdinal(), 0, 0,
                0})));
      }
      w.close();
    });
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void aFailedBloomFileWriteLeavesTheTargetAsItWas(boolean checksums) throws IOException {
    Random r = TestSeed.random("WriteFaultTest.bloom." + checksums, 0);
    // keys in key order: big-endian, so byte order is numeric order; several filters' worth
    long[] keys = r.longs(6000, 0, 1L << 40).sorted().distinct().toArray();
    sweep("BloomFile, checksums " + checksums, r, out -> {
      BloomFileWriter w = BloomFileWriter.create(out, checksums);
      for (long k : keys) {
        w.add(java.nio.ByteBuffer.allocate(8).putLong(k).array());
      }
      w.close();
    });
  }

  /** Fails each kind of call of {@code job} in turn, checking what is left each time. */
  private void sweep(String what, Random r, Job job) throws IOException {
    Path target = dir.resolve("target.out");
    FaultyOutputFile counting = FaultyOutputFile.counting(OutputFile.local(target));
    job.write(counting);
    assertThat(Files.exists(target)).as("a write without faults publishes " + what).isTrue();
    for (Call kind : Call.values()) {
      int calls = counting.calls(kind);
      for (int n : Faults.toFail(calls, SAMPLE, r)) {
        Files.write(target, OLD);
        String at = what + ": " + kind + " #" + n + " of " + calls + "; " + TestSeed.replay();
        IOException failure = null;
        try {
          job.write(new FaultyOutputFile(OutputFile.local(target), kind, n));
        } catch (IOException e) {
          failure = e;
        }
        assertThat(failure).as("the write fails at " + at).isNotNull();
        assertThat(FaultyOutputFile.injected(failure))
            .as("its error carries the cause, " + at).isTrue();
        assertThat(Files.readAllBytes(target)).as("the target is untouched, " + at)
            .isEqualTo(OLD);
        assertThat(entries()).as("no temporary file is left, " + at)
            .containsExactly(target.getFileName().toString());
      }
    }
  }

  private List<String> entries() throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }
}
