package com.example.shop;

import io.spate.testcontainers.SpateContainers;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.UUID;
import javax.sql.DataSource;
import org.postgresql.ds.PGSimpleDataSource;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.postgresql.PostgreSQLContainer;

/**
 * The shop's database for the whole test run, with its tables: a Testcontainers PostgreSQL where
 * Docker answers, else a fresh database on the PostgreSQL at 127.0.0.1:5432 (user postgres).
 */
final class ShopDatabase {

  private static DataSource shared;

  private ShopDatabase() {}

  static synchronized DataSource dataSource() {
    if (shared == null) {
      shared = DockerClientFactory.instance().isDockerAvailable() ? container() : localServer();
      SpateContainers.applySchema(shared, "shop.sql");
    }
    return shared;
  }

  private static DataSource container() {
    PostgreSQLContainer postgres = new PostgreSQLContainer("postgres:17-alpine");
    postgres.start(); // stopped by Testcontainers when the JVM exits
    return dataSource(postgres.getJdbcUrl(), postgres.getUsername(), postgres.getPassword());
  }

  private static DataSource localServer() {
    String name = "shop_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    try (Connection c =
        DriverManager.getConnection("jdbc:postgresql://127.0.0.1:5432/postgres", "postgres", "")) {
      c.createStatement().execute("CREATE DATABASE " + name);
    } catch (SQLException e) {
      throw new IllegalStateException("no Docker and no PostgreSQL at 127.0.0.1:5432", e);
    }
    // dropped when the test JVM exits, as Testcontainers stops its container
    Runtime.getRuntime().addShutdownHook(new Thread(() -> drop(name)));
    return dataSource("jdbc:postgresql://127.0.0.1:5432/" + name, "postgres", "");
  }

  private static void drop(String name) {
    try (Connection c =
        DriverManager.getConnection("jdbc:postgresql://127.0.0.1:5432/postgres", "postgres", "")) {
      c.createStatement().execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
    } catch (SQLException e) {
      System.err.println("could not drop the test database " + name + ": " + e.getMessage());
    }
  }

  private static DataSource dataSource(String url, String user, String password) {
    PGSimpleDataSource ds = new PGSimpleDataSource();
    ds.setUrl(url);
    ds.setUser(user);
    ds.setPassword(password);
    return ds;
  }
}
