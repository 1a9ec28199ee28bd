package io.colfile.cli;

import java.nio.file.Path;

/** A command about one file, which error messages name. */
interface FileCommand {
  Path file();
}
