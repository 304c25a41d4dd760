package io.spate.bench.e2e;

import static io.spate.bench.e2e.ChildProcesses.pgbench;

import io.spate.api.FillResult;
import io.spate.api.Spate;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.postgresql.PGConnection;

/**
 * The scenario's reference, timed beside Spate's modes on the same server: {@code copy-file} loads
 * the rows the last mode wrote back with binary COPY from files, {@code pgbench-i} runs {@code
 * pgbench -i} at the scenario's scale, {@code api-fill} the library's {@code fill()} in this JVM.
 * Only the load is timed, never the dump.
 */
final class ReferenceRunner {

  private final BenchDb db;
  private final String user;

  /** Where the copy-file reference dumps its tables. */
  private final Path work;

  /** Whether this JVM has called the library's {@code fill()} yet. */
  private boolean apiFilled;

  ReferenceRunner(BenchDb db, Path work) {
    this.db = db;
    this.user = db.user();
    this.work = work;
  }

  /**
   * The reference in the same state of the machine: COPY of the same rows from files, or pgbench
   * -i.
   */
  double run(Scenario s, String url, double factor, String database) throws Exception {
    if (s.reference == Scenario.Reference.PGBENCH_INIT) {
      long t0 = System.nanoTime();
      URI uri = URI.create(url.substring("jdbc:".length()));
      ChildProcesses.run(
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
    List<String> tables = db.tablesInLoadOrder(url);
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

  /**
   * The library's {@code fill()} of the scenario's config, {@code runs} times from an empty schema
   * (reset untimed), under {@code api-fill}; the first call this JVM makes goes under {@code
   * api-fill-first} instead: what a test suite's first fill pays for loading the classes.
   */
  void apiFill(Scenario s, String url, Path config, int runs, Map<String, List<Double>> seconds)
      throws Exception {
    for (int i = 0; i < runs; i++) {
      db.resetSchema(s, url);
      long t0 = System.nanoTime();
      FillResult result = Spate.on(url, user, "").config(config).fill();
      double t = (System.nanoTime() - t0) / 1e9;
      if (result.totalRows() == 0) {
        throw new IllegalStateException("the library's fill wrote no rows in " + url);
      }
      seconds
          .computeIfAbsent(apiFilled ? "api-fill" : "api-fill-first", m -> new ArrayList<>())
          .add(t);
      apiFilled = true;
    }
  }
}
