package io.spate.db.mariadb;

import io.spate.engine.encode.LoadDataTextWriter;
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
import java.sql.SQLException;
import java.util.List;
import java.util.Properties;
import java.util.function.LongConsumer;
import javax.sql.DataSource;

/**
 * MariaDB and MySQL behind the {@link TargetDialect} seam, both through MariaDB Connector/J: {@code
 * LOAD DATA LOCAL INFILE} streamed from generation ({@link LoadData}), the {@code spate.ledger}
 * table in its own database ({@link MariaDbLedger}), the identity read from {@code
 * information_schema} ({@link MariaDbIdentity}).
 *
 * <p>Triggers: these servers cannot switch triggers off for a session, so user triggers always
 * fire; every load runs with {@code foreign_key_checks=0} whatever the mode, and the coordinator
 * validates every foreign key with an anti-join once the tables are full. SQL built for these
 * targets quotes with backticks ({@link LoadData#quote}, {@link LoadData#name}); sessions keep the
 * server's {@code sql_mode}.
 *
 * <p>Dead links ({@link MariaDbSession}): the server ends the statement and transaction of a client
 * silent for about {@code --dead-link-seconds} ({@code net_read_timeout}, and on MariaDB {@code
 * idle_transaction_timeout}); a load waits at most twice that for a row lock ({@code
 * innodb_lock_wait_timeout}, set by {@link LoadData} for its statement), then fails retriably
 * (error 1205). The driver's TCP keepalive is on.
 */
public final class MariaDbDialect implements TargetDialect {

  public static final MariaDbDialect INSTANCE = new MariaDbDialect();

  /** ER_LOCK_WAIT_TIMEOUT: the statement, not the transaction, failed; a new attempt may pass. */
  private static final int LOCK_WAIT_TIMEOUT = 1205;

  /** MariaDB and MySQL as a target, both through MariaDB Connector/J. */
  public static final TargetKind KIND =
      new TargetKind("MARIADB", "MariaDB/MySQL", List.of("jdbc:mariadb:", "jdbc:mysql:"));

  /**
   * For {@link java.util.ServiceLoader}: stateless, so any instance serves as {@link #INSTANCE}.
   */
  public MariaDbDialect() {}

  @Override
  public TargetKind kind() {
    return KIND;
  }

  /**
   * A {@code jdbc:mysql:} URL is served by MariaDB Connector/J under its own prefix (the driver
   * takes {@code jdbc:mysql:} only with an opt-in flag); {@code connectTimeout} is in milliseconds
   * for this driver.
   */
  @Override
  public String connectUrl(String url, Properties properties, SessionSettings session) {
    if (compressed(url)) {
      throw new SpateException(
          "the MariaDB/MySQL URL sets useCompression: MariaDB Connector/J's compressed protocol"
              + " breaks LOAD DATA LOCAL INFILE (error 1156, packets out of order, then a reset"
              + " connection), so Spate cannot load through it; remove useCompression from the URL");
    }
    properties.setProperty("allowLocalInfile", "true");
    properties.setProperty("connectTimeout", "10000");
    if (session.deadLinkSeconds() > 0) {
      properties.setProperty("tcpKeepAlive", "true");
    }
    String ours = MariaDbSession.connectUrl(url, properties, session);
    return ours.startsWith("jdbc:mysql:") ? "jdbc:mariadb:" + ours.substring(11) : ours;
  }

  /** Whether {@code url} turns the driver's compressed protocol on ({@code useCompression}). */
  private static boolean compressed(String url) {
    int query = url.indexOf('?');
    if (query < 0) {
      return false;
    }
    for (String parameter : url.substring(query + 1).split("&")) {
      String[] nameValue = parameter.split("=", 2);
      if (nameValue[0].equalsIgnoreCase("useCompression")) {
        return nameValue.length == 1 || !nameValue[1].equalsIgnoreCase("false");
      }
    }
    return false;
  }

  @Override
  public void beginLoad(
      Connection connection, Triggers.Mode mode, SessionSettings session, String where) {
    // Nothing to switch: LoadData sets foreign_key_checks and the lock wait for its statement.
  }

  @Override
  public void deferConstraints(Connection connection) {
    // Nothing to defer: every load runs with foreign_key_checks off (and MariaDB has no
    // DEFERRABLE).
  }

  @Override
  public boolean loadsWithForeignKeyChecksOff() {
    return true; // LoadData's session has foreign_key_checks=0
  }

  @Override
  public boolean triggersAllowed(DataSource dataSource) {
    return true; // foreign_key_checks is a session variable every role may set
  }

  @Override
  public void checkTriggersAllowed(DataSource dataSource) {}

  @Override
  public RowLoad rowLoad(LongConsumer bytesSent, SessionSettings session) {
    return new MariaDbLoad(bytesSent, session);
  }

  @Override
  public RowWriter rowWriter(int capacity) {
    return new LoadDataTextWriter(capacity);
  }

  @Override
  public TaskLedger ledger() {
    return MariaDbLedger.SPATE;
  }

  /** Always: a session can switch foreign key checks off, never the triggers. */
  @Override
  public boolean userTriggersFire(Triggers.Mode mode) {
    return true;
  }

  @Override
  public TableClaims claims() {
    return CLAIMS;
  }

  /**
   * The claims in database {@code spate}, beside the ledger, keyed by the target database and the
   * table; a claim's lock is a {@code GET_LOCK} named by a digest of both (names hold 64
   * characters).
   */
  private static final String READ_CLAIM =
      "SELECT job_id, plan, holder, DATE_FORMAT(claimed_at, '%Y-%m-%d %H:%i:%s')"
          + " FROM spate.claims WHERE target_db = DATABASE() AND table_name = ?";

  private static final TableClaims CLAIMS =
      new TableClaims(
          new TableClaims.Sql(
              "SELECT count(*) > 0 FROM information_schema.TABLES"
                  + " WHERE TABLE_SCHEMA = 'spate' AND TABLE_NAME = 'claims'",
              List.of(
                  "CREATE DATABASE IF NOT EXISTS spate",
                  "CREATE TABLE IF NOT EXISTS spate.claims (target_db varchar(64) NOT NULL,"
                      + " table_name varchar(255) NOT NULL, job_id varchar(255) NOT NULL,"
                      + " plan varchar(255) NOT NULL, holder varchar(255) NOT NULL,"
                      + " claimed_at datetime(6) NOT NULL, PRIMARY KEY (target_db, table_name))"
                      + " ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin"),
              "SELECT GET_LOCK(CONCAT('spate-claim-',"
                  + " LEFT(SHA2(CONCAT(DATABASE(), '.', ?), 256), 48)), 0) = 1",
              "SELECT RELEASE_ALL_LOCKS()",
              READ_CLAIM,
              "INSERT INTO spate.claims (table_name, job_id, plan, holder, target_db, claimed_at)"
                  + " VALUES (?, ?, ?, ?, DATABASE(), SYSDATE(6)) ON DUPLICATE KEY UPDATE"
                  + " job_id = VALUES(job_id), plan = VALUES(plan), holder = VALUES(holder),"
                  + " claimed_at = VALUES(claimed_at)",
              "DELETE FROM spate.claims WHERE target_db = DATABASE() AND table_name = ?"
                  + " AND job_id = ?",
              READ_CLAIM + " LOCK IN SHARE MODE"));

  @Override
  public String tableName(Table table) {
    return LoadData.name(table);
  }

  @Override
  public String quote(String identifier) {
    return LoadData.quote(identifier);
  }

  @Override
  public boolean uniqueViolation(SQLException e) {
    return e.getErrorCode() == MariaDbLedger.DUPLICATE_ENTRY && isMariaDb(e);
  }

  @Override
  public boolean retriable(SQLException e) {
    return e.getErrorCode() == LOCK_WAIT_TIMEOUT && isMariaDb(e);
  }

  @Override
  public TargetIdentity identity(Connection connection, List<String> qualifiedTables)
      throws SQLException {
    return MariaDbIdentity.of(connection, qualifiedTables);
  }

  private static boolean isMariaDb(SQLException e) {
    return e.getClass().getName().startsWith("org.mariadb.jdbc.")
        || e.getClass().getName().startsWith("java.sql.");
  }
}
