package io.spate.bench.e2e;

import static io.spate.bench.e2e.BenchDb.pgbenchKeys;
import static io.spate.bench.e2e.ChildProcesses.awaitReady;
import static io.spate.bench.e2e.ChildProcesses.freePort;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.spate.api.FillResult;
import io.spate.api.Spate;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Spate's whole process in a mode: {@code local-N} runs {@code spate local} with N threads; {@code
 * csv-N} and {@code parquet-N} the same writing files ({@code --out}, the database only read);
 * {@code dist-N} submits the job to N standing workers through the broker, {@code csv-dist-N} and
 * {@code parquet-dist-N} a job that writes files to N workers writing into the same directory;
 * {@code api-N} is the library's {@code fill()} with N threads inside the bench's own JVM, warm
 * after its warm-up (what a test suite or a service pays: no process start). A dist mode's workers
 * start at its first run of a scenario and stand until {@link #stopFleet}, so at most one mode's
 * workers are up at a time and the measured runs time jobs, not worker JVMs starting cold.
 */
final class ModeRunner {

  private final BenchDb db;
  private final ChildProcesses processes;
  private final String user;
  private final ServerCpu serverCpu;

  /** The bootstrap address of the dist modes' broker; null when only local modes run. */
  private final String bootstrap;

  /** The standing workers of the current dist mode. */
  private final List<Process> fleet = new ArrayList<>();

  private final Map<String, String> fleetPrefixes = new HashMap<>();

  /** Where the file modes write, a directory per mode; emptied by each run ({@code --truncate}). */
  private final Path files;

  ModeRunner(
      BenchDb db, ServerCpu serverCpu, ChildProcesses processes, String bootstrap, Path files) {
    this.files = files;
    this.db = db;
    this.serverCpu = serverCpu;
    this.processes = processes;
    this.user = db.user();
    this.bootstrap = bootstrap;
  }

  /** One timed run of Spate in a mode, from an empty schema to the scenario's end state. */
  ServerCpu.Timed run(Scenario s, String mode, String url, Path config) throws Exception {
    db.resetSchema(s, url);
    if (writesFiles(mode)) {
      String format = mode.substring(0, mode.indexOf('-'));
      Path dir = files.resolve(mode);
      List<String> args =
          new ArrayList<>(
              List.of(
                  "--db",
                  url,
                  "--user",
                  user,
                  "--config",
                  config.toString(),
                  "--out",
                  dir.toString(),
                  "--format",
                  format,
                  "--truncate"));
      ServerCpu.Stopwatch timing;
      if (distributed(mode)) {
        String prefix = fleet(s, mode, "file://" + dir.toAbsolutePath());
        args.addAll(0, List.of("submit", "--bootstrap", bootstrap, "--topic-prefix", prefix));
        timing = serverCpu.start();
      } else {
        args.addAll(0, List.of("local", "--threads", workers(mode)));
        timing = serverCpu.start();
      }
      processes.spate(args.toArray(String[]::new));
      ServerCpu.Timed timed = timing.stop();
      System.err.printf(
          "[bench] %s: %.1f MB of files%n",
          mode, ChildProcesses.treeBytes(files.resolve(mode)) / 1e6);
      return timed;
    }
    if (library(mode)) {
      ServerCpu.Stopwatch timing = serverCpu.start();
      if (s == Scenario.PGBENCH) {
        db.execute(url, pgbenchKeys());
      }
      FillResult result =
          Spate.on(url, user, "").config(config).threads(Integer.parseInt(workers(mode))).fill();
      ServerCpu.Timed timed = timing.stop();
      if (result.totalRows() == 0) {
        throw new IllegalStateException(mode + ": the library's fill wrote no rows in " + url);
      }
      return timed;
    }
    if (mode.startsWith("local-")) {
      ServerCpu.Stopwatch timing = serverCpu.start();
      if (s == Scenario.PGBENCH) {
        db.execute(url, pgbenchKeys());
      }
      processes.spate(
          "local",
          "--db",
          url,
          "--user",
          user,
          "--config",
          config.toString(),
          "--threads",
          mode.substring(6));
      return timing.stop();
    }
    String prefix = fleet(s, mode, url);
    ServerCpu.Stopwatch timing = serverCpu.start();
    if (s == Scenario.PGBENCH) {
      db.execute(url, pgbenchKeys());
    }
    processes.spate(
        "submit",
        "--bootstrap",
        bootstrap,
        "--topic-prefix",
        prefix,
        "--db",
        url,
        "--user",
        user,
        "--config",
        config.toString());
    return timing.stop();
  }

  /** The rows a file mode's last run wrote, as its tables' manifests count them. */
  long filesRows(String mode) throws IOException {
    long rows = 0;
    try (var tables = Files.list(files.resolve(mode))) {
      for (Path table : tables.filter(Files::isDirectory).toList()) {
        rows += MANIFESTS.readTree(table.resolve("_manifest.json").toFile()).get("rows").asLong();
      }
    }
    return rows;
  }

  /** The bytes of a file mode's last run. */
  long filesBytes(String mode) throws IOException {
    return ChildProcesses.treeBytes(files.resolve(mode));
  }

  private static final ObjectMapper MANIFESTS = new ObjectMapper();

  /** Whether {@code mode} writes files rather than rows into the database. */
  static boolean writesFiles(String mode) {
    return mode.startsWith("csv-") || mode.startsWith("parquet-");
  }

  /** Whether {@code mode} fills through the library, in this JVM. */
  static boolean library(String mode) {
    return mode.startsWith("api-");
  }

  /** Whether {@code mode}'s rows are written by workers through the broker. */
  static boolean distributed(String mode) {
    return mode.startsWith("dist-") || mode.contains("-dist-");
  }

  /** The threads or workers of {@code mode}: its last number. */
  private static String workers(String mode) {
    return mode.substring(mode.lastIndexOf('-') + 1);
  }

  /**
   * The topic prefix of a dist mode's standing workers in this scenario, starting them at the
   * mode's first run (the warm-up): like a deployment's workers, they stay up from job to job, so
   * the measured runs time jobs, not worker JVMs starting cold.
   */
  private String fleet(Scenario s, String mode, String url) throws Exception {
    String known = fleetPrefixes.get(mode);
    if (known != null) {
      return known;
    }
    int workers = Integer.parseInt(workers(mode));
    String prefix = "bench-" + s.id + "-" + mode + "-" + System.nanoTime() + "-";
    for (int w = 0; w < workers; w++) {
      int port = freePort();
      Process worker =
          processes.start(
              "worker",
              "--bootstrap",
              bootstrap,
              "--topic-prefix",
              prefix,
              "--db",
              url,
              "--user",
              user,
              "--threads",
              "1",
              "--http-port",
              Integer.toString(port));
      worker
          .getInputStream()
          .close(); // a worker's output is not read: it must never block on a full pipe
      fleet.add(worker);
      awaitReady(port);
    }
    fleetPrefixes.put(mode, prefix);
    return prefix;
  }

  /** Stops the scenario's standing workers. */
  void stopFleet() throws InterruptedException {
    for (Process p : fleet) {
      p.destroy();
    }
    for (Process p : fleet) {
      if (!p.waitFor(60, TimeUnit.SECONDS)) {
        p.destroyForcibly();
      }
    }
    fleet.clear();
    fleetPrefixes.clear();
  }
}
