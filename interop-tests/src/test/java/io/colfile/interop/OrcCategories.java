package io.colfile.interop;

import org.apache.orc.TypeDescription;

/**
 * orc-core's type categories by name where they differ between the versions tested: orc-core 2.3
 * has {@code Geometry} and {@code Geography}, 2.1 (under {@code -Porc-2.1}) has neither, so no
 * code compiled against both may name them.
 */
final class OrcCategories {
  private OrcCategories() {}

  /** Whether {@code type} is orc-core 2.3's geometry or geography: WKB bytes, read as binary. */
  static boolean isGeospatial(TypeDescription type) {
    String name = type.getCategory().name();
    return name.equals("Geometry") || name.equals("Geography");
  }

  /** orc-core's category for a footer type kind (proto names differ for the geospatial two). */
  static TypeDescription.Category of(String protoKind) {
    return TypeDescription.Category.valueOf(switch (protoKind) {
      case "GEOMETRY" -> "Geometry";
      case "GEOGRAPHY" -> "Geography";
      default -> protoKind;
    });
  }
}
