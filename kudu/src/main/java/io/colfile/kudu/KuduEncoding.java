package io.colfile.kudu;

import io.colfile.core.encoding.WireIds;

/**
 * Kudu's {@code EncodingType} (common.proto). GROUP_VARINT exists only as a number: Kudu 1.17
 * has no decoder for it (cfile.md section 6.8). Wire ids are Kudu's.
 */
public enum KuduEncoding {
  AUTO(0, "AUTO_ENCODING"),
  PLAIN(1, "PLAIN_ENCODING"),
  PREFIX(2, "PREFIX_ENCODING"),
  GROUP_VARINT(3, "GROUP_VARINT"),
  RLE(4, "RLE"),
  DICT(5, "DICT_ENCODING"),
  BIT_SHUFFLE(6, "BIT_SHUFFLE");

  private static final WireIds<KuduEncoding> BY_WIRE_ID =
      WireIds.of(KuduEncoding.class, KuduEncoding::wireId);

  private final int wireId;
  private final String kuduName;

  KuduEncoding(int wireId, String kuduName) {
    this.wireId = wireId;
    this.kuduName = kuduName;
  }

  public int wireId() {
    return wireId;
  }

  /** The name in Kudu's protobuf text and tools, e.g. {@code DICT_ENCODING}. */
  public String kuduName() {
    return kuduName;
  }

  /** The encoding with this wire id, or null. */
  public static KuduEncoding ofWireId(int id) {
    return BY_WIRE_ID.get(id);
  }

  /**
   * The encoding called {@code name}: Kudu's name ({@code DICT_ENCODING}), colfile's ({@code
   * dict}) or a short form ({@code bitshuffle}), any case.
   *
   * @throws IllegalArgumentException for any other name
   */
  public static KuduEncoding forName(String name) {
    String n = name.trim().toUpperCase(java.util.Locale.ROOT).replace('-', '_');
    for (KuduEncoding e : values()) {
      if (n.equals(e.name()) || n.equals(e.kuduName)
          || n.equals(e.name().replace("_", ""))) {
        return e;
      }
    }
    if (n.equals("DICTIONARY")) {
      return DICT;
    }
    throw new IllegalArgumentException("unknown Kudu encoding '" + name
        + "' (auto, plain, rle, bitshuffle, dict, prefix)");
  }
}
