package io.spate.db.mariadb;

import io.spate.protocol.error.SpateException;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.Table;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Streams one task's rows into a MariaDB or MySQL table with {@code LOAD DATA LOCAL INFILE} through
 * MariaDB Connector/J's input-stream hook ({@code setLocalInfileInputStream}): generation runs as
 * the driver sends, with no file.
 *
 * <p>The load runs inside the caller's open transaction (auto-commit off), so the caller commits it
 * with its ledger row. For the statement only, the session has {@code foreign_key_checks=0} (the
 * fill validates foreign keys once the tables are full), {@code unique_checks=1}, {@code time_zone
 * '+00:00'} (timestamps arrive in UTC), a strict {@code sql_mode} and the caller's {@code
 * innodb_lock_wait_timeout}, if any; the previous values are put back after.
 *
 * <p>{@code unique_checks=1} keeps the load on InnoDB's row-by-row path: with both checks off, a
 * transaction's first insert into an empty table takes MariaDB's bulk insert (MDEV-24621), which
 * locks the whole table until the commit, so the table's other tasks wait instead of loading beside
 * it, and which sorts and rebuilds every index at the commit: dearer than the rows arriving in key
 * order (MariaDB 10.11, the bench's {@code single} and {@code tpcc-1} each table in one task:
 * 1.5-1.9x the server's CPU time). Uniqueness is then checked by the server on every key, so a
 * duplicate is always a warning 1062. {@code LOCAL} makes the server turn bad values, truncations
 * and duplicates into warnings and skipped rows, so a load with any warning, or that stored other
 * than the rows generated, fails naming the task, the table and the server's words (which name the
 * row and the column).
 *
 * <p>The connection needs {@code allowLocalInfile=true} (the driver's default) and the server
 * {@code local_infile=ON}.
 */
public final class LoadData {

  /** About this much text is generated per buffer. */
  static final int CHUNK_BYTES = 1 << 20;

  /** Warnings quoted in an error; the server keeps up to {@code max_error_count}. */
  private static final int QUOTED_WARNINGS = 5;

  private static final String SAVE_SESSION =
      "SELECT @@session.foreign_key_checks, @@session.unique_checks, @@session.time_zone,"
          + " @@session.sql_mode, @@session.innodb_lock_wait_timeout";

  private LoadData() {}

  /**
   * Loads the rows {@code source} generates into {@code table} (an unquoted name, in the
   * connection's database), their fields in the order of {@code columns}; returns the rows loaded.
   *
   * @param task names the task in errors, e.g. {@code job 7f3a / task customer[0,30000)}
   * @throws SpateException when the load fails, warns, or stores other than the rows generated; the
   *     caller rolls back
   */
  public static long load(
      Connection c, String task, String table, List<String> columns, RowSource source) {
    String where = task + " - LOAD DATA into " + table;
    try {
      return loadInto(c, task, quote(table), columns, Set.of(), source, 0);
    } catch (SQLException e) {
      throw new SpateException(where + " failed: " + e.getMessage(), e);
    }
  }

  /**
   * {@link #load} into {@code quotedTable}, a name as SQL reads it ({@link #name(Table)}), for a
   * task: the driver's errors pass as they are (so the caller classifies a lost connection as
   * retriable), and a duplicate key the server skipped (a warning 1062) fails as the unique-key
   * violation it is ({@link SQLIntegrityConstraintViolationException}, vendor code 1062).
   *
   * @param lockWaitSeconds how long the statement waits for a row lock before it fails with error
   *     1205 ({@code innodb_lock_wait_timeout}); 0: the session's own
   */
  public static long loadInto(
      Connection c,
      String task,
      String quotedTable,
      List<String> columns,
      Set<String> inet6Columns,
      RowSource source,
      long lockWaitSeconds)
      throws SQLException {
    String where = task + " - LOAD DATA into " + quotedTable;
    if (c.getAutoCommit()) {
      throw new IllegalStateException(where + ": needs the caller's open transaction");
    }
    RowStream stream = new RowStream(source, CHUNK_BYTES);
    long stored;
    try (Statement s = c.createStatement()) {
      String[] saved = session(s);
      s.execute(
          "SET SESSION foreign_key_checks = 0, unique_checks = 1, time_zone = '+00:00',"
              + " sql_mode = 'STRICT_ALL_TABLES,NO_ZERO_IN_DATE,NO_ZERO_DATE,"
              + "ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION'"
              + (lockWaitSeconds > 0 ? ", innodb_lock_wait_timeout = " + lockWaitSeconds : ""));
      try {
        s.unwrap(org.mariadb.jdbc.Statement.class).setLocalInfileInputStream(stream);
        stored = s.executeLargeUpdate(statement(quotedTable, columns, inet6Columns));
        List<String> warnings = warnings(s);
        if (stream.failure() != null) {
          throw new SpateException(
              where
                  + ": generating the rows failed after "
                  + stream.rows()
                  + " rows: "
                  + stream.failure().getMessage(),
              stream.failure());
        }
        if (warnings.stream().anyMatch(w -> w.split(" ")[1].equals("1062"))) {
          throw new SQLIntegrityConstraintViolationException(
              where + ": duplicate keys: " + String.join("; ", warnings),
              "23000",
              MariaDbLedger.DUPLICATE_ENTRY);
        }
        if (!warnings.isEmpty()) {
          throw new SpateException(
              where + ": the server changed or refused values: " + String.join("; ", warnings));
        }
      } finally {
        restore(s, saved);
      }
    }
    if (stored != stream.rows()) {
      throw new SpateException(
          where + ": stored " + stored + " rows of the " + stream.rows() + " generated");
    }
    return stored;
  }

  /**
   * The statement, with the format's defaults spelled out (the writer depends on them). An inet6
   * column reads its field, an IPv4 address, through a variable and stores it IPv4-mapped ({@code
   * ::ffff:a.b.c.d}), the only IPv4 form inet6 accepts; NULL stays NULL.
   */
  static String statement(String quotedTable, List<String> columns, Set<String> inet6Columns) {
    List<String> fields = new ArrayList<>();
    List<String> mapped = new ArrayList<>();
    for (int i = 0; i < columns.size(); i++) {
      String column = columns.get(i);
      if (inet6Columns.contains(column)) {
        fields.add("@spate_field_" + i);
        mapped.add(quote(column) + " = CONCAT('::ffff:', @spate_field_" + i + ")");
      } else {
        fields.add(quote(column));
      }
    }
    return "LOAD DATA LOCAL INFILE 'spate-rows' INTO TABLE "
        + quotedTable
        + " CHARACTER SET utf8mb4 FIELDS TERMINATED BY '\\t' ENCLOSED BY '' ESCAPED BY '\\\\'"
        + " LINES STARTING BY '' TERMINATED BY '\\n' ("
        + String.join(", ", fields)
        + ")"
        + (mapped.isEmpty() ? "" : " SET " + String.join(", ", mapped));
  }

  /** The columns of {@code table} of MariaDB's inet6 type, which {@link #statement} maps. */
  public static Set<String> inet6Columns(Table table) {
    return table.columns().stream()
        .filter(c -> c.typeName().equalsIgnoreCase("inet6"))
        .map(Column::name)
        .collect(Collectors.toUnmodifiableSet());
  }

  /**
   * The name SQL uses for {@code table} on MariaDB/MySQL: the connection's current database is
   * introspected as schema {@link Table#DEFAULT_SCHEMA}, so its tables go by their bare name; any
   * other schema is the database of that name.
   */
  public static String name(Table table) {
    return table.schema().equals(Table.DEFAULT_SCHEMA)
        ? quote(table.name())
        : quote(table.schema()) + "." + quote(table.name());
  }

  /** A MariaDB/MySQL identifier in backticks. */
  public static String quote(String identifier) {
    return '`' + identifier.replace("`", "``") + '`';
  }

  private static String[] session(Statement s) throws SQLException {
    try (ResultSet rs = s.executeQuery(SAVE_SESSION)) {
      rs.next();
      return new String[] {
        rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5)
      };
    }
  }

  private static void restore(Statement s, String[] saved) throws SQLException {
    s.execute(
        "SET SESSION foreign_key_checks = "
            + Integer.parseInt(saved[0])
            + ", unique_checks = "
            + Integer.parseInt(saved[1])
            + ", time_zone = "
            + literal(saved[2])
            + ", sql_mode = "
            + literal(saved[3])
            + ", innodb_lock_wait_timeout = "
            + Long.parseLong(saved[4]));
  }

  private static String literal(String s) {
    return "'" + s.replace("\\", "\\\\").replace("'", "''") + "'";
  }

  /** The load's warnings and notes as the server words them ({@code Warning 1366 ...}). */
  private static List<String> warnings(Statement s) throws SQLException {
    long total;
    try (ResultSet rs = s.executeQuery("SHOW COUNT(*) WARNINGS")) {
      rs.next();
      total = rs.getLong(1);
    }
    List<String> quoted = new ArrayList<>();
    if (total > 0) {
      try (ResultSet rs = s.executeQuery("SHOW WARNINGS LIMIT " + QUOTED_WARNINGS)) {
        while (rs.next()) {
          quoted.add(rs.getString(1) + " " + rs.getInt(2) + " " + rs.getString(3));
        }
      }
      if (total > quoted.size()) {
        quoted.add("and " + (total - quoted.size()) + " more");
      }
    }
    return quoted;
  }
}
