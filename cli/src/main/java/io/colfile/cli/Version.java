package io.colfile.cli;

import io.colfile.core.ColFile;
import picocli.CommandLine.IVersionProvider;

/**
 * {@code colfile --version}: the library's version ({@link ColFile#version()}, which Maven
 * records in the jar, so the version lives only in the pom), the Java running it, and which
 * implementation reads and writes each codec (native libraries when they load; {@code
 * -Dcolfile.codecs=java} forces the pure-Java ones).
 */
final class Version implements IVersionProvider {
  @Override
  public String[] getVersion() {
    java.util.List<String> lines = new java.util.ArrayList<>();
    lines.add("colfile " + version());
    lines.add("Java " + System.getProperty("java.version"));
    lines.addAll(CodecInfo.versionLines());
    return lines.toArray(String[]::new);
  }

  static String version() {
    return ColFile.version();
  }
}
