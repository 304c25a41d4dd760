package io.spate.bench.e2e;

import io.spate.engine.target.SessionSettings;
import io.spate.engine.target.TargetKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * The bench's side of the server, PostgreSQL or MariaDB/MySQL (the admin URL's {@link TargetKind}):
 * a database per scenario, its schema reset before every run, its tables in load order and its row
 * count. Every call opens its own connection as {@code user} with an empty password and closes it,
 * so nothing is held between runs. What differs per kind is SQL text only, chosen here.
 */
final class BenchDb {

  private final String adminUrl;
  private final String user;

  /** The servers the bench knows: what differs between them is SQL text, chosen here. */
  enum Server {
    POSTGRESQL,
    MARIADB;

    static Server of(TargetKind kind) {
      return valueOf(kind.name());
    }
  }

  private final TargetKind target;
  private final Server kind;

  /**
   * @param adminUrl the JDBC URL of a database the user may create and drop databases from
   */
  BenchDb(String adminUrl, String user) {
    this.adminUrl = adminUrl;
    this.user = user;
    this.target = TargetKind.of(adminUrl, "--db");
    this.kind = Server.of(target);
  }

  /** The user a kind of server is benched as when {@code --user} is not given. */
  static String defaultUser(TargetKind kind) {
    return switch (Server.of(kind)) {
      case POSTGRESQL -> "postgres";
      case MARIADB -> "root";
    };
  }

  String user() {
    return user;
  }

  String adminUrl() {
    return adminUrl;
  }

  Server kind() {
    return kind;
  }

  void resetSchema(Scenario s, String url) throws Exception {
    String ddl =
        s == Scenario.PGBENCH
            ? Scenario.PGBENCH_DDL
            : Files.readString(fixtureSchema(s.schemaFile(kind)));
    switch (kind) {
      case POSTGRESQL ->
          execute(
              url,
              "DROP SCHEMA public CASCADE; DROP SCHEMA IF EXISTS spate CASCADE; CREATE SCHEMA public;");
      case MARIADB -> {
        // the ledger lives in the server-wide database `spate`, shared: only this database's tables
        // go
        List<String> tables = tablesInLoadOrder(url);
        if (!tables.isEmpty()) {
          execute(
              url,
              "SET foreign_key_checks = 0; DROP TABLE "
                  + String.join(", ", tables)
                  + "; SET foreign_key_checks = 1");
        }
      }
    }
    execute(url, ddl);
  }

  static String pgbenchKeys() {
    return "ALTER TABLE pgbench_branches ADD PRIMARY KEY (bid); ALTER TABLE pgbench_tellers ADD PRIMARY KEY (tid);"
        + " ALTER TABLE pgbench_accounts ADD PRIMARY KEY (aid);";
  }

  /** The database's tables, parents before children: by the depth of each foreign-key chain. */
  List<String> tablesInLoadOrder(String url) throws SQLException {
    String sql =
        switch (kind) {
          case POSTGRESQL ->
              """
              WITH RECURSIVE deps(child, parent) AS (
                SELECT conrelid::regclass::text, confrelid::regclass::text FROM pg_constraint WHERE contype = 'f' AND conrelid <> confrelid),
              depth(t, d) AS (
                SELECT c.relname::text, 0 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'r'
                UNION ALL SELECT deps.child, depth.d + 1 FROM deps JOIN depth ON deps.parent = depth.t)
              SELECT t FROM depth GROUP BY t ORDER BY max(d), t""";
          case MARIADB ->
              """
              WITH RECURSIVE deps(child, parent) AS (
                SELECT table_name, referenced_table_name FROM information_schema.referential_constraints
                WHERE constraint_schema = DATABASE() AND unique_constraint_schema = DATABASE() AND table_name <> referenced_table_name),
              depth(t, d) AS (
                SELECT table_name, 0 FROM information_schema.tables WHERE table_schema = DATABASE() AND table_type = 'BASE TABLE'
                UNION ALL SELECT deps.child, depth.d + 1 FROM deps JOIN depth ON deps.parent = depth.t)
              SELECT t FROM depth GROUP BY t ORDER BY max(d), t""";
        };
    List<String> tables = new ArrayList<>();
    try (Connection c = connect(url);
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
      try (Connection c = connect(url);
          Statement st = c.createStatement();
          ResultSet rs = st.executeQuery("SELECT count(*) FROM " + t)) {
        rs.next();
        total += rs.getLong(1);
      }
    }
    return total;
  }

  /** Empties the tables as they stand, their constraints and indexes kept. */
  void truncate(String url, List<String> tables) throws SQLException {
    execute(
        url,
        switch (kind) {
          case POSTGRESQL -> "TRUNCATE " + String.join(", ", tables);
          case MARIADB ->
              "SET foreign_key_checks = 0; TRUNCATE TABLE "
                  + String.join("; TRUNCATE TABLE ", tables)
                  + "; SET foreign_key_checks = 1";
        });
  }

  /**
   * What must come back when the tables are emptied and their rows loaded again, by table: the
   * server's checksum of the rows on MariaDB/MySQL ({@code CHECKSUM TABLE}), the row count on
   * PostgreSQL.
   */
  Map<String, String> fingerprint(String url, List<String> tables) throws SQLException {
    Map<String, String> byTable = new LinkedHashMap<>();
    try (Connection c = connect(url);
        Statement st = c.createStatement()) {
      for (String t : tables) {
        String sql =
            switch (kind) {
              case POSTGRESQL -> "SELECT '" + t + "', count(*) FROM " + t;
              case MARIADB -> "CHECKSUM TABLE " + t;
            };
        try (ResultSet rs = st.executeQuery(sql)) {
          rs.next();
          byTable.put(t, rs.getString(2));
        }
      }
    }
    return byTable;
  }

  void createDatabase(String name) throws SQLException {
    dropDatabase(name);
    execute(
        adminUrl,
        switch (kind) {
          case POSTGRESQL -> "CREATE DATABASE " + name;
          case MARIADB -> "CREATE DATABASE " + name + " CHARACTER SET utf8mb4";
        });
  }

  void dropDatabase(String name) throws SQLException {
    execute(
        adminUrl,
        switch (kind) {
          case POSTGRESQL -> "DROP DATABASE IF EXISTS " + name + " WITH (FORCE)";
          case MARIADB -> "DROP DATABASE IF EXISTS " + name;
        });
  }

  void execute(String url, String sql) throws SQLException {
    try (Connection c = connect(url);
        Statement st = c.createStatement()) {
      st.execute(sql);
    }
  }

  /**
   * A connection as the bench's user, with the options Spate itself connects with (on MariaDB:
   * {@code LOAD DATA LOCAL INFILE} allowed) and, so a fixture's DDL runs in one call, multiple
   * statements per call on MariaDB.
   */
  Connection connect(String url) throws SQLException {
    Properties properties = new Properties();
    properties.setProperty("user", user);
    properties.setProperty("password", "");
    String connectUrl = target.dialect().connectUrl(url, properties, SessionSettings.DEFAULT);
    if (kind == Server.MARIADB) {
      properties.setProperty("allowMultiQueries", "true");
    }
    return DriverManager.getConnection(connectUrl, properties);
  }

  /** The admin URL with {@code database} in place of its database, its options kept. */
  String urlFor(String database) {
    int hosts = adminUrl.indexOf("//") + 2;
    int query = adminUrl.indexOf('?', hosts);
    int end = query < 0 ? adminUrl.length() : query;
    int slash = adminUrl.indexOf('/', hosts);
    int base = slash < 0 || slash > end ? end : slash;
    return adminUrl.substring(0, base) + "/" + database + adminUrl.substring(end);
  }

  String serverVersion() throws SQLException {
    try (Connection c = connect(adminUrl);
        Statement st = c.createStatement();
        ResultSet rs =
            st.executeQuery(
                switch (kind) {
                  case POSTGRESQL -> "SHOW server_version";
                  case MARIADB -> "SELECT version()";
                })) {
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
