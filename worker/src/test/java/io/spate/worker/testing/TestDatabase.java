package io.spate.worker.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.UUID;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.postgresql.PostgreSQLContainer;

/**
 * A fresh, uniquely named database on a real PostgreSQL server, dropped on {@link #close()}.
 *
 * <p>The server is, in order: the one {@code SPATE_TEST_PG} names (a JDBC URL of a database the
 * user may {@code CREATE DATABASE} from, user and password from {@code SPATE_TEST_PG_USER} and
 * {@code SPATE_TEST_PG_PASSWORD}); a Testcontainers PostgreSQL when a Docker engine answers; the
 * local server at 127.0.0.1:5432 as user {@code postgres}. Never a mock. {@link #createOn} takes
 * another server, such as a private cluster a test started.
 */
public final class TestDatabase implements AutoCloseable {

  private static Server shared;

  private final Server server;
  private final String name;

  private TestDatabase(Server server, String name) {
    this.server = server;
    this.name = name;
  }

  /** Creates an empty database for one test class or test. */
  public static TestDatabase create() {
    return create(shared());
  }

  /**
   * Creates an empty database on the server {@code adminUrl} names (a JDBC URL of a database the
   * user may {@code CREATE DATABASE} from).
   */
  public static TestDatabase createOn(String adminUrl, String user, String password) {
    return create(new Server(adminUrl, user, password));
  }

  /**
   * Creates an empty database whose name starts with {@code prefix} (say {@code svc_}), so the
   * databases of one suite are told apart from those of another run against the same server.
   */
  public static TestDatabase createNamed(String prefix) {
    return create(shared(), prefix);
  }

  /** Like {@link #withFixtureSchema}, the database's name starting with {@code prefix}. */
  public static TestDatabase withFixtureSchemaNamed(String prefix, String fileName) {
    TestDatabase db = createNamed(prefix);
    db.executeFile(fixtureSchema(fileName));
    return db;
  }

  private static TestDatabase create(Server server) {
    return create(server, "spate_it_");
  }

  private static TestDatabase create(Server server, String prefix) {
    String name = prefix + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    try (Connection c = server.admin();
        Statement s = c.createStatement()) {
      s.execute("CREATE DATABASE " + name);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot create test database on " + server.adminUrl, e);
    }
    return new TestDatabase(server, name);
  }

  /** Creates an empty database and runs a fixture schema file ({@link #fixtureSchema}). */
  public static TestDatabase withFixtureSchema(String fileName) {
    TestDatabase db = create();
    db.executeFile(fixtureSchema(fileName));
    return db;
  }

  /**
   * The path of a fixture schema in the repository's {@code examples/schemas}, such as {@code
   * tpcc.sql}; see {@link Fixtures#root()}.
   */
  public static Path fixtureSchema(String fileName) {
    Path file = Fixtures.schemas().resolve(fileName);
    if (!Files.isRegularFile(file)) {
      throw new IllegalStateException("no fixture schema " + file);
    }
    return file;
  }

  public String jdbcUrl() {
    return server.urlFor(name);
  }

  public String user() {
    return server.user;
  }

  public String password() {
    return server.password;
  }

  public String name() {
    return name;
  }

  public Connection connect() throws SQLException {
    return DriverManager.getConnection(jdbcUrl(), user(), password());
  }

  /** Runs one or more SQL statements. */
  public void execute(String sql) {
    try (Connection c = connect();
        Statement s = c.createStatement()) {
      s.execute(sql);
    } catch (SQLException e) {
      throw new IllegalStateException("failed on " + name + ": " + sql, e);
    }
  }

  public void executeFile(Path file) {
    try {
      execute(Files.readString(file, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new IllegalStateException("cannot read " + file, e);
    }
  }

  /** The single value of a one-row, one-column query, as text. */
  public String queryString(String sql) {
    try (Connection c = connect();
        Statement s = c.createStatement();
        var rs = s.executeQuery(sql)) {
      if (!rs.next()) {
        throw new IllegalStateException("no row from " + sql);
      }
      return rs.getString(1);
    } catch (SQLException e) {
      throw new IllegalStateException("failed on " + name + ": " + sql, e);
    }
  }

  public long queryLong(String sql) {
    return Long.parseLong(queryString(sql));
  }

  @Override
  public void close() {
    try (Connection c = server.admin();
        Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
    } catch (SQLException e) {
      throw new IllegalStateException("cannot drop test database " + name, e);
    }
  }

  private static synchronized Server shared() {
    if (shared == null) {
      shared = Server.find();
    }
    return shared;
  }

  /** Where test databases are created. */
  private record Server(String adminUrl, String user, String password) {

    static Server find() {
      String url = System.getenv("SPATE_TEST_PG");
      if (url != null && !url.isBlank()) {
        return new Server(
            url,
            System.getenv().getOrDefault("SPATE_TEST_PG_USER", "postgres"),
            System.getenv().getOrDefault("SPATE_TEST_PG_PASSWORD", ""));
      }
      if (dockerAvailable()) {
        PostgreSQLContainer container = new PostgreSQLContainer("postgres:17-alpine");
        container.start();
        return new Server(container.getJdbcUrl(), container.getUsername(), container.getPassword());
      }
      return new Server("jdbc:postgresql://127.0.0.1:5432/postgres", "postgres", "");
    }

    private static boolean dockerAvailable() {
      try {
        return DockerClientFactory.instance().isDockerAvailable();
      } catch (RuntimeException | LinkageError e) {
        return false;
      }
    }

    Connection admin() throws SQLException {
      return DriverManager.getConnection(adminUrl, user, password);
    }

    String urlFor(String database) {
      int slash = adminUrl.indexOf('/', "jdbc:postgresql://".length());
      int query = adminUrl.indexOf('?', slash);
      String rest = query < 0 ? "" : adminUrl.substring(query);
      return adminUrl.substring(0, slash + 1) + database.toLowerCase(Locale.ROOT) + rest;
    }
  }
}
