package io.colfile.core.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import org.junit.jupiter.api.Test;

class CFormatTest {
  /** printf-g.tsv holds glibc's own output for about 400 doubles and floats (see its header). */
  @Test
  void matchesGlibcPrintf() throws IOException {
    int checked = 0;
    try (BufferedReader in = new BufferedReader(new InputStreamReader(Objects.requireNonNull(
        getClass().getResourceAsStream("printf-g.tsv")), StandardCharsets.UTF_8))) {
      String line;
      while ((line = in.readLine()) != null) {
        if (line.startsWith("#")) {
          continue;
        }
        String[] f = line.split("\t");
        double d = Double.longBitsToDouble(Long.parseUnsignedLong(f[0], 16));
        float fl = Float.intBitsToFloat(Integer.parseUnsignedInt(f[2], 16));
        assertThat(CFormat.g(d, 14)).as("%%.14g of %s", d).isEqualTo(f[1]);
        assertThat(CFormat.g(fl, 7)).as("%%.7g of %s", fl).isEqualTo(f[3]);
        checked++;
      }
    }
    assertThat(checked).isGreaterThan(300);
  }

  @Test
  void specialValues() {
    assertThat(CFormat.g(Double.NaN, 14)).isEqualTo("NaN");
    assertThat(CFormat.g(Double.POSITIVE_INFINITY, 14)).isEqualTo("Infinity");
    assertThat(CFormat.g(Double.NEGATIVE_INFINITY, 7)).isEqualTo("-Infinity");
    assertThat(CFormat.g(-0.0, 14)).isEqualTo("-0");
    assertThat(CFormat.g(0.0, 7)).isEqualTo("0");
  }
}
