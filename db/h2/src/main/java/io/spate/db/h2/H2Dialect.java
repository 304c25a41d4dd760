package io.spate.db.h2;

import com.zaxxer.hikari.HikariConfig;
import io.spate.engine.encode.RowWriter;
import io.spate.engine.target.RowLoad;
import io.spate.engine.target.SessionSettings;
import io.spate.engine.target.TableClaims;
import io.spate.engine.target.TargetDialect;
import io.spate.engine.target.TargetKind;
import io.spate.engine.target.TaskLedger;
import io.spate.engine.target.Triggers;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.TargetIdentity;
import io.spate.protocol.schema.Table;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.function.LongConsumer;
import javax.sql.DataSource;
import org.h2.api.ErrorCode;
import org.h2.message.DbException;
import org.h2.mvstore.DataUtils;
import org.h2.mvstore.MVStoreException;

/**
 * An H2 2.x database behind the {@link TargetDialect} seam, through H2's own driver: multi-row
 * prepared {@code INSERT}s ({@link H2Load}), the ledger {@code "SPATE"."LEDGER"} in the same
 * database ({@link H2Ledger}), the identity of the database file or in-memory name ({@link
 * H2Identity}).
 *
 * <p>Concurrency: H2's MVStore takes row locks, so tasks of any threads write at once, each in its
 * own transaction (READ COMMITTED, H2's default). Loads run with the foreign-key checks on: H2 can
 * switch referential integrity off only for the whole database ({@code SET REFERENTIAL_INTEGRITY})
 * or a table for every session ({@code ALTER TABLE ... SET REFERENTIAL_INTEGRITY}), both seen by
 * every other user of the database and left off by a killed fill, so Spate loads in the planner's
 * order (parents before children, a cycle's reference in a second pass) and H2 checks each row.
 *
 * <p>Sessions: a lock wait ends after twice {@code --dead-link-seconds} (10 minutes when 0), H2's
 * {@code LOCK_TIMEOUT}, then fails retriably (error 50200), as do a deadlock (40001) and a
 * concurrent update (90131). The database must exist: Spate opens it with {@code IFEXISTS=TRUE}, so
 * a mistyped path is an error, not a new empty database. An in-memory database ({@code
 * jdbc:h2:mem:name}) lives only in the JVM that created it: Spate fills one from that JVM (the Java
 * API, a test), and refuses one that JVM does not hold (the {@code spate} command, a JVM of its
 * own) naming why.
 */
public final class H2Dialect implements TargetDialect {

  public static final H2Dialect INSTANCE = new H2Dialect();

  /** H2 as a target. */
  public static final TargetKind KIND = new TargetKind("H2", "H2", List.of("jdbc:h2:"));

  /** ErrorCode.DATABASE_NOT_FOUND_WITH_IF_EXISTS_1. */
  static final int NOT_FOUND = ErrorCode.DATABASE_NOT_FOUND_WITH_IF_EXISTS_1;

  /** The lock timeout when {@code --dead-link-seconds} is 0. */
  private static final long DEFAULT_LOCK_MILLIS = 600_000;

  /**
   * For {@link java.util.ServiceLoader}: stateless, so any instance serves as {@link #INSTANCE}.
   */
  public H2Dialect() {}

  @Override
  public TargetKind kind() {
    return KIND;
  }

  /**
   * Sets {@code IFEXISTS} and {@code LOCK_TIMEOUT} unless the URL sets them (H2 refuses a setting
   * given twice), and drops the properties H2 does not know ({@code connectTimeout}: an embedded
   * database opens at once).
   *
   * @throws SpateException for an in-memory database this JVM does not hold
   */
  @Override
  public String connectUrl(String url, Properties properties, SessionSettings session) {
    properties.remove("connectTimeout");
    String upper = url.toUpperCase(Locale.ROOT);
    if (!upper.contains(";IFEXISTS=")) {
      properties.setProperty("IFEXISTS", "TRUE");
    }
    if (!upper.contains(";LOCK_TIMEOUT=")) {
      properties.setProperty("LOCK_TIMEOUT", Long.toString(lockMillis(session)));
    }
    String database = url.substring("jdbc:h2:".length());
    int settings = database.indexOf(';');
    String name = settings < 0 ? database : database.substring(0, settings);
    if (name.startsWith("mem:")) {
      requireHeld(url, name);
    }
    return url;
  }

  /**
   * Fails unless this JVM holds the in-memory database {@code name}: an unnamed one ({@code mem:})
   * is each connection's own, and a named one exists only in the JVM that created it.
   */
  private static void requireHeld(String url, String name) {
    String why =
        " An in-memory H2 database lives only inside the JVM that created it: fill it from that"
            + " JVM through the Java API (Spate.on(url, user, password) or Spate.on(dataSource),"
            + " the database kept open by DB_CLOSE_DELAY=-1 or an open connection), or give the"
            + " spate command a file database (jdbc:h2:/path/to/db)";
    if (name.equals("mem:")) {
      throw new SpateException(
          "the H2 URL names an unnamed in-memory database, which is each connection's own." + why);
    }
    Properties probe = new Properties();
    probe.setProperty("IFEXISTS", "TRUE");
    try (Connection c = DriverManager.getConnection("jdbc:h2:" + name, probe)) {
      // held: the fill's own connections open it with their settings
    } catch (SQLException e) {
      if (e.getErrorCode() == NOT_FOUND) {
        throw new SpateException(
            "the H2 URL names the in-memory database "
                + name
                + ", which this JVM does not hold (it is empty and gone when its JVM ends)."
                + why,
            e);
      }
      // another failure (credentials): the fill's own connection reports it, with its context
    }
  }

  /** How long a statement waits for another transaction's lock, in milliseconds. */
  static long lockMillis(SessionSettings session) {
    long seconds = session.lockTimeoutSeconds();
    return seconds == 0 ? DEFAULT_LOCK_MILLIS : Math.min(Integer.MAX_VALUE, seconds * 1000);
  }

  /**
   * The pool's driver properties are exactly {@link #connectUrl}'s: H2 refuses a property it does
   * not know (the pool's default {@code connectTimeout}).
   */
  @Override
  public void configure(HikariConfig config, String url, SessionSettings session) {
    Properties properties = new Properties();
    config.setJdbcUrl(connectUrl(url, properties, session));
    config.getDataSourceProperties().clear(); // HikariCP merges, never replaces
    config.setDataSourceProperties(properties);
  }

  /** Nothing: the lock timeout is the session's, and H2 cannot switch triggers off. */
  @Override
  public void beginLoad(
      Connection connection, Triggers.Mode mode, SessionSettings session, String where) {}

  /** Nothing to defer: H2 has no deferrable constraints, so no plan for it is a joint load. */
  @Override
  public void deferConstraints(Connection connection) {}

  @Override
  public boolean loadsWithForeignKeyChecksOff() {
    return false;
  }

  @Override
  public boolean triggersAllowed(DataSource dataSource) {
    return false;
  }

  @Override
  public void checkTriggersAllowed(DataSource dataSource) {
    throw new SpateException(
        "--disable-triggers: H2 cannot switch a session's triggers off; drop --disable-triggers"
            + " (user triggers fire, foreign keys are checked on every row)");
  }

  @Override
  public RowLoad rowLoad(LongConsumer bytesSent, SessionSettings session) {
    return new H2Load(bytesSent, H2Load.ROWS_PER_STATEMENT);
  }

  @Override
  public RowWriter rowWriter(int capacity) {
    return new H2Rows(capacity / 8, new H2Rows.Field[0]);
  }

  @Override
  public TaskLedger ledger() {
    return H2Ledger.INSTANCE;
  }

  /** Always: H2 cannot switch triggers off. */
  @Override
  public boolean userTriggersFire(Triggers.Mode mode) {
    return true;
  }

  @Override
  public TableClaims claims() {
    return H2Claims.CLAIMS;
  }

  /**
   * The table's name, quoted; a table of {@link Table#DEFAULT_SCHEMA} unqualified, in the session's
   * schema ({@code PUBLIC}, or {@code public} in a database with {@code DATABASE_TO_LOWER}).
   */
  @Override
  public String tableName(Table table) {
    return table.schema().equals(Table.DEFAULT_SCHEMA)
        ? quote(table.name())
        : quote(table.schema()) + "." + quote(table.name());
  }

  @Override
  public String quote(String identifier) {
    return '"' + identifier.replace("\"", "\"\"") + '"';
  }

  @Override
  public boolean uniqueViolation(SQLException e) {
    return isH2(e) && e.getErrorCode() == ErrorCode.DUPLICATE_KEY_1;
  }

  /**
   * A lock wait past {@code LOCK_TIMEOUT} (50200) and a row updated by another transaction since
   * this one read it (90131); a deadlock is SQLSTATE 40001, which {@link
   * io.spate.engine.target.SqlErrors} takes already.
   */
  @Override
  public boolean retriable(SQLException e) {
    return isH2(e)
        && (e.getErrorCode() == ErrorCode.LOCK_TIMEOUT_1
            || e.getErrorCode() == ErrorCode.CONCURRENT_UPDATE_1);
  }

  /**
   * A session ended under its user, as a server's restart ends a client's, for which H2 has no
   * SQLSTATE of class 08: the statement running in a session another one aborts ({@code
   * ABORT_SESSION}) fails with a general error (50000) caused by the store's "transaction rolled
   * back" ({@link DataUtils#ERROR_TRANSACTION_ILLEGAL_STATE}), or, when the abort lands while it
   * checks the table's rights, by H2's own NullPointerException on the closed session's user
   * ({@code SessionLocal.getUser()} is null); the session's next use finds the database closed to
   * it (90121, 90098), its connection closed (90007) or, over TCP, the link broken (90067). A
   * statement the abort cancels mid-way fails as canceled (57014: Spate never cancels its own), or,
   * when the cancel lands in a CHECK's evaluation, as that CHECK "invalid" (23514) caused by the
   * cancel.
   */
  @Override
  public boolean connectionLost(SQLException e) {
    if (!isH2(e)) {
      return false;
    }
    return switch (e.getErrorCode()) {
      case ErrorCode.GENERAL_ERROR_1 -> endedUnderItsStatement(e);
      case ErrorCode.CHECK_CONSTRAINT_INVALID -> causedByAnEndedSession(e);
      default -> endsTheSession(e.getErrorCode());
    };
  }

  /** Whether H2's error {@code code} says the session was ended or its statement canceled. */
  private static boolean endsTheSession(int code) {
    return code == ErrorCode.OBJECT_CLOSED
        || code == ErrorCode.DATABASE_CALLED_AT_SHUTDOWN
        || code == ErrorCode.DATABASE_IS_CLOSED
        || code == ErrorCode.CONNECTION_BROKEN_1
        || code == ErrorCode.STATEMENT_WAS_CANCELED;
  }

  /** Whether a cause of {@code e} says its session was ended under it. */
  private static boolean causedByAnEndedSession(SQLException e) {
    for (Throwable t = e.getCause(); t != null && t != t.getCause(); t = t.getCause()) {
      int code =
          t instanceof SQLException s
              ? s.getErrorCode()
              : t instanceof DbException d ? d.getErrorCode() : -1;
      if (endsTheSession(code)) {
        return true;
      }
    }
    return false;
  }

  @Override
  public TargetIdentity identity(Connection connection, List<String> qualifiedTables)
      throws SQLException {
    return H2Identity.of(connection, qualifiedTables);
  }

  /**
   * Whether a cause of {@code e} says its session was closed under the statement: the store's
   * "transaction rolled back", or H2 failing on the closed session's missing user.
   */
  private static boolean endedUnderItsStatement(SQLException e) {
    for (Throwable t = e.getCause(); t != null && t != t.getCause(); t = t.getCause()) {
      if (t instanceof MVStoreException m
          && m.getErrorCode() == DataUtils.ERROR_TRANSACTION_ILLEGAL_STATE) {
        return true;
      }
      if (t instanceof NullPointerException npe
          && npe.getMessage() != null
          && npe.getMessage().contains("\"org.h2.engine.SessionLocal.getUser()\" is null")) {
        return true;
      }
    }
    return false;
  }

  private static boolean isH2(SQLException e) {
    return e.getClass().getName().startsWith("org.h2.");
  }
}
