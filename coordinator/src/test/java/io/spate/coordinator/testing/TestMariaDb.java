package io.spate.coordinator.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import javax.sql.DataSource;
import org.mariadb.jdbc.MariaDbDataSource;

/**
 * A fresh, uniquely named database on a real MariaDB or MySQL server, dropped on {@link #close()}.
 *
 * <p>The server is the one {@code SPATE_TEST_MARIADB} names (a JDBC URL the user may {@code CREATE
 * DATABASE} from, user and password from {@code SPATE_TEST_MARIADB_USER} and {@code
 * SPATE_TEST_MARIADB_PASSWORD}), else the local server at 127.0.0.1:3306 as {@code root} with an
 * empty password, as {@link io.spate.worker.testing.TestDatabase} finds PostgreSQL. Never a mock.
 */
public final class TestMariaDb implements AutoCloseable {

  private static final String ADMIN_URL =
      envOr("SPATE_TEST_MARIADB", "jdbc:mariadb://127.0.0.1:3306/");
  private static final String USER = envOr("SPATE_TEST_MARIADB_USER", "root");
  private static final String PASSWORD = envOr("SPATE_TEST_MARIADB_PASSWORD", "");

  private final String name;

  private TestMariaDb(String name) {
    this.name = name;
  }

  /** Creates an empty database for one test class or test. */
  public static TestMariaDb create() {
    return createNamed("spate_it_");
  }

  /**
   * Creates an empty database whose name starts with {@code prefix} (say {@code docs_}), so the
   * databases of one suite are told apart from those of another run against the same server.
   */
  public static TestMariaDb createNamed(String prefix) {
    String name = prefix + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    try (Connection c = DriverManager.getConnection(ADMIN_URL, USER, PASSWORD);
        Statement s = c.createStatement()) {
      s.execute("CREATE DATABASE " + name + " CHARACTER SET utf8mb4");
    } catch (SQLException e) {
      throw new IllegalStateException("cannot create a test database on " + ADMIN_URL, e);
    }
    return new TestMariaDb(name);
  }

  /** Creates an empty database and runs a SQL file in it. */
  public static TestMariaDb withSchema(Path file) {
    TestMariaDb db = create();
    try {
      db.execute(Files.readString(file, StandardCharsets.UTF_8));
    } catch (IOException e) {
      db.close();
      throw new IllegalStateException("cannot read " + file, e);
    } catch (RuntimeException e) {
      db.close();
      throw e;
    }
    return db;
  }

  public String name() {
    return name;
  }

  /** The user the fill connects as. */
  public String user() {
    return USER;
  }

  public String password() {
    return PASSWORD;
  }

  /** The URL of this database: the server's, with the database as its path. */
  public String jdbcUrl() {
    int slash = ADMIN_URL.indexOf('/', ADMIN_URL.indexOf("//") + 2);
    int query = ADMIN_URL.indexOf('?');
    String base =
        slash < 0
            ? (query < 0 ? ADMIN_URL : ADMIN_URL.substring(0, query))
            : ADMIN_URL.substring(0, slash);
    String rest = query < 0 ? "" : ADMIN_URL.substring(query + 1);
    return base + "/" + name + "?allowMultiQueries=true" + (rest.isEmpty() ? "" : "&" + rest);
  }

  /** This database as a {@link DataSource}, as the fill reaches it. */
  public DataSource dataSource() throws SQLException {
    MariaDbDataSource source = new MariaDbDataSource(jdbcUrl());
    source.setUser(USER);
    source.setPassword(PASSWORD);
    return source;
  }

  public Connection connect() throws SQLException {
    return DriverManager.getConnection(jdbcUrl(), USER, PASSWORD);
  }

  /**
   * A connection whose query results travel in the binary protocol (server-prepared statements), so
   * a float arrives as its exact four bytes, not as the six digits the text protocol prints.
   */
  public Connection connectBinary() throws SQLException {
    return DriverManager.getConnection(jdbcUrl() + "&useServerPrepStmts=true", USER, PASSWORD);
  }

  /** Runs one or more SQL statements. */
  public void execute(String sql) {
    try (Connection c = connect();
        Statement s = c.createStatement()) {
      s.execute(sql);
    } catch (SQLException e) {
      throw new IllegalStateException("failed on " + name + ": " + e.getMessage(), e);
    }
  }

  @Override
  public void close() {
    try (Connection c = DriverManager.getConnection(ADMIN_URL, USER, PASSWORD);
        Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + name);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot drop test database " + name, e);
    }
  }

  private static String envOr(String name, String fallback) {
    String value = System.getenv(name);
    return value == null || value.isBlank() ? fallback : value;
  }
}
