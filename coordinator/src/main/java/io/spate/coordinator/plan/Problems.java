package io.spate.coordinator.plan;

import io.spate.protocol.error.SpateException;
import java.util.ArrayList;
import java.util.List;

/**
 * The problems found while planning, collected so the user sees every one at once, in the order
 * they were found. Each problem is one sentence that names its subject first (a table, a column, a
 * key, a CHECK) and the state that breaks it. One collector is made per plan and handed to each
 * stage; a stage adds to it and never reads it.
 */
final class Problems {

  private final List<String> found = new ArrayList<>();

  /** Records one problem: its subject and what is wrong, e.g. {@code "table 'x' has ..."}. */
  void add(String problem) {
    found.add(problem);
  }

  boolean isEmpty() {
    return found.isEmpty();
  }

  /** The problems so far, in the order they were found. */
  List<String> all() {
    return List.copyOf(found);
  }

  /**
   * Throws one {@link SpateException} listing every problem so far; does nothing when there is
   * none. A single problem reads {@code cannot plan the fill: ...}; several are listed one a line.
   */
  void throwIfAny() {
    if (found.size() == 1) {
      throw new SpateException("cannot plan the fill: " + found.get(0));
    }
    if (!found.isEmpty()) {
      throw new SpateException(
          "cannot plan the fill ("
              + found.size()
              + " problems):\n  - "
              + String.join("\n  - ", found));
    }
  }
}
