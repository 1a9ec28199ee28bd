package io.colfile.orc.stream;

import io.colfile.core.codec.Compressor;
import java.io.IOException;
import java.io.OutputStream;

/**
 * One ORC stream being written (CONTRACT STUB: to be implemented). Bytes are cut into chunks of
 * exactly {@code bufferSize} uncompressed bytes; with a compressor each chunk gets the 3-byte
 * header and is stored original when compression does not make it strictly smaller (orc.md
 * section 4). A full chunk is spilled lazily, on the next write or on {@link #flush()}, as ORC
 * Java does, so recorded positions match orc-core's.
 */
public final class OrcOutputStream extends OutputStream {
  /**
   * @param compressor null for an uncompressed file
   * @param bufferSize the compression chunk size (ignored without compressor)
   */
  public OrcOutputStream(Compressor compressor, int bufferSize) {
    throw new UnsupportedOperationException("stub");
  }

  @Override
  public void write(int b) {
    throw new UnsupportedOperationException("stub");
  }

  @Override
  public void write(byte[] b, int off, int len) {
    throw new UnsupportedOperationException("stub");
  }

  /** Little-endian IEEE 754 float (FLOAT DATA). */
  public void writeFloat(float v) {
    throw new UnsupportedOperationException("stub");
  }

  /** Little-endian IEEE 754 double (DOUBLE DATA). */
  public void writeDouble(double v) {
    throw new UnsupportedOperationException("stub");
  }

  /** Base-128 varint of an unsigned long. */
  public void writeVarUnsigned(long v) {
    throw new UnsupportedOperationException("stub");
  }

  /** Zigzag varint of a signed long. */
  public void writeVarSigned(long v) {
    throw new UnsupportedOperationException("stub");
  }

  /** Zigzag varint of an unbounded integer (classic DECIMAL DATA). */
  public void writeVarSigned(java.math.BigInteger v) {
    throw new UnsupportedOperationException("stub");
  }

  /**
   * Adds this stream's current position: {@code [offset]} uncompressed, {@code [chunk start,
   * bytes into the chunk]} compressed.
   */
  public void recordPosition(PositionRecorder recorder) {
    throw new UnsupportedOperationException("stub");
  }

  /** Emits the partly filled chunk; afterwards {@link #outputLength()} is final for the stripe. */
  @Override
  public void flush() throws IOException {
    throw new UnsupportedOperationException("stub");
  }

  /** Bytes produced so far (chunk headers included), not counting the unflushed chunk. */
  public long outputLength() {
    throw new UnsupportedOperationException("stub");
  }

  /** Memory held: produced bytes plus the chunk being filled (for stripe-size decisions). */
  public long bufferedSize() {
    throw new UnsupportedOperationException("stub");
  }

  /** Copies the produced bytes to {@code out}. Call after {@link #flush()}. */
  public void writeTo(OutputStream out) throws IOException {
    throw new UnsupportedOperationException("stub");
  }

  /** Empties the stream for the next stripe, keeping its buffers. */
  public void reset() {
    throw new UnsupportedOperationException("stub");
  }
}
