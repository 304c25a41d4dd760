package io.spate.bench.e2e;

import io.spate.coordinator.demo.DemoPostgres;
import io.spate.engine.target.TargetKind;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The end-to-end bench ({@code bench/run}): for each scenario, Spate's whole process in each mode
 * ({@link ModeRunner}) against the scenario's references ({@link ReferenceRunner}), all on one
 * database in one run (PostgreSQL, MariaDB/MySQL, SQLite or H2 by the {@code --db} URL's prefix),
 * each in a database of its own that the runner creates and drops ({@link BenchDb}). Modes run in
 * turn, measurement by measurement, so drift on a shared machine hits them alike; the median of the
 * iterations is reported ({@link BenchResults}).
 */
@Command(
    name = "bench/run",
    mixinStandardHelpOptions = true,
    description = "Runs the end-to-end bench and writes results.json and chart.svg.")
public final class BenchRunner implements Callable<Integer> {

  static final List<String> ALL_MODES = List.of("local-1", "local-2", "dist-1", "dist-2", "dist-4");

  @Option(names = "--quick", description = "Every scenario at a tenth of its size, one iteration")
  boolean quick;

  @Option(
      names = "--db",
      paramLabel = "JDBC_URL",
      description =
          "Admin URL of the database to bench on, by its prefix: jdbc:postgresql://HOST/DB,"
              + " jdbc:mariadb://HOST/ or jdbc:mysql://HOST/ (a database per scenario on that"
              + " server), jdbc:sqlite:DIR/NAME.db or jdbc:h2:DIR/NAME (a file per scenario in DIR,"
              + " local modes only) (default: an embedded PostgreSQL 17)")
  String db;

  @Option(
      names = "--user",
      description =
          "Database user (default: postgres; root on a jdbc:mariadb: or jdbc:mysql: URL, sa on"
              + " jdbc:h2:, none on jdbc:sqlite:)")
  String user;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description = "Where results.json and chart.svg go (default: bench/results/latest)")
  Path out = Path.of("bench/results/latest");

  @Option(
      names = "--jar",
      paramLabel = "FILE",
      description = "The spate CLI jar (default: coordinator/target/spate.jar)")
  Path jar = Path.of("coordinator/target/spate.jar");

  @Option(
      names = "--modes",
      split = ",",
      description =
          "Modes to run (default: all of local-1,local-2,dist-1,dist-2,dist-4; also csv-N and"
              + " parquet-N: spate local writing files with N threads; csv-dist-N and parquet-dist-N: N"
              + " workers writing them; api-N: the library's fill() with N threads in the bench's"
              + " JVM, warm after its warm-up)")
  List<String> modes = ALL_MODES;

  @Option(names = "--iterations", description = "Measured runs per mode (default: 3; --quick: 1)")
  Integer iterations;

  @Option(
      names = "--scale",
      description = "Size factor of every scenario (default: 1; --quick: 0.1)")
  Double scale;

  @Option(
      names = "--database-prefix",
      paramLabel = "PREFIX",
      description =
          "Prefix of the database each scenario gets (created and dropped; default: spate_bench_),"
              + " so benches sharing a server keep apart")
  String databasePrefix = "spate_bench_";

  @Parameters(
      paramLabel = "SCENARIO",
      description = "single, wide, trip, tpcc-1, tpcc-10, pgbench, fixed-cost (default: all)")
  List<String> scenarios =
      List.of("single", "wide", "trip", "tpcc-1", "tpcc-10", "pgbench", "fixed-cost");

  private Path work;
  private BenchDb server;
  private ModeRunner modeRunner;
  private ReferenceRunner references;
  private BenchResults results;

  public static void main(String[] args) {
    System.exit(new CommandLine(new BenchRunner()).execute(args));
  }

  @Override
  public Integer call() throws Exception {
    double factor = scale != null ? scale : quick ? 0.1 : 1.0;
    int runs = iterations != null ? iterations : quick ? 1 : 3;
    if (!Files.isRegularFile(jar)) {
      throw new IllegalStateException(
          "no CLI jar at " + jar + " (build it: ./mvnw -q -DskipTests package)");
    }
    work = Files.createTempDirectory("spate-bench-");
    ChildProcesses processes = new ChildProcesses(jar);
    Runtime.getRuntime().addShutdownHook(new Thread(processes::destroyAll, "bench-cleanup"));
    Files.createDirectories(out);
    DemoPostgres embedded = null;
    String bootstrap = null;
    try {
      String adminUrl;
      if (db == null) {
        embedded = DemoPostgres.start(work.resolve("postgres"));
        adminUrl = embedded.jdbcUrl();
        user = DemoPostgres.USER;
      } else {
        adminUrl = db;
        user = user != null ? user : BenchDb.defaultUser(TargetKind.of(db, "--db"));
      }
      server = new BenchDb(adminUrl, user);
      for (String id : scenarios) {
        Scenario.of(id).references(server.kind()); // refuses a scenario this server cannot run
      }
      refuseWorkersOnEmbedded();
      if (modes.stream().anyMatch(ModeRunner::distributed)) {
        bootstrap = startBroker(processes, work.resolve("kafka"));
      }
      ServerCpu serverCpu = ServerCpu.find(server);
      log("server CPU: " + serverCpu.source());
      modeRunner = new ModeRunner(server, serverCpu, processes, bootstrap, work.resolve("files"));
      references = new ReferenceRunner(server, serverCpu, work);
      results = new BenchResults(out);
      log(
          "server "
              + server.serverVersion()
              + ", factor "
              + factor
              + ", "
              + runs
              + " iteration(s) after a warm-up, modes "
              + modes);
      for (String id : scenarios) {
        runScenario(Scenario.of(id), factor, runs);
        // after every scenario, so a cut-short run keeps what it measured
        results.write(
            factor, runs, server.kind().name().toLowerCase(Locale.ROOT), server.serverVersion());
        log("wrote " + out.resolve("results.json") + " and " + out.resolve("chart.svg"));
      }
      return 0;
    } finally {
      processes.destroyAll(); // the broker, before its directory goes
      if (embedded != null) {
        embedded.close();
      }
      deleteTree(work);
    }
  }

  /**
   * Starts {@code spate broker} as a process of its own, as a deployment runs its broker (not in
   * the bench's JVM, whose own work and JIT would share its time), and returns its bootstrap
   * address once it listens.
   */
  private static String startBroker(ChildProcesses processes, Path dir) throws Exception {
    int port = ChildProcesses.freePort();
    Process broker =
        processes.start("broker", "--port", Integer.toString(port), "--data-dir", dir.toString());
    var lines = new BufferedReader(new InputStreamReader(broker.getInputStream()));
    for (String line = lines.readLine(); line != null; line = lines.readLine()) {
      if (line.contains("listening")) {
        Thread.ofPlatform()
            .daemon()
            .start(() -> lines.lines().forEach(l -> {})); // its output never fills the pipe
        return "127.0.0.1:" + port;
      }
    }
    throw new IllegalStateException(
        "spate broker ended before it listened (exit " + broker.waitFor() + ")");
  }

  /**
   * Refuses the modes that write through workers on SQLite and H2: workers are processes of their
   * own, and an H2 file is opened by one process at a time (unless {@code AUTO_SERVER=TRUE}), while
   * SQLite lets one connection write at a time, so more workers could only wait for each other.
   */
  private void refuseWorkersOnEmbedded() {
    List<String> distributed = modes.stream().filter(ModeRunner::distributed).toList();
    if (server.kind().embedded() && !distributed.isEmpty()) {
      throw new IllegalArgumentException(
          "modes "
              + distributed
              + " need workers, processes of their own, writing one "
              + server.kind()
              + " file: H2 opens a file in one process at a time and SQLite lets one connection"
              + " write at a time, so run local-N there (--modes local-1,local-2)");
    }
  }

  private void runScenario(Scenario s, double factor, int runs) throws Exception {
    String database = databasePrefix + s.id.replace('-', '_');
    server.createDatabase(database);
    try {
      Path config = work.resolve(s.id + ".yaml");
      Files.writeString(config, s.config(factor));
      String url = server.urlFor(database);
      Map<String, List<ServerCpu.Timed>> timed = new LinkedHashMap<>();
      Map<String, Long> fileRows = new LinkedHashMap<>();
      Map<String, Long> fileBytes = new LinkedHashMap<>();
      long rows = 0;
      // pgbench -i runs after each of a mode's runs, warm-up included, the two alternating
      boolean alternate = s.reference == Scenario.Reference.PGBENCH_INIT;
      // every mode's warm-up, then rounds of one run of each mode, the order turning by one mode a
      // round: drift on a shared machine hits every mode alike, and no mode always follows the
      // same one. A dist mode's standing workers stay up from its warm-up to the scenario's end.
      for (int i = 0; i <= runs; i++) { // i == 0: the warm-ups, not counted
        boolean referenced = alternate || i == 0;
        for (String mode : turned(modes, Math.max(0, i - 1))) {
          ServerCpu.Timed t = modeRunner.run(s, mode, url, config);
          if (i > 0) {
            timed.computeIfAbsent(mode, m -> new ArrayList<>()).add(t);
          }
          if (ModeRunner.writesFiles(mode)) { // a file mode leaves the tables empty
            fileRows.put(mode, modeRunner.filesRows(mode));
            fileBytes.put(mode, modeRunner.filesBytes(mode));
            continue;
          }
          rows = server.totalRows(url);
          if (alternate) {
            Map<String, String> filled = i == 0 ? server.pgbenchEndState(url) : null;
            Map<String, ServerCpu.Timed> ref = references.run(s, url, factor, database);
            if (i == 0) {
              sameEndState(mode, filled, server.pgbenchEndState(url));
            } else {
              ref.forEach((r, rt) -> timed.computeIfAbsent(r, m -> new ArrayList<>()).add(rt));
            }
          } else if (!referenced) { // once a round, on the rows a mode just wrote
            referenced = true;
            if (s.reference == Scenario.Reference.API_FILL) {
              // the library's first fill in this JVM is a line of its own, so round 1 runs two
              references.apiFill(s, url, config, i == 1 ? 2 : 1, timed);
            } else {
              references
                  .run(s, url, factor, database)
                  .forEach((ref, rt) -> timed.computeIfAbsent(ref, m -> new ArrayList<>()).add(rt));
            }
          }
        }
      }
      results.add(s, s.references(server.kind()), rows, timed, fileRows, fileBytes);
    } finally {
      modeRunner.stopFleet();
      server.dropDatabase(database);
    }
  }

  /** {@code modes} turned left by {@code by}: round r of the bench runs them in turn r - 1. */
  static List<String> turned(List<String> modes, int by) {
    List<String> turned = new ArrayList<>(modes);
    Collections.rotate(turned, -(by % Math.max(1, modes.size())));
    return turned;
  }

  /**
   * Fails the bench unless a mode's fill left what pgbench -i leaves ({@link
   * BenchDb#pgbenchEndState}): the two are only comparable with the same end state.
   */
  private static void sameEndState(
      String mode, Map<String, String> filled, Map<String, String> pgbench) {
    List<String> differences = new ArrayList<>();
    pgbench.forEach(
        (what, expected) -> {
          if (!expected.equals(filled.get(what))) {
            differences.add(
                what + ": pgbench -i " + expected + ", " + mode + " " + filled.get(what));
          }
        });
    if (!differences.isEmpty()) {
      throw new IllegalStateException(
          mode + " did not leave what pgbench -i leaves:\n  " + String.join("\n  ", differences));
    }
    log(mode + " left what pgbench -i leaves: " + pgbench);
  }

  private static void log(String message) {
    System.err.println("[bench] " + message);
  }

  private static void deleteTree(Path dir) throws IOException {
    if (dir == null || !Files.exists(dir)) {
      return;
    }
    try (var paths = Files.walk(dir)) {
      paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }
}
