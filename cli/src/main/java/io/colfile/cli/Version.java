package io.colfile.cli;

import io.colfile.core.ColFile;
import picocli.CommandLine.IVersionProvider;

/**
 * {@code colfile --version}: the library's version ({@link ColFile#version()}, which Maven
 * records in the jar, so the version lives only in the pom) and the Java running it.
 */
final class Version implements IVersionProvider {
  @Override
  public String[] getVersion() {
    return new String[] {"colfile " + version(), "Java " + System.getProperty("java.version")};
  }

  static String version() {
    return ColFile.version();
  }
}
