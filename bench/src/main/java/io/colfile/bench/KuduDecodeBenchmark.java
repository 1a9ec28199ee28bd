package io.colfile.bench;

import io.colfile.core.error.MalformedInputException;
import io.colfile.core.vector.BytesVector;
import io.colfile.kudu.CFileWriterOptions;
import io.colfile.kudu.KuduEncoding;
import io.colfile.kudu.PhysicalType;
import io.colfile.kudu.block.BinaryDictionary;
import io.colfile.kudu.block.BlockCodecs;
import io.colfile.kudu.block.BlockDecoder;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
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
 * Decodes one Kudu data block per invocation, for each encoding ({@link KuduCase}): a block
 * of Kudu's default size (256 KiB, as each encoder judges fullness) that colfile's encoder built
 * from the first values of a seeded lineitem-like column ({@link KuduData.Column} documents
 * each). Each invocation does what {@code CFileCursor} does with a block it has read: creates the
 * decoder over the block's bytes ({@code BlockCodecs.decoder}, which checks the header and, by
 * encoding, decodes BINARY PLAIN's offsets, walks BIT_SHUFFLE's sub-block lengths or RLE's run
 * headers, or validates every PREFIX entry), then reads all its values in batches of {@code
 * batch} into what a reader gets: cells via {@code readCells} for fixed-width types, rows of a
 * {@code BytesVector} via {@code readBinary} for strings. Not included: reading, checksumming
 * and decompressing the block, the null bitmap, converting cells to vectors ({@link
 * KuduReadBenchmark} has all that), and decoding DICT's dictionary, which a reader does once per
 * file and is done at set-up.
 *
 * <p>{@code arraycopy} is the physical limit beside it: one {@code System.arraycopy} of the
 * block's decoded bytes, in as many equal pieces as the decode has batches, from a source as
 * large as the decoded block into a destination as large as one batch.
 *
 * <p>Set-up decodes the block once, untimed, and checks every value against the column: a
 * broken decoder cannot post a number. It prints the block's size and counts.
 *
 * <p>Run: {@code java -jar bench/target/benchmarks.jar KuduDecodeBenchmark}; {@code -p
 * block=RLE_INT32,DICT_LOW} picks cases, {@code -p batch=1000000} reads each block in one call.
 * Results: the primary metric is blocks/s; {@code values} and {@code bytes} (auxiliary counters,
 * {@link KuduCounters}) are values/s and decoded bytes/s.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class KuduDecodeBenchmark {
  @Param
  public KuduCase block;

  /** Values per read call; a reader's batch size. */
  @Param({"1024"})
  public int batch;

  private KuduEncoding encoding;
  private PhysicalType physical;
  private boolean binary;
  private byte[] bytes;
  private BinaryDictionary dictionary;
  private int count;
  private long decodedBytes;

  private byte[] cells;
  private BytesVector vector;

  private byte[] copySource;
  private byte[] copyTarget;
  private int copyPiece;

  @Setup
  public void setUp() throws MalformedInputException {
    KuduData.Column column = block.column;
    int rows = Integer.getInteger("colfile.bench.kuduRows", 2_000_000);
    KuduData.Values values;
    KuduData.Block b;
    // The BOOL blocks hold some 2 million values: generate more rows when a block needs them.
    while (true) {
      values = KuduData.generate(column, rows);
      b = KuduData.firstBlock(block, values, CFileWriterOptions.DEFAULT_BLOCK_SIZE);
      if (b != null) {
        break;
      }
      rows *= 2;
    }
    encoding = block.encoding;
    physical = values.type.physical();
    binary = values.isBinary();
    bytes = b.bytes();
    dictionary = b.dictionary();
    count = b.count();
    decodedBytes = values.decodedBytes(b.first(), count);
    if (binary) {
      vector = new BytesVector(batch);
    } else {
      cells = new byte[batch * values.width()];
    }
    int batches = (count + batch - 1) / batch;
    copyPiece = (int) ((decodedBytes + batches - 1) / batches);
    copySource = new byte[(int) decodedBytes];
    copyTarget = new byte[copyPiece];
    new java.util.SplittableRandom(1).nextBytes(copySource);
    verify(values, b.first());
    System.out.printf(Locale.ROOT, "%n%s: a block of %d bytes (from %d generated rows) holds "
        + "%d values (%.2f bytes each), %d decoded bytes%n", block, bytes.length, rows, count,
        (double) bytes.length / count, decodedBytes);
  }

  /** Decodes the block as {@link #decode} does and compares every value with the column's. */
  private void verify(KuduData.Values values, int first) throws MalformedInputException {
    BlockDecoder d = newDecoder();
    if (d.count() != count) {
      throw new IllegalStateException(block + ": the block says " + d.count() + " values, "
          + count + " were encoded");
    }
    int w = values.width();
    for (int i = 0; i < count; i += batch) {
      int k = Math.min(batch, count - i);
      if (binary) {
        d.readBinary(vector, 0, k);
        for (int j = 0; j < k; j++) {
          if (!values.stringEquals(first + i + j, vector.vector[j], vector.start[j],
              vector.length[j])) {
            throw new IllegalStateException(block + ": value " + (i + j) + " decodes wrong");
          }
        }
      } else {
        d.readCells(cells, 0, k);
        int at = (first + i) * w;
        if (!Arrays.equals(cells, 0, k * w, values.cells, at, at + k * w)) {
          throw new IllegalStateException(block + ": values " + i + " to " + (i + k - 1)
              + " decode wrong");
        }
      }
    }
  }

  private BlockDecoder newDecoder() throws MalformedInputException {
    return BlockCodecs.decoder(encoding, physical, bytes, 0, bytes.length, dictionary);
  }

  @Benchmark
  public int decode(KuduCounters counters) throws MalformedInputException {
    BlockDecoder d = newDecoder();
    int n = d.count();
    if (binary) {
      for (int i = 0; i < n; i += batch) {
        d.readBinary(vector, 0, Math.min(batch, n - i));
      }
    } else {
      for (int i = 0; i < n; i += batch) {
        d.readCells(cells, 0, Math.min(batch, n - i));
      }
    }
    counters.values += n;
    counters.bytes += decodedBytes;
    return d.position();
  }

  @Benchmark
  public byte[] arraycopy(KuduCounters counters) {
    for (int off = 0; off < decodedBytes; off += copyPiece) {
      System.arraycopy(copySource, off, copyTarget, 0, (int) Math.min(copyPiece,
          decodedBytes - off));
    }
    counters.values += count;
    counters.bytes += decodedBytes;
    return copyTarget;
  }
}
