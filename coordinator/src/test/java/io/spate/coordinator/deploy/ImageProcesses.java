package io.spate.coordinator.deploy;

import io.spate.worker.testing.Await;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Processes started the way the images start them, for the integration tests that run a
 * deployment's commands without containers: {@code deploy/entrypoint.sh} with the image's jar, the
 * container's arguments and environment. Closing stops them all with SIGTERM (then SIGKILL).
 */
final class ImageProcesses implements AutoCloseable {

  /** The jar each image carries, as the build leaves it. */
  enum Jar {
    WORKER(EntrypointScriptIT.WORKER_JAR),
    COORDINATOR(DeployFiles.ROOT.resolve("coordinator/target/spate.jar"));

    final Path path;

    Jar(Path path) {
      this.path = path;
    }
  }

  private final List<Process> processes = new ArrayList<>();

  /** Starts a container's command; its output goes to {@code log}. */
  Process start(Jar jar, List<String> args, Map<String, String> env, Path log) throws IOException {
    List<String> command = new ArrayList<>();
    command.add(DeployFiles.deploy("entrypoint.sh").toString());
    command.addAll(args);
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.environment().putAll(env);
    builder
        .environment()
        .put("JAVA", Path.of(System.getProperty("java.home"), "bin", "java").toString());
    builder.environment().put("SPATE_JAR", jar.path.toString());
    builder
        .environment()
        .put("SPATE_RAM_PERCENTAGE", "5"); // this machine's memory is no container's limit
    Process process = builder.redirectErrorStream(true).redirectOutput(log.toFile()).start();
    processes.add(process);
    return process;
  }

  /** Waits up to a minute for {@code uri} to answer 200; the log tells why when it never does. */
  static void awaitOk(URI uri, Path log) throws IOException, InterruptedException {
    HttpClient http = HttpClient.newHttpClient();
    Await.until(
        () -> {
          try {
            return http.send(
                        HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.discarding())
                    .statusCode()
                == 200;
          } catch (IOException notYet) {
            return false; // not listening yet
          }
        },
        Duration.ofSeconds(60),
        uri + " to answer 200",
        () -> readLog(log));
  }

  /** The log's text, or why there is none: for a failure message. */
  static String readLog(Path log) {
    try {
      return Files.readString(log);
    } catch (IOException e) {
      return "(no log: " + e + ")";
    }
  }

  @Override
  public void close() throws InterruptedException {
    for (Process p : processes) {
      p.destroy();
    }
    for (Process p : processes) {
      if (!p.waitFor(30, TimeUnit.SECONDS)) {
        p.destroyForcibly();
      }
    }
  }
}
