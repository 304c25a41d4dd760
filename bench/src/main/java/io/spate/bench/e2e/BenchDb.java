package io.spate.bench.e2e;

import io.spate.engine.target.SessionSettings;
import io.spate.engine.target.TargetKind;
import java.io.IOException;
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
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;
import org.sqlite.SQLiteConnection;

/**
 * The bench's side of the database (the admin URL's {@link TargetKind}): a database per scenario,
 * its schema reset before every run, its tables in load order and its row count. On PostgreSQL and
 * MariaDB/MySQL a database is the server's; on the embedded SQLite and H2 it is a file next to the
 * admin URL's ({@code jdbc:sqlite:DIR/spate_bench_single.db}, {@code
 * jdbc:h2:DIR/spate_bench_single}), created and deleted here. Every call opens its own connection
 * as {@code user} with an empty password and closes it, so nothing is held between runs: an H2 file
 * is then free for the next process to open. What differs per kind is SQL text, chosen here.
 */
final class BenchDb {

  private final String adminUrl;
  private final String user;

  /** The databases the bench knows: what differs between them is SQL text, chosen here. */
  enum Server {
    POSTGRESQL,
    MARIADB,
    SQLITE,
    H2;

    static Server of(TargetKind kind) {
      return valueOf(kind.name());
    }

    /**
     * Whether the database runs inside the process that opens it, a file and no server: its CPU is
     * that process's, and several processes cannot share its writes (SQLite has one writer, an H2
     * file is opened by one process at a time).
     */
    boolean embedded() {
      return this == SQLITE || this == H2;
    }
  }

  private final TargetKind target;
  private final Server kind;

  /**
   * @param adminUrl the JDBC URL of a database the user may create and drop databases from; on
   *     SQLite and H2, of a file in the directory the scenarios' files go to (it need not exist)
   */
  BenchDb(String adminUrl, String user) {
    this.adminUrl = adminUrl;
    this.user = user;
    this.target = TargetKind.of(adminUrl, "--db");
    this.kind = Server.of(target);
  }

  /** The user a kind of database is benched as when {@code --user} is not given. */
  static String defaultUser(TargetKind kind) {
    return switch (Server.of(kind)) {
      case POSTGRESQL -> "postgres";
      case MARIADB -> "root";
      case SQLITE -> ""; // no users: the driver ignores it
      case H2 -> "sa"; // the file's creator, an administrator (Spate's claims need one)
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
          // the checkpoint: each run starts with no dirty pages and no WAL of the runs before it,
          // which would otherwise force a checkpoint into whichever run comes next (the second of
          // two modes ran 15-35% slower than the first, in either order)
          execute(
              url,
              "DROP SCHEMA public CASCADE; DROP SCHEMA IF EXISTS spate CASCADE; CREATE SCHEMA public;"
                  + " CHECKPOINT;");
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
      case SQLITE -> {
        // Spate's spate_ledger and spate_claims too; connect() opens SQLite with foreign_keys off,
        // so the tables drop in any order
        List<String> tables =
            strings(
                url,
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%'"
                    + " ESCAPE '\\'");
        if (!tables.isEmpty()) {
          execute(url, "DROP TABLE " + String.join("; DROP TABLE ", tables));
        }
      }
      case H2 -> execute(url, "DROP ALL OBJECTS"); // Spate's schema SPATE too
    }
    execute(url, ddl);
  }

  /** pgbench's four tables. */
  static final List<String> PGBENCH_TABLES =
      List.of("pgbench_branches", "pgbench_tellers", "pgbench_accounts", "pgbench_history");

  /**
   * What {@code pgbench -i} leaves, to compare a fill's tables with: for each of pgbench's tables
   * its rows, the non-NULL count and sum (or summed text hash) of every column and the summed hash
   * of its rows as text (equal multisets of rows give equal sums); the accounts' and tellers'
   * blocks per branch (bid: rows, lowest and highest key); and the primary keys in place.
   */
  Map<String, String> pgbenchEndState(String url) throws SQLException {
    Map<String, String> state = new LinkedHashMap<>();
    try (Connection c = connect(url);
        Statement st = c.createStatement()) {
      for (String t : PGBENCH_TABLES) {
        List<String> columns =
            strings(
                url,
                "SELECT column_name || ':' || data_type FROM information_schema.columns WHERE"
                    + " table_schema = 'public' AND table_name = '"
                    + t
                    + "' ORDER BY ordinal_position");
        StringBuilder sql = new StringBuilder("SELECT 'rows ' || count(*)");
        for (String nameAndType : columns) {
          String name = nameAndType.substring(0, nameAndType.indexOf(':'));
          boolean number = nameAndType.endsWith(":integer");
          sql.append(" || ' ").append(name).append(" ' || count(").append(name).append(")");
          sql.append(" || '/' || coalesce(sum(")
              .append(number ? name : "hashtext(" + name + "::text)::bigint")
              .append(")::text, '-')");
        }
        sql.append(" || ' hash ' || coalesce(sum(hashtext(r::text)::bigint)::text, '-') FROM ")
            .append(t)
            .append(" r");
        state.put(t, value(st, sql.toString(), 1));
      }
      for (String[] blocks :
          new String[][] {{"pgbench_accounts", "aid"}, {"pgbench_tellers", "tid"}}) {
        state.put(
            blocks[0] + " by bid",
            value(
                st,
                "SELECT string_agg(bid || ':' || n || ':' || lo || '-' || hi, ' ' ORDER BY bid)"
                    + " FROM (SELECT bid, count(*) n, min("
                    + blocks[1]
                    + ") lo, max("
                    + blocks[1]
                    + ") hi FROM "
                    + blocks[0]
                    + " GROUP BY bid) b",
                1));
      }
      state.put(
          "primary keys",
          value(
              st,
              "SELECT string_agg(conrelid::regclass || '(' || pg_get_constraintdef(oid) || ')', ', '"
                  + " ORDER BY conrelid::regclass::text) FROM pg_constraint WHERE contype = 'p'"
                  + " AND conrelid::regclass::text LIKE 'pgbench\\_%'",
              1));
    }
    return state;
  }

  static String pgbenchKeys() {
    return "ALTER TABLE pgbench_branches ADD PRIMARY KEY (bid); ALTER TABLE pgbench_tellers ADD PRIMARY KEY (tid);"
        + " ALTER TABLE pgbench_accounts ADD PRIMARY KEY (aid);";
  }

  /**
   * The database's tables, parents before children: by the depth of each foreign-key chain. Not
   * Spate's own (its ledger and claims), which live in another schema or database, or on SQLite in
   * tables named {@code spate_*}.
   */
  List<String> tablesInLoadOrder(String url) throws SQLException {
    return strings(
        url,
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
          case SQLITE ->
              """
              WITH RECURSIVE tabs(t) AS (
                SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE 'spate\\_%' ESCAPE '\\'),
              deps(child, parent) AS (
                SELECT tabs.t, f."table" FROM tabs, pragma_foreign_key_list(tabs.t) f WHERE f."table" <> tabs.t),
              depth(t, d) AS (
                SELECT t, 0 FROM tabs
                UNION ALL SELECT deps.child, depth.d + 1 FROM deps JOIN depth ON deps.parent = depth.t)
              SELECT t FROM depth GROUP BY t ORDER BY max(d), t""";
          case H2 ->
              """
              WITH RECURSIVE depth(t, d) AS (
                SELECT table_name, 0 FROM information_schema.tables WHERE table_schema = CURRENT_SCHEMA AND table_type = 'BASE TABLE'
                UNION ALL SELECT fk.table_name, depth.d + 1 FROM information_schema.referential_constraints r
                  JOIN information_schema.table_constraints fk ON fk.constraint_schema = r.constraint_schema AND fk.constraint_name = r.constraint_name
                  JOIN information_schema.table_constraints pk ON pk.constraint_schema = r.unique_constraint_schema AND pk.constraint_name = r.unique_constraint_name
                  JOIN depth ON pk.table_name = depth.t
                  WHERE r.constraint_schema = CURRENT_SCHEMA AND fk.table_name <> pk.table_name)
              SELECT t FROM depth GROUP BY t ORDER BY max(d), t""";
        });
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
          case SQLITE -> "DELETE FROM " + String.join("; DELETE FROM ", tables); // no TRUNCATE
          case H2 ->
              "SET REFERENTIAL_INTEGRITY FALSE; TRUNCATE TABLE "
                  + String.join("; TRUNCATE TABLE ", tables)
                  + "; SET REFERENTIAL_INTEGRITY TRUE";
        });
  }

  /**
   * What must come back when the tables are emptied and their rows loaded again, by table: the
   * server's checksum of the rows on MariaDB/MySQL ({@code CHECKSUM TABLE}), the row count on
   * PostgreSQL, and on SQLite and H2 the row count and an order-independent checksum of the values
   * as text (both print a double so that it reads back the same).
   */
  Map<String, String> fingerprint(String url, List<String> tables) throws SQLException {
    Map<String, String> byTable = new LinkedHashMap<>();
    try (Connection c = connect(url);
        Statement st = c.createStatement()) {
      for (String t : tables) {
        byTable.put(
            t,
            switch (kind) {
              case POSTGRESQL -> value(st, "SELECT count(*) FROM " + t, 1);
              case MARIADB -> value(st, "CHECKSUM TABLE " + t, 2);
              case SQLITE, H2 -> rowsAndChecksum(st, t);
            });
      }
    }
    return byTable;
  }

  /** The {@code column}th value of {@code sql}'s first row. */
  private static String value(Statement st, String sql, int column) throws SQLException {
    try (ResultSet rs = st.executeQuery(sql)) {
      rs.next();
      return rs.getString(column);
    }
  }

  /** The table's row count and the sum of its rows' hashes of their values as text. */
  private static String rowsAndChecksum(Statement st, String table) throws SQLException {
    long rows = 0;
    long sum = 0;
    try (ResultSet rs = st.executeQuery("SELECT * FROM " + table)) {
      int columns = rs.getMetaData().getColumnCount();
      List<String> values = new ArrayList<>(columns);
      while (rs.next()) {
        values.clear();
        for (int i = 1; i <= columns; i++) {
          values.add(rs.getString(i));
        }
        rows++;
        sum += values.hashCode();
      }
    }
    return rows + " rows, checksum " + Long.toHexString(sum);
  }

  void createDatabase(String name) throws IOException, SQLException {
    dropDatabase(name);
    switch (kind) {
      case POSTGRESQL -> execute(adminUrl, "CREATE DATABASE " + name);
      case MARIADB -> execute(adminUrl, "CREATE DATABASE " + name + " CHARACTER SET utf8mb4");
      case SQLITE, H2 -> {
        Files.createDirectories(databaseDirectory());
        // the driver alone creates the file: Spate's connect() opens only an existing one
        DriverManager.getConnection(urlFor(name), user, "").close();
      }
    }
  }

  /**
   * Drops the database; on SQLite and H2 deletes its files, each named by the database and a dot
   * ({@code .db}, {@code .db-journal}, {@code .db.spate-claims}; {@code .mv.db}, {@code
   * .trace.db}).
   */
  void dropDatabase(String name) throws IOException, SQLException {
    switch (kind) {
      case POSTGRESQL -> execute(adminUrl, "DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
      case MARIADB -> execute(adminUrl, "DROP DATABASE IF EXISTS " + name);
      case SQLITE, H2 -> {
        Path dir = databaseDirectory();
        if (!Files.isDirectory(dir)) {
          return;
        }
        try (Stream<Path> files = Files.list(dir)) {
          for (Path f :
              files.filter(f -> f.getFileName().toString().startsWith(name + ".")).toList()) {
            Files.delete(f);
          }
        }
      }
    }
  }

  /**
   * Runs {@code sql}, one statement or several separated by semicolons: on SQLite through {@code
   * sqlite3_exec}, since its driver's {@code execute} runs only the first.
   */
  void execute(String url, String sql) throws SQLException {
    try (Connection c = connect(url);
        Statement st = c.createStatement()) {
      if (kind == Server.SQLITE) {
        c.unwrap(SQLiteConnection.class).getDatabase()._exec(sql); // throws on an error
      } else {
        st.execute(sql);
      }
    }
  }

  /** The first column of {@code sql}'s rows. */
  private List<String> strings(String url, String sql) throws SQLException {
    List<String> values = new ArrayList<>();
    try (Connection c = connect(url);
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery(sql)) {
      while (rs.next()) {
        values.add(rs.getString(1));
      }
    }
    return values;
  }

  /**
   * A connection as the bench's user, with the options Spate itself connects with (on MariaDB:
   * {@code LOAD DATA LOCAL INFILE} allowed; on SQLite and H2: an existing file only, SQLite's
   * foreign keys off) and, so a fixture's DDL runs in one call, multiple statements per call on
   * MariaDB.
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

  /**
   * The admin URL with {@code database} in place of its database, its options kept. On SQLite and
   * H2 the file {@code database} (SQLite's with {@code .db}) in the admin file's directory; H2's
   * with {@code DATABASE_TO_LOWER=TRUE} unless the admin URL sets it, so the fixtures' PostgreSQL
   * DDL names its tables as the fill configs do ({@code big_t}, not {@code BIG_T}).
   */
  String urlFor(String database) {
    if (kind.embedded()) {
      String path = embeddedPath();
      int start = pathStart();
      String url =
          adminUrl.substring(0, start)
              + path.substring(0, path.lastIndexOf('/') + 1)
              + database
              + (kind == Server.SQLITE ? ".db" : "")
              + adminUrl.substring(start + path.length());
      boolean lower = adminUrl.toUpperCase(Locale.ROOT).contains(";DATABASE_TO_LOWER=");
      return kind == Server.H2 && !lower ? url + ";DATABASE_TO_LOWER=TRUE" : url;
    }
    int hosts = adminUrl.indexOf("//") + 2;
    int query = adminUrl.indexOf('?', hosts);
    int end = query < 0 ? adminUrl.length() : query;
    int slash = adminUrl.indexOf('/', hosts);
    int base = slash < 0 || slash > end ? end : slash;
    return adminUrl.substring(0, base) + "/" + database + adminUrl.substring(end);
  }

  /**
   * An embedded admin URL's file path: after {@code jdbc:sqlite:} or {@code jdbc:h2:}, before the
   * settings ({@code ?} on SQLite, {@code ;} on H2).
   */
  private String embeddedPath() {
    int start = pathStart();
    int settings = adminUrl.indexOf(kind == Server.SQLITE ? '?' : ';', start);
    return adminUrl.substring(start, settings < 0 ? adminUrl.length() : settings);
  }

  private int pathStart() {
    return adminUrl.indexOf(':', "jdbc:".length()) + 1;
  }

  /** The directory of an embedded admin URL's file, where the scenarios' files go. */
  private Path databaseDirectory() {
    String path = embeddedPath();
    return Path.of(path.startsWith("file:") ? path.substring("file:".length()) : path)
        .toAbsolutePath()
        .getParent();
  }

  /**
   * The server's version; on SQLite and H2 the engine's on this JVM's class path (the spate jar's),
   * read in an in-memory database.
   */
  String serverVersion() throws SQLException {
    return switch (kind) {
      case POSTGRESQL -> firstValue(connect(adminUrl), "SHOW server_version");
      case MARIADB -> firstValue(connect(adminUrl), "SELECT version()");
      case SQLITE ->
          firstValue(
              DriverManager.getConnection("jdbc:sqlite::memory:"),
              "SELECT 'SQLite ' || sqlite_version()");
      case H2 ->
          firstValue(DriverManager.getConnection("jdbc:h2:mem:"), "SELECT 'H2 ' || H2VERSION()");
    };
  }

  /** The first value {@code sql} gives on {@code c}, which it closes. */
  private static String firstValue(Connection c, String sql) throws SQLException {
    try (c;
        Statement st = c.createStatement()) {
      return value(st, sql, 1);
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
