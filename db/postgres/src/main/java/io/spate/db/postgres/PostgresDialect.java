package io.spate.db.postgres;

import io.spate.engine.encode.CopyBinaryWriter;
import io.spate.engine.encode.RowWriter;
import io.spate.engine.target.RowLoad;
import io.spate.engine.target.SessionSettings;
import io.spate.engine.target.TableClaims;
import io.spate.engine.target.TargetDialect;
import io.spate.engine.target.TargetIdentities;
import io.spate.engine.target.TargetKind;
import io.spate.engine.target.TaskLedger;
import io.spate.engine.target.Triggers;
import io.spate.protocol.plan.TargetIdentity;
import io.spate.protocol.schema.Table;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.function.LongConsumer;
import javax.sql.DataSource;

/**
 * PostgreSQL behind the {@link TargetDialect} seam: binary {@code COPY} ({@link CopySink}), the
 * {@code spate.ledger} table ({@link PostgresLedger}), {@code SET LOCAL session_replication_role}
 * and {@code lock_timeout} ({@link Triggers}, {@link SessionSettings}), the identity read from
 * {@code pg_catalog} ({@link TargetIdentities}), a whole table's indexes built after its rows
 * ({@link IndexesAfterLoad}). Double-quoted identifiers are PostgreSQL's own.
 */
public final class PostgresDialect implements TargetDialect {

  public static final PostgresDialect INSTANCE = new PostgresDialect();

  /** PostgreSQL's {@code spate.ledger}. */
  private static final TaskLedger LEDGER =
      new TaskLedger() {
        @Override
        public void ensure(DataSource dataSource) {
          PostgresLedger.ensure(dataSource);
        }

        @Override
        public Optional<Finished> finished(DataSource dataSource, String jobId, String taskId) {
          return PostgresLedger.finished(dataSource, jobId, taskId);
        }

        @Override
        public Map<String, Long> finished(DataSource dataSource, String jobId) {
          return PostgresLedger.finished(dataSource, jobId);
        }

        @Override
        public List<String> otherJobs(DataSource dataSource, String jobId, String taskIdPrefix) {
          return PostgresLedger.otherJobs(dataSource, jobId, taskIdPrefix);
        }

        @Override
        public int forget(DataSource dataSource, String jobId) {
          return PostgresLedger.forget(dataSource, jobId);
        }

        @Override
        public void record(
            Connection c, String jobId, String taskId, String workerId, int attempt, long rows)
            throws SQLException {
          PostgresLedger.record(c, jobId, taskId, workerId, attempt, rows);
        }
      };

  /**
   * PostgreSQL's {@code spate.claims}, beside the ledger; a claim's lock is a session advisory lock
   * keyed by 64 bits of the table name's digest (advisory locks are per database, as the claims).
   */
  private static final String READ_CLAIM =
      "SELECT job_id, plan, holder, to_char(claimed_at, 'YYYY-MM-DD HH24:MI:SS TZ')"
          + " FROM spate.claims WHERE table_name = ?";

  private static final TableClaims CLAIMS =
      new TableClaims(
          new TableClaims.Sql(
              "SELECT to_regclass('spate.claims') IS NOT NULL",
              List.of(
                  "CREATE SCHEMA IF NOT EXISTS spate",
                  "CREATE TABLE IF NOT EXISTS spate.claims (table_name text PRIMARY KEY,"
                      + " job_id text NOT NULL, plan text NOT NULL, holder text NOT NULL,"
                      + " claimed_at timestamptz NOT NULL DEFAULT clock_timestamp())"),
              "SELECT pg_try_advisory_lock(('x' || left(md5('spate-claim:' || ?), 16))::bit(64)::bigint)",
              "SELECT pg_advisory_unlock_all()",
              READ_CLAIM,
              "INSERT INTO spate.claims (table_name, job_id, plan, holder, claimed_at)"
                  + " VALUES (?, ?, ?, ?, clock_timestamp()) ON CONFLICT (table_name) DO UPDATE"
                  + " SET job_id = EXCLUDED.job_id, plan = EXCLUDED.plan, holder = EXCLUDED.holder,"
                  + " claimed_at = EXCLUDED.claimed_at",
              "DELETE FROM spate.claims WHERE table_name = ? AND job_id = ?",
              READ_CLAIM + " FOR SHARE"));

  /** PostgreSQL as a target: its URLs and how messages name it. */
  public static final TargetKind KIND =
      new TargetKind("POSTGRESQL", "PostgreSQL", List.of("jdbc:postgresql:"));

  /**
   * For {@link java.util.ServiceLoader}: stateless, so any instance serves as {@link #INSTANCE}.
   */
  public PostgresDialect() {}

  @Override
  public TableClaims claims() {
    return CLAIMS;
  }

  @Override
  public TargetKind kind() {
    return KIND;
  }

  @Override
  public String connectUrl(String url, Properties properties, SessionSettings session) {
    return session.connectUrl(url, properties);
  }

  @Override
  public void beginLoad(
      Connection connection, Triggers.Mode mode, SessionSettings session, String where)
      throws SQLException {
    Triggers.apply(mode, connection, where);
    session.limitLockWait(connection); // after Triggers, which may roll back and start over
  }

  @Override
  public void deferConstraints(Connection connection) throws SQLException {
    try (Statement s = connection.createStatement()) {
      s.execute("SET CONSTRAINTS ALL DEFERRED"); // any role may; ends with the transaction
    }
  }

  @Override
  public boolean loadsWithForeignKeyChecksOff() {
    return false; // only under the replica role LoadTriggers chooses per plan
  }

  @Override
  public boolean buildsIndexesAfterLoad() {
    return true; // IndexesAfterLoad, in the task's transaction
  }

  @Override
  public boolean triggersAllowed(DataSource dataSource) throws SQLException {
    return Triggers.allowed(dataSource);
  }

  @Override
  public void checkTriggersAllowed(DataSource dataSource) {
    Triggers.checkAllowed(dataSource);
  }

  @Override
  public RowLoad rowLoad(LongConsumer bytesSent, SessionSettings session) {
    return new CopySink(bytesSent); // beginLoad limits the lock wait: SET LOCAL
  }

  @Override
  public RowWriter rowWriter(int capacity) {
    return new CopyBinaryWriter(capacity);
  }

  @Override
  public TaskLedger ledger() {
    return LEDGER;
  }

  @Override
  public String tableName(Table table) {
    return table.qualifiedName();
  }

  @Override
  public String quote(String identifier) {
    return Table.quote(identifier);
  }

  @Override
  public boolean uniqueViolation(SQLException e) {
    return PostgresLedger.UNIQUE_VIOLATION.equals(e.getSQLState());
  }

  @Override
  public boolean retriable(SQLException e) {
    return false; // PostgreSQL's SQLSTATEs say it all
  }

  @Override
  public TargetIdentity identity(Connection connection, List<String> qualifiedTables)
      throws SQLException {
    return TargetIdentities.of(connection, qualifiedTables);
  }
}
