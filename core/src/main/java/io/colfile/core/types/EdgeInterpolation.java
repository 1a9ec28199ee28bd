package io.colfile.core.types;

/**
 * How a geography's edges between two points are interpolated (ORC 2.x's
 * {@code Type.EdgeInterpolationAlgorithm}, with its numbers in the file footer).
 */
public enum EdgeInterpolation {
  SPHERICAL,
  VINCENTY,
  THOMAS,
  ANDOYER,
  KARNEY
}
