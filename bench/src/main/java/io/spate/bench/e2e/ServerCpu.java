package io.spate.bench.e2e;

import java.io.IOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The CPU time the database server spends, read from Linux's {@code /proc} when the server runs on
 * this machine. Where the bench shares the cores with the server, wall-clock ratios mix the
 * server's work with Spate's; this figure is the server's alone and carries over to a server with
 * cores of its own.
 *
 * <p>A reading is the server process's times and its reaped children's ({@code
 * utime+stime+cutime+cstime}) plus the same four of each live child, what reaping it will add: for
 * MariaDB/MySQL the one process (its threads are in its times), for PostgreSQL the postmaster and
 * its backends and auxiliary processes. A child reaped between reading the postmaster and listing
 * the children would be missed whole, so a reading is taken again until the postmaster's reaped
 * time did not move across it.
 *
 * <p>Error bounds: a live process's times are whole clock ticks (10 ms), so the difference of two
 * readings is off by less than a tick per process that ran between them; what a process spends
 * after a reading (a closed connection's backend still exiting) falls into the next one; other
 * clients of the same server are counted too.
 */
final class ServerCpu {

  private static final Set<String> SERVER_NAMES = Set.of("postgres", "mariadbd", "mysqld");

  /** The server process (the postmaster on PostgreSQL), or -1 when the figure is absent. */
  private final long pid;

  /** Clock ticks per second of {@code /proc}'s times ({@code getconf CLK_TCK}, 100 on Linux). */
  private final double ticksPerSecond;

  /** Why the figure is absent, or null when it is read. */
  private final String absent;

  private ServerCpu(long pid, double ticksPerSecond, String absent) {
    this.pid = pid;
    this.ticksPerSecond = ticksPerSecond;
    this.absent = absent;
  }

  /** The server process {@code pid} (and its children), its times in {@code ticksPerSecond}. */
  static ServerCpu of(long pid, double ticksPerSecond) {
    return new ServerCpu(pid, ticksPerSecond, null);
  }

  /**
   * The server behind the bench's admin URL, or an absent figure saying why (an embedded database,
   * a host that is not this machine, a server in another PID namespace, no {@code /proc}); never
   * fails the bench.
   */
  static ServerCpu find(BenchDb db) {
    if (db.kind().embedded()) {
      return absent(
          db.kind()
              + " runs inside the process that opens it (spate's, or the bench's for a reference):"
              + " there is no server of its own");
    }
    try {
      String host = URI.create(db.adminUrl().substring("jdbc:".length())).getHost();
      if (host == null) {
        return absent("no single host in " + db.adminUrl());
      }
      InetAddress address = InetAddress.getByName(host);
      if (!address.isLoopbackAddress() && NetworkInterface.getByInetAddress(address) == null) {
        return absent("the server's host " + host + " is not an address of this machine");
      }
      long pid = serverPid(db);
      Stat server = Stat.of(pid);
      if (!SERVER_NAMES.contains(server.comm())) {
        return absent(
            "process "
                + pid
                + " is '"
                + server.comm()
                + "', not the server (is it in a container's PID namespace?)");
      }
      return of(pid, clockTicks());
    } catch (Exception e) {
      return absent(e.toString());
    }
  }

  private static ServerCpu absent(String why) {
    return new ServerCpu(-1, 0, why);
  }

  /** Why the figure is absent, or null when it is read. */
  String absent() {
    return absent;
  }

  /** Where the figure is read from, for the bench's log. */
  String source() {
    return absent != null
        ? "not read (" + absent + ")"
        : "read from /proc/" + pid + " and its children at " + ticksPerSecond + " ticks/s";
  }

  /** The server's CPU seconds so far (see the class comment); NaN when absent. */
  double seconds() throws IOException {
    if (absent != null) {
      return Double.NaN;
    }
    for (int attempt = 0; attempt < 100; attempt++) {
      Stat before = Stat.of(pid);
      long children = 0;
      try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
        for (Path p : (Iterable<Path>) procs::iterator) {
          String name = p.getFileName().toString();
          if (!name.chars().allMatch(Character::isDigit)) {
            continue;
          }
          try {
            Stat child = Stat.parse(Files.readString(p.resolve("stat"), StandardCharsets.UTF_8));
            if (child.ppid() == pid) {
              children += child.ownTicks() + child.reapedTicks();
            }
          } catch (IOException gone) {
            // exited since the listing (no file, or ESRCH on reading): if it was the server's
            // child, its reaping moves the postmaster's reaped time and the reading is retried
          }
        }
      }
      Stat after = Stat.of(pid);
      if (after.reapedTicks() == before.reapedTicks()) {
        return (after.ownTicks() + after.reapedTicks() + children) / ticksPerSecond;
      }
    }
    throw new IllegalStateException(
        "server process " + pid + " reaped children during each of 100 readings of /proc");
  }

  /** Starts timing a run: the server's CPU, then the wall clock. */
  Stopwatch start() throws IOException {
    double cpu = seconds();
    return new Stopwatch(cpu, System.nanoTime());
  }

  /** A run being timed; {@link #stop} reads the wall clock, then the server's CPU. */
  final class Stopwatch {
    private final double cpu0;
    private final long t0;

    private Stopwatch(double cpu0, long t0) {
      this.cpu0 = cpu0;
      this.t0 = t0;
    }

    Timed stop() throws IOException {
      double seconds = (System.nanoTime() - t0) / 1e9;
      return new Timed(seconds, seconds() - cpu0);
    }
  }

  /** A timed run: its wall-clock seconds and the server's CPU seconds over it (NaN when absent). */
  record Timed(double seconds, double serverCpuSeconds) {}

  /**
   * The fields of {@code /proc/PID/stat} the reading needs, the times in clock ticks. The command
   * name is between the first {@code (} and the last {@code )}: it may hold spaces and parentheses.
   */
  record Stat(String comm, long ppid, long utime, long stime, long cutime, long cstime) {

    static Stat of(long pid) throws IOException {
      return parse(Files.readString(Path.of("/proc", Long.toString(pid), "stat")));
    }

    static Stat parse(String line) {
      int close = line.lastIndexOf(')');
      String comm = line.substring(line.indexOf('(') + 1, close);
      // after the name: state (field 3), ppid (4), ..., utime (14), stime, cutime, cstime (17)
      String[] f = line.substring(close + 2).trim().split(" ");
      return new Stat(
          comm,
          Long.parseLong(f[1]),
          Long.parseLong(f[11]),
          Long.parseLong(f[12]),
          Long.parseLong(f[13]),
          Long.parseLong(f[14]));
    }

    long ownTicks() {
      return utime + stime;
    }

    long reapedTicks() {
      return cutime + cstime;
    }
  }

  /**
   * The server's process: on PostgreSQL the parent of this connection's backend (the postmaster),
   * on MariaDB/MySQL the one in the server's pid file.
   */
  private static long serverPid(BenchDb db) throws Exception {
    try (Connection c = db.connect(db.adminUrl());
        Statement st = c.createStatement();
        ResultSet rs =
            st.executeQuery(
                db.kind() == BenchDb.Server.POSTGRESQL
                    ? "SELECT pg_backend_pid()"
                    : "SELECT @@pid_file")) {
      rs.next();
      return db.kind() == BenchDb.Server.POSTGRESQL
          ? Stat.of(rs.getLong(1)).ppid()
          : Long.parseLong(Files.readString(Path.of(rs.getString(1))).trim());
    }
  }

  /** {@code getconf CLK_TCK}: Java cannot ask sysconf, and Linux's 100 is an assumption. */
  private static double clockTicks() throws Exception {
    Process p = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    if (p.waitFor() != 0) {
      throw new IllegalStateException("getconf CLK_TCK failed: " + out);
    }
    return Double.parseDouble(out);
  }
}
