package io.colfile.orc;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.LongVector;
import io.colfile.orc.index.StripeIndex;
import io.colfile.orc.stripe.StreamId;
import io.colfile.orc.stripe.StreamKind;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file damaged in one stream of one stripe fails with an error that names that stream and a
 * file offset inside it, where the stripe footer says the stream lies.
 */
class CorruptLocationTest {
  private static final Type SCHEMA = Type.parse("struct<a:bigint,b:bigint>");
  private static final int ROWS_PER_BATCH = 1000;

  @TempDir Path dir;

  @Test
  void aBadRunHeaderInAnUncompressedDataStreamNamesItsByte() throws IOException {
    byte[] file = write(CompressionCodec.NONE);
    StripeIndex.Located data = stream(file, 1, new StreamId(2, StreamKind.DATA));
    // An RLE v2 PATCHED_BASE header whose patch gap width (8) and patch width (64) exceed 64
    // bits: the decoder refuses it once it has read the header's 4 bytes.
    int at = (int) data.offset();
    file[at] = (byte) 0x80;
    file[at + 1] = 0;
    file[at + 2] = 0x1f;
    file[at + 3] = (byte) 0xe1;
    CorruptFileException e = readFails(file);
    assertThat(e.structure()).isEqualTo("stripe 1 / column 2 / DATA");
    assertThat(e.problem()).contains("PATCHED_BASE");
    assertThat(e.fileOffset()).isEqualTo(data.offset() + 4);
    assertThat(e.getMessage()).endsWith(
        "[damaged.orc: stripe 1 / column 2 / DATA, file offset " + (data.offset() + 4) + "]");
  }

  @Test
  void aBadChunkHeaderInACompressedDataStreamNamesTheChunk() throws IOException {
    byte[] file = write(CompressionCodec.ZLIB);
    StripeIndex.Located data = stream(file, 1, new StreamId(1, StreamKind.DATA));
    int at = (int) data.offset(); // the stream's first chunk header: a length past the block
    file[at] = (byte) 0xfe;
    file[at + 1] = (byte) 0xff;
    file[at + 2] = (byte) 0xff;
    CorruptFileException e = readFails(file);
    assertThat(e.structure()).isEqualTo("stripe 1 / column 1 / DATA");
    assertThat(e.problem()).contains("exceeds the compression block size");
    assertThat(e.fileOffset()).isEqualTo(data.offset());
  }

  @Test
  void damageAnywhereInADataStreamIsReportedWithinIt() throws IOException {
    Random random = TestSeed.random("damageAnywhereInADataStreamIsReportedWithinIt", 0);
    int located = 0;
    for (CompressionCodec codec : new CompressionCodec[] {CompressionCodec.NONE,
        CompressionCodec.ZLIB}) {
      byte[] original = write(codec);
      for (int i = 0; i < 40; i++) {
        int stripe = random.nextInt(2);
        StreamId id = new StreamId(1 + random.nextInt(2), StreamKind.DATA);
        StripeIndex.Located data = stream(original, stripe, id);
        byte[] file = original.clone();
        int at = (int) (data.offset() + random.nextInt((int) data.length()));
        file[at] ^= (byte) (1 + random.nextInt(255));
        String what = codec + " stripe " + stripe + " " + id + " byte " + at + ", "
            + TestSeed.replay();
        CorruptFileException e;
        try {
          e = readError(file);
        } catch (AssertionError | IOException other) {
          throw new AssertionError(what, other);
        }
        if (e == null) {
          continue; // ORC has no checksums: some damage decodes to other values
        }
        if (e.structure().equals("stripe " + stripe + " / " + id)) {
          // The byte itself, or past it: the end of the run or chunk the byte spoiled.
          assertThat(e.fileOffset()).as("%s: %s", what, e)
              .isBetween(data.offset(), data.offset() + data.length());
          located++;
        } else {
          // Damage can only surface in a stream read alongside, of the same stripe.
          assertThat(e.structure()).as("%s: %s", what, e).startsWith("stripe " + stripe + " /");
        }
      }
    }
    assertThat(located).as("damaged copies whose error names the damaged stream, "
        + TestSeed.replay()).isGreaterThan(10);
  }

  private byte[] write(CompressionCodec codec) throws IOException {
    Path path = dir.resolve(codec + ".orc");
    OrcWriterOptions options = OrcWriterOptions.builder().compression(codec)
        .compressionBlockSize(4096).stripeSize(1024).memoryCheckRows(1).build();
    Random random = new Random(42);
    try (OrcWriter w = OrcWriter.create(OutputFile.local(path), SCHEMA, options)) {
      for (int b = 0; b < 2; b++) { // a tiny stripe size: each batch is a stripe
        ColumnBatch batch = new ColumnBatch(SCHEMA, ROWS_PER_BATCH);
        for (int c = 0; c < 2; c++) {
          LongVector v = (LongVector) batch.cols[c];
          for (int r = 0; r < ROWS_PER_BATCH; r++) {
            v.vector[r] = random.nextLong() >> random.nextInt(64);
          }
        }
        batch.size = ROWS_PER_BATCH;
        w.write(batch);
      }
    }
    return Files.readAllBytes(path);
  }

  /** Where stream {@code id} of stripe {@code s} lies, as the stripe footer says. */
  private static StripeIndex.Located stream(byte[] file, int s, StreamId id) throws IOException {
    InputFile in = InputFile.of("original", file);
    try (OrcReader r = OrcReader.open(in)) {
      assertThat(r.stripes()).as("stripes").hasSize(2);
      Stripe stripe = Stripe.read(in, r.tail(), s, r.stripes().get(s));
      return stripe.streams.get(id);
    }
  }

  private static CorruptFileException readFails(byte[] file) throws IOException {
    CorruptFileException e = readError(file);
    assertThat(e).as("the damaged file reads").isNotNull();
    assertThat(e.file()).isEqualTo("damaged.orc");
    return e;
  }

  /** Reads every row; the CorruptFileException that stopped it, or null. */
  private static CorruptFileException readError(byte[] file) throws IOException {
    try (OrcReader r = OrcReader.open(InputFile.of("damaged.orc", file));
         BatchReader rows = r.read(ReadOptions.defaults())) {
      ColumnBatch batch = rows.newBatch();
      while (rows.next(batch)) {
        batch.validate();
      }
      return null;
    } catch (CorruptFileException e) {
      return e;
    }
  }
}
