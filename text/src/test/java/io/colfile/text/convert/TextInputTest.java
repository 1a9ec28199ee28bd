package io.colfile.text.convert;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

class TextInputTest {
  private static byte[] gzip(byte[] b) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream z = new GZIPOutputStream(out)) {
      z.write(b);
    }
    return out.toByteArray();
  }

  private static String read(byte[] b) throws IOException {
    try (InputStream in = TextInput.decoded(new ByteArrayInputStream(b))) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void gzipAndBomAreTakenOff() throws IOException {
    byte[] text = "a,b\n1,2\n".getBytes(StandardCharsets.UTF_8);
    byte[] bom = ("\ufeff" + "a,b\n1,2\n").getBytes(StandardCharsets.UTF_8);
    assertThat(read(text)).isEqualTo("a,b\n1,2\n");
    assertThat(read(bom)).isEqualTo("a,b\n1,2\n");
    assertThat(read(gzip(bom))).isEqualTo("a,b\n1,2\n");
    byte[] two = new byte[gzip(text).length * 2];
    System.arraycopy(gzip(text), 0, two, 0, two.length / 2);
    System.arraycopy(gzip(text), 0, two, two.length / 2, two.length / 2);
    assertThat(read(two)).isEqualTo("a,b\n1,2\na,b\n1,2\n"); // concatenated members
    assertThat(read(new byte[] {(byte) 0xef, (byte) 0xbb})).isEqualTo("\ufffd");
    assertThat(read(new byte[0])).isEmpty();
  }
}
