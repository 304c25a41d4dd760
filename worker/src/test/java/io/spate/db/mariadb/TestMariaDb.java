package io.spate.db.mariadb;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.ThreadLocalRandom;
import org.mariadb.jdbc.MariaDbDataSource;

/**
 * A database of its own on the MariaDB server an IT uses: the one {@code SPATE_TEST_MARIADB} names
 * (a JDBC URL whose user may create databases), else the local server at 127.0.0.1:3306 as root
 * with an empty password. Created on construction, dropped on close.
 */
final class TestMariaDb implements AutoCloseable {
  private final String server;
  final String database;

  TestMariaDb() throws SQLException {
    String url = System.getenv("SPATE_TEST_MARIADB");
    server = url != null ? url : "jdbc:mariadb://127.0.0.1:3306/?user=root&password=";
    database = "spate_it_" + Long.toHexString(ThreadLocalRandom.current().nextLong() >>> 1);
    try (Connection c = DriverManager.getConnection(server);
        Statement s = c.createStatement()) {
      s.execute("CREATE DATABASE " + database + " CHARACTER SET utf8mb4");
    }
  }

  /** The URL of this database, with the options the load path needs. */
  String url(String options) {
    int query = server.indexOf('?');
    String base = query < 0 ? server : server.substring(0, query);
    String params = query < 0 ? "" : server.substring(query + 1) + "&";
    base = base.substring(0, base.lastIndexOf('/'));
    return base + "/" + database + "?" + params + "allowLocalInfile=true" + options;
  }

  Connection connect() throws SQLException {
    return DriverManager.getConnection(url(""));
  }

  MariaDbDataSource dataSource() throws SQLException {
    return new MariaDbDataSource(url(""));
  }

  @Override
  public void close() throws SQLException {
    try (Connection c = DriverManager.getConnection(server);
        Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + database);
    }
  }
}
