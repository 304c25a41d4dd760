package io.spate.db.h2;

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
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * A fresh H2 file database in a directory of its own, deleted with everything in it on {@link
 * #close()}. Its URL folds unquoted names to lower case ({@code DATABASE_TO_LOWER=TRUE}, H2's
 * advice for PostgreSQL's DDL), so a fixture's tables have the names they have on PostgreSQL and
 * get the same values; and it is opened in H2's automatic mixed mode ({@code AUTO_SERVER=TRUE}), so
 * a test reads a database a {@code spate} process holds open.
 */
final class TestH2 implements AutoCloseable {

  private final Path directory;
  private final String url;

  private TestH2(Path directory) {
    this.directory = directory;
    this.url =
        "jdbc:h2:" + directory.resolve("spate-test") + ";DATABASE_TO_LOWER=TRUE;AUTO_SERVER=TRUE";
  }

  /** A new, empty database file. */
  static TestH2 create() {
    try {
      TestH2 db = new TestH2(Files.createTempDirectory("spate-h2"));
      db.connect().close(); // H2 creates the file on the first connection
      return db;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  String url() {
    return url;
  }

  Connection connect() throws SQLException {
    return DriverManager.getConnection(url, "sa", "");
  }

  /** Runs the statements of {@code sql}, separated by semicolons at line ends. */
  void execute(String sql) {
    try (Connection c = connect();
        Statement s = c.createStatement()) {
      for (String statement : sql.split(";\\s*(\\n|$)")) {
        if (!statement.lines().allMatch(l -> l.isBlank() || l.strip().startsWith("--"))) {
          s.execute(statement);
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException("running " + sql + ": " + e.getMessage(), e);
    }
  }

  long count(String table) throws SQLException {
    try (Connection c = connect();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT count(*) FROM \"" + table + "\"")) {
      rs.next();
      return rs.getLong(1);
    }
  }

  /** Ends every session but the caller's ({@code ABORT_SESSION}); returns how many. */
  int terminateOtherSessions() throws SQLException {
    try (Connection c = connect();
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT count(ABORT_SESSION(SESSION_ID)) FROM INFORMATION_SCHEMA.SESSIONS"
                    + " WHERE SESSION_ID <> SESSION_ID()")) {
      rs.next();
      return rs.getInt(1);
    }
  }

  /**
   * Per table of the session's schema, its row count and the XOR of the SHA-256 of each row as H2
   * renders it ({@code CAST(column AS VARCHAR)}, NULL apart), so equal only for the same rows in
   * any order.
   */
  Map<String, String> checksums() throws SQLException {
    try (Connection c = connect()) {
      return checksums(
          c,
          "SELECT TABLE_NAME FROM INFORMATION_SCHEMA.TABLES"
              + " WHERE TABLE_SCHEMA = SCHEMA() AND TABLE_TYPE = 'BASE TABLE' ORDER BY TABLE_NAME",
          column -> "CAST(\"" + column + "\" AS VARCHAR)");
    }
  }

  /** The rendering of one column as SQL text. */
  interface Render {
    String sql(String column);
  }

  /**
   * The checksums of the tables {@code tablesQuery} lists, each row rendered by {@code render}
   * column by column, {@code \N} for NULL, joined by a tab.
   */
  static Map<String, String> checksums(Connection c, String tablesQuery, Render render)
      throws SQLException {
    Map<String, String> sums = new TreeMap<>();
    try (Statement s = c.createStatement()) {
      List<String> tables = new ArrayList<>();
      try (ResultSet rs = s.executeQuery(tablesQuery)) {
        while (rs.next()) {
          tables.add(rs.getString(1));
        }
      }
      for (String table : tables) {
        List<String> columns = new ArrayList<>();
        try (ResultSet rs = s.executeQuery("SELECT * FROM \"" + table + "\" WHERE 1 = 0")) {
          ResultSetMetaData m = rs.getMetaData();
          for (int i = 1; i <= m.getColumnCount(); i++) {
            columns.add(render.sql(m.getColumnName(i)));
          }
        }
        byte[] xor = new byte[32];
        long rows = 0;
        try (ResultSet rs =
            s.executeQuery("SELECT " + String.join(", ", columns) + " FROM \"" + table + "\"")) {
          while (rs.next()) {
            StringBuilder row = new StringBuilder();
            for (int i = 1; i <= columns.size(); i++) {
              String v = rs.getString(i);
              row.append(i == 1 ? "" : "\t").append(v == null ? "\\N" : v);
            }
            byte[] h = sha256().digest(row.toString().getBytes(StandardCharsets.UTF_8));
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

  /**
   * Per table {@code tablesQuery} lists, its row count and the XOR of the SHA-256 of each row's
   * canonical text, computed in this JVM from the driver's values (so two databases with different
   * renderings compare): a decimal's plain digits with its scale, an integer's digits, a double's
   * shortest text, a timestamp's and a date's ISO form, text as it is, {@code \N} for NULL.
   */
  static Map<String, String> canonicalChecksums(Connection c, String tablesQuery)
      throws SQLException {
    Map<String, String> sums = new TreeMap<>();
    try (Statement s = c.createStatement()) {
      List<String> tables = new ArrayList<>();
      try (ResultSet rs = s.executeQuery(tablesQuery)) {
        while (rs.next()) {
          tables.add(rs.getString(1));
        }
      }
      for (String table : tables) {
        byte[] xor = new byte[32];
        long rows = 0;
        try (ResultSet rs = s.executeQuery("SELECT * FROM \"" + table + "\"")) {
          int columns = rs.getMetaData().getColumnCount();
          while (rs.next()) {
            StringBuilder row = new StringBuilder();
            for (int i = 1; i <= columns; i++) {
              row.append(i == 1 ? "" : "\t").append(canonical(rs.getObject(i)));
            }
            byte[] h = sha256().digest(row.toString().getBytes(StandardCharsets.UTF_8));
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

  private static String canonical(Object v) {
    return switch (v) {
      case null -> "\\N";
      case java.math.BigDecimal d -> d.toPlainString();
      case Double d -> Double.toString(d);
      case Float f -> Double.toString(f);
      case Number n -> Long.toString(n.longValue());
      case java.sql.Timestamp t -> t.toLocalDateTime().toString();
      case java.sql.Date d -> d.toLocalDate().toString();
      default -> v.toString();
    };
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
