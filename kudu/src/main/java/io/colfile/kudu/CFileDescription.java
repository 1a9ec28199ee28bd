package io.colfile.kudu;

import io.colfile.kudu.index.IndexTreeReader;
import io.colfile.kudu.meta.BlockPointer;
import io.colfile.kudu.meta.CFileFooter;
import io.colfile.kudu.meta.CFileHeader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What {@code colfile meta} shows of a CFile: header, footer, indexes, and a guess at its role. */
final class CFileDescription {
  private CFileDescription() {}

  static Map<String, Object> describe(CFile file) throws IOException {
    Map<String, Object> out = new LinkedHashMap<>();
    CFileFooter f = file.footer();
    CFileHeader h = file.header();
    out.put("role", role(f));
    out.put("cfile version", file.version());
    Map<String, Object> header = new LinkedHashMap<>();
    header.put("bytes", h.length());
    if (h.majorVersion() != null) {
      header.put("major version", h.majorVersion());
    }
    if (h.minorVersion() != null) {
      header.put("minor version", h.minorVersion());
    }
    header.put("metadata", metadata(h.metadata()));
    out.put("header", header);
    out.put("data type", f.dataType().name());
    out.put("encoding", f.encoding().kuduName());
    out.put("compression", f.compression().kuduName());
    out.put("nullable", f.nullable());
    out.put("checksums", f.hasChecksums() ? "CRC-32C" : "none");
    out.put("values", f.numValues());
    out.put("positional index", index(f.posIndexRoot(), file.positionalIndex()));
    out.put("value index", index(f.valueIndexRoot(), file.valueIndex()));
    if (f.dictionaryBlock() != null) {
      out.put("dictionary block", pointer(f.dictionaryBlock()));
    }
    out.put("incompatible features", f.incompatibleFeatures());
    if (f.compatibleFeatures() != null) {
      out.put("compatible features", f.compatibleFeatures());
    }
    out.put("footer metadata", metadata(f.metadata()));
    out.put("file bytes", file.length());
    return out;
  }

  /** What Kudu uses a CFile with this footer for (cfile.md sections 10 to 12). */
  static String role(CFileFooter f) {
    if (f.metadata("deltafilestats") != null) {
      return "delta file";
    }
    if (f.dataType() == KuduType.BINARY && f.numValues() == 0 && f.posIndexRoot() == null
        && f.valueIndexRoot() != null && f.encoding() == KuduEncoding.PLAIN) {
      return "bloom file";
    }
    if (f.dataType() == KuduType.BINARY && f.posIndexRoot() == null
        && f.encoding() == KuduEncoding.PREFIX && f.metadata("min_key") != null) {
      return "ad-hoc index (composite key)";
    }
    if (f.metadata("min_key") != null) {
      return "key column";
    }
    return "column";
  }

  private static Object index(BlockPointer root, IndexTreeReader reader) throws IOException {
    if (root == null) {
      return "none";
    }
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("root", pointer(root));
    m.put("levels", reader.depth());
    return m;
  }

  private static Map<String, Object> pointer(BlockPointer p) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("offset", p.offset());
    m.put("size", p.size());
    return m;
  }

  /** A DeltaFile's statistics (cfile.md section 11.4), or why they do not parse. */
  private static Object deltaStats(byte[] value) {
    try {
      io.colfile.kudu.delta.DeltaStats s =
          io.colfile.kudu.delta.DeltaStats.parse(value, 0, value.length);
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("delete count", s.deleteCount());
      m.put("reinsert count", s.reinsertCount());
      m.put("min timestamp", s.minTimestamp());
      m.put("max timestamp", s.maxTimestamp());
      Map<String, Object> updates = new LinkedHashMap<>();
      s.updateCounts().forEach((id, n) -> updates.put("column " + id, n));
      m.put("update counts", updates);
      return m;
    } catch (io.colfile.core.error.MalformedInputException e) {
      return "not a DeltaStatsPB: " + e.getMessage();
    }
  }

  private static List<Object> metadata(List<Map.Entry<String, byte[]>> pairs) {
    List<Object> out = new ArrayList<>();
    for (Map.Entry<String, byte[]> e : pairs) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("key", e.getKey());
      m.put("value (hex)", HexFormat.of().formatHex(e.getValue()));
      if (e.getKey().equals("deltafilestats")) {
        m.put("decoded", deltaStats(e.getValue()));
      }
      out.add(m);
    }
    return out;
  }
}
