package io.colfile.bench;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * What the Kudu benchmarks decoded, beside the primary metric (blocks or files per second): JMH
 * reports each field as a rate, so {@code values} is values/s and {@code bytes} is decoded
 * bytes/s (divide by 10^6 for MB/s), with the same error bars as the primary metric. What a
 * "decoded byte" is: {@link KuduData.Values#decodedBytes}.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.OPERATIONS)
public class KuduCounters {
  public long values;
  public long bytes;

  @Setup(Level.Iteration)
  public void reset() {
    values = 0;
    bytes = 0;
  }
}
