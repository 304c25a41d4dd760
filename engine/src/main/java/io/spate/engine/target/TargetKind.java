package io.spate.engine.target;

import io.spate.engine.mariadb.MariaDbDialect;
import io.spate.engine.postgres.PostgresDialect;
import io.spate.protocol.error.SpateException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import javax.sql.DataSource;

/**
 * Which database a target is, read from its JDBC URL: the one place a URL picks the target. Every
 * other part asks the kind for its {@link TargetDialect} (the worker side) or maps it to its own
 * implementation with an exhaustive {@code switch} (the coordinator's steps), so adding a kind here
 * makes the compiler list what it still needs.
 */
public enum TargetKind {
  POSTGRESQL("PostgreSQL", "jdbc:postgresql:"),
  /** MariaDB and MySQL, both through MariaDB Connector/J. */
  MARIADB("MariaDB/MySQL", "jdbc:mariadb:", "jdbc:mysql:");

  private final String displayName;
  private final List<String> prefixes;

  TargetKind(String displayName, String... prefixes) {
    this.displayName = displayName;
    this.prefixes = List.of(prefixes);
  }

  /** The kind {@code url} names by its prefix; see {@link #of(String, String)}. */
  public static TargetKind of(String url) {
    return of(url, "the database URL");
  }

  /**
   * The kind {@code url} names by its prefix.
   *
   * @param where how the message names where the URL came from ({@code --db}, {@code --target eu})
   * @throws SpateException naming the URL (its secrets masked) and the prefixes Spate supports
   */
  public static TargetKind of(String url, String where) {
    for (TargetKind kind : values()) {
      if (url != null && kind.prefixes.stream().anyMatch(url::startsWith)) {
        return kind;
      }
    }
    throw new SpateException(
        where
            + " must be the JDBC URL of a database Spate fills, starting with "
            + String.join(" or ", supportedPrefixes())
            + " (such as jdbc:postgresql://127.0.0.1:5432/test), got '"
            + SecretMask.url(url)
            + "'");
  }

  /** The kind of the database {@code connection} reaches, by the URL it was opened with. */
  public static TargetKind of(Connection connection) throws SQLException {
    return of(connection.getMetaData().getURL());
  }

  /** The kind of the database {@code dataSource} reaches (opens one connection to ask). */
  public static TargetKind of(DataSource dataSource) {
    try (Connection c = dataSource.getConnection()) {
      return of(c);
    } catch (SQLException e) {
      throw SqlErrors.classify("reading which database the target is", e);
    }
  }

  /** Every prefix a target URL may start with, in declaration order. */
  public static List<String> supportedPrefixes() {
    return Arrays.stream(values()).flatMap(k -> k.prefixes.stream()).toList();
  }

  /** How messages name the database: {@code PostgreSQL}. */
  public String displayName() {
    return displayName;
  }

  /** The URL prefixes that pick this kind. */
  public List<String> prefixes() {
    return prefixes;
  }

  /** What differs on the worker side for this kind of database. */
  public TargetDialect dialect() {
    return switch (this) {
      case POSTGRESQL -> PostgresDialect.INSTANCE;
      case MARIADB -> MariaDbDialect.INSTANCE;
    };
  }
}
