package io.spate.bench.e2e;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * The processes the bench starts: Spate's CLI jar through the repository's launcher ({@code
 * ./spate}), and the reference programs. Every Spate process started is tracked until it ends, so
 * {@link #destroyAll} (the shutdown hook of a stopped bench, Ctrl-C or SIGTERM) leaves none behind.
 */
final class ChildProcesses {

  private final Path jar;

  /** Every Spate process started and maybe still running; shared with the shutdown hook. */
  private final List<Process> children = Collections.synchronizedList(new ArrayList<>());

  ChildProcesses(Path jar) {
    this.jar = jar;
  }

  /** Kills every Spate process still running. */
  void destroyAll() {
    synchronized (children) {
      children.forEach(Process::destroyForcibly);
    }
  }

  /** Runs the CLI to its end; fails with its output when it exits non-zero. */
  void spate(String... args) throws Exception {
    Process p = start(args);
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (p.waitFor() != 0) {
      throw new IllegalStateException("spate " + String.join(" ", args) + " failed:\n" + output);
    }
  }

  /** Starts the CLI, its output and errors on one stream, tracked until it ends. */
  Process start(String... args) throws IOException {
    // through the launcher, with its flags and start-up cache: users start Spate that way
    List<String> command = new ArrayList<>(List.of(launcher().toString()));
    command.addAll(Arrays.asList(args));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().put("SPATE_JAR", jar.toAbsolutePath().toString());
    builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
    children.removeIf(p -> !p.isAlive());
    Process p = builder.start();
    children.add(p);
    return p;
  }

  /** Runs a program other than Spate to its end; fails with its output when it exits non-zero. */
  static void run(List<String> command) throws Exception {
    output(command);
  }

  /** Runs {@code command} to its end and returns its output (stdout and stderr). */
  static String output(List<String> command) throws Exception {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (p.waitFor() != 0) {
      throw new IllegalStateException(String.join(" ", command) + " failed:\n" + output);
    }
    return output;
  }

  /**
   * The repository's {@code ./spate}: the bench's classes are in {@code bench/target/classes} or a
   * jar in {@code bench/target}, three levels below it.
   */
  private static Path launcher() {
    try {
      Path code =
          Path.of(ChildProcesses.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      return code.toAbsolutePath().getParent().getParent().getParent().resolve("spate");
    } catch (java.net.URISyntaxException e) {
      throw new IllegalStateException("cannot tell where the bench's classes are", e);
    }
  }

  static String pgbench() {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
      if (Files.isExecutable(Path.of(dir, "pgbench"))) {
        return Path.of(dir, "pgbench").toString();
      }
    }
    throw new IllegalStateException(
        "the pgbench scenario needs the pgbench program on the PATH (Debian: postgresql-contrib or postgresql-client)");
  }

  /** Waits up to 60 s for a worker's {@code /ready} on the port to answer 200. */
  static void awaitReady(int port) throws Exception {
    HttpClient client = HttpClient.newHttpClient();
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (System.nanoTime() < deadline) {
      try {
        HttpResponse<Void> r =
            client.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/ready")).build(),
                HttpResponse.BodyHandlers.discarding());
        if (r.statusCode() == 200) {
          return;
        }
      } catch (IOException notYet) {
        // the worker is still starting
      }
      Thread.sleep(100);
    }
    throw new IllegalStateException(
        "a worker did not become ready on port " + port + " within 60 s");
  }

  static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  /** The bytes of the regular files under {@code dir}; 0 when it does not exist. */
  static long treeBytes(java.nio.file.Path dir) throws java.io.IOException {
    if (!java.nio.file.Files.exists(dir)) {
      return 0;
    }
    try (var paths = java.nio.file.Files.walk(dir)) {
      long bytes = 0;
      for (java.nio.file.Path p : paths.filter(java.nio.file.Files::isRegularFile).toList()) {
        bytes += java.nio.file.Files.size(p);
      }
      return bytes;
    }
  }
}
