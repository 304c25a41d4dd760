package io.spate.coordinator.submit;

import io.spate.worker.testing.Await;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A real {@code spate} process (the shaded CLI jar the build just packaged), for tests that kill
 * workers and coordinators. Output goes to a log file the test can read.
 */
public final class SpateProcess implements AutoCloseable {

  private static final Pattern WORKER_ID = Pattern.compile("spate worker (worker-[0-9a-f]+)");

  private final Process process;
  private final Path log;

  private SpateProcess(Process process, Path log) {
    this.process = process;
    this.log = log;
  }

  public static SpateProcess start(String... args) throws IOException {
    return start(List.of(), args);
  }

  /**
   * Starts the process under {@code prefix}, a command that runs the rest of its line, such as
   * {@code ip netns exec NS} (which execs it, so this process is spate's JVM itself).
   */
  public static SpateProcess start(List<String> prefix, String... args) throws IOException {
    Path jar = jar();
    String java = ProcessHandle.current().info().command().orElse("java");
    List<String> command = new ArrayList<>(prefix);
    command.addAll(List.of(java, "-jar", jar.toString()));
    command.addAll(List.of(args));
    Path log = Files.createTempFile("spate-process", ".log");
    Process p =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    return new SpateProcess(p, log);
  }

  /**
   * Starts the worker's own jar ({@code spate-worker.jar}, which carries no planner or coordinator
   * code, as the worker image runs it) with {@code args}, a worker's options.
   */
  public static SpateProcess startWorkerJar(String... args) throws IOException {
    Path jar = jar().getParent().getParent().getParent().resolve("worker/target/spate-worker.jar");
    if (!Files.isRegularFile(jar)) {
      throw new IllegalStateException(jar + " is missing: run the package phase first");
    }
    String java = ProcessHandle.current().info().command().orElse("java");
    List<String> command = new ArrayList<>(List.of(java, "-jar", jar.toString()));
    command.addAll(List.of(args));
    Path log = Files.createTempFile("spate-worker", ".log");
    Process p =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    return new SpateProcess(p, log);
  }

  private static Path jar() {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve("coordinator/target/spate.jar");
      if (Files.isRegularFile(candidate)) {
        return candidate;
      }
      candidate = dir.resolve("target/spate.jar");
      if (Files.isRegularFile(candidate)) {
        return candidate;
      }
    }
    throw new IllegalStateException(
        "no spate.jar: run the package phase first (./mvnw verify does)");
  }

  public String output() {
    try {
      return Files.readString(log);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The worker id the process announced, waiting for it up to 30 s. */
  public String workerId() throws InterruptedException {
    return Await.untilPresent(
        () -> {
          Matcher m = WORKER_ID.matcher(output());
          return m.find() ? Optional.of(m.group(1)) : Optional.empty();
        },
        Duration.ofSeconds(30),
        "the worker's id",
        this::output);
  }

  /** Waits until the output holds {@code text}, failing at once should the process exit first. */
  public void awaitOutput(String text, Duration timeout) throws InterruptedException {
    Await.until(
        () -> {
          if (output().contains(text)) {
            return true;
          }
          if (!process.isAlive()) {
            throw new IllegalStateException(
                "process exited (" + process.exitValue() + ") before printing " + text);
          }
          return false;
        },
        timeout,
        "the process to print " + text,
        this::output);
  }

  /** SIGKILL: no shutdown hook, no rollback by the process itself. */
  public void kill() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor();
  }

  /** SIGSTOP: the process freezes; its connections stay open and its kernel still answers them. */
  public void freeze() throws IOException, InterruptedException {
    signal("STOP");
  }

  /** SIGCONT: a frozen process carries on where it stopped. */
  public void thaw() throws IOException, InterruptedException {
    signal("CONT");
  }

  private void signal(String name) throws IOException, InterruptedException {
    Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).start();
    if (kill.waitFor() != 0) {
      throw new IllegalStateException("kill -" + name + " " + process.pid() + " failed");
    }
  }

  public int waitFor(Duration timeout) throws InterruptedException {
    if (!process.waitFor(timeout.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS)) {
      throw new IllegalStateException("process still running after " + timeout + ":\n" + output());
    }
    return process.exitValue();
  }

  public boolean alive() {
    return process.isAlive();
  }

  /**
   * SIGTERM, as an orchestrator stops a container, and the exit status once the process ended: 0
   * after a clean drain. SIGKILL if it lingers past 40 s (then the status is 137).
   */
  public int stop() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(40, java.util.concurrent.TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor();
    }
    return process.exitValue();
  }

  /** SIGTERM, then SIGKILL if it lingers. */
  @Override
  public void close() {
    if (process.isAlive()) {
      try {
        stop();
      } catch (InterruptedException e) {
        process.destroyForcibly();
        Thread.currentThread().interrupt();
      }
    }
  }
}
