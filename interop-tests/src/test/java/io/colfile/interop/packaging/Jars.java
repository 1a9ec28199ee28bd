package io.colfile.interop.packaging;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Where the jars of the test class path are, found through a class each holds. */
final class Jars {
  private Jars() {}

  /**
   * The jar {@code c} was loaded from. The packaging tests need the packaged jars (relocated
   * protobuf, module descriptors added after shading), which the reactor gives from the package
   * phase on: {@code ./mvnw verify}, as CI runs it.
   */
  static Path of(Class<?> c) {
    try {
      Path p = Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
      if (!Files.isRegularFile(p) || !p.getFileName().toString().endsWith(".jar")) {
        throw new IllegalStateException(c.getName() + " comes from " + p + ", not a jar: run "
            + "the packaging tests after the package phase (./mvnw verify)");
      }
      return p;
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The directory this test's own classes were loaded from. */
  static Path testClasses() {
    try {
      return Path.of(Jars.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
