package io.colfile.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/**
 * {@code colfile --version}: the project version Maven records in every jar it builds
 * (pom.properties), so the version lives only in the pom. Classes run from a build directory
 * have no jar and say so.
 */
final class Version implements IVersionProvider {
  private static final String POM_PROPERTIES =
      "/META-INF/maven/io.colfile/colfile-cli/pom.properties";

  @Override
  public String[] getVersion() throws IOException {
    return new String[] {"colfile " + version(), "Java " + System.getProperty("java.version")};
  }

  static String version() throws IOException {
    try (InputStream in = Version.class.getResourceAsStream(POM_PROPERTIES)) {
      if (in == null) {
        return "(development build)";
      }
      Properties p = new Properties();
      p.load(in);
      return p.getProperty("version", "(unknown version)");
    }
  }
}
