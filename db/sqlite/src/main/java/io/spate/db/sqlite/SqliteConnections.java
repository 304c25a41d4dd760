package io.spate.db.sqlite;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.Properties;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.sqlite.Function;
import org.sqlite.JDBC;

/**
 * The connections of a pool on a SQLite file ({@link SqliteDialect#configure}): the driver's, each
 * given on opening the two SQL functions the table claims lock with ({@link ClaimLocks}), {@code
 * spate_claim_lock(table)} and {@code spate_claim_unlock_all()}. A connection opened any other way
 * (the coordinator's own, through {@link java.sql.DriverManager}) has no claim functions and needs
 * none.
 */
final class SqliteConnections implements DataSource {

  private final String url;
  private final Properties properties;
  private volatile int loginTimeout = 5;

  SqliteConnections(String url, Properties properties) {
    this.url = url;
    this.properties = properties;
  }

  @Override
  public Connection getConnection() throws SQLException {
    Connection c = JDBC.createConnection(url, (Properties) properties.clone());
    try {
      Path file = SqliteIdentity.file(c);
      Function.create(
          c,
          "spate_claim_lock",
          new Function() {
            @Override
            protected void xFunc() throws SQLException {
              try {
                result(ClaimLocks.tryLock(c, file, value_text(0)) ? 1 : 0);
              } catch (IOException e) {
                throw new SQLException("locking the claim of " + value_text(0) + " in " + file, e);
              }
            }
          });
      Function.create(
          c,
          "spate_claim_unlock_all",
          new Function() {
            @Override
            protected void xFunc() throws SQLException {
              try {
                ClaimLocks.unlockAll(c);
                result(1);
              } catch (IOException e) {
                throw new SQLException("releasing the claims' locks in " + file, e);
              }
            }
          });
      return c;
    } catch (SQLException | RuntimeException e) {
      c.close();
      throw e;
    }
  }

  /** SQLite has no users: the credentials are ignored. */
  @Override
  public Connection getConnection(String username, String password) throws SQLException {
    return getConnection();
  }

  @Override
  public PrintWriter getLogWriter() {
    return null;
  }

  @Override
  public void setLogWriter(PrintWriter out) {}

  /** Kept for the pool, which waits this long for its connection openers when it closes. */
  @Override
  public void setLoginTimeout(int seconds) {
    loginTimeout = seconds;
  }

  @Override
  public int getLoginTimeout() {
    return loginTimeout;
  }

  @Override
  public Logger getParentLogger() throws SQLFeatureNotSupportedException {
    throw new SQLFeatureNotSupportedException("no java.util.logging here");
  }

  @Override
  public <T> T unwrap(Class<T> iface) throws SQLException {
    if (iface.isInstance(this)) {
      return iface.cast(this);
    }
    throw new SQLException("not a wrapper of " + iface.getName());
  }

  @Override
  public boolean isWrapperFor(Class<?> iface) {
    return iface.isInstance(this);
  }

  /** Runs {@code sql} and returns the first column of its first row, or null. */
  static String queryOne(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      return rs.next() ? rs.getString(1) : null;
    }
  }
}
