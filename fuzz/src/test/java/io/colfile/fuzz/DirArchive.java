package io.colfile.fuzz;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A directory tree as one fuzz input, for the targets that read directories (a rowset, a tablet
 * server's directories):
 *
 * <pre>
 * archive ::= entry*
 * entry   ::= nameLength:u8 | name (UTF-8; plain names joined by '/') | length:u32le | bytes
 * </pre>
 *
 * Unpacking is lenient, so that what the fuzzer does to the framing still makes a directory: an
 * entry whose bytes run past the input is cut short there (a truncated file), an entry with a
 * name that is not a plain relative path is left out, and so is one that cannot be written (a
 * file where a directory is).
 */
final class DirArchive {
  private static final Pattern PART = Pattern.compile("[A-Za-z0-9_.-]{1,100}");
  private static final int MAX_ENTRIES = 64;
  private static final int MAX_DEPTH = 5;
  /** Where the inputs are unpacked, each into a directory of its own. */
  private static Path root;

  private DirArchive() {}

  /** The archive of {@code files} (relative names with '/' to their bytes), in map order. */
  static byte[] pack(Map<String, byte[]> files) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (var f : files.entrySet()) {
      byte[] name = f.getKey().getBytes(StandardCharsets.UTF_8);
      if (name.length > 255) {
        throw new IllegalArgumentException("name too long: " + f.getKey());
      }
      out.write(name.length);
      out.writeBytes(name);
      int n = f.getValue().length;
      out.write(n);
      out.write(n >>> 8);
      out.write(n >>> 16);
      out.write(n >>> 24);
      out.writeBytes(f.getValue());
    }
    return out.toByteArray();
  }

  /** The files of the directory tree {@code dir}, by relative name, for {@link #pack}. */
  static Map<String, byte[]> read(Path dir) throws IOException {
    Map<String, byte[]> out = new java.util.TreeMap<>();
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path p : (Iterable<Path>) s.filter(Files::isRegularFile).sorted()::iterator) {
        out.put(dir.relativize(p).toString().replace('\\', '/'), Files.readAllBytes(p));
      }
    }
    return out;
  }

  /** Unpacks {@code bytes} into a new directory, which the caller {@link #delete}s. */
  static Path unpack(byte[] bytes) throws IOException {
    Path dir = Files.createTempDirectory(root(), "in");
    int at = 0;
    for (int entries = 0; entries < MAX_ENTRIES && at < bytes.length; entries++) {
      int nameLength = bytes[at++] & 0xff;
      if (bytes.length - at < nameLength + 4) {
        break;
      }
      String name = new String(bytes, at, nameLength, StandardCharsets.UTF_8);
      at += nameLength;
      long length = (bytes[at] & 0xffL) | (bytes[at + 1] & 0xffL) << 8
          | (bytes[at + 2] & 0xffL) << 16 | (bytes[at + 3] & 0xffL) << 24;
      at += 4;
      int n = (int) Math.min(length, bytes.length - at);
      Path file = resolve(dir, name);
      if (file != null) {
        try {
          Files.createDirectories(file.getParent());
          Files.write(file, java.util.Arrays.copyOfRange(bytes, at, at + n));
        } catch (IOException notWritable) {
          // a file where a directory is, or the other way round: left out
        }
      }
      at += n;
    }
    return dir;
  }

  /** {@code name} under {@code dir}, or null when it is not a plain relative path. */
  private static Path resolve(Path dir, String name) {
    String[] parts = name.split("/", -1);
    if (parts.length > MAX_DEPTH) {
      return null;
    }
    Path p = dir;
    for (String part : parts) {
      if (!PART.matcher(part).matches() || part.equals(".") || part.equals("..")) {
        return null;
      }
      p = p.resolve(part);
    }
    return p;
  }

  /** Deletes a directory {@link #unpack} made, as far as it can. */
  static void delete(Path dir) {
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path p : (Iterable<Path>) s.sorted(Comparator.reverseOrder())::iterator) {
        Files.deleteIfExists(p);
      }
    } catch (IOException ignored) {
      // a leftover in the temporary directory
    }
  }

  private static synchronized Path root() throws IOException {
    if (root == null) {
      root = Files.createTempDirectory("colfile-fuzz-dirs");
      root.toFile().deleteOnExit();
    }
    return root;
  }
}
