package io.spate.protocol.plan;

/** How a value or a referenced parent row is drawn from its range. */
public enum Distribution {
  UNIFORM,
  /** Skewed toward the low end of the range: rank r has weight proportional to 1 / r^1.1. */
  ZIPF,
  /** Bell-shaped around the middle of the range (mean at the centre, six sigmas wide), clamped. */
  NORMAL
}
