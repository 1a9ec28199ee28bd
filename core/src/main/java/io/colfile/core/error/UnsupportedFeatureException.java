package io.colfile.core.error;

import java.io.IOException;

/** The file is well formed but uses a feature colfile cannot read (yet, or without a key). */
public class UnsupportedFeatureException extends IOException {
  private static final long serialVersionUID = 1L;

  public UnsupportedFeatureException(String message) {
    super(message);
  }
}
