package io.colfile.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.codec.CompressionCodec;
import io.colfile.orc.index.Checkpoint;
import io.colfile.orc.stream.BooleanEncoder;
import io.colfile.orc.stream.ByteRleEncoder;
import io.colfile.orc.stream.IntegerEncoder;
import io.colfile.orc.stream.OrcOutputStream;
import io.colfile.orc.stream.RleV1Encoder;
import io.colfile.orc.stream.RleV2Encoder;
import io.colfile.orc.stream.StreamCompression;
import io.colfile.orc.stripe.StreamKind;
import io.colfile.testkit.TestSeed;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.orc.CompressionKind;
import org.apache.orc.OrcFile;
import org.apache.orc.OrcProto;
import org.apache.orc.PhysicalWriter;
import org.apache.orc.impl.BitFieldWriter;
import org.apache.orc.impl.OrcCodecPool;
import org.apache.orc.impl.OutStream;
import org.apache.orc.impl.RunLengthByteWriter;
import org.apache.orc.impl.RunLengthIntegerWriter;
import org.apache.orc.impl.RunLengthIntegerWriterV2;
import org.apache.orc.impl.SerializationUtils;
import org.apache.orc.impl.writer.StreamOptions;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * colfile's stream layer against orc-core 2.1.1's: the same seeded values through orc-core's
 * encoders ({@code RunLengthIntegerWriterV2} with aligned (SPEED) and unaligned (COMPRESSION)
 * bit packing, {@code RunLengthIntegerWriter}, {@code RunLengthByteWriter}, {@code
 * BitFieldWriter}) over its {@code OutStream}, and through colfile's over {@link
 * OrcOutputStream}, must give identical bytes, identical positions recorded at many points, and
 * identical memory estimates (orc-core cuts stripes by them). Framings: uncompressed; ZLIB with
 * orc-core's per-stream-kind settings (DATA at both compression strategies, LENGTH, and the
 * footer's defaults); LZ4, where both sides run aircompressor's compressor. Chunk sizes go down
 * to 1 byte so that chunk boundaries, lazy spills and stored-original chunks all occur.
 */
@ExtendWith(TestSeed.class)
class StreamEncoderIdentityTest {
  private static final int[] BUFFER_SIZES = {1, 7, 37, 256, 4096, 65536};

  enum Framing {
    NONE(CompressionCodec.NONE, null, true),
    ZLIB_DATA_SPEED(CompressionCodec.ZLIB, "DATA", true),
    ZLIB_DATA_COMPRESSION(CompressionCodec.ZLIB, "DATA", false),
    ZLIB_LENGTH(CompressionCodec.ZLIB, "LENGTH", true),
    ZLIB_FOOTER(CompressionCodec.ZLIB, null, true),
    LZ4(CompressionCodec.LZ4, "DATA", true);

    final CompressionCodec codec;
    final String streamKind; // null: stripe footer, Metadata, Footer
    final boolean speed;

    Framing(CompressionCodec codec, String streamKind, boolean speed) {
      this.codec = codec;
      this.streamKind = streamKind;
      this.speed = speed;
    }
  }

  enum Encoder {
    RLE_V2_SIGNED_ALIGNED, RLE_V2_SIGNED_UNALIGNED, RLE_V2_UNSIGNED_ALIGNED,
    RLE_V2_UNSIGNED_UNALIGNED, RLE_V1_SIGNED, RLE_V1_UNSIGNED, BYTE_RLE, BOOLEAN;

    boolean signed() {
      return name().contains("_SIGNED");
    }

    boolean rleV2() {
      return name().startsWith("RLE_V2");
    }
  }

  /** One encoder on one side, reduced to what the comparison drives. */
  interface Side {
    void write(long value) throws IOException;

    void position(List<Long> into) throws IOException;

    void flush() throws IOException;

    long memory();
  }

  /** orc-core's stream, collecting what it hands to its receiver. */
  static final class OrcCoreStream {
    final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    final OutStream stream;

    OrcCoreStream(Framing framing, int bufferSize) {
      StreamOptions options = new StreamOptions(bufferSize);
      if (framing.codec != CompressionCodec.NONE) {
        org.apache.orc.CompressionCodec codec = OrcCodecPool.getCodec(
            framing.codec == CompressionCodec.ZLIB ? CompressionKind.ZLIB : CompressionKind.LZ4);
        options.withCodec(codec, codec.getDefaultOptions());
        if (framing.streamKind != null) {
          options = SerializationUtils.getCustomizedCodec(options, framing.speed
                  ? OrcFile.CompressionStrategy.SPEED : OrcFile.CompressionStrategy.COMPRESSION,
              OrcProto.Stream.Kind.valueOf(framing.streamKind));
        }
      }
      stream = new OutStream("identity test", options, new PhysicalWriter.OutputReceiver() {
        @Override
        public void output(ByteBuffer buffer) {
          bytes.write(buffer.array(), buffer.arrayOffset() + buffer.position(),
              buffer.remaining());
        }

        @Override
        public void suppress() {}
      });
    }
  }

  static OrcOutputStream colfileStream(Framing framing, int bufferSize) {
    StreamKind kind = framing.streamKind == null ? null
        : StreamKind.valueOf(framing.streamKind);
    return new OrcOutputStream(
        StreamCompression.compressorFor(framing.codec, kind, framing.speed), bufferSize);
  }

  static Side orcCore(Encoder encoder, OutStream out) throws IOException {
    return switch (encoder) {
      case BYTE_RLE -> {
        RunLengthByteWriter w = new RunLengthByteWriter(out);
        yield side(v -> w.write((byte) v), p -> w.getPosition(p::add), w::flush,
            w::estimateMemory);
      }
      case BOOLEAN -> {
        BitFieldWriter w = new BitFieldWriter(out, 1);
        yield side(v -> w.write((int) v & 1), p -> w.getPosition(p::add), w::flush,
            w::estimateMemory);
      }
      default -> {
        org.apache.orc.impl.IntegerWriter w = encoder.rleV2()
            ? new RunLengthIntegerWriterV2(out, encoder.signed(),
                !encoder.name().endsWith("UNALIGNED"))
            : new RunLengthIntegerWriter(out, encoder.signed());
        yield side(w::write, p -> w.getPosition(p::add), w::flush, w::estimateMemory);
      }
    };
  }

  static Side colfile(Encoder encoder, OrcOutputStream out, RleV2Encoder[] v2) {
    return switch (encoder) {
      case BYTE_RLE -> {
        ByteRleEncoder e = new ByteRleEncoder(out);
        yield side(v -> e.write((byte) v), p -> positions(e.checkpoint(), out, p), e::flush,
            e::estimateMemory);
      }
      case BOOLEAN -> {
        BooleanEncoder e = new BooleanEncoder(out);
        yield side(v -> e.write((v & 1) != 0), p -> positions(e.checkpoint(), out, p), e::flush,
            e::estimateMemory);
      }
      default -> {
        IntegerEncoder e;
        if (encoder.rleV2()) {
          e = v2[0] = new RleV2Encoder(out, encoder.signed(),
              !encoder.name().endsWith("UNALIGNED"));
        } else {
          e = new RleV1Encoder(out, encoder.signed());
        }
        yield side(e::write, p -> positions(e.checkpoint(), out, p), e::flush,
            e::estimateMemory);
      }
    };
  }

  /** The numbers of a checkpoint, as the row index stores them. */
  static void positions(Checkpoint c, OrcOutputStream out, List<Long> into) {
    c.appendTo(into::add, out.isCompressed());
  }

  interface IoLongConsumer {
    void accept(long v) throws IOException;
  }

  interface IoPositions {
    void accept(List<Long> into) throws IOException;
  }

  interface IoRunnable {
    void run() throws IOException;
  }

  interface Memory {
    long get();
  }

  static Side side(IoLongConsumer write, IoPositions position, IoRunnable flush, Memory memory) {
    return new Side() {
      @Override
      public void write(long value) throws IOException {
        write.accept(value);
      }

      @Override
      public void position(List<Long> into) throws IOException {
        position.accept(into);
      }

      @Override
      public void flush() throws IOException {
        flush.run();
      }

      @Override
      public long memory() {
        return memory.get();
      }
    };
  }

  static Stream<Arguments> encoderCases() {
    return Arrays.stream(Framing.values()).flatMap(f ->
        Arrays.stream(Encoder.values()).map(e -> Arguments.of(f, e)));
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("encoderCases")
  void encodersWriteOrcCoresBytesAndPositions(Framing framing, Encoder encoder)
      throws IOException {
    Random random = TestSeed.random("streamIdentity " + framing + " " + encoder, 0);
    long[] runs = new long[4];
    // three rounds, and for RLE v2 more (up to 12) until every sub-encoding has been compared:
    // random runs miss one now and then (patched base, seed DE220A0D1DDBDFEA)
    for (int round = 0; round < 3 || encoder.rleV2() && round < 12
        && Arrays.stream(runs).min().getAsLong() == 0; round++) {
      int bufferSize = BUFFER_SIZES[random.nextInt(BUFFER_SIZES.length)];
      long[] values = switch (encoder) {
        case BYTE_RLE -> IntRuns.bytes(random, 1 + random.nextInt(6000));
        case BOOLEAN -> IntRuns.bits(random, 1 + random.nextInt(20_000));
        default -> IntRuns.mixed(random, encoder.signed());
      };
      String where = String.format("%s %s buffer %d round %d, %s", framing, encoder, bufferSize,
          round, TestSeed.replay());

      OrcCoreStream reference = new OrcCoreStream(framing, bufferSize);
      OrcOutputStream ours = colfileStream(framing, bufferSize);
      Side expected = orcCore(encoder, reference.stream);
      RleV2Encoder[] v2 = new RleV2Encoder[1];
      Side actual = colfile(encoder, ours, v2);

      int every = new int[] {1, 3, 50, 1000}[random.nextInt(4)];
      for (int i = 0; i <= values.length; i++) {
        if (i == values.length || random.nextInt(every) == 0) {
          List<Long> expectedPositions = new ArrayList<>();
          List<Long> actualPositions = new ArrayList<>();
          expected.position(expectedPositions);
          actual.position(actualPositions);
          assertThat(actualPositions).as("position before value %d, %s", i, where)
              .isEqualTo(expectedPositions);
          assertThat(actual.memory()).as("memory estimate before value %d, %s", i, where)
              .isEqualTo(expected.memory());
        }
        if (i < values.length) {
          expected.write(values[i]);
          actual.write(values[i]);
        }
      }
      expected.flush();
      actual.flush();
      assertSameBytes(reference.bytes.toByteArray(), ours.toByteArray(), where);
      if (v2[0] != null) {
        long[] counts = v2[0].runCounts();
        for (int k = 0; k < 4; k++) {
          runs[k] += counts[k];
        }
      }
    }
    if (encoder.rleV2()) {
      assertThat(Arrays.stream(runs).min().getAsLong())
          .as("runs per sub-encoding %s compared, %s", Arrays.toString(runs), TestSeed.replay())
          .isPositive();
    }
  }

  static Stream<Framing> framings() {
    return Arrays.stream(Framing.values());
  }

  /**
   * Raw writes (single bytes, byte ranges, floats, doubles, varints, big varints) through both
   * streams, with positions and memory estimates compared after every write.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("framings")
  void rawWritesChunkLikeOrcCore(Framing framing) throws IOException {
    Random random = TestSeed.random("rawIdentity " + framing, 0);
    SerializationUtils utils = new SerializationUtils();
    for (int round = 0; round < 6; round++) {
      int bufferSize = BUFFER_SIZES[random.nextInt(BUFFER_SIZES.length)];
      String where = String.format("%s buffer %d round %d, %s", framing, bufferSize, round,
          TestSeed.replay());
      OrcCoreStream reference = new OrcCoreStream(framing, bufferSize);
      OutStream expected = reference.stream;
      OrcOutputStream actual = colfileStream(framing, bufferSize);
      int ops = random.nextInt(3000);
      for (int op = 0; op < ops; op++) {
        switch (random.nextInt(7)) {
          case 0 -> {
            int b = random.nextInt(4) == 0 ? random.nextInt(256) : 0;
            expected.write(b);
            actual.write(b);
          }
          case 1 -> {
            byte[] b = IntRuns.text(random, random.nextInt(random.nextBoolean() ? 9 : 700));
            int off = b.length == 0 ? 0 : random.nextInt(b.length);
            expected.write(b, off, b.length - off);
            actual.write(b, off, b.length - off);
          }
          case 2 -> {
            float f = random.nextInt(10) == 0 ? Float.NaN : (float) random.nextGaussian();
            utils.writeFloat(expected, f);
            actual.writeFloat(f);
          }
          case 3 -> {
            double d = random.nextInt(10) == 0 ? Double.NaN : random.nextInt(1000) / 8.0;
            utils.writeDouble(expected, d);
            actual.writeDouble(d);
          }
          case 4 -> {
            long v = random.nextLong() >>> random.nextInt(64);
            utils.writeVulong(expected, v);
            actual.writeVarUnsigned(v);
          }
          case 5 -> {
            long v = random.nextLong() >> random.nextInt(64);
            utils.writeVslong(expected, v);
            actual.writeVarSigned(v);
          }
          default -> {
            BigInteger v = new BigInteger(random.nextInt(140), random);
            v = random.nextBoolean() ? v.negate() : v;
            SerializationUtils.writeBigInteger(expected, v);
            actual.writeVarSigned(v);
          }
        }
        List<Long> expectedPositions = new ArrayList<>();
        List<Long> actualPositions = new ArrayList<>();
        expected.getPosition(expectedPositions::add);
        actual.checkpoint().appendTo(actualPositions::add, actual.isCompressed());
        assertThat(actualPositions).as("position after write %d, %s", op, where)
            .isEqualTo(expectedPositions);
        assertThat(actual.bufferedSize()).as("memory after write %d, %s", op, where)
            .isEqualTo(expected.getBufferSize());
      }
      expected.flush();
      actual.flush();
      assertSameBytes(reference.bytes.toByteArray(), actual.toByteArray(), where);
    }
  }

  private static void assertSameBytes(byte[] expected, byte[] actual, String where) {
    int n = Math.min(expected.length, actual.length);
    int first = n;
    for (int i = 0; i < n; i++) {
      if (expected[i] != actual[i]) {
        first = i;
        break;
      }
    }
    if (first < n || expected.length != actual.length) {
      throw new AssertionError(String.format(
          "bytes differ from orc-core's at offset %d (lengths %d vs %d): %s", first,
          expected.length, actual.length, where));
    }
  }
}
