package io.spate.bench.e2e;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The bench's side of the PostgreSQL server: a database per scenario, its schema reset before every
 * run, its tables in load order and its row count. Every call opens its own connection as {@code
 * user} with an empty password (trust auth) and closes it, so nothing is held between runs.
 */
final class BenchDb {

  private final String adminUrl;
  private final String user;

  /**
   * @param adminUrl the JDBC URL of a database the user may create and drop databases from
   */
  BenchDb(String adminUrl, String user) {
    this.adminUrl = adminUrl;
    this.user = user;
  }

  String user() {
    return user;
  }

  void resetSchema(Scenario s, String url) throws Exception {
    execute(
        url,
        "DROP SCHEMA public CASCADE; DROP SCHEMA IF EXISTS spate CASCADE; CREATE SCHEMA public;");
    execute(
        url,
        s == Scenario.PGBENCH
            ? Scenario.PGBENCH_DDL
            : Files.readString(fixtureSchema(s.schemaFile)));
  }

  static String pgbenchKeys() {
    return "ALTER TABLE pgbench_branches ADD PRIMARY KEY (bid); ALTER TABLE pgbench_tellers ADD PRIMARY KEY (tid);"
        + " ALTER TABLE pgbench_accounts ADD PRIMARY KEY (aid);";
  }

  List<String> tablesInLoadOrder(String url) throws SQLException {
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

  long totalRows(String url) throws SQLException {
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

  void createDatabase(String name) throws SQLException {
    dropDatabase(name);
    execute(adminUrl, "CREATE DATABASE " + name);
  }

  void dropDatabase(String name) throws SQLException {
    execute(adminUrl, "DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
  }

  void execute(String url, String sql) throws SQLException {
    try (Connection c = DriverManager.getConnection(url, user, "");
        Statement st = c.createStatement()) {
      st.execute(sql);
    }
  }

  String urlFor(String database) {
    int slash = adminUrl.indexOf('/', "jdbc:postgresql://".length());
    int query = adminUrl.indexOf('?', slash);
    return adminUrl.substring(0, slash + 1)
        + database
        + (query < 0 ? "" : adminUrl.substring(query));
  }

  String serverVersion() throws SQLException {
    try (Connection c = DriverManager.getConnection(adminUrl, user, "");
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SHOW server_version")) {
      rs.next();
      return rs.getString(1);
    }
  }

  /** A fixture's DDL in {@code examples/schemas}, found from the working directory up. */
  private static Path fixtureSchema(String file) {
    return example("schemas/" + file);
  }

  /** A file under {@code examples}, found from the working directory up. */
  static Path example(String path) {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve("examples").resolve(path);
      if (Files.isRegularFile(candidate)) {
        return candidate;
      }
    }
    throw new IllegalStateException(
        "no examples/" + path + " at or above " + Path.of("").toAbsolutePath());
  }
}
