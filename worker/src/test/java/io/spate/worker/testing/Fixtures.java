package io.spate.worker.testing;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the repository's fixtures are: {@code examples/} (the fill configs) and {@code
 * examples/schemas/} (the fixture DDL and its introspected snapshots). Tests run from a module's
 * directory, so the root is found by walking up from the working directory to the first directory
 * holding {@code examples/schemas}; nothing outside the repository is read.
 */
public final class Fixtures {

  private Fixtures() {}

  /** The repository's root: the nearest directory at or above the working one with fixtures. */
  public static Path root() {
    Path start = Path.of("").toAbsolutePath();
    for (Path dir = start; dir != null; dir = dir.getParent()) {
      if (Files.isDirectory(dir.resolve("examples").resolve("schemas"))) {
        return dir;
      }
    }
    throw new IllegalStateException("no examples/schemas at or above " + start);
  }

  /** {@code examples/}: the fill configs, such as {@code tpcc.yaml}. */
  public static Path examples() {
    return root().resolve("examples");
  }

  /** {@code examples/schemas/}: the fixture DDL ({@code *.sql}) and snapshots. */
  public static Path schemas() {
    return examples().resolve("schemas");
  }
}
