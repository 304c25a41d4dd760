package io.spate.engine.generate;

import io.spate.engine.encode.RowWriter;

/**
 * Writes one column's cell for a row slot. Every implementation is a pure function of the slot: no
 * state survives from one call to the next except scratch space, so an instance belongs to one
 * thread.
 */
abstract class CellGen {

  /** Writes this column's field (possibly NULL) for the row in {@code slot}. */
  abstract void write(long slot, RowWriter out);

  /**
   * The cell's value in the engine's carried form (integer, days, microseconds, unscaled numeric),
   * for keys that children reference and for columns derived from this one. Ignores NULLs.
   */
  long longValue(long slot) {
    throw new UnsupportedOperationException(getClass().getSimpleName() + " has no integral value");
  }

  /** Whether {@link #longValue} is available. */
  boolean integral() {
    return false;
  }
}
