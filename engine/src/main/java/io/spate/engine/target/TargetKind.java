package io.spate.engine.target;

import io.spate.protocol.error.SpateException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Comparator;
import java.util.List;
import java.util.ServiceLoader;
import javax.sql.DataSource;

/**
 * Which database a target is, read from its JDBC URL: the one place a URL picks the target. The
 * kinds are those of the {@link TargetDialect}s on the class path, found by {@link ServiceLoader}
 * (each database's module, {@code spate-postgres} or {@code spate-mariadb}, lists its dialect in
 * {@code META-INF/services/io.spate.engine.target.TargetDialect}); the coordinator's side of a kind
 * is found the same way by the kind's name. Adding a database is adding a module: nothing here
 * names one.
 *
 * @param name the kind's stable name ({@code POSTGRESQL}), in bench results and messages
 * @param displayName how messages name the database: {@code PostgreSQL}
 * @param prefixes the URL prefixes that pick this kind
 */
public record TargetKind(String name, String displayName, List<String> prefixes) {

  public TargetKind {
    prefixes = List.copyOf(prefixes);
  }

  /** The dialects on the class path, by kind name; loaded once. */
  private static final class Dialects {
    static final List<TargetDialect> ALL =
        ServiceLoader.load(TargetDialect.class, TargetKind.class.getClassLoader()).stream()
            .map(ServiceLoader.Provider::get)
            .sorted(Comparator.comparing(d -> d.kind().name()))
            .toList();
  }

  /** Every kind a target may be, by name. */
  public static List<TargetKind> all() {
    return Dialects.ALL.stream().map(TargetDialect::kind).toList();
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
    for (TargetKind kind : all()) {
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

  /** Every prefix a target URL may start with, kinds in name order. */
  public static List<String> supportedPrefixes() {
    return all().stream().flatMap(k -> k.prefixes.stream()).toList();
  }

  /** What differs on the worker side for this kind of database. */
  public TargetDialect dialect() {
    return Dialects.ALL.stream()
        .filter(d -> d.kind().equals(this))
        .findFirst()
        .orElseThrow(() -> new IllegalStateException("no dialect serves " + name));
  }

  @Override
  public String toString() {
    return name;
  }
}
