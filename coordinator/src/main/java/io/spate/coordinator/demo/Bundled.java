package io.spate.coordinator.demo;

import io.spate.protocol.error.SpateException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The demo's schema and config as the jar carries them: examples/schemas/tpcc.sql and
 * examples/tpcc.yaml, packaged by coordinator/pom.xml, the repository's one copy of each.
 * Stateless.
 */
final class Bundled {

  /** Where the jar carries them. */
  private static final String RESOURCES = "/demo/";

  private Bundled() {}

  /** Copies the bundled {@code name} into {@code dir}; returns the copy. */
  static Path copy(String name, Path dir) {
    Path file = dir.resolve(name);
    try (InputStream in = resource(name)) {
      Files.copy(in, file);
    } catch (IOException e) {
      throw new SpateException("cannot write " + file + ": " + e.getMessage(), e);
    }
    return file;
  }

  static String read(String name) {
    try (InputStream in = resource(name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new SpateException(
          "cannot read the bundled " + RESOURCES + name + ": " + e.getMessage(), e);
    }
  }

  private static InputStream resource(String name) {
    InputStream in = Bundled.class.getResourceAsStream(RESOURCES + name);
    if (in == null) {
      throw new SpateException("the bundled " + RESOURCES + name + " is missing from the jar");
    }
    return in;
  }
}
