package io.colfile.cli;

/** Bad usage found while running a command (an unknown column name): exit status 2. */
final class UsageException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  UsageException(String message) {
    super(message);
  }
}
