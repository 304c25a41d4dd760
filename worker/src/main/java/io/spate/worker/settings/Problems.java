package io.spate.worker.settings;

import io.spate.protocol.error.SpateException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Collects every problem of a command line, a file or a request, so that one error reports them all
 * rather than the first.
 */
public final class Problems {

  private final List<String> problems = new ArrayList<>();

  public void add(String problem) {
    problems.add(problem);
  }

  /**
   * Checks a value against its setting's bounds; a map's values one by one (named {@code name
   * KEY}). A null value (not given) has no problem.
   */
  public void check(Setting<?> setting, Object value, String name) {
    if (value instanceof Map<?, ?> map) {
      map.forEach((k, v) -> setting.problem(v, name + " " + k).ifPresent(problems::add));
    } else {
      setting.problem(value, name).ifPresent(problems::add);
    }
  }

  public boolean isEmpty() {
    return problems.isEmpty();
  }

  public List<String> list() {
    return List.copyOf(problems);
  }

  /**
   * @param subject what has the problems, for the message that lists several ({@code the job
   *     request})
   * @throws SpateException with the one problem, or every problem under a line that counts them
   */
  public void throwIfAny(String subject) {
    if (problems.size() == 1) {
      throw new SpateException(problems.get(0));
    }
    if (!problems.isEmpty()) {
      throw new SpateException(
          subject + " has " + problems.size() + " problems:\n  " + String.join("\n  ", problems));
    }
  }
}
