package io.colfile.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TestSeedTest {
  @Test
  void readsBackTheSeedItPrints() {
    assertThat(TestSeed.initialSeed(TestSeed.seedText())).isEqualTo(TestSeed.seed());
    assertThat(TestSeed.replay()).endsWith("-Dtests.seed=" + TestSeed.seedText());
  }

  @Test
  void saysWhetherTheRunWasGivenItsSeed() {
    String given = System.getProperty("tests.seed", "").trim();
    assertThat(TestSeed.given()).isEqualTo(!given.isEmpty() && !given.startsWith("$"));
  }

  @Test
  void takesHexWithOrWithoutPrefixAndAllSixtyFourBits() {
    assertThat(TestSeed.initialSeed("C0FFEE")).isEqualTo(0xC0FFEEL);
    assertThat(TestSeed.initialSeed(" 0xc0ffee ")).isEqualTo(0xC0FFEEL);
    assertThat(TestSeed.initialSeed("FFFFFFFFFFFFFFFF")).isEqualTo(-1L);
  }

  @Test
  void refusesWhatIsNotHexRatherThanFallingBackToTheClock() {
    assertThatThrownBy(() -> TestSeed.initialSeed("seed")).hasMessageContaining("hex");
  }

  @Test
  void casesAreIndependentAndRepeatable() {
    assertThat(TestSeed.caseSeed("a", 0)).isEqualTo(TestSeed.caseSeed("a", 0))
        .isNotEqualTo(TestSeed.caseSeed("a", 1)).isNotEqualTo(TestSeed.caseSeed("b", 0));
    assertThat(TestSeed.random("a", 3).nextLong())
        .isEqualTo(new java.util.Random(TestSeed.caseSeed("a", 3)).nextLong());
  }
}
