package io.colfile.text.convert;

/** A value that does not fit its column; {@link #path()} names the column. */
final class ValueError extends Exception {
  private final String path;

  ValueError(String path, String message) {
    super(message);
    this.path = path;
  }

  String path() {
    return path;
  }
}
