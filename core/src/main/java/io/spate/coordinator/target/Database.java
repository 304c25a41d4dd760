package io.spate.coordinator.target;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.spate.protocol.error.SpateException;
import io.spate.worker.target.SecretMask;
import io.spate.worker.target.SessionSettings;
import io.spate.worker.target.SqlErrors;
import io.spate.worker.target.Targets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.Properties;

/**
 * Opens the target database, turning a bad URL or credentials into a message that says which. Every
 * connection carries the command's {@link SessionSettings}.
 */
public final class Database {

  private Database() {}

  /**
   * The URL, if it is a PostgreSQL JDBC URL.
   *
   * @param option how the message names where the URL came from ({@code --db})
   */
  public static String checkUrl(String url, String option) {
    if (url == null || !url.startsWith("jdbc:postgresql:")) {
      throw new SpateException(
          option
              + " must be a PostgreSQL JDBC URL such as jdbc:postgresql://127.0.0.1:5432/test, got '"
              + SecretMask.url(url)
              + "'");
    }
    return url;
  }

  public static Connection connect(
      String url, String user, String password, SessionSettings session) {
    checkUrl(url, "--db");
    Properties props = new Properties();
    if (user != null) {
      props.setProperty("user", user);
    }
    if (password != null) {
      props.setProperty("password", password);
    }
    props.setProperty("connectTimeout", "10");
    try {
      return DriverManager.getConnection(session.connectUrl(url, props), props);
    } catch (SQLException e) {
      // the driver may quote the URL too
      throw new SecretMask(List.of(new Targets.Target(url, user, password)))
          .mask(
              SqlErrors.classify(
                  "cannot connect to " + url + (user == null ? "" : " as " + user), e));
    }
  }

  /** A pool of {@code size} connections, created after {@link #connect} proved the target works. */
  public static HikariDataSource pool(
      String url, String user, String password, int size, SessionSettings session) {
    HikariConfig config = new HikariConfig();
    session.configure(config, url);
    config.setUsername(user);
    config.setPassword(password);
    config.setMaximumPoolSize(size);
    config.setMinimumIdle(size); // opened in the background while the fill prepares
    config.setInitializationFailTimeout(-1); // the target was just proven by connect()
    config.setPoolName("spate");
    config.setExceptionOverride(SqlErrors.POOL_EVICTION);
    config.setConnectionTimeout(30_000);
    config.addDataSourceProperty("connectTimeout", "10");
    return new HikariDataSource(config);
  }
}
