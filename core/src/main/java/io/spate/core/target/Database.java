package io.spate.core.target;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.spate.engine.target.SecretMask;
import io.spate.engine.target.SessionSettings;
import io.spate.engine.target.SqlErrors;
import io.spate.engine.target.TargetKind;
import io.spate.engine.target.Targets;
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
   * The URL, if it names a database Spate fills ({@link TargetKind#of(String, String)}).
   *
   * @param option how the message names where the URL came from ({@code --db})
   */
  public static String checkUrl(String url, String option) {
    TargetKind.of(url, option);
    return url;
  }

  public static Connection connect(
      String url, String user, String password, SessionSettings session) {
    TargetKind kind = TargetKind.of(url, "--db");
    Properties props = new Properties();
    if (user != null) {
      props.setProperty("user", user);
    }
    if (password != null) {
      props.setProperty("password", password);
    }
    props.setProperty("connectTimeout", "10"); // seconds; a dialect may restate it
    try {
      return DriverManager.getConnection(kind.dialect().connectUrl(url, props, session), props);
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
    config.addDataSourceProperty("connectTimeout", "10"); // seconds; a dialect may restate it
    TargetKind.of(url, "--db").dialect().configure(config, url, session);
    config.setUsername(user);
    config.setPassword(password);
    config.setMaximumPoolSize(size);
    config.setMinimumIdle(size); // opened in the background while the fill prepares
    config.setInitializationFailTimeout(-1); // the target was just proven by connect()
    config.setPoolName("spate");
    config.setExceptionOverride(SqlErrors.POOL_EVICTION);
    config.setConnectionTimeout(30_000);
    return new HikariDataSource(config);
  }
}
