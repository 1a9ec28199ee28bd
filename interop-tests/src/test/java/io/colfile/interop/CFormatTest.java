package io.colfile.interop;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import org.junit.jupiter.api.Test;

/**
 * The test-side {@code %g} against glibc's own output (glibc-printf-g.txt, made by the C program
 * beside it): random bit patterns, decimal-looking values, exact ties, and the exponents where
 * the notation switches.
 */
class CFormatTest {
  @Test
  void matchesGlibc() throws IOException {
    int lines = 0;
    try (BufferedReader in = new BufferedReader(new InputStreamReader(Objects.requireNonNull(
        getClass().getResourceAsStream("glibc-printf-g.txt")), StandardCharsets.US_ASCII))) {
      for (String line; (line = in.readLine()) != null; lines++) {
        String[] f = line.split(" ");
        String actual = f[0].equals("d")
            ? CFormat.double14(Double.longBitsToDouble(Long.parseUnsignedLong(f[1], 16)))
            : CFormat.float7(Float.intBitsToFloat(Integer.parseUnsignedInt(f[1], 16)));
        assertThat(actual).as(line).isEqualTo(f[2]);
      }
    }
    assertThat(lines).isGreaterThan(6000);
  }

  @Test
  void examplesFromTheSpecs() {
    assertThat(CFormat.double14(-15)).isEqualTo("-15");
    assertThat(CFormat.double14(0.77624090391187)).isEqualTo("0.77624090391187");
    assertThat(CFormat.double14(-2.713)).isEqualTo("-2.713");
    assertThat(CFormat.double14(1e-5)).isEqualTo("1e-05");
    assertThat(CFormat.double14(1e20)).isEqualTo("1e+20");
    assertThat(CFormat.float7(3.1415f)).isEqualTo("3.1415");
    assertThat(CFormat.float7(0.7762409f)).isEqualTo("0.7762409");
    assertThat(CFormat.float7(Float.MAX_VALUE)).isEqualTo("3.402823e+38");
    assertThat(CFormat.float7(1)).isEqualTo("1");
    assertThat(CFormat.double14(-0.0)).isEqualTo("-0");
    assertThat(CFormat.double14(0.0)).isEqualTo("0");
  }

  @Test
  void nonFiniteValuesUseJsonLinesTokens() {
    assertThat(CFormat.double14(Double.NaN)).isEqualTo("NaN");
    assertThat(CFormat.float7(Float.POSITIVE_INFINITY)).isEqualTo("Infinity");
    assertThat(CFormat.double14(Double.NEGATIVE_INFINITY)).isEqualTo("-Infinity");
  }
}
