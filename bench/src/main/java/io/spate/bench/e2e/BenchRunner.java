package io.spate.bench.e2e;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.spate.coordinator.broker.EmbeddedBroker;
import io.spate.coordinator.demo.DemoPostgres;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.postgresql.PGConnection;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The end-to-end bench ({@code bench/run}): for each scenario, Spate's whole process in each mode
 * against the scenario's reference, all on one PostgreSQL server in one run, each in a database of
 * its own that the runner creates and drops. Modes run in turn, measurement by measurement, so
 * drift on a shared machine hits them alike; the median of the iterations is reported.
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
      description = "Admin URL of the server to bench on (default: an embedded PostgreSQL 17)")
  String db;

  @Option(names = "--user", description = "Database user (default: postgres)")
  String user = "postgres";

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
      description = "Modes to run (default: all of " + "local-1,local-2,dist-1,dist-2,dist-4)")
  List<String> modes = ALL_MODES;

  @Option(names = "--iterations", description = "Measured runs per mode (default: 3; --quick: 1)")
  Integer iterations;

  @Option(
      names = "--scale",
      description = "Size factor of every scenario (default: 1; --quick: 0.1)")
  Double scale;

  @Parameters(
      paramLabel = "SCENARIO",
      description = "single, wide, trip, tpcc-1, tpcc-10, pgbench (default: all)")
  List<String> scenarios = List.of("single", "wide", "trip", "tpcc-1", "tpcc-10", "pgbench");

  /** Every child process still running, so a stopped bench (Ctrl-C, SIGTERM) leaves none behind. */
  private final List<Process> fleet = new ArrayList<>();

  private final Map<String, String> fleetPrefixes = new HashMap<>();
  private final List<Process> children = java.util.Collections.synchronizedList(new ArrayList<>());

  private String adminUrl;
  private final List<Map<String, Object>> results = new ArrayList<>();
  private EmbeddedBroker broker;
  private Path work;

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
    Thread cleanup =
        new Thread(
            () -> {
              synchronized (children) {
                children.forEach(Process::destroyForcibly);
              }
            },
            "bench-cleanup");
    Runtime.getRuntime().addShutdownHook(cleanup);
    Files.createDirectories(out);
    DemoPostgres embedded = null;
    try {
      if (db == null) {
        embedded = DemoPostgres.start(work.resolve("postgres"));
        adminUrl = embedded.jdbcUrl();
        user = DemoPostgres.USER;
      } else {
        adminUrl = db;
      }
      if (modes.stream().anyMatch(m -> m.startsWith("dist-"))) {
        broker = EmbeddedBroker.start(0, work.resolve("kafka"));
      }
      log(
          "server "
              + serverVersion()
              + ", factor "
              + factor
              + ", "
              + runs
              + " iteration(s) after a warm-up, modes "
              + modes);
      for (String id : scenarios) {
        runScenario(Scenario.of(id), factor, runs);
        writeResults(
            factor, runs); // after every scenario, so a cut-short run keeps what it measured
      }
      return 0;
    } finally {
      if (broker != null) {
        broker.close();
      }
      if (embedded != null) {
        embedded.close();
      }
      deleteTree(work);
    }
  }

  // ---- one scenario --------------------------------------------------------------------------

  private void runScenario(Scenario s, double factor, int runs) throws Exception {
    String database = "spate_bench_" + s.id.replace('-', '_');
    createDatabase(database);
    try {
      Path config = work.resolve(s.id + ".yaml");
      Files.writeString(config, s.config(factor));
      String url = urlFor(database);
      Map<String, List<Double>> seconds = new LinkedHashMap<>();
      long rows = 0;
      // one mode at a time, so no other mode's idle workers share the machine with it
      for (String mode : modes) {
        for (int i = 0; i <= runs; i++) { // i == 0: the warm-up, not counted
          double t = runMode(s, mode, url, config, factor);
          rows = totalRows(url, s);
          if (i > 0) {
            seconds.computeIfAbsent(mode, m -> new ArrayList<>()).add(t);
          }
        }
        stopFleet();
        double ref = runReference(s, url, factor, database);
        seconds.computeIfAbsent(s.reference.mode, m -> new ArrayList<>()).add(ref);
      }
      double refSeconds = median(seconds.get(s.reference.mode));
      for (var e : seconds.entrySet()) {
        double median = median(e.getValue());
        double vsRef = refSeconds / median;
        System.out.printf(
            Locale.ROOT,
            "[bench] %s %s rows=%d seconds=%.2f rows_per_s=%.0f vs_ref=%.2f%n",
            s.id,
            e.getKey(),
            rows,
            median,
            rows / median,
            vsRef);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("scenario", s.id);
        m.put("mode", e.getKey());
        m.put("rows", rows);
        m.put("seconds", round(median));
        m.put("rows_per_s", Math.round(rows / median));
        m.put("vs_ref", round(vsRef));
        m.put("reference", s.reference.mode);
        m.put("all_seconds", e.getValue().stream().map(BenchRunner::round).toList());
        results.add(m);
      }
    } finally {
      stopFleet();
      dropDatabase(database);
    }
  }

  /** One timed run of Spate in a mode, from an empty schema to the scenario's end state. */
  private double runMode(Scenario s, String mode, String url, Path config, double factor)
      throws Exception {
    resetSchema(s, url);
    if (mode.startsWith("local-")) {
      long t0 = System.nanoTime();
      if (s == Scenario.PGBENCH) {
        execute(url, pgbenchKeys());
      }
      spate(
          "local",
          "--db",
          url,
          "--user",
          user,
          "--config",
          config.toString(),
          "--threads",
          mode.substring(6));
      if (s == Scenario.PGBENCH) {
        execute(url, "VACUUM pgbench_branches, pgbench_tellers, pgbench_accounts, pgbench_history");
      }
      return (System.nanoTime() - t0) / 1e9;
    }
    String prefix = fleet(s, mode, url);
    long t0 = System.nanoTime();
    if (s == Scenario.PGBENCH) {
      execute(url, pgbenchKeys());
    }
    spate(
        "submit",
        "--bootstrap",
        broker.bootstrapServers(),
        "--topic-prefix",
        prefix,
        "--db",
        url,
        "--user",
        user,
        "--config",
        config.toString());
    if (s == Scenario.PGBENCH) {
      execute(url, "VACUUM pgbench_branches, pgbench_tellers, pgbench_accounts, pgbench_history");
    }
    return (System.nanoTime() - t0) / 1e9;
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
    int workers = Integer.parseInt(mode.substring(5));
    String prefix = "bench-" + s.id + "-" + mode + "-" + System.nanoTime() + "-";
    for (int w = 0; w < workers; w++) {
      int port = freePort();
      Process worker =
          start(
              "worker",
              "--bootstrap",
              broker.bootstrapServers(),
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
  private void stopFleet() throws InterruptedException {
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

  /**
   * The reference in the same state of the machine: COPY of the same rows from files, or pgbench
   * -i.
   */
  private double runReference(Scenario s, String url, double factor, String database)
      throws Exception {
    if (s.reference == Scenario.Reference.PGBENCH_INIT) {
      long t0 = System.nanoTime();
      URI uri = URI.create(url.substring("jdbc:".length()));
      run(
          List.of(
              pgbench(),
              "-i",
              "-q",
              "-s",
              Integer.toString(Scenario.pgbenchScale(factor)),
              "-h",
              uri.getHost(),
              "-p",
              Integer.toString(uri.getPort()),
              "-U",
              user,
              database));
      return (System.nanoTime() - t0) / 1e9;
    }
    // the tables hold the last mode's rows: dump them once per reference run, empty, load back
    List<String> tables = tablesInLoadOrder(url);
    Map<String, Path> files = new LinkedHashMap<>();
    try (Connection c = DriverManager.getConnection(url, user, "")) {
      for (String t : tables) {
        Path f = work.resolve(t + ".bin");
        try (OutputStream o = Files.newOutputStream(f)) {
          c.unwrap(PGConnection.class)
              .getCopyAPI()
              .copyOut("COPY " + t + " TO STDOUT (FORMAT binary)", o);
        }
        files.put(t, f);
      }
      try (Statement st = c.createStatement()) {
        st.execute("TRUNCATE " + String.join(", ", tables));
      }
      long t0 = System.nanoTime();
      for (var e : files.entrySet()) {
        try (InputStream in = Files.newInputStream(e.getValue())) {
          c.unwrap(PGConnection.class)
              .getCopyAPI()
              .copyIn("COPY " + e.getKey() + " FROM STDIN (FORMAT binary)", in);
        }
      }
      return (System.nanoTime() - t0) / 1e9;
    }
  }

  // ---- database helpers ----------------------------------------------------------------------

  private void resetSchema(Scenario s, String url) throws Exception {
    execute(
        url,
        "DROP SCHEMA public CASCADE; DROP SCHEMA IF EXISTS spate CASCADE; CREATE SCHEMA public;");
    execute(
        url,
        s == Scenario.PGBENCH
            ? Scenario.PGBENCH_DDL
            : Files.readString(fixtureSchema(s.schemaFile)));
  }

  private static String pgbenchKeys() {
    return "ALTER TABLE pgbench_branches ADD PRIMARY KEY (bid); ALTER TABLE pgbench_tellers ADD PRIMARY KEY (tid);"
        + " ALTER TABLE pgbench_accounts ADD PRIMARY KEY (aid);";
  }

  private List<String> tablesInLoadOrder(String url) throws SQLException {
    // parents before children: order by the depth of each table's foreign-key chain
    String sql =
        """
        WITH RECURSIVE deps(child, parent) AS (
          SELECT conrelid::regclass::text, confrelid::regclass::text FROM pg_constraint WHERE contype = 'f' AND conrelid <> confrelid),
        depth(t, d) AS (
          SELECT c.relname::text, 0 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'r'
          UNION ALL SELECT deps.child, depth.d + 1 FROM deps JOIN depth ON deps.parent = depth.t)
        SELECT t FROM depth GROUP BY t ORDER BY max(d), t""";
    List<String> tables = new ArrayList<>();
    try (Connection c = DriverManager.getConnection(url, user, "");
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery(sql)) {
      while (rs.next()) {
        tables.add(rs.getString(1));
      }
    }
    return tables;
  }

  private long totalRows(String url, Scenario s) throws SQLException {
    long total = 0;
    for (String t : tablesInLoadOrder(url)) {
      try (Connection c = DriverManager.getConnection(url, user, "");
          Statement st = c.createStatement();
          ResultSet rs = st.executeQuery("SELECT count(*) FROM " + t)) {
        rs.next();
        total += rs.getLong(1);
      }
    }
    return total;
  }

  private void createDatabase(String name) throws SQLException {
    dropDatabase(name);
    execute(adminUrl, "CREATE DATABASE " + name);
  }

  private void dropDatabase(String name) throws SQLException {
    execute(adminUrl, "DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
  }

  private void execute(String url, String sql) throws SQLException {
    try (Connection c = DriverManager.getConnection(url, user, "");
        Statement st = c.createStatement()) {
      st.execute(sql);
    }
  }

  private String urlFor(String database) {
    int slash = adminUrl.indexOf('/', "jdbc:postgresql://".length());
    int query = adminUrl.indexOf('?', slash);
    return adminUrl.substring(0, slash + 1)
        + database
        + (query < 0 ? "" : adminUrl.substring(query));
  }

  private String serverVersion() throws SQLException {
    try (Connection c = DriverManager.getConnection(adminUrl, user, "");
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SHOW server_version")) {
      rs.next();
      return rs.getString(1);
    }
  }

  /** A fixture's DDL in {@code examples/schemas}, found from the working directory up. */
  private static Path fixtureSchema(String file) {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve("examples").resolve("schemas").resolve(file);
      if (Files.isRegularFile(candidate)) {
        return candidate;
      }
    }
    throw new IllegalStateException(
        "no examples/schemas/" + file + " at or above " + Path.of("").toAbsolutePath());
  }

  // ---- processes -----------------------------------------------------------------------------

  private void spate(String... args) throws Exception {
    Process p = start(args);
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (p.waitFor() != 0) {
      throw new IllegalStateException("spate " + String.join(" ", args) + " failed:\n" + output);
    }
  }

  private Process start(String... args) throws IOException {
    // the flags ./spate runs with, class-data archive included: users start Spate that way
    String archive = jar.toAbsolutePath().resolveSibling("spate.jsa").toString();
    List<String> command =
        new ArrayList<>(
            List.of(
                java(),
                "-XX:+UseParallelGC",
                "-XX:+AutoCreateSharedArchive",
                "-XX:SharedArchiveFile=" + archive,
                "-Xlog:cds=off",
                "-Xlog:cds+dynamic=off"));
    children.removeIf(p -> !p.isAlive());
    if (Runtime.version().feature() >= 24) {
      command.add("--sun-misc-unsafe-memory-access=allow"); // Kafka and Netty use it knowingly
    }
    command.addAll(List.of("-jar", jar.toString()));
    command.addAll(Arrays.asList(args));
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    children.add(p);
    return p;
  }

  private static void run(List<String> command) throws Exception {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (p.waitFor() != 0) {
      throw new IllegalStateException(String.join(" ", command) + " failed:\n" + output);
    }
  }

  private static String java() {
    return ProcessHandle.current().info().command().orElse("java");
  }

  private static String pgbench() {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
      if (Files.isExecutable(Path.of(dir, "pgbench"))) {
        return Path.of(dir, "pgbench").toString();
      }
    }
    throw new IllegalStateException(
        "the pgbench scenario needs the pgbench program on the PATH (Debian: postgresql-contrib or postgresql-client)");
  }

  private static void awaitReady(int port) throws Exception {
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

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  // ---- results -------------------------------------------------------------------------------

  private void writeResults(double factor, int runs) throws IOException, SQLException {
    Map<String, Object> doc = new LinkedHashMap<>();
    Map<String, Object> machine = new LinkedHashMap<>();
    machine.put("cores", Runtime.getRuntime().availableProcessors());
    machine.put("java", System.getProperty("java.version"));
    machine.put("postgresql", serverVersion());
    machine.put("os", System.getProperty("os.name") + " " + System.getProperty("os.arch"));
    doc.put("date", Instant.now().toString());
    doc.put("machine", machine);
    doc.put("factor", factor);
    doc.put("iterations", runs);
    doc.put("measurements", results);
    new ObjectMapper()
        .enable(SerializationFeature.INDENT_OUTPUT)
        .writeValue(out.resolve("results.json").toFile(), doc);
    Files.writeString(out.resolve("chart.svg"), Chart.svg(results));
    log("wrote " + out.resolve("results.json") + " and " + out.resolve("chart.svg"));
  }

  private static double median(List<Double> values) {
    List<Double> sorted = values.stream().sorted().toList();
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }

  private static double round(double v) {
    return Math.round(v * 1000) / 1000.0;
  }

  private static void log(String message) {
    System.err.println("[bench] " + message);
  }

  private static void deleteTree(Path dir) throws IOException {
    if (dir == null || !Files.exists(dir)) {
      return;
    }
    try (var paths = Files.walk(dir)) {
      paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }
}
