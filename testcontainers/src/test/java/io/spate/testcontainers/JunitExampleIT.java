package io.spate.testcontainers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.worker.testing.Fixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * examples/junit-example, a separate Maven project, built and tested against this build's
 * artifacts: they are staged in a private repository laid out as {@code ./mvnw install} lays them
 * out, with the user's local repository behind it for everything else (what the example needs
 * beyond this build, JUnit 6, is fetched into the private one if the local one lacks it). Its tests
 * fill the local PostgreSQL (or a Testcontainers one where Docker answers).
 */
class JunitExampleIT {

  /** The published artifacts: artifact id, module directory, whether it is a pom alone. */
  private record Artifact(String id, String dir, boolean pomOnly) {}

  private static final List<Artifact> PUBLISHED =
      List.of(
          new Artifact("spate-parent", ".", true),
          new Artifact("spate-bom", "bom", true),
          new Artifact("spate-protocol", "protocol", false),
          new Artifact("spate-engine", "engine", false),
          new Artifact("spate-core", "core", false),
          new Artifact("spate-api", "api", false),
          new Artifact("spate-junit", "junit", false),
          new Artifact("spate-testcontainers", "testcontainers", false));

  @Test
  void theExampleProjectBuildsAndPassesAgainstTheInstalledArtifacts() throws Exception {
    Path root = Fixtures.root();
    String version = System.getProperty("spate.version");
    Path work = Path.of("target", "junit-example-it").toAbsolutePath();
    delete(work);
    Path repo = work.resolve("repository");
    for (Artifact a : PUBLISHED) {
      Path dir = repo.resolve("io/spate").resolve(a.id()).resolve(version);
      Files.createDirectories(dir);
      Path module = root.resolve(a.dir());
      Files.copy(module.resolve("pom.xml"), dir.resolve(a.id() + "-" + version + ".pom"));
      if (!a.pomOnly()) {
        Path jar = module.resolve("target").resolve(a.id() + "-" + version + ".jar");
        assertTrue(Files.isRegularFile(jar), jar + " is not built: package the module first");
        Files.copy(jar, dir.resolve(a.id() + "-" + version + ".jar"));
      }
    }
    Path project = work.resolve("junit-example");
    copy(root.resolve("examples/junit-example"), project);

    Path log = work.resolve("build.log");
    ProcessBuilder maven =
        new ProcessBuilder(
                root.resolve("mvnw").toString(),
                "-B",
                "-ntp",
                "-Dmaven.repo.local=" + repo,
                "-Dmaven.repo.local.tail=" + System.getProperty("spate.localRepository"),
                "-Dspate.version=" + version,
                "test")
            .directory(project.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile());
    maven.environment().put("JAVA_HOME", System.getProperty("java.home"));
    Process build = maven.start();
    build.getOutputStream().close();
    assertTrue(build.waitFor(10, TimeUnit.MINUTES), "the example's build did not end in 10 min");
    String output = Files.readString(log);
    assertEquals(0, build.exitValue(), output);
    assertTrue(output.contains("Tests run: 5, Failures: 0, Errors: 0, Skipped: 0"), output);
  }

  private static void copy(Path from, Path to) throws IOException {
    try (Stream<Path> files = Files.walk(from)) {
      for (Path f : files.filter(p -> !from.relativize(p).startsWith("target")).toList()) {
        Path target = to.resolve(from.relativize(f).toString());
        if (Files.isDirectory(f)) {
          Files.createDirectories(target);
        } else {
          Files.copy(f, target, StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
  }

  private static void delete(Path dir) throws IOException {
    if (Files.exists(dir)) {
      try (Stream<Path> files = Files.walk(dir)) {
        for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(f);
        }
      }
    }
  }
}
