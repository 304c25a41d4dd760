package io.spate.bench.e2e;

import static io.spate.bench.e2e.ChildProcesses.pgbench;

import io.spate.api.FillResult;
import io.spate.api.Spate;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Writer;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.postgresql.PGConnection;

/**
 * The scenario's references, timed beside Spate's modes on the same server: {@code copy-file} loads
 * the rows the last mode wrote back with binary COPY from files; on MariaDB/MySQL {@code
 * load-data-file} loads them back with {@code LOAD DATA LOCAL INFILE} from files and {@code
 * batch-insert} with batched INSERTs from the same files, on SQLite and H2 {@code batch-insert}
 * alone (in this JVM, which then holds the embedded database); {@code pgbench-i} runs {@code
 * pgbench -i} at the scenario's scale, {@code api-fill} the library's {@code fill()} in this JVM.
 * Only the load is timed, never the dump; every load is checked to give back the tables it was
 * dumped from.
 */
final class ReferenceRunner {

  /** Rows per {@code executeBatch} of {@code batch-insert}. */
  static final int BATCH_ROWS = 1_000;

  /** Rows per transaction of {@code batch-insert}, as many as one of Spate's tasks by default. */
  static final int COMMIT_ROWS = 100_000;

  private final BenchDb db;
  private final String user;
  private final ServerCpu serverCpu;

  /** Where the file references dump their tables. */
  private final Path work;

  /** Whether this JVM has called the library's {@code fill()} yet. */
  private boolean apiFilled;

  ReferenceRunner(BenchDb db, ServerCpu serverCpu, Path work) {
    this.db = db;
    this.serverCpu = serverCpu;
    this.user = db.user();
    this.work = work;
  }

  /**
   * Each of the scenario's references on this server once, in the same state of the machine, by
   * mode name: pgbench -i, or the file loads of the rows the tables hold now, each from empty
   * tables as they stand (constraints and indexes in place).
   */
  Map<String, ServerCpu.Timed> run(Scenario s, String url, double factor, String database)
      throws Exception {
    Map<String, ServerCpu.Timed> timed = new LinkedHashMap<>();
    if (s.reference == Scenario.Reference.PGBENCH_INIT) {
      timed.put(s.reference.mode, pgbenchInit(url, factor, database));
      return timed;
    }
    List<String> tables = db.tablesInLoadOrder(url);
    Map<String, String> expected = db.fingerprint(url, tables);
    Map<String, Path> files = dump(url, tables);
    for (Scenario.Reference r : s.references(db.kind())) {
      db.truncate(url, tables);
      ServerCpu.Stopwatch timing;
      // timed to the connection's close: closing an H2 file's last connection writes its store
      // out, which a spate process pays before it exits
      try (Connection c = db.connect(url)) {
        timing = serverCpu.start();
        for (var e : files.entrySet()) {
          switch (r) {
            case COPY_FILE -> copyIn(c, e.getKey(), e.getValue());
            case LOAD_DATA_FILE -> loadData(c, e.getKey(), e.getValue());
            case BATCH_INSERT -> batchInsert(c, e.getKey(), e.getValue());
            default -> throw new IllegalStateException(r + " is not a file load");
          }
        }
      }
      timed.put(r.mode, timing.stop());
      Map<String, String> loaded = db.fingerprint(url, tables);
      if (!loaded.equals(expected)) {
        throw new IllegalStateException(
            r.mode
                + " did not give back the rows it was dumped from: "
                + expected
                + " vs "
                + loaded);
      }
    }
    return timed;
  }

  /**
   * {@code pgbench -i -I dtg} (drop, create, generate client-side: COPY, accounts frozen) then
   * {@code pgbench -i -I p} (primary keys), timed together; each run's own account of its steps is
   * logged.
   */
  private ServerCpu.Timed pgbenchInit(String url, double factor, String database) throws Exception {
    URI uri = URI.create(url.substring("jdbc:".length()));
    List<String> connection =
        List.of("-h", uri.getHost(), "-p", Integer.toString(uri.getPort()), "-U", user, database);
    List<String> generate = new ArrayList<>(List.of(pgbench(), "-i", "-q", "-I", "dtg", "-s"));
    generate.add(Integer.toString(Scenario.pgbenchScale(factor)));
    generate.addAll(connection);
    List<String> keys = new ArrayList<>(List.of(pgbench(), "-i", "-q", "-I", "p"));
    keys.addAll(connection);
    ServerCpu.Stopwatch timing = serverCpu.start();
    String generated = ChildProcesses.output(generate);
    String keyed = ChildProcesses.output(keys);
    ServerCpu.Timed timed = timing.stop();
    System.err.printf(
        "[bench] pgbench -I dtg: %s; -I p: %s%n", doneLine(generated), doneLine(keyed));
    return timed;
  }

  /** pgbench's closing line ({@code done in 1.23 s (drop tables 0.00 s, ...)}), or "". */
  private static String doneLine(String output) {
    return output
        .lines()
        .filter(l -> l.startsWith("done in"))
        .findFirst()
        .orElse("")
        .replace("done in ", "");
  }

  /**
   * Each table to a file, in load order: binary COPY on PostgreSQL, LOAD DATA's text elsewhere
   * (SQLite and H2 print a double so that it reads back the same).
   */
  private Map<String, Path> dump(String url, List<String> tables) throws Exception {
    Map<String, Path> files = new LinkedHashMap<>();
    try (Connection c = db.connect(url)) {
      for (String t : tables) {
        Path f = work.resolve(t + ".rows");
        switch (db.kind()) {
          case POSTGRESQL -> {
            try (OutputStream o = Files.newOutputStream(f)) {
              c.unwrap(PGConnection.class)
                  .getCopyAPI()
                  .copyOut("COPY " + t + " TO STDOUT (FORMAT binary)", o);
            }
          }
          case MARIADB, SQLITE, H2 -> dumpText(c, t, f);
        }
        files.put(t, f);
      }
    }
    return files;
  }

  /** The table's rows as the server prints them (the text protocol), one line each. */
  private static void dumpText(Connection c, String table, Path file) throws Exception {
    try (Statement st = c.createStatement();
        Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      st.setFetchSize(10_000); // streamed, not held whole
      try (ResultSet rs = st.executeQuery("SELECT * FROM " + table)) {
        int columns = rs.getMetaData().getColumnCount();
        List<String> values = new ArrayList<>(columns);
        StringBuilder line = new StringBuilder();
        while (rs.next()) {
          values.clear();
          for (int i = 1; i <= columns; i++) {
            values.add(rs.getString(i));
          }
          line.setLength(0);
          TextRows.append(line, values);
          out.append(line);
        }
      }
    }
  }

  private static void copyIn(Connection c, String table, Path file) throws Exception {
    try (InputStream in = Files.newInputStream(file)) {
      c.unwrap(PGConnection.class)
          .getCopyAPI()
          .copyIn("COPY " + table + " FROM STDIN (FORMAT binary)", in);
    }
  }

  private static void loadData(Connection c, String table, Path file) throws Exception {
    try (Statement st = c.createStatement()) {
      st.execute(
          "LOAD DATA LOCAL INFILE '"
              + file.toAbsolutePath().toString().replace("\\", "\\\\").replace("'", "\\'")
              + "' INTO TABLE "
              + table
              + " CHARACTER SET utf8mb4");
    }
  }

  /**
   * The file's rows bound as text into {@code INSERT INTO table VALUES (?, ...)}, {@link
   * #BATCH_ROWS} to a batch, committed every {@link #COMMIT_ROWS}: the database converts each value
   * to its column's type as it does a file load's (SQLite by the column's affinity).
   */
  private static void batchInsert(Connection c, String table, Path file) throws Exception {
    c.setAutoCommit(false);
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8);
        PreparedStatement insert = c.prepareStatement(insertSql(c, table))) {
      long rows = 0;
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        List<String> values = TextRows.parse(line);
        for (int i = 0; i < values.size(); i++) {
          if (values.get(i) == null) {
            insert.setNull(i + 1, Types.VARCHAR);
          } else {
            insert.setString(i + 1, values.get(i));
          }
        }
        insert.addBatch();
        if (++rows % BATCH_ROWS == 0) {
          insert.executeBatch();
        }
        if (rows % COMMIT_ROWS == 0) {
          c.commit();
        }
      }
      insert.executeBatch();
      c.commit();
    } finally {
      c.setAutoCommit(true);
    }
  }

  private static String insertSql(Connection c, String table) throws Exception {
    try (Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT * FROM " + table + " WHERE 1 = 0")) {
      int columns = rs.getMetaData().getColumnCount();
      return "INSERT INTO "
          + table
          + " VALUES ("
          + String.join(", ", Collections.nCopies(columns, "?"))
          + ")";
    }
  }

  /**
   * The library's {@code fill()} of the scenario's config, {@code runs} times from an empty schema
   * (reset untimed), under {@code api-fill}; the first call this JVM makes goes under {@code
   * api-fill-first} instead: what a test suite's first fill pays for loading the classes.
   */
  void apiFill(
      Scenario s, String url, Path config, int runs, Map<String, List<ServerCpu.Timed>> timed)
      throws Exception {
    for (int i = 0; i < runs; i++) {
      db.resetSchema(s, url);
      ServerCpu.Stopwatch timing = serverCpu.start();
      FillResult result = Spate.on(url, user, "").config(config).fill();
      ServerCpu.Timed t = timing.stop();
      if (result.totalRows() == 0) {
        throw new IllegalStateException("the library's fill wrote no rows in " + url);
      }
      timed
          .computeIfAbsent(apiFilled ? "api-fill" : "api-fill-first", m -> new ArrayList<>())
          .add(t);
      apiFilled = true;
    }
  }
}
