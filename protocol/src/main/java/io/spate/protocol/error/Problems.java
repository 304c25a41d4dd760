package io.spate.protocol.error;

import java.util.ArrayList;
import java.util.List;

/**
 * The problems found in one piece of input (a plan, a command line, a job request, a fill
 * configuration), collected so the user sees every one at once, in the order they were found. Each
 * problem is one sentence that names its subject first (a table, a column, an option) and the state
 * that breaks it. One collector is made per input and handed to each step that checks it.
 */
public final class Problems {

  private final List<String> found = new ArrayList<>();

  /** Records one problem, e.g. {@code "table 'x' has ..."} or {@code "--threads must be ..."}. */
  public void add(String problem) {
    found.add(problem);
  }

  public boolean isEmpty() {
    return found.isEmpty();
  }

  /** The problems so far, in the order they were found. */
  public List<String> list() {
    return List.copyOf(found);
  }

  /**
   * Throws one {@link SpateException} listing every problem so far; does nothing when there is
   * none. One problem reads {@code <lead>: <problem>}; several read {@code <lead> (N problems):}
   * with one problem a line.
   *
   * @param lead what could not be done, e.g. {@code cannot plan the fill}
   */
  public void throwIfAny(String lead) {
    if (found.size() == 1) {
      throw new SpateException(lead + ": " + found.get(0));
    }
    if (!found.isEmpty()) {
      throw new SpateException(
          lead + " (" + found.size() + " problems):\n  - " + String.join("\n  - ", found));
    }
  }
}
