package io.spate.testcontainers;

import io.spate.api.Spate;
import io.spate.engine.target.SqlErrors;
import io.spate.protocol.error.SpateException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;
import org.testcontainers.containers.JdbcDatabaseContainer;

/**
 * Creates an application's tables from its schema script, then hands back the {@link Spate} fill of
 * that database to configure and run:
 *
 * <pre>{@code
 * FillResult result =
 *     SpateContainers.withSchema(postgres, "shop.sql").config("tables: {...}").seed(7).fill();
 * }</pre>
 *
 * The script is a classpath resource, else a file, run as one batch of statements; a failing
 * statement stops it with the database's message.
 */
public final class SpateContainers {

  private SpateContainers() {}

  /**
   * Applies {@code script} to the container's database (starting the container if it is not
   * running) and returns the fill of that database.
   */
  public static Spate withSchema(JdbcDatabaseContainer<?> container, String script) {
    if (!container.isRunning()) {
      container.start();
    }
    String url = container.getJdbcUrl();
    try (Connection c =
        DriverManager.getConnection(url, container.getUsername(), container.getPassword())) {
      apply(c, script);
    } catch (SQLException e) {
      throw SqlErrors.classify("cannot connect to " + url, e);
    }
    return Spate.on(url, container.getUsername(), container.getPassword());
  }

  /** Applies {@code script} to the database {@code dataSource} reaches; returns its fill. */
  public static Spate withSchema(DataSource dataSource, String script) {
    applySchema(dataSource, script);
    return Spate.on(dataSource);
  }

  /** Applies {@code script} to the database {@code dataSource} reaches. */
  public static void applySchema(DataSource dataSource, String script) {
    try (Connection c = dataSource.getConnection()) {
      apply(c, script);
    } catch (SQLException e) {
      throw SqlErrors.classify("cannot connect to the database to apply " + script, e);
    }
  }

  private static void apply(Connection connection, String script) {
    String sql = read(script);
    try (Statement s = connection.createStatement()) {
      s.execute(sql);
    } catch (SQLException e) {
      throw SqlErrors.classify("applying the schema script " + script, e);
    }
  }

  private static String read(String script) {
    URL resource = Thread.currentThread().getContextClassLoader().getResource(script);
    try {
      if (resource != null) {
        try (InputStream in = resource.openStream()) {
          return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
      }
      if (Files.isRegularFile(Path.of(script))) {
        return Files.readString(Path.of(script), StandardCharsets.UTF_8);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("reading the schema script " + script, e);
    }
    throw new SpateException(
        "schema script '" + script + "' is neither a classpath resource nor a file");
  }
}
