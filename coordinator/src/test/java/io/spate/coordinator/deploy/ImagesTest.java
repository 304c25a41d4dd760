package io.spate.coordinator.deploy;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.deploy.DeployFiles.Image;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * deploy/Dockerfile read as its stages, and the worker-only jar its worker image carries: what the
 * compose file and the manifests rely on (image names, the user, the entry point, the ports).
 */
class ImagesTest {

  /** The Dockerfile's stages by name, each with its instructions (continuation lines joined). */
  static Map<String, List<String>> stages() {
    Map<String, List<String>> stages = new LinkedHashMap<>();
    List<String> current = null;
    String text = DeployFiles.read(DeployFiles.deploy("Dockerfile")).replaceAll("\\\\\\n", " ");
    for (String line : text.split("\n")) {
      String trimmed = line.strip();
      if (trimmed.isEmpty() || trimmed.startsWith("#")) {
        continue;
      }
      Matcher from = Pattern.compile("(?i)FROM\\s+(\\S+)\\s+AS\\s+(\\S+)").matcher(trimmed);
      if (from.matches()) {
        current = new ArrayList<>();
        stages.put(from.group(2), current);
        current.add("FROM " + from.group(1));
      } else if (current != null) {
        current.add(trimmed);
      }
    }
    return stages;
  }

  /** A stage's instructions with those of the stages it builds on, base first. */
  static List<String> inherited(Map<String, List<String>> stages, String stage) {
    List<String> own = stages.get(stage);
    assertNotNull(own, "deploy/Dockerfile has no stage " + stage + ": " + stages.keySet());
    String base = own.get(0).substring("FROM ".length());
    List<String> all =
        new ArrayList<>(stages.containsKey(base) ? inherited(stages, base) : List.of());
    all.addAll(own);
    return all;
  }

  @Test
  void buildsEachImageAsAStageNamedAfterIt() {
    Map<String, List<String>> stages = stages();
    for (Image image : Image.values()) {
      List<String> stage = stages.get(image.target);
      assertNotNull(
          stage, "no stage " + image.target + " in deploy/Dockerfile: " + stages.keySet());
      assertTrue(
          String.join("\n", stage)
              .contains("org.opencontainers.image.title=\"" + image.imageName() + "\""),
          image + " is not titled " + image.imageName());
    }
  }

  @Test
  void runsAsTheNonRootUserTheManifestsNameThroughTheEntrypointScript() {
    Map<String, List<String>> stages = stages();
    for (Image image : Image.values()) {
      List<String> all = inherited(stages, image.target);
      assertTrue(
          all.contains("USER " + DeployFiles.IMAGE_UID + ":" + DeployFiles.IMAGE_UID),
          image + " does not run as uid " + DeployFiles.IMAGE_UID);
      assertTrue(
          all.contains("ENTRYPOINT [\"/opt/spate/entrypoint.sh\"]"),
          image + " does not start through entrypoint.sh");
      assertTrue(
          all.stream()
              .anyMatch(i -> i.matches("COPY .*deploy/entrypoint\\.sh /opt/spate/entrypoint\\.sh")),
          image + " lacks entrypoint.sh");
      assertTrue(
          all.stream().anyMatch(i -> i.contains("SPATE_JAR=/opt/spate/spate.jar")),
          image + " does not point SPATE_JAR at its jar");
    }
    assertTrue(
        stages
            .get(Image.WORKER.target)
            .contains("COPY --from=build /tmp/spate-worker.jar /opt/spate/spate.jar"),
        "the worker image must carry the worker-only jar");
    assertTrue(
        stages
            .get(Image.COORDINATOR.target)
            .contains("COPY --from=build /tmp/spate.jar /opt/spate/spate.jar"),
        "the coordinator image must carry the full CLI");
    String build = String.join("\n", stages.get("build"));
    assertTrue(
        build.contains("cp worker/target/spate-worker.jar coordinator/target/spate.jar /tmp/"),
        "the build stage does not collect both jars");
  }

  /**
   * The build stage copies the POM of every module the root POM lists (Maven refuses a reactor with
   * one missing) and the sources of every module the images' jars are built from (the coordinator
   * and everything it depends on, the database modules included).
   */
  @Test
  void buildCopiesEveryModulesPomAndTheSourcesTheJarsNeed() throws IOException {
    String rootPom = Files.readString(DeployFiles.ROOT.resolve("pom.xml"));
    List<String> modules =
        java.util.regex.Pattern.compile("<module>([^<]+)</module>")
            .matcher(rootPom)
            .results()
            .map(m -> m.group(1))
            .toList();
    assertTrue(modules.contains("db/postgres"), modules::toString);
    List<String> copies =
        stages().get("build").stream().filter(i -> i.startsWith("COPY ")).toList();
    for (String module : modules) {
      assertTrue(
          copies.contains("COPY " + module + "/pom.xml " + module + "/"),
          "deploy/Dockerfile's build stage does not copy " + module + "/pom.xml: " + copies);
    }
    List<String> jarSources = new java.util.ArrayList<>(List.of("protocol", "engine", "core"));
    modules.stream().filter(m -> m.startsWith("db/")).forEach(jarSources::add); // every target
    jarSources.addAll(List.of("worker", "coordinator"));
    for (String module : jarSources) {
      assertTrue(
          copies.contains("COPY " + module + "/src " + module + "/src"),
          "deploy/Dockerfile's build stage does not copy " + module + "/src: " + copies);
    }
  }

  /**
   * Every file under a path the build stage copies reaches the build: no Dockerfile.dockerignore
   * pattern matches it or a directory above it (as the builder reads them: a pattern that matches a
   * directory drops all of it; `*` stays within a directory, `**` crosses them).
   */
  @Test
  void buildContextKeepsEverySourceTheBuildCopies() throws IOException {
    List<PathMatcher> ignored =
        DeployFiles.read(DeployFiles.deploy("Dockerfile.dockerignore"))
            .lines()
            .map(String::strip)
            .filter(line -> !line.isEmpty() && !line.startsWith("#"))
            .map(line -> FileSystems.getDefault().getPathMatcher("glob:" + line))
            .toList();
    List<String> copied =
        stages().get("build").stream()
            .filter(i -> i.startsWith("COPY ") && !i.contains("--from"))
            .flatMap(i -> Stream.of(i.split("\\s+")).skip(1).limit(1))
            .toList();
    assertTrue(copied.contains("worker/src"), "the build stage copies no worker/src: " + copied);
    for (String source : copied) {
      try (Stream<Path> files = Files.walk(DeployFiles.ROOT.resolve(source))) {
        for (Path file : files.filter(Files::isRegularFile).toList()) {
          for (Path path = DeployFiles.ROOT.relativize(file);
              path != null;
              path = path.getParent()) {
            Path dropped = path;
            assertFalse(
                ignored.stream().anyMatch(pattern -> pattern.matches(dropped)),
                "deploy/Dockerfile.dockerignore leaves "
                    + DeployFiles.ROOT.relativize(file)
                    + " out of the build (it matches "
                    + dropped
                    + ")");
          }
        }
      }
    }
  }

  @Test
  void exposesThePortsTheManifestsUse() {
    int port = KubernetesManifestsTest.workerHttpPort();
    assertTrue(
        stages().get(Image.WORKER.target).contains("EXPOSE " + port),
        "the worker image does not expose --http-port " + port);
    int service = KubernetesManifestsTest.coordinatorPort();
    assertTrue(
        stages().get(Image.COORDINATOR.target).contains("EXPOSE " + service),
        "the coordinator image does not expose --port " + service);
  }
}
