package io.spate.worker.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * A PostgreSQL server of a test's own, for tests that restart or stop the server under a running
 * fill, or need it on an address the shared one does not listen on (a network namespace's link):
 * the binaries ({@code initdb}, {@code pg_ctl}) of the newest installation under {@code
 * /usr/lib/postgresql}, data in a temporary directory, listening on one address at a free port and
 * trusting every client that reaches it. It runs as user {@code postgres} when the test runs as
 * root (the server refuses root), else as the test's own user. {@link #create} skips the test,
 * saying why ({@link #unavailable()}), where it cannot start.
 *
 * <p>Its locale is {@code C.UTF-8}, the shared server's, so tables compare by {@code
 * Fills.checksums} across the two.
 */
public final class PrivateCluster implements AutoCloseable {

  private static final Path INSTALLATIONS = Path.of("/usr/lib/postgresql");
  private static final Path RUNUSER = Path.of("/usr/sbin/runuser");
  private static final String SUPERUSER = "postgres";

  private final Path bin;
  private final Path dir;
  private final Path data;
  private final String host;
  private final int port;
  private final boolean asPostgres;

  private PrivateCluster(Path bin, Path dir, String host, int port, boolean asPostgres) {
    this.bin = bin;
    this.dir = dir;
    this.data = dir.resolve("data");
    this.host = host;
    this.port = port;
    this.asPostgres = asPostgres;
  }

  /** A new server on 127.0.0.1; skips the calling test if that is not possible here. */
  public static PrivateCluster create() {
    return create("127.0.0.1");
  }

  /**
   * Initialises and starts a new server listening on {@code host} (an address of this machine);
   * skips the calling test if that is not possible here.
   */
  public static PrivateCluster create(String host) {
    unavailable().ifPresent(Assumptions::abort);
    PrivateCluster cluster;
    try {
      cluster =
          new PrivateCluster(
              newestBin().orElseThrow(),
              Files.createTempDirectory("spate-pg-"),
              host,
              Scratch.freePort(host),
              isRoot());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot make a directory for a private server", e);
    }
    try {
      if (cluster.asPostgres) {
        cluster.run(List.of("chown", SUPERUSER + ":", cluster.dir.toString()), false);
      }
      cluster.run(
          List.of(
              cluster.bin.resolve("initdb").toString(),
              "-D",
              cluster.data.toString(),
              "-U",
              SUPERUSER,
              "-A",
              "trust",
              "-E",
              "UTF8",
              "--locale=C.UTF-8",
              "--no-sync"),
          true);
      // initdb trusts loopback clients only; the server listens on one address, so: any client
      Files.writeString(
          cluster.data.resolve("pg_hba.conf"),
          "host all all all trust\n",
          StandardOpenOption.APPEND);
      cluster.start();
    } catch (IOException e) {
      cluster.close();
      throw new UncheckedIOException("cannot configure the private server in " + cluster.dir, e);
    } catch (RuntimeException e) {
      cluster.close();
      throw e;
    }
    return cluster;
  }

  /**
   * Why no private server can start here (no PostgreSQL installation, or root without {@code
   * runuser}), or empty when one can.
   */
  public static Optional<String> unavailable() {
    if (newestBin().isEmpty()) {
      return Optional.of(
          "no PostgreSQL binaries under " + INSTALLATIONS + " to run a private server");
    }
    if (isRoot() && !Files.isExecutable(RUNUSER)) {
      return Optional.of(
          "running as root without " + RUNUSER + " to start a server as " + SUPERUSER);
    }
    return Optional.empty();
  }

  /** A new empty database on this server, as user {@code postgres}. */
  public TestDatabase createDatabase() {
    return TestDatabase.createOn(
        "jdbc:postgresql://" + host + ":" + port + "/postgres", SUPERUSER, "");
  }

  /** Starts the stopped server; returns once it accepts connections. */
  public void start() {
    pgCtl(
        "start",
        "-l",
        dir.resolve("server.log").toString(),
        "-o",
        "-p "
            + port
            + " -c listen_addresses="
            + host
            + " -c unix_socket_directories="
            + dir
            + " -c fsync=off -c full_page_writes=off");
  }

  /**
   * {@code pg_ctl restart -m fast}: every session is terminated, running transactions roll back;
   * returns once the server accepts connections again.
   */
  public void restartFast() {
    pgCtl("restart", "-m", "fast");
  }

  /** {@code pg_ctl stop -m fast}: every session is terminated; returns once the server is down. */
  public void stop() {
    pgCtl("stop", "-m", "fast");
  }

  /**
   * {@code pg_ctl stop -m immediate}: the server dies as in a crash, its sessions with it, and the
   * next {@link #start} runs crash recovery; returns once the server is down.
   */
  public void crash() {
    pgCtl("stop", "-m", "immediate");
  }

  /** Stops the server at once and deletes its files. */
  @Override
  public void close() {
    try {
      if (Files.exists(data.resolve("postmaster.pid"))) {
        pgCtl("stop", "-m", "immediate");
      }
    } finally {
      Scratch.deleteTree(dir);
    }
  }

  /**
   * The {@code bin} of the highest major version under {@link #INSTALLATIONS} (Debian's layout).
   */
  private static Optional<Path> newestBin() {
    if (!Files.isDirectory(INSTALLATIONS)) {
      return Optional.empty();
    }
    try (Stream<Path> versions = Files.list(INSTALLATIONS)) {
      return versions
          .filter(v -> v.getFileName().toString().matches("\\d+"))
          .filter(v -> Files.isExecutable(v.resolve("bin/initdb")))
          .filter(v -> Files.isExecutable(v.resolve("bin/pg_ctl")))
          .max(Comparator.comparingInt(v -> Integer.parseInt(v.getFileName().toString())))
          .map(v -> v.resolve("bin"));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + INSTALLATIONS, e);
    }
  }

  private static boolean isRoot() {
    return "root".equals(System.getProperty("user.name"));
  }

  private void pgCtl(String... args) {
    List<String> command =
        new ArrayList<>(List.of(bin.resolve("pg_ctl").toString(), "-D", data.toString(), "-w"));
    command.addAll(List.of(args));
    run(command, true);
  }

  /**
   * Runs a command to its end (as {@code postgres} if asked and root); fails on a non-zero exit.
   */
  private void run(List<String> command, boolean asServerUser) {
    List<String> full = new ArrayList<>();
    if (asServerUser && asPostgres) {
      full.addAll(List.of(RUNUSER.toString(), "-u", SUPERUSER, "--"));
    }
    full.addAll(command);
    try {
      // to a file, not a pipe: a server pg_ctl starts would hold a pipe open after pg_ctl exits
      Path output = Files.createTempFile("spate-pg-ctl", ".log");
      try {
        Process p =
            new ProcessBuilder(full)
                .redirectErrorStream(true)
                .redirectOutput(output.toFile())
                .start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
          p.destroyForcibly();
          throw new IllegalStateException(
              String.join(" ", full) + " did not end within 120 s:\n" + Files.readString(output));
        }
        if (p.exitValue() != 0) {
          throw new IllegalStateException(
              String.join(" ", full)
                  + " exited with "
                  + p.exitValue()
                  + ":\n"
                  + Files.readString(output));
        }
      } finally {
        Files.deleteIfExists(output);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot run " + full, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted running " + full, e);
    }
  }
}
