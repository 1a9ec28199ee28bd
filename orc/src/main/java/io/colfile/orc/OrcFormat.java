package io.colfile.orc;

import io.colfile.core.FileReader;
import io.colfile.core.FileWriter;
import io.colfile.core.FormatProvider;
import io.colfile.core.WriteOptions;
import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import java.io.IOException;

/** Registers ORC with {@link io.colfile.core.ColFile}: files that start with "ORC". */
public final class OrcFormat implements FormatProvider {
  @Override
  public String name() {
    return "ORC";
  }

  @Override
  public boolean matches(byte[] head, byte[] tail, long length) {
    return head.length >= 3 && head[0] == 'O' && head[1] == 'R' && head[2] == 'C';
  }

  @Override
  public FileReader open(InputFile file) throws IOException {
    return OrcReader.open(file);
  }

  /**
   * An {@link OrcWriter} with ORC's defaults but for what {@code options} sets: its compression,
   * block size (the stripe size), bloom filter columns and parallelism, then its properties under
   * orc-core's names ({@link OrcWriterOptions.Builder#properties}), which win over the former.
   */
  @Override
  public FileWriter create(OutputFile file, Type schema, WriteOptions options)
      throws IOException {
    options.checkProperties(name(), "orc.", OrcWriterProperties.NAMES);
    OrcWriterOptions.Builder b = OrcWriterOptions.builder();
    options.compression().ifPresent(b::compression);
    options.blockSize().ifPresent(b::stripeSize);
    b.bloomFilterColumns(options.bloomFilterColumns());
    b.parallelism(options.parallelism());
    options.executor().ifPresent(b::executor);
    b.properties(options.properties());
    return OrcWriter.create(file, schema, b.build());
  }
}
