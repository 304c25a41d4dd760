package io.spate.engine.target;

import io.spate.protocol.error.SpateException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;

/**
 * Switching user triggers off for a load: {@code SET LOCAL session_replication_role = replica} in
 * the load's own transaction, so it ends with the transaction whatever happens (commit, rollback, a
 * killed worker, a pooled connection handed to someone else) and never outlives the load.
 *
 * <p>The replica role also stops the server's foreign-key triggers, so a fill that uses it must
 * validate every foreign key afterwards. Setting it takes a superuser, or on PostgreSQL 15 and
 * later a role granted {@code SET} on the parameter; {@link #checkAllowed} tells before anything is
 * written.
 */
public final class Triggers {

  /** The statement each load transaction runs first when triggers are off. */
  public static final String SWITCH_OFF = "SET LOCAL session_replication_role = replica";

  private static final String INSUFFICIENT_PRIVILEGE = "42501";

  private Triggers() {}

  /** How a load treats the server's triggers. */
  public enum Mode {
    /** Triggers fire: user triggers and the server's row-by-row foreign-key checks. */
    ON,
    /** Off, or the load fails naming what to grant ({@code --disable-triggers}). */
    OFF,
    /**
     * Off where the load's role may switch them off, on where it may not: for tables with no user
     * trigger or rule, where the only difference is when the foreign keys are checked.
     */
    OFF_IF_ALLOWED
  }

  /** Applies {@code mode} to the rest of {@code connection}'s current transaction. */
  public static void apply(Mode mode, Connection connection, String where) throws SQLException {
    switch (mode) {
      case ON -> {}
      case OFF -> switchOff(connection, where);
      case OFF_IF_ALLOWED -> {
        if (!trySwitchOff(connection)) {
          connection.rollback(); // nothing written yet: the load goes on with triggers on
        }
      }
    }
  }

  /** Switches triggers off, or returns false (the transaction aborted) if the role may not. */
  private static boolean trySwitchOff(Connection connection) throws SQLException {
    try (Statement s = connection.createStatement()) {
      s.execute(SWITCH_OFF);
      return true;
    } catch (SQLException e) {
      if (!INSUFFICIENT_PRIVILEGE.equals(e.getSQLState())) {
        throw e;
      }
      return false;
    }
  }

  /** Whether the role {@code dataSource} connects as may switch triggers off. Writes nothing. */
  public static boolean allowed(DataSource dataSource) throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      c.setAutoCommit(false);
      try {
        return trySwitchOff(c);
      } finally {
        c.rollback();
        c.setAutoCommit(true);
      }
    }
  }

  /**
   * Switches triggers off for the rest of {@code connection}'s current transaction (auto-commit
   * must be off).
   *
   * @param where the task or step, for the message when the role may not do it
   */
  static void switchOff(Connection connection, String where) throws SQLException {
    try (Statement s = connection.createStatement()) {
      s.execute(SWITCH_OFF);
    } catch (SQLException e) {
      if (INSUFFICIENT_PRIVILEGE.equals(e.getSQLState())) {
        connection.rollback();
        throw refused(connection, where, e);
      }
      throw e;
    }
  }

  /**
   * Fails, naming the role and what to grant, unless the role {@code dataSource} connects as may
   * switch triggers off. Writes nothing: the test runs in a transaction that is rolled back.
   */
  public static void checkAllowed(DataSource dataSource) {
    try (Connection c = dataSource.getConnection()) {
      c.setAutoCommit(false);
      try {
        switchOff(c, "checking before the load");
      } finally {
        c.rollback();
        c.setAutoCommit(true);
      }
    } catch (SQLException e) {
      throw SqlErrors.classify(
          "--disable-triggers: checking that the role may set session_replication_role", e);
    }
  }

  private static SpateException refused(Connection connection, String where, SQLException cause)
      throws SQLException {
    String role = role(connection);
    return new SpateException(
        "--disable-triggers ("
            + where
            + "): role \""
            + role
            + "\" may not set session_replication_role, which switching"
            + " triggers off takes ("
            + SqlErrors.describe(cause)
            + "); "
            + grant(connection)
            + ", or drop --disable-triggers to load with triggers on",
        cause);
  }

  private static String role(Connection connection) throws SQLException {
    try (Statement s = connection.createStatement();
        ResultSet rs = s.executeQuery("SELECT current_user")) {
      rs.next();
      return rs.getString(1);
    }
  }

  /**
   * What lets the role {@code connection} connects as set session_replication_role, for messages:
   * {@code make it a superuser or GRANT SET ON PARAMETER session_replication_role TO "app"}.
   */
  public static String grant(Connection connection) throws SQLException {
    String role;
    int version;
    try (Statement s = connection.createStatement();
        ResultSet rs =
            s.executeQuery("SELECT current_user, current_setting('server_version_num')::int")) {
      rs.next();
      role = rs.getString(1);
      version = rs.getInt(2);
    }
    return version >= 150000
        ? "make it a superuser or GRANT SET ON PARAMETER session_replication_role TO \""
            + role
            + "\""
        : "make it a superuser (PostgreSQL "
            + version / 10000
            + " lets only superusers set it; 15 and later also take GRANT SET ON PARAMETER)";
  }
}
