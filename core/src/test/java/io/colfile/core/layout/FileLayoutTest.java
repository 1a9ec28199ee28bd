package io.colfile.core.layout;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class FileLayoutTest {
  private static List<String> tiling(FileLayout l) {
    return l.spans().stream().map(s -> s.offset() + "+" + s.length() + " " + s.path()).toList();
  }

  @Test
  void gapsFillWhatNoSpanClaims() {
    FileLayout l = FileLayout.tile("X", 30, -1, List.of(
        LayoutSpan.of(20, 5, SpanRole.FOOTER, "footer"),
        LayoutSpan.of(0, 10, SpanRole.HEADER, "header")));
    assertThat(tiling(l)).containsExactly("0+10 [header]", "10+10 [gap]", "20+5 [footer]",
        "25+5 [gap]");
  }

  /** Found by fuzzing (KuduCFileFuzzTest): a damaged CFile's index pointed at a block of 0 bytes. */
  @Test
  void anEmptySpanAfterAGapDoesNotRepeatTheGap() {
    FileLayout l = FileLayout.tile("X", 40, -1, List.of(
        LayoutSpan.of(0, 12, SpanRole.HEADER, "header"),
        LayoutSpan.of(26, 0, SpanRole.DATA, "empty block"),
        LayoutSpan.of(30, 10, SpanRole.FOOTER, "footer")));
    assertThat(tiling(l)).containsExactly("0+12 [header]", "12+14 [gap]", "26+4 [gap]",
        "30+10 [footer]");
  }

  @Test
  void overlapsAreCutAndSpansPastTheEndDropped() {
    FileLayout l = FileLayout.tile("X", 20, -1, List.of(
        LayoutSpan.of(0, 12, SpanRole.HEADER, "header"),
        LayoutSpan.of(8, 8, SpanRole.DATA, "block"),
        LayoutSpan.of(18, 10, SpanRole.FOOTER, "footer"),
        LayoutSpan.of(25, 3, SpanRole.FOOTER, "past")));
    assertThat(tiling(l)).containsExactly("0+12 [header]", "12+4 [block]", "16+2 [gap]",
        "18+2 [footer]");
  }
}
