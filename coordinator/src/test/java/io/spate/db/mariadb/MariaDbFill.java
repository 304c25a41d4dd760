package io.spate.db.mariadb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.spate.coordinator.Fills;
import io.spate.coordinator.testing.CanonicalDump;
import io.spate.coordinator.testing.TestMariaDb;
import io.spate.worker.testing.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/** Test helpers: run {@code spate local} against a MariaDB test database and read what it wrote. */
public final class MariaDbFill {

  private MariaDbFill() {}

  /** Runs {@code spate local} on {@code db}; fails the test on a non-zero exit. */
  public static Fills.Run local(TestMariaDb db, String... extra) {
    List<String> args = new ArrayList<>(List.of("local", "--db", db.jdbcUrl(), "--user", "root"));
    args.addAll(List.of(extra));
    Fills.Run run = Fills.cli(args.toArray(String[]::new));
    assertEquals(0, run.exitCode(), () -> "spate local failed:\n" + run.err() + run.out());
    return run;
  }

  /**
   * Fills the twins {@code pgSchema} on PostgreSQL and {@code mysqlSchema} on MariaDB (fixtures of
   * {@link Fills#schema}) with one seed and no config, and asserts that each of {@code tables}
   * holds the same rows on both ({@link CanonicalDump}).
   */
  public static void assertSameValuesAsPostgresql(
      String pgSchema, String mysqlSchema, List<String> tables) throws SQLException {
    try (TestDatabase pg = TestDatabase.create();
        TestMariaDb mariaDb = TestMariaDb.create()) {
      pg.execute(Fills.schema(pgSchema));
      mariaDb.execute(Fills.schema(mysqlSchema));
      Fills.local(pg, "--seed", "20240615");
      local(mariaDb, "--seed", "20240615");

      try (Connection p = pg.connect();
          Connection m = mariaDb.connectBinary()) {
        for (String table : tables) {
          List<String> expected = CanonicalDump.rows(p, table);
          List<String> actual = CanonicalDump.rows(m, table);
          assertFalse(expected.isEmpty(), table + " was filled");
          assertNull(
              CanonicalDump.difference(expected, actual),
              () -> table + ": MariaDB's rows against PostgreSQL's");
        }
      }
    }
  }

  public static List<String> tables(Connection c) throws SQLException {
    List<String> tables = new ArrayList<>();
    try (Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()"
                    + " AND TABLE_TYPE = 'BASE TABLE' ORDER BY TABLE_NAME")) {
      while (rs.next()) {
        tables.add(rs.getString(1));
      }
    }
    return tables;
  }

  public static Map<String, Long> rowCounts(TestMariaDb db) throws SQLException {
    Map<String, Long> counts = new TreeMap<>();
    try (Connection c = db.connect()) {
      for (String t : tables(c)) {
        counts.put(t, queryLong(c, "SELECT COUNT(*) FROM `" + t + "`"));
      }
    }
    return counts;
  }

  /**
   * Per table, an order-independent digest of every row: the count and the XOR of each row's MD5
   * (its columns quoted, NULL as the word NULL), computed by the server. Equal only for tables
   * holding the same rows (bar a 64-bit collision).
   */
  public static Map<String, String> checksums(TestMariaDb db) throws SQLException {
    Map<String, String> sums = new TreeMap<>();
    try (Connection c = db.connect()) {
      for (String t : tables(c)) {
        String columns =
            columns(c, t).stream()
                .map(col -> "QUOTE(`" + col + "`)")
                .collect(Collectors.joining(", "));
        try (Statement s = c.createStatement();
            ResultSet rs =
                s.executeQuery(
                    "SELECT COUNT(*), BIT_XOR(CAST(CONV(LEFT(MD5(CONCAT_WS('|', "
                        + columns
                        + ")), 16), 16, 10) AS UNSIGNED)) FROM `"
                        + t
                        + "`")) {
          rs.next();
          sums.put(t, rs.getLong(1) + ":" + rs.getString(2));
        }
      }
    }
    return sums;
  }

  /**
   * Per foreign key ({@code table.constraint}), the child rows whose non-NULL key has no parent.
   */
  public static Map<String, Long> orphans(TestMariaDb db) throws SQLException {
    Map<String, List<String[]>> keys = new LinkedHashMap<>();
    try (Connection c = db.connect()) {
      try (Statement s = c.createStatement();
          ResultSet rs =
              s.executeQuery(
                  "SELECT TABLE_NAME, CONSTRAINT_NAME, COLUMN_NAME, REFERENCED_TABLE_NAME,"
                      + " REFERENCED_COLUMN_NAME FROM information_schema.KEY_COLUMN_USAGE"
                      + " WHERE TABLE_SCHEMA = DATABASE() AND REFERENCED_TABLE_NAME IS NOT NULL"
                      + " ORDER BY TABLE_NAME, CONSTRAINT_NAME, ORDINAL_POSITION")) {
        while (rs.next()) {
          keys.computeIfAbsent(rs.getString(1) + "." + rs.getString(2), k -> new ArrayList<>())
              .add(
                  new String[] {
                    rs.getString(1), rs.getString(3), rs.getString(4), rs.getString(5)
                  });
        }
      }
      Map<String, Long> orphans = new TreeMap<>();
      for (Map.Entry<String, List<String[]>> key : keys.entrySet()) {
        List<String[]> cols = key.getValue();
        String notNull =
            cols.stream()
                .map(k -> "c.`" + k[1] + "` IS NOT NULL")
                .collect(Collectors.joining(" AND "));
        String join =
            cols.stream()
                .map(k -> "p.`" + k[3] + "` = c.`" + k[1] + "`")
                .collect(Collectors.joining(" AND "));
        orphans.put(
            key.getKey(),
            queryLong(
                c,
                "SELECT COUNT(*) FROM `"
                    + cols.getFirst()[0]
                    + "` c WHERE "
                    + notNull
                    + " AND NOT EXISTS (SELECT 1 FROM `"
                    + cols.getFirst()[2]
                    + "` p WHERE "
                    + join
                    + ")"));
      }
      return orphans;
    }
  }

  /** Every constraint of the database: keys, foreign keys and CHECKs, by table and name. */
  public static List<String> constraints(TestMariaDb db) throws SQLException {
    List<String> constraints = new ArrayList<>();
    try (Connection c = db.connect();
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT CONCAT(TABLE_NAME, ' ', CONSTRAINT_TYPE, ' ', CONSTRAINT_NAME)"
                    + " FROM information_schema.TABLE_CONSTRAINTS WHERE CONSTRAINT_SCHEMA ="
                    + " DATABASE() ORDER BY 1")) {
      while (rs.next()) {
        constraints.add(rs.getString(1));
      }
    }
    return constraints;
  }

  public static List<String> columns(Connection c, String table) throws SQLException {
    List<String> columns = new ArrayList<>();
    try (Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT COLUMN_NAME FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE()"
                    + " AND TABLE_NAME = '"
                    + table
                    + "' ORDER BY ORDINAL_POSITION")) {
      while (rs.next()) {
        columns.add(rs.getString(1));
      }
    }
    return columns;
  }

  public static long queryLong(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  public static String queryString(TestMariaDb db, String sql) throws SQLException {
    try (Connection c = db.connect();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getString(1);
    }
  }
}
