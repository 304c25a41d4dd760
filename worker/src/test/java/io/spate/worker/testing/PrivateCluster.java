package io.spate.worker.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * A PostgreSQL server of a test's own, for tests that restart or stop the server under a running
 * fill (which no test may do to the shared one): the local PostgreSQL 15 binaries ({@code initdb},
 * {@code pg_ctl}), data in a temporary directory, trust authentication, listening on 127.0.0.1 at a
 * free port. It runs as user {@code postgres} when the test runs as root (the server refuses root),
 * else as the test's own user. {@link #create()} skips the test, saying why, where the binaries are
 * missing.
 *
 * <p>Its locale is {@code C.UTF-8}, the shared server's, so tables compare by {@code
 * Fills.checksums} across the two.
 */
public final class PrivateCluster implements AutoCloseable {

  private static final Path BIN = Path.of("/usr/lib/postgresql/15/bin");
  private static final String SUPERUSER = "postgres";

  private final Path dir;
  private final Path data;
  private final int port;
  private final boolean asPostgres;

  private PrivateCluster(Path dir, int port, boolean asPostgres) {
    this.dir = dir;
    this.data = dir.resolve("data");
    this.port = port;
    this.asPostgres = asPostgres;
  }

  /** Initialises and starts a new server; skips the calling test if that is not possible here. */
  public static PrivateCluster create() {
    Assumptions.assumeTrue(
        Files.isExecutable(BIN.resolve("initdb")) && Files.isExecutable(BIN.resolve("pg_ctl")),
        "no PostgreSQL 15 binaries in " + BIN + " to run a private server");
    boolean root = "root".equals(System.getProperty("user.name"));
    Assumptions.assumeTrue(
        !root || Files.isExecutable(Path.of("/usr/sbin/runuser")),
        "running as root without runuser to start the server as " + SUPERUSER);
    PrivateCluster cluster;
    try {
      cluster = new PrivateCluster(Files.createTempDirectory("spate-pg-"), freePort(), root);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot make a directory for a private server", e);
    }
    try {
      if (root) {
        cluster.run(List.of("chown", SUPERUSER + ":", cluster.dir.toString()), false);
      }
      cluster.run(
          List.of(
              BIN.resolve("initdb").toString(),
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
      cluster.start();
    } catch (RuntimeException e) {
      cluster.close();
      throw e;
    }
    return cluster;
  }

  /** A JDBC URL of {@code database} on this server, as user {@code postgres}. */
  public String jdbcUrl(String database) {
    return "jdbc:postgresql://127.0.0.1:" + port + "/" + database;
  }

  /** A new empty database on this server. */
  public TestDatabase createDatabase() {
    return TestDatabase.createOn(jdbcUrl("postgres"), SUPERUSER, "");
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
            + " -c listen_addresses=127.0.0.1 -c unix_socket_directories="
            + dir
            + " -c fsync=off");
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

  /** Stops the server at once and deletes its files. */
  @Override
  public void close() {
    try {
      if (Files.exists(data.resolve("postmaster.pid"))) {
        pgCtl("stop", "-m", "immediate");
      }
    } finally {
      try (Stream<Path> files = Files.walk(dir)) {
        files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      } catch (IOException e) {
        throw new UncheckedIOException("cannot delete " + dir, e);
      }
    }
  }

  private void pgCtl(String... args) {
    List<String> command =
        new ArrayList<>(List.of(BIN.resolve("pg_ctl").toString(), "-D", data.toString(), "-w"));
    command.addAll(List.of(args));
    run(command, true);
  }

  /**
   * Runs a command to its end (as {@code postgres} if asked and root); fails on a non-zero exit.
   */
  private void run(List<String> command, boolean asServerUser) {
    List<String> full = new ArrayList<>();
    if (asServerUser && asPostgres) {
      full.addAll(List.of("/usr/sbin/runuser", "-u", SUPERUSER, "--"));
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

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }
}
