package io.colfile.core.types;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Type attributes: kept sorted, beside the type's shape, through the operations that copy. */
class TypeAttributesTest {
  @Test
  void attributesAreSortedAndLeftOutOfEqualityAndText() {
    Map<String, String> given = new LinkedHashMap<>();
    given.put("z", "1");
    given.put("a", "2");
    Type t = Type.INT.withAttributes(given);
    assertThat(t.attributes()).containsExactly(Map.entry("a", "2"), Map.entry("z", "1"));
    assertThat(t.attribute("z")).isEqualTo("1");
    assertThat(t.attribute("y")).isNull();
    assertThat(t).isEqualTo(Type.INT).hasSameHashCodeAs(Type.INT);
    assertThat(t.toString()).isEqualTo("int");
    assertThat(Type.INT.attributes()).isEmpty();
    assertThat(t.withAttribute("z", null).withAttribute("a", null)).isEqualTo(Type.INT);
    assertThat(t.withAttribute("z", null).attributes()).containsExactly(Map.entry("a", "2"));
    assertThat(Type.INT.withAttributes(Map.of())).isSameAs(Type.INT);
    assertThatThrownBy(() -> t.attributes().put("b", "3"))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void childrenAndNullabilityKeepAttributes() {
    Type s = Type.structBuilder().field("a", Type.INT.withAttribute("id", "1"), false)
        .field("b", Type.list(Type.STRING.withAttribute("id", "3")).withAttribute("id", "2"))
        .build().withAttribute("root", "r");
    Type all = s.allNullable();
    assertThat(all.isChildNullable(0)).isTrue();
    assertThat(all.sameAttributes(s)).isTrue();
    assertThat(all.attribute("root")).isEqualTo("r");
    assertThat(all.child(1).child(0).attribute("id")).isEqualTo("3");
    Type renumbered = s.withChildren(List.of(s.child(0).withAttribute("id", "9"), s.child(1)));
    assertThat(renumbered).isEqualTo(s);
    assertThat(renumbered.sameAttributes(s)).isFalse();
    assertThat(renumbered.isChildNullable(0)).isFalse();
    assertThat(s.withChildren(s.children())).isSameAs(s);
    assertThatThrownBy(() -> s.withChildren(List.of(Type.INT)))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
