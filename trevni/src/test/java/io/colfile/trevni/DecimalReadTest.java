package io.colfile.trevni;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.io.InputFile;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.DecimalVector;
import io.colfile.core.vector.LongVector;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Avro decimals in a bytes column ({@code precision <= 18}) read into unscaled longs straight
 * from their bytes ({@link ColumnCursor#readDecimals}), and from a value of more than 8 bytes on
 * row by row: seeded random values, as the fewest bytes or sign-extended to up to 12, small
 * blocks and batches of random sizes, every codec (a block's last values are read byte by
 * byte, the others 8 bytes at once), each value as {@link BigInteger} reads its bytes. A value
 * of no bytes or beyond 63 bits is refused at its row.
 */
@ExtendWith(TestSeed.class)
class DecimalReadTest {
  private static final String SCHEMA = "{\"type\":\"record\",\"name\":\"r\",\"fields\":["
      + "{\"name\":\"k\",\"type\":\"long\"},{\"name\":\"d\",\"type\":{\"type\":\"bytes\","
      + "\"logicalType\":\"decimal\",\"precision\":18,\"scale\":2}}]}";

  @TempDir Path dir;

  @Test
  void decimalsReadAsTheirBytesSay() throws IOException {
    for (int round = 0; round < 20; round++) {
      Random r = TestSeed.random("decimals", round);
      int rows = r.nextInt(5000);
      boolean wide = r.nextInt(3) == 0;
      List<byte[]> encoded = new ArrayList<>();
      long[] want = new long[rows];
      for (int i = 0; i < rows; i++) {
        long v = r.nextLong() >> r.nextInt(64);
        byte[] b = BigInteger.valueOf(v).toByteArray();
        if (wide && r.nextInt(20) == 0) { // sign-extended: same value, more bytes
          byte[] longer = new byte[b.length + 1 + r.nextInt(12 - b.length)];
          Arrays.fill(longer, (byte) (v < 0 ? -1 : 0));
          System.arraycopy(b, 0, longer, longer.length - b.length, b.length);
          b = longer;
        }
        encoded.add(b);
        want[i] = v;
      }
      TrevniCodec[] codecs = {TrevniCodec.NULL, TrevniCodec.DEFLATE, TrevniCodec.SNAPPY};
      byte[] file = file(encoded, 16 + r.nextInt(2000), codecs[r.nextInt(codecs.length)]);
      long[] got = new long[rows];
      long[] keys = new long[rows];
      try (TrevniReader reader = TrevniReader.open(InputFile.of("d.trv", file));
           BatchReader batches = reader.read(ReadOptions.defaults()
               .withBatchSize(1 + r.nextInt(1500)))) {
        ColumnBatch batch = batches.newBatch();
        int at = 0;
        while (batches.next(batch)) {
          for (int i = 0; i < batch.size; i++) {
            keys[at] = ((LongVector) batch.cols[0]).vector[i];
            got[at++] = ((DecimalVector) batch.cols[1]).unscaled[i];
          }
        }
        assertThat(at).isEqualTo(rows);
      }
      long[] rowNumbers = new long[rows];
      Arrays.setAll(rowNumbers, i -> i);
      assertThat(got).as(TestSeed.replay() + ", round " + round).isEqualTo(want);
      assertThat(keys).isEqualTo(rowNumbers);
    }
  }

  @Test
  void aDecimalOfNoBytesIsRefusedAtItsRow() {
    List<byte[]> encoded = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      encoded.add(i == 77 ? new byte[0] : BigInteger.valueOf(i).toByteArray());
    }
    byte[] file = file(encoded, 64 * 1024);
    assertThatThrownBy(() -> readAll(file)).isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("a decimal with no bytes").hasMessageContaining("row 77");
  }

  @Test
  void aDecimalBeyondALongIsRefusedAtItsRow() {
    List<byte[]> encoded = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      encoded.add(i == 40 ? BigInteger.ONE.shiftLeft(70).toByteArray()
          : BigInteger.valueOf(i).toByteArray());
    }
    byte[] file = file(encoded, 64);
    assertThatThrownBy(() -> readAll(file)).isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("exceeds precision 18").hasMessageContaining("row 40");
  }

  private static void readAll(byte[] file) throws IOException {
    try (TrevniReader reader = TrevniReader.open(InputFile.of("d.trv", file));
         BatchReader batches = reader.read(ReadOptions.defaults())) {
      ColumnBatch batch = batches.newBatch();
      while (batches.next(batch)) {
        // values are checked as they are read
      }
    }
  }

  /** A file of records {@code (k: row number, d: decimal)}, d's bytes as given. */
  private byte[] file(List<byte[]> encoded, int blockSize) {
    return file(encoded, blockSize, TrevniCodec.NULL);
  }

  /**
   * The file of {@link #file(List, int)} with {@code codec}: blocks held in arrays of their own
   * size (decompressed) or within the file's bytes (null codec).
   */
  private byte[] file(List<byte[]> encoded, int blockSize, TrevniCodec codec) {
    return TrevniFiles.write(dir, List.of(ColumnSpec.of("k", ValueType.LONG),
        ColumnSpec.of("d", ValueType.BYTES)),
        TrevniWriterOptions.builder().blockSize(blockSize).codec(codec).build(), w -> {
          w.setMetadata(TrevniWriter.SCHEMA_KEY, SCHEMA.getBytes(StandardCharsets.UTF_8));
          for (int i = 0; i < encoded.size(); i++) {
            w.startRow();
            w.writeLong(0, i);
            w.writeBytes(1, encoded.get(i), 0, encoded.get(i).length);
            w.endRow();
          }
        });
  }
}
