package io.spate.db.sqlite;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * A fresh SQLite file in a directory of its own, deleted with everything beside it (journal, WAL,
 * the claims' lock file) on {@link #close()}.
 */
final class TestSqlite implements AutoCloseable {

  private final Path directory;
  private final Path file;

  private TestSqlite(Path directory) {
    this.directory = directory;
    this.file = directory.resolve("spate-test.db");
  }

  /** A new, empty database file (SQLite creates it on the first connection). */
  static TestSqlite create() {
    try {
      TestSqlite db = new TestSqlite(Files.createTempDirectory("spate-sqlite"));
      try (Connection c = db.connect();
          Statement s = c.createStatement()) {
        s.execute("CREATE TABLE spate_test_created (x)"); // the file is written only on a change
        s.execute("DROP TABLE spate_test_created");
      }
      return db;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  String url() {
    return "jdbc:sqlite:" + file;
  }

  Path file() {
    return file;
  }

  Connection connect() throws SQLException {
    return DriverManager.getConnection(url());
  }

  /** Runs the statements of {@code sql}, separated by semicolons at line ends. */
  void execute(String sql) {
    try (Connection c = connect();
        Statement s = c.createStatement()) {
      s.executeUpdate(sql); // sqlite-jdbc runs every statement of the text
    } catch (SQLException e) {
      throw new IllegalStateException("running " + sql + ": " + e.getMessage(), e);
    }
  }

  /** The number of rows of {@code table}. */
  long count(String table) throws SQLException {
    try (Connection c = connect();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT count(*) FROM \"" + table + "\"")) {
      rs.next();
      return rs.getLong(1);
    }
  }

  /**
   * Per application table, its row count and the XOR of the SHA-256 of each row as SQLite's {@code
   * quote()} renders it (storage class included: 1 and '1' differ), so equal only for the same rows
   * in any order.
   */
  Map<String, String> checksums() throws SQLException {
    Map<String, String> sums = new TreeMap<>();
    try (Connection c = connect();
        Statement s = c.createStatement()) {
      List<String> tables = new ArrayList<>();
      try (ResultSet rs =
          s.executeQuery(
              "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
                  + " AND name NOT LIKE 'spate_%' ORDER BY name")) {
        while (rs.next()) {
          tables.add(rs.getString(1));
        }
      }
      for (String table : tables) {
        List<String> columns = new ArrayList<>();
        try (ResultSet rs = s.executeQuery("SELECT name FROM pragma_table_info('" + table + "')")) {
          while (rs.next()) {
            columns.add("quote(\"" + rs.getString(1) + "\")");
          }
        }
        byte[] xor = new byte[32];
        long rows = 0;
        try (ResultSet rs =
            s.executeQuery(
                "SELECT " + String.join(" || '|' || ", columns) + " FROM \"" + table + "\"")) {
          while (rs.next()) {
            byte[] h = sha256().digest(rs.getString(1).getBytes(StandardCharsets.UTF_8));
            for (int i = 0; i < xor.length; i++) {
              xor[i] ^= h[i];
            }
            rows++;
          }
        }
        sums.put(table, rows + ":" + new BigInteger(1, xor).toString(16));
      }
    }
    return sums;
  }

  @Override
  public void close() {
    try (Stream<Path> files = Files.list(directory)) {
      for (Path f : files.toList()) {
        Files.deleteIfExists(f);
      }
      Files.deleteIfExists(directory);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
