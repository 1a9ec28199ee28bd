package io.colfile.orc;

import io.colfile.core.FileReader;
import io.colfile.core.FormatProvider;
import io.colfile.core.io.InputFile;
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
}
