package io.colfile.orc.write;

import io.colfile.core.error.UnsupportedFeatureException;
import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.StructVector;
import io.colfile.orc.EncryptionAlgorithm;
import io.colfile.orc.KeyProvider;
import io.colfile.orc.OrcWriterOptions;
import java.io.IOException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The encrypted column subtrees of a file being written (orc.md section 11): for each, its
 * master key, a fresh local key, a writer tree of its own that writes the real values into
 * streams of its own (encrypted when the stripe is laid out), and the mask whose output the
 * file's normal writer tree writes in its place.
 */
final class WriterEncryption {
  /** One encrypted subtree. */
  static final class Variant {
    final int root;
    final int end;
    final Type type;
    final int key;
    final String maskName;
    /** The mask as it was named ({@code redact,`Xx9`}), the default {@code nullify}. */
    final String maskText;
    final List<String> maskParameters;
    final DataMasks.Mask mask;
    final KeyProvider.LocalKey localKey;
    final WriterContext ctx;
    final ColumnWriter writer;
    /** Field indexes from the root struct down to this subtree's root. */
    final int[] path;
    /** Per stripe, the real statistics of columns root..end-1. */
    final List<List<io.colfile.orc.stats.ColumnStatistics>> stripeStatistics = new ArrayList<>();

    Variant(int root, int end, Type type, int key, String maskName, List<String> maskParameters,
        String maskText, DataMasks.Mask mask, KeyProvider.LocalKey localKey, WriterContext ctx,
        ColumnWriter writer, int[] path) {
      this.root = root;
      this.end = end;
      this.type = type;
      this.key = key;
      this.maskName = maskName;
      this.maskText = maskText;
      this.maskParameters = maskParameters;
      this.mask = mask;
      this.localKey = localKey;
      this.ctx = ctx;
      this.writer = writer;
      this.path = path;
    }
  }

  final List<KeyProvider.MasterKey> keys = new ArrayList<>();
  final List<Variant> variants = new ArrayList<>();
  /** Per encrypted root: its key's name; per masked root: the mask as given. */
  private final Map<Integer, String> keyNames = new LinkedHashMap<>();
  private final Map<Integer, String> maskTexts = new LinkedHashMap<>();

  /**
   * {@code schema} with the type attributes ORC Java puts on encrypted columns in the footer:
   * {@code encrypt} (the key's name) on each encrypted subtree's root, and {@code mask} (the
   * mask and its parameters as given, {@code redact,Yy8}) where a mask was named.
   */
  Type annotate(Type schema) {
    int[] next = {0};
    return annotate(schema, next);
  }

  private Type annotate(Type t, int[] next) {
    int id = next[0]++;
    List<Type> children = new ArrayList<>(t.children().size());
    for (Type c : t.children()) {
      children.add(annotate(c, next));
    }
    Type out = t.withChildren(children);
    String key = keyNames.get(id);
    if (key != null) {
      out = out.withAttribute("encrypt", key);
    }
    String mask = maskTexts.get(id);
    if (mask != null) {
      out = out.withAttribute("mask", mask);
    }
    return out;
  }

  private WriterEncryption() {}

  /**
   * {@code schema} as the writers of the unencrypted (masked) columns take it: each variant's
   * subtree as its mask writes it ({@link DataMasks#writerType}).
   */
  Type writerSchema(Type schema) {
    return writerSchema(schema, new int[] {0});
  }

  private Type writerSchema(Type t, int[] next) {
    int id = next[0];
    for (Variant v : variants) {
      if (v.root == id) {
        next[0] += t.columnCount();
        return DataMasks.writerType(t, v.mask);
      }
    }
    next[0]++;
    if (t.children().isEmpty()) {
      return t;
    }
    List<Type> children = new ArrayList<>(t.children().size());
    for (Type c : t.children()) {
      children.add(writerSchema(c, next));
    }
    return t.withChildren(children);
  }


  /**
   * The encryption {@code options} ask for, or null when they ask for none.
   *
   * @throws IllegalArgumentException for a column or key that does not exist, or a column in
   *     two subtrees
   */
  static WriterEncryption plan(Type schema, OrcWriterOptions options, int bufferSize)
      throws IOException {
    if (options.encrypt().isEmpty()) {
      if (!options.masks().isEmpty()) {
        throw new IllegalArgumentException("masks given but no column is encrypted");
      }
      return null;
    }
    if (schema.kind() != TypeKind.STRUCT) {
      throw new IllegalArgumentException("only the fields of a struct schema can be encrypted");
    }
    String[] names = ColumnSelection.names(schema);
    List<Type> flat = schema.flatten();
    Map<Integer, String> keyOf = new LinkedHashMap<>();
    for (String part : options.encrypt().split(";")) {
      int colon = part.indexOf(':');
      if (colon <= 0) {
        throw new IllegalArgumentException("bad encryption '" + part + "': expected "
            + "key:column,column");
      }
      String key = part.substring(0, colon).trim();
      for (String col : part.substring(colon + 1).split(",")) {
        int id = column(names, col.trim(), "encryption");
        String prev = keyOf.put(id, key);
        if (prev != null && !prev.equals(key)) {
          throw new IllegalArgumentException("column " + col.trim() + " is encrypted with "
              + prev + " and " + key);
        }
      }
    }
    Map<Integer, List<String>> maskOf = new LinkedHashMap<>();
    Map<Integer, String> maskText = new LinkedHashMap<>();
    for (MaskSpec spec : parseMasks(options.masks())) {
      for (String col : spec.columns()) {
        int id = column(names, col, "mask");
        if (!keyOf.containsKey(id)) {
          throw new IllegalArgumentException("column " + col + " has a mask but is "
              + "not encrypted");
        }
        String prev = maskText.put(id, spec.text());
        if (prev != null && !prev.equals(spec.text())) {
          throw new IllegalArgumentException("column " + col + " has two masks: " + prev
              + " and " + spec.text());
        }
        maskOf.put(id, spec.mask());
      }
    }
    List<Integer> roots = new ArrayList<>(keyOf.keySet());
    roots.sort(null);
    for (int i = 1; i < roots.size(); i++) {
      int prev = roots.get(i - 1);
      if (roots.get(i) < prev + flat.get(prev).columnCount()) {
        throw new IllegalArgumentException("column " + names[roots.get(i)] + " lies inside "
            + "encrypted column " + names[prev] + ": encryption does not nest");
      }
    }
    WriterEncryption out = new WriterEncryption();
    out.keyNames.putAll(keyOf);
    out.maskTexts.putAll(maskText);
    Map<String, Integer> keyIndex = new LinkedHashMap<>();
    SecureRandom random = new SecureRandom();
    KeyProvider provider = options.keyProvider();
    // ORC Java's order: keys by name, each key's subtrees by root (the footer's keys and
    // variants, and the stripe footers' variants, follow it; a merge copies stripes in it)
    List<Integer> ordered = new ArrayList<>(roots);
    ordered.sort(java.util.Comparator.comparing((Integer c) -> keyOf.get(c))
        .thenComparing(c -> c));
    for (int root : ordered) {
      String keyName = keyOf.get(root);
      Integer k = keyIndex.get(keyName);
      if (k == null) {
        KeyProvider.MasterKey master = provider.currentKey(keyName);
        if (master == null) {
          throw new IllegalArgumentException("the key provider has no key named '" + keyName
              + "'");
        }
        k = out.keys.size();
        out.keys.add(master);
        keyIndex.put(keyName, k);
      }
      KeyProvider.MasterKey master = out.keys.get(k);
      KeyProvider.LocalKey local = provider.createLocalKey(master, random);
      EncryptionAlgorithm a = master.algorithm();
      if (local.decrypted().length != a.keyLength || local.encrypted().length != a.keyLength) {
        throw new IOException("the key provider made a local key of the wrong length for " + a);
      }
      Type type = flat.get(root);
      List<String> mask = maskOf.getOrDefault(root, List.of("nullify"));
      DataMasks.Mask m;
      try {
        m = DataMasks.of(mask.get(0), mask.subList(1, mask.size()), type);
      } catch (UnsupportedFeatureException e) {
        throw new UnsupportedFeatureException("column " + names[root] + ": " + e.getMessage());
      }
      WriterContext ctx = new WriterContext(options, schema, bufferSize);
      out.variants.add(new Variant(root, root + type.columnCount(), type, k, mask.get(0),
          mask.subList(1, mask.size()), maskText.getOrDefault(root, "nullify"), m, local, ctx,
          ColumnWriters.createAt(type, ctx, root), path(schema, root, names)));
    }
    return out;
  }

  /**
   * One part of ORC Java's {@code orc.mask}: the mask and its parameters ({@code mask}), the
   * text that named them ({@code text}, which the footer's {@code mask} attribute carries) and
   * the columns.
   */
  record MaskSpec(List<String> mask, String text, List<String> columns) {}

  /**
   * {@code spec} in ORC Java's syntax: {@code mask[,parameter...]:column[,column...]} parts
   * split by {@code ;}, where a mask, parameter or column is a run of letters, digits and
   * {@code _} or any text in backquotes ({@code ``} for a backquote in it), e.g. {@code
   * redact,`Xx9$.`,`_ 1 1`,`0:2`:name}.
   */
  static List<MaskSpec> parseMasks(String spec) {
    List<MaskSpec> out = new ArrayList<>();
    if (spec.isBlank()) {
      return out;
    }
    int[] pos = {0};
    while (true) {
      skipBlanks(spec, pos);
      int start = pos[0];
      List<String> mask = new ArrayList<>();
      mask.add(name(spec, pos, "a mask name"));
      while (pos[0] < spec.length() && spec.charAt(pos[0]) == ',') {
        pos[0]++;
        mask.add(name(spec, pos, "a mask parameter"));
      }
      String text = spec.substring(start, pos[0]);
      if (pos[0] >= spec.length() || spec.charAt(pos[0]) != ':') {
        throw new IllegalArgumentException("bad mask '" + spec + "' at " + pos[0]
            + ": expected ':' after " + text + " (mask[,parameter...]:column,column)");
      }
      pos[0]++;
      List<String> columns = new ArrayList<>();
      StringBuilder col = new StringBuilder();
      boolean quoted = false;
      while (pos[0] < spec.length() && (quoted || spec.charAt(pos[0]) != ';')) {
        char ch = spec.charAt(pos[0]++);
        if (ch == '`') {
          quoted = !quoted;
        }
        if (ch == ',' && !quoted) {
          columns.add(col.toString().trim());
          col.setLength(0);
        } else {
          col.append(ch);
        }
      }
      columns.add(col.toString().trim());
      for (String c : columns) {
        if (c.isEmpty()) {
          throw new IllegalArgumentException("bad mask '" + spec + "': empty column name after "
              + text);
        }
      }
      out.add(new MaskSpec(List.copyOf(mask), text, columns));
      if (pos[0] >= spec.length()) {
        return out;
      }
      pos[0]++; // ';'
    }
  }

  private static void skipBlanks(String s, int[] pos) {
    while (pos[0] < s.length() && Character.isWhitespace(s.charAt(pos[0]))) {
      pos[0]++;
    }
  }

  /** A name as ORC Java's parser reads it: letters, digits and _, or text in backquotes. */
  private static String name(String s, int[] pos, String what) {
    int start = pos[0];
    if (start < s.length() && s.charAt(start) == '`') {
      StringBuilder b = new StringBuilder();
      int i = start + 1;
      while (i < s.length()) {
        char ch = s.charAt(i++);
        if (ch == '`') {
          if (i < s.length() && s.charAt(i) == '`') {
            b.append('`');
            i++;
          } else {
            if (b.length() == 0) {
              throw new IllegalArgumentException("bad mask '" + s + "' at " + start
                  + ": empty quoted name");
            }
            pos[0] = i;
            return b.toString();
          }
        } else {
          b.append(ch);
        }
      }
      throw new IllegalArgumentException("bad mask '" + s + "' at " + start
          + ": unmatched backquote");
    }
    int i = start;
    while (i < s.length() && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_')) {
      i++;
    }
    if (i == start) {
      throw new IllegalArgumentException("bad mask '" + s + "' at " + start + ": expected "
          + what + " (letters, digits and _, or text in backquotes)");
    }
    pos[0] = i;
    return s.substring(start, i);
  }

  private static int column(String[] names, String name, String what) {
    for (int id = 1; id < names.length; id++) {
      if (names[id].equals(name)) {
        return id;
      }
    }
    throw new IllegalArgumentException("no column named '" + name + "' for " + what);
  }

  /** The struct field indexes from the root to column {@code target}. */
  private static int[] path(Type schema, int target, String[] names)
      throws UnsupportedFeatureException {
    List<Integer> path = new ArrayList<>();
    Type t = schema;
    int id = 0;
    while (id != target) {
      if (t.kind() != TypeKind.STRUCT) {
        throw new UnsupportedFeatureException("column " + names[target] + " lies inside a "
            + t.kind().typeName() + ": colfile encrypts fields reached through structs only");
      }
      int child = id + 1;
      int i = 0;
      while (child + t.child(i).columnCount() <= target) {
        child += t.child(i).columnCount();
        i++;
      }
      path.add(i);
      t = t.child(i);
      id = child;
    }
    return path.stream().mapToInt(Integer::intValue).toArray();
  }

  /** The vector of variant {@code v}'s root within the batch's root vector. */
  static ColumnVector at(ColumnVector root, int[] path) {
    ColumnVector v = root;
    for (int i : path) {
      v = ((StructVector) v).fields[i];
    }
    return v;
  }

  /**
   * The root vector with each variant's subtree replaced by its masked copy of rows {@code [0,
   * size)}; the structs on the way are new shells over the same fields and null flags.
   */
  ColumnVector masked(ColumnVector root, int size) {
    ColumnVector out = root;
    for (Variant v : variants) {
      ColumnVector real = at(root, v.path);
      out = replace(out, v.path, 0, v.mask.apply(v.type, real, size), size);
    }
    return out;
  }

  private static ColumnVector replace(ColumnVector v, int[] path, int depth,
      ColumnVector with, int size) {
    if (depth == path.length) {
      return with;
    }
    StructVector s = (StructVector) v;
    ColumnVector[] fields = s.fields.clone();
    fields[path[depth]] = replace(fields[path[depth]], path, depth + 1, with, size);
    StructVector copy = new StructVector(Math.max(1, Math.max(size, s.capacity())), fields);
    copy.noNulls = s.noNulls;
    copy.isNull = s.isNull;
    return copy;
  }

  /**
   * Writes rows {@code [offset, offset + length)} of the batch to each variant's writer: its
   * subtree's vector, in the runs of rows where every struct above it is present (the rows the
   * masked copy's parent gives it).
   */
  void write(ColumnVector root, int offset, int length) throws IOException {
    for (Variant v : variants) {
      boolean[] absent = null;
      ColumnVector at = root;
      for (int i = 0; i < v.path.length; i++) {
        if (!at.noNulls) {
          if (absent == null) {
            absent = new boolean[offset + length];
          }
          for (int r = offset; r < offset + length; r++) {
            absent[r] |= at.isNull[r];
          }
        }
        at = ((StructVector) at).fields[v.path[i]];
      }
      if (absent == null) {
        v.writer.write(at, offset, length);
        continue;
      }
      int end = offset + length;
      int i = offset;
      while (i < end) {
        while (i < end && absent[i]) {
          i++;
        }
        int start = i;
        while (i < end && !absent[i]) {
          i++;
        }
        if (i > start) {
          v.writer.write(at, start, i - start);
        }
      }
    }
  }

  void finishRowGroup() throws IOException {
    for (Variant v : variants) {
      v.writer.finishRowGroup();
    }
  }

  long bufferedSize() {
    long n = 0;
    for (Variant v : variants) {
      for (io.colfile.orc.stream.OrcOutputStream s : v.ctx.streams().values()) {
        n += s.bufferedSize();
      }
      n += v.writer.extraMemory();
    }
    return n;
  }
}
