package io.colfile.kudu;

import io.colfile.core.FileReader;
import io.colfile.core.FormatProvider;
import io.colfile.core.io.InputFile;
import java.io.IOException;

/**
 * Registers Kudu with {@link io.colfile.core.ColFile}: single CFiles (files that start with
 * {@code kuducfl2} or {@code kuducfil}, whatever their role).
 */
public final class KuduFormat implements FormatProvider {
  static final String NAME = "Kudu";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public boolean matches(byte[] head, byte[] tail, long length) {
    return CFileReader.hasMagic(head);
  }

  @Override
  public FileReader open(InputFile file) throws IOException {
    return new CFileRows(CFileReader.open(file));
  }
}
