package io.spate.coordinator.testing;

import io.spate.worker.testing.TestDatabase;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.opentest4j.TestAbortedException;

/**
 * A PostgreSQL cluster of the test's own, listening on one address (say, a {@link
 * NetworkNamespace}'s host end, which the machine's shared server does not listen on), trusting
 * every client: initdb and pg_ctl from {@code /usr/lib/postgresql/VERSION/bin}, run as the user
 * {@code postgres}. {@link #close()} stops it at once and deletes its directory. Needs root and a
 * PostgreSQL installation; {@link #start} aborts the test without them.
 */
public final class PrivatePostgres implements AutoCloseable {

  private static final Path INSTALLATIONS = Path.of("/usr/lib/postgresql");
  private static final String OS_USER = "postgres";

  private final Path bin;
  private final Path dir;
  private final String host;
  private final int port;

  private PrivatePostgres(Path bin, Path dir, String host, int port) {
    this.bin = bin;
    this.dir = dir;
    this.host = host;
    this.port = port;
  }

  /** Initialises and starts a cluster listening on {@code host} (an address of this machine). */
  public static PrivatePostgres start(String host) {
    Path bin = newestInstallation();
    try {
      Path dir = Files.createTempDirectory("spate-private-pg-");
      try {
        run(List.of("chown", OS_USER + ":", dir.toString()));
      } catch (IllegalStateException e) {
        delete(dir);
        throw new TestAbortedException("a private cluster needs root: " + e.getMessage(), e);
      }
      PrivatePostgres pg = new PrivatePostgres(bin, dir, host, freePort(host));
      try {
        pg.runAsPostgres(
            "initdb", "-D", pg.data().toString(), "-U", OS_USER, "--auth=trust", "--no-sync");
        Files.writeString(
            pg.data().resolve("pg_hba.conf"),
            "host all all 0.0.0.0/0 trust\n",
            StandardOpenOption.APPEND);
        pg.runAsPostgres(
            "pg_ctl",
            "-D",
            pg.data().toString(),
            "-l",
            dir.resolve("server.log").toString(),
            "-w",
            "-o",
            "-c listen_addresses="
                + host
                + " -c port="
                + pg.port
                + " -c unix_socket_directories="
                + dir
                + " -c fsync=off -c full_page_writes=off",
            "start");
        return pg;
      } catch (RuntimeException e) {
        pg.close();
        throw e;
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot prepare a private PostgreSQL cluster", e);
    }
  }

  /** A fresh database on this cluster, as the superuser {@code postgres}. */
  public TestDatabase createDatabase() {
    return TestDatabase.createOn(
        "jdbc:postgresql://" + host + ":" + port + "/postgres", OS_USER, "");
  }

  /** Stops the server without waiting for its clients, and deletes its directory. */
  @Override
  public void close() {
    try {
      if (Files.exists(data().resolve("postmaster.pid"))) {
        runAsPostgres("pg_ctl", "-D", data().toString(), "-m", "immediate", "-w", "stop");
      }
    } finally {
      delete(dir);
    }
  }

  private Path data() {
    return dir.resolve("data");
  }

  private void runAsPostgres(String program, String... args) {
    List<String> command =
        new ArrayList<>(List.of("runuser", "-u", OS_USER, "--", bin.resolve(program).toString()));
    command.addAll(List.of(args));
    run(command);
  }

  private static void run(List<String> command) {
    try {
      Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
      String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
        throw new IllegalStateException(String.join(" ", command) + " failed: " + output.strip());
      }
    } catch (IOException e) {
      throw new UncheckedIOException(String.join(" ", command) + " failed", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(String.join(" ", command) + " interrupted", e);
    }
  }

  private static Path newestInstallation() {
    try (Stream<Path> versions = Files.list(INSTALLATIONS)) {
      return versions
          .map(v -> v.resolve("bin"))
          .filter(b -> Files.isExecutable(b.resolve("initdb")))
          .max(Comparator.comparing(b -> Integer.parseInt(b.getParent().getFileName().toString())))
          .orElseThrow(() -> new TestAbortedException("no initdb under " + INSTALLATIONS));
    } catch (IOException | NumberFormatException e) {
      throw new TestAbortedException("no PostgreSQL installation under " + INSTALLATIONS, e);
    }
  }

  private static int freePort(String host) throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(host))) {
      return socket.getLocalPort();
    }
  }

  private static void delete(Path dir) {
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(f);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete " + dir, e);
    }
  }
}
