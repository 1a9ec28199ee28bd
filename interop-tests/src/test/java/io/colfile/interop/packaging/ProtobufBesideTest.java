package io.colfile.interop.packaging;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonFactory;
import com.google.protobuf.Timestamp;
import io.airlift.compress.lz4.Lz4Compressor;
import io.colfile.core.ColFile;
import io.colfile.kudu.CFile;
import io.colfile.orc.OrcReader;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * colfile beside the protobuf-java 3 that Hadoop, Hive and Spark bring: colfile-orc and
 * colfile-kudu use their own relocated copy (colfile-protobuf, io.colfile.shaded.protobuf), so
 * their jars name no com.google.protobuf class, read files with another protobuf on the class
 * path, and leave that protobuf to its users.
 */
class ProtobufBesideTest {
  private static final byte[] PROTOBUF_REF =
      "com/google/protobuf/".getBytes(StandardCharsets.UTF_8);
  private static final byte[] RELOCATED_REF =
      "io/colfile/shaded/protobuf/".getBytes(StandardCharsets.UTF_8);

  /** The jars colfile publishes for reading ORC and CFiles, and the protobuf they share. */
  private static List<Path> colfileJars() {
    return List.of(Jars.of(ColFile.class), Jars.of(OrcReader.class), Jars.of(CFile.class),
        Jars.of(io.colfile.shaded.protobuf.Message.class));
  }

  @Test
  void theTestClassPathHasProtobuf3() {
    assertThat(Jars.of(com.google.protobuf.Message.class).getFileName().toString())
        .startsWith("protobuf-java-3.");
  }

  @Test
  void colfileJarsNameNoComGoogleProtobufClass() throws IOException {
    List<String> offenders = new ArrayList<>();
    for (Path jar : colfileJars()) {
      boolean relocated = false;
      try (JarFile j = new JarFile(jar.toFile())) {
        for (JarEntry e : (Iterable<JarEntry>) j.stream()::iterator) {
          if (e.getName().startsWith("com/google/protobuf/")) {
            offenders.add(jar.getFileName() + ": " + e.getName());
          }
          if (e.getName().endsWith(".class")) {
            byte[] bytes;
            try (InputStream in = j.getInputStream(e)) {
              bytes = in.readAllBytes();
            }
            // Class names sit in the constant pool as UTF-8, in internal form.
            if (indexOf(bytes, PROTOBUF_REF) >= 0) {
              offenders.add(jar.getFileName() + ": " + e.getName() + " names com.google.protobuf");
            }
            relocated |= indexOf(bytes, RELOCATED_REF) >= 0;
          }
        }
      }
      if (!jar.equals(Jars.of(ColFile.class))) {
        assertThat(relocated).as(jar.getFileName() + " uses the relocated protobuf").isTrue();
      }
    }
    assertThat(offenders).isEmpty();
  }

  @Test
  void colfileReadsOrcAndCFilesBesideProtobuf3(@TempDir Path dir) throws Exception {
    Path orc = SampleFiles.table("orc", dir.resolve("t.orc"));
    Path cfile = SampleFiles.cfile(dir.resolve("t.cfile"));

    // protobuf 3, as an application's own class path has it, works as ever
    Timestamp t = Timestamp.parseFrom(Timestamp.newBuilder().setSeconds(1_700_000_000L)
        .setNanos(5).build().toByteArray());
    assertThat(t.getSeconds()).isEqualTo(1_700_000_000L);

    // colfile in a loader of its own, whose parent has protobuf 3 and nothing else; asked for a
    // com.google.protobuf class, it refuses and keeps the name.
    List<URL> urls = new ArrayList<>();
    for (Path p : colfileJars()) {
      urls.add(p.toUri().toURL());
    }
    urls.add(Jars.of(Lz4Compressor.class).toUri().toURL());
    urls.add(Jars.of(JsonFactory.class).toUri().toURL());
    urls.add(Jars.of(org.brotli.dec.BrotliInputStream.class).toUri().toURL());
    urls.add(Jars.testClasses().toUri().toURL());
    URL protobuf3 = Jars.of(com.google.protobuf.Message.class).toUri().toURL();
    try (URLClassLoader beside = new URLClassLoader("protobuf-3", new URL[] {protobuf3},
            ClassLoader.getPlatformClassLoader());
        RefusingLoader colfile = new RefusingLoader(urls.toArray(URL[]::new), beside)) {
      assertThat(beside.loadClass("com.google.protobuf.Timestamp").getMethod("newBuilder")
          .invoke(null)).isNotNull();

      @SuppressWarnings("unchecked")
      Function<Path, String> probe = (Function<Path, String>) colfile
          .loadClass(ReadProbe.class.getName()).getDeclaredConstructor().newInstance();
      assertThat(probe.getClass().getClassLoader()).isSameAs(colfile);
      String rows = " rows=" + SampleFiles.ROWS + " sum=" + SampleFiles.ID_SUM
          + " formats=[Kudu@null, ORC@null]";
      assertThat(probe.apply(orc)).isEqualTo("ORC" + rows);
      assertThat(probe.apply(cfile)).isEqualTo("Kudu" + rows);
      assertThat(colfile.loadClass("io.colfile.shaded.protobuf.Message").getClassLoader())
          .isSameAs(colfile);
      assertThat(colfile.refused).as("com.google.protobuf classes colfile asked for").isEmpty();
    }
  }

  /** Loads as a URLClassLoader does, except that it refuses every com.google.protobuf class. */
  private static final class RefusingLoader extends URLClassLoader {
    final List<String> refused = new CopyOnWriteArrayList<>();

    RefusingLoader(URL[] urls, ClassLoader parent) {
      super("colfile-only", urls, parent);
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
      if (name.startsWith("com.google.protobuf.")) {
        refused.add(name);
        throw new ClassNotFoundException(name + ": refused to colfile");
      }
      return super.loadClass(name, resolve);
    }
  }

  private static int indexOf(byte[] haystack, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= haystack.length; i++) {
      for (int k = 0; k < needle.length; k++) {
        if (haystack[i + k] != needle[k]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }
}
