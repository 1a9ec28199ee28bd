package io.colfile.core.types;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Geometry and geography types: ORC Java's type strings, defaults, equality, bad text. */
class GeospatialTypeTest {
  @Test
  void printsAndParsesAsOrcJavaPrints() {
    assertThat(Type.GEOMETRY.toString()).isEqualTo("geometry(OGC:CRS84)");
    assertThat(Type.GEOGRAPHY.toString()).isEqualTo("geography(OGC:CRS84,SPHERICAL)");
    assertThat(Type.parse("geometry")).isEqualTo(Type.GEOMETRY);
    assertThat(Type.parse("GEOGRAPHY")).isEqualTo(Type.GEOGRAPHY);
    assertThat(Type.parse("geography( EPSG:4326 , karney )"))
        .isEqualTo(Type.geography("EPSG:4326", EdgeInterpolation.KARNEY));
    assertThat(Type.parse("geography(EPSG:4326)"))
        .isEqualTo(Type.geography("EPSG:4326", EdgeInterpolation.SPHERICAL));
    Type s = Type.parse("struct<a:geometry(srid:3857),b:array<geography(x,y,THOMAS)>>");
    assertThat(s.child(0).crs()).isEqualTo("srid:3857");
    assertThat(s.child(0).edgeInterpolation()).isNull();
    assertThat(s.child(1).child(0).crs()).isEqualTo("x,y");
    assertThat(s.child(1).child(0).edgeInterpolation()).isEqualTo(EdgeInterpolation.THOMAS);
    assertThat(Type.parse(s.toString())).isEqualTo(s);
    assertThat(s.toString())
        .isEqualTo("struct<a:geometry(srid:3857),b:array<geography(x,y,THOMAS)>>");
  }

  @Test
  void crsAndAlgorithmTakePartInEquality() {
    assertThat(Type.geometry("a")).isNotEqualTo(Type.geometry("b"));
    assertThat(Type.geography("a", EdgeInterpolation.VINCENTY))
        .isNotEqualTo(Type.geography("a", EdgeInterpolation.ANDOYER));
    assertThat(Type.geometry("a")).isNotEqualTo(Type.geography("a", EdgeInterpolation.SPHERICAL));
    assertThat(Type.geometry("a").hashCode()).isEqualTo(Type.parse("geometry(a)").hashCode());
    Type withAttribute = Type.geometry("a").withAttribute("k", "v");
    assertThat(withAttribute.crs()).isEqualTo("a");
    assertThat(withAttribute).isEqualTo(Type.geometry("a"));
    assertThat(Type.GEOMETRY.isGeospatial()).isTrue();
    assertThat(Type.BINARY.isGeospatial()).isFalse();
  }

  @Test
  void badTextIsRefused() {
    assertThatThrownBy(() -> Type.parse("geometry(")).hasMessageContaining("expected ')'");
    assertThatThrownBy(() -> Type.parse("geometry()")).hasMessageContaining("expected a crs");
    assertThatThrownBy(() -> Type.parse("geography(a,flat)"))
        .hasMessageContaining("unknown edge interpolation algorithm 'flat'");
    // any crs is kept (ORC's footer holds any text); its type string does not parse back
    assertThat(Type.geometry("a)b").crs()).isEqualTo("a)b");
    assertThatThrownBy(() -> Type.geometry(null)).isInstanceOf(NullPointerException.class);
  }
}
