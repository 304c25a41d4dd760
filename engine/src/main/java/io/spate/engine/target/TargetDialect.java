package io.spate.engine.target;

import com.zaxxer.hikari.HikariConfig;
import io.spate.engine.encode.RowWriter;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.TargetIdentity;
import io.spate.protocol.schema.Table;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Properties;
import java.util.function.LongConsumer;
import javax.sql.DataSource;

/**
 * What differs per database on the path of one task, and on every connection Spate opens to a
 * target. One stateless instance per {@link TargetKind}; the engine, the planner, the job fold and
 * the Kafka path never see it, only the code that talks to the target does.
 *
 * <p>Every implementation guarantees:
 *
 * <ul>
 *   <li>its sessions accept the SQL Spate builds with {@link io.spate.protocol.schema.Table#quote}
 *       and {@code qualifiedName}: double-quoted identifiers ({@link #configure}/{@link
 *       #connectUrl} set what the server needs for that);
 *   <li>{@link #beginLoad}, the {@link #rowLoad row load} and {@link TaskLedger#record} all work in
 *       the caller's one open transaction, never commit or roll back it, and leave nothing set
 *       beyond it;
 *   <li>{@link #identity} reads the same value from the coordinator and from any worker looking at
 *       the same database and table definitions.
 * </ul>
 */
public interface TargetDialect {

  TargetKind kind();

  /**
   * Adds the driver properties {@code session} needs (and those every Spate session needs) to
   * {@code properties} and returns the URL to connect with.
   */
  String connectUrl(String url, Properties properties, SessionSettings session);

  /** Configures a pool's URL and driver properties for {@code url}. */
  default void configure(HikariConfig config, String url, SessionSettings session) {
    Properties properties = new Properties();
    config.setJdbcUrl(connectUrl(url, properties, session));
    properties.forEach((name, value) -> config.addDataSourceProperty((String) name, value));
  }

  /**
   * Prepares the caller's open load transaction before any row: the triggers {@code mode} and,
   * where the server can limit it for the transaction only, the lock wait of {@code session} (else
   * the {@link #rowLoad row load} limits it per statement). May roll the transaction back (nothing
   * is written yet) to carry on with triggers on under {@link Triggers.Mode#OFF_IF_ALLOWED}.
   *
   * @param where the task, for messages
   */
  void beginLoad(Connection connection, Triggers.Mode mode, SessionSettings session, String where)
      throws SQLException;

  /**
   * Puts the checks of every deferrable constraint off to the commit of the caller's open
   * transaction, for a joint load ({@link io.spate.protocol.plan.TablePlan#joint()}): its rows may
   * reference rows it writes later.
   */
  void deferConstraints(Connection connection) throws SQLException;

  /**
   * Whether every load runs with the server's foreign-key checks off, whatever the triggers' mode
   * (the coordinator validating every foreign key once the tables are full). The planner then
   * writes every reference in the insert, a cycle's and a self-reference's too: no second pass.
   */
  boolean loadsWithForeignKeyChecksOff();

  /**
   * Whether the planner may give a table one task over all its rows that builds its indexes after
   * them ({@link io.spate.protocol.plan.TablePlan#indexesAfter}): this target's {@link #rowLoad}
   * then does it in the task's one transaction, such that a load stopped at any point leaves every
   * index and constraint as it was. Without it, such a plan's rows go in as any task's.
   */
  default boolean buildsIndexesAfterLoad() {
    return false;
  }

  /** Whether the role {@code dataSource} connects as may switch triggers off. Writes nothing. */
  boolean triggersAllowed(DataSource dataSource) throws SQLException;

  /** Fails, naming the role and what to grant, unless it may switch triggers off. */
  void checkTriggersAllowed(DataSource dataSource);

  /**
   * A loader of tasks' rows; one per executing component.
   *
   * @param bytesSent receives the size of each buffer of row data as it reaches the server
   * @param session the target's session settings, for a load's lock wait where {@link #beginLoad}
   *     cannot set it
   */
  RowLoad rowLoad(LongConsumer bytesSent, SessionSettings session);

  /**
   * A writer of rows in the format {@link #rowLoad} sends them in, starting with room for {@code
   * capacity} bytes: what a dry run encodes to before discarding ({@link
   * io.spate.engine.run.DiscardingSink}).
   */
  RowWriter rowWriter(int capacity);

  /** The ledger of finished tasks, kept in the target database. */
  TaskLedger ledger();

  /** Whether the server's user triggers fire during a load in {@code mode}. */
  default boolean userTriggersFire(Triggers.Mode mode) {
    return mode != Triggers.Mode.OFF;
  }

  /** The per-table claims that keep a table to one fill at a time, beside the ledger. */
  TableClaims claims();

  /** The name this database's SQL gives {@code table}: qualified as needed, quoted. */
  String tableName(Table table);

  /** {@code identifier} quoted for this database's SQL. */
  String quote(String identifier);

  /** Whether {@code e} is a unique-key violation (a duplicate key). */
  boolean uniqueViolation(SQLException e);

  /**
   * Whether {@code e}, an error of this database's driver, may pass on retry although its SQLSTATE
   * alone does not say so ({@link SqlErrors} already takes classes 08, 40, 53, 57P and 55P03).
   * Asked of every kind for every error, so an implementation answers false for other drivers'
   * errors (as by checking the exception's class or its vendor code).
   */
  boolean retriable(SQLException e);

  /**
   * Whether {@code e}, an error of this database's driver, says the session was lost (the server or
   * the embedded database closed it under its user), although its SQLSTATE is not of class 08: the
   * same work may then pass on a new connection, and a task rides the outage out ({@link
   * SqlErrors#connectionLost}). Asked of every kind for every error carrying a SQLSTATE that does
   * not say so, so an implementation answers false for other drivers' errors.
   */
  default boolean connectionLost(SQLException e) {
    return false;
  }

  /**
   * The identity of the database {@code connection} is in, for the named tables.
   *
   * @param qualifiedTables quoted qualified names, such as {@code "public"."big_t"}, in any order
   */
  TargetIdentity identity(Connection connection, List<String> qualifiedTables) throws SQLException;

  /** The identity for {@code plan}'s tables. */
  default TargetIdentity identity(Connection connection, FillPlan plan) throws SQLException {
    return identity(
        connection, plan.tables().stream().map(t -> t.table().qualifiedName()).toList());
  }

  /** The identity of the database {@code dataSource} reaches, for {@code plan}'s tables. */
  default TargetIdentity identity(DataSource dataSource, FillPlan plan, String where) {
    try (Connection c = dataSource.getConnection()) {
      return identity(c, plan);
    } catch (SQLException e) {
      throw SqlErrors.classify(where + ": reading the identity of the database", e);
    }
  }
}
