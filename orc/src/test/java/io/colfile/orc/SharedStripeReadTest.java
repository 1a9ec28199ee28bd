package io.colfile.orc;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.LongVector;
import io.colfile.orc.stream.OrcInputStream;
import io.colfile.orc.stripe.StreamId;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A stripe's bytes read by several threads together, in chunks ({@link SharedStripeRead}): the
 * bytes of a single read, the same object to every thread, and a failing read throwing what a
 * single read throws.
 */
@ExtendWith(TestSeed.class)
class SharedStripeReadTest {
  @TempDir Path dir;

  private Path file(Random r, CompressionCodec codec) throws IOException {
    Path path = dir.resolve("shared-" + codec + ".orc");
    Type schema = Type.parse("struct<a:bigint,b:bigint,c:bigint>");
    OrcWriterOptions options = OrcWriterOptions.builder().stripeSize(64 * 1024)
        .memoryCheckRows(500).rowIndexStride(1000).compression(codec).build();
    try (OrcWriter w = OrcWriter.create(OutputFile.local(path), schema, options)) {
      ColumnBatch batch = new ColumnBatch(schema, 1000);
      for (int first = 0; first < 30_000; first += 1000) {
        for (int c = 0; c < 3; c++) {
          for (int i = 0; i < 1000; i++) {
            ((LongVector) batch.cols[c]).vector[i] = c == 0 ? first + i : r.nextLong() >> (20 * c);
          }
        }
        batch.size = 1000;
        w.write(batch);
      }
    }
    return path;
  }

  @Test
  void threadsReadingTogetherGetTheBytesOfOneRead() throws Exception {
    Random r = TestSeed.random("shared-stripe-read", 0);
    ExecutorService pool = Executors.newFixedThreadPool(3);
    try {
      for (CompressionCodec codec : List.of(CompressionCodec.NONE, CompressionCodec.ZLIB)) {
        Path path = file(r, codec);
        try (OrcReader orc = OrcReader.open(InputFile.local(path))) {
          assertThat(orc.stripes()).hasSizeGreaterThan(1);
          boolean[] included = new boolean[orc.schema().columnCount()];
          Arrays.fill(included, true);
          for (int s = 0; s < orc.stripes().size(); s++) {
            Stripe st = Stripe.read(orc.file(), orc.tail(), s, orc.stripes().get(s));
            StripeData.Bytes expected = StripeData.read(orc.file(), st, included, null);
            int chunk = 1 + r.nextInt(3000);
            SharedStripeRead read = new SharedStripeRead(orc.file(),
                StripeData.plan(st, included, null, new StripeData.ReadBuffer()), chunk);
            assertThat(read.chunks()).as("chunks of %d bytes", chunk).isGreaterThan(1);
            List<Future<StripeData.Bytes>> joined = new ArrayList<>();
            for (int t = 0; t < 3; t++) {
              joined.add(pool.submit(read::join));
            }
            StripeData.Bytes first = joined.get(0).get();
            for (Future<StripeData.Bytes> f : joined) {
              assertThat(f.get()).isSameAs(first);
            }
            assertThat(contents(first)).as("stripe %d, %s, chunks of %d; %s", s, codec,
                chunk, TestSeed.replay()).isEqualTo(contents(expected));
          }
        }
      }
    } finally {
      pool.shutdownNow();
    }
  }

  /** A read failing in one chunk: every thread throws what the single read throws. */
  @Test
  void aFailingChunkThrowsWhatASingleReadThrows() throws Exception {
    Random r = TestSeed.random("shared-stripe-read-error", 0);
    Path path = file(r, CompressionCodec.NONE);
    ExecutorService pool = Executors.newFixedThreadPool(3);
    try (OrcReader orc = OrcReader.open(InputFile.local(path))) {
      boolean[] included = new boolean[orc.schema().columnCount()];
      Arrays.fill(included, true);
      StripeInformation info = orc.stripes().get(1);
      Stripe st = Stripe.read(orc.file(), orc.tail(), 1, info);
      // fails every read that covers one byte in the middle of the stripe's data
      long bad = info.offset() + info.indexLength() + r.nextInt((int) info.dataLength());
      byte[] bytes = Files.readAllBytes(path);
      InputFile failing = new InputFile() {
        @Override
        public String name() {
          return "failing";
        }

        @Override
        public long length() {
          return bytes.length;
        }

        @Override
        public void readFully(long position, byte[] dst, int offset, int length)
            throws IOException {
          if (position <= bad && bad < position + length) {
            throw new IOException("cannot read " + position + "+" + length);
          }
          System.arraycopy(bytes, (int) position, dst, offset, length);
        }

        @Override
        public void close() {}
      };
      IOException expected = null;
      try {
        StripeData.read(failing, st, included, null);
      } catch (IOException e) {
        expected = e;
      }
      assertThat(expected).isNotNull();
      SharedStripeRead read = new SharedStripeRead(failing,
          StripeData.plan(st, included, null, null), 1 + r.nextInt(500));
      List<Future<Throwable>> joined = new ArrayList<>();
      for (int t = 0; t < 3; t++) {
        joined.add(pool.submit((Callable<Throwable>) () -> {
          try {
            read.join();
            return null;
          } catch (IOException e) {
            return e;
          }
        }));
      }
      for (Future<Throwable> f : joined) {
        Throwable e = f.get();
        assertThat(e).as(TestSeed.replay()).isInstanceOf(IOException.class)
            .hasMessage(expected.getMessage());
      }
    } catch (ExecutionException e) {
      throw new AssertionError(e.getCause());
    } finally {
      pool.shutdownNow();
    }
  }

  /** Each stream's bytes, segment by segment. */
  private static List<String> contents(StripeData.Bytes bytes) {
    List<String> out = new ArrayList<>();
    for (Map.Entry<StreamId, OrcInputStream.Segment[]> e : bytes.segments.entrySet()) {
      for (OrcInputStream.Segment seg : e.getValue()) {
        out.add(e.getKey() + "@" + seg.streamOffset() + ":" + Arrays.toString(
            Arrays.copyOfRange(seg.array(), seg.offset(), seg.offset() + seg.length())));
      }
    }
    return out;
  }
}
