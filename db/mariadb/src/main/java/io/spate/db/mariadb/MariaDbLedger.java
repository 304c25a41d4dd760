package io.spate.db.mariadb;

import io.spate.engine.target.TaskLedger;
import io.spate.protocol.error.SpateException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * The task ledger on MariaDB and MySQL, with the semantics of PostgreSQL's {@code spate.ledger}:
 * one row per finished (job, task), inserted in the same transaction as the task's rows; a second
 * execution fails on the primary key and rolls back, rows included.
 *
 * <p>It lives in its own database ({@code spate} by default, MySQL's counterpart of PostgreSQL's
 * schema {@code spate}): introspection of the target database never sees it, one ledger serves
 * every database on the server, each row naming its database ({@code target_db}, the session's
 * {@code DATABASE()}, which every read and write of the ledger keys on), and {@code DROP DATABASE
 * spate} removes it. InnoDB transactions span databases, so the insert commits atomically with the
 * rows.
 *
 * <p>Unlike PostgreSQL, InnoDB rolls back only the failing statement on a duplicate key, so {@link
 * #record} rolls the whole transaction back itself before reporting the task done.
 */
public final class MariaDbLedger implements TaskLedger {

  /** The ledger in database {@code spate}. */
  public static final MariaDbLedger SPATE = new MariaDbLedger("spate");

  /** ER_DUP_ENTRY. */
  static final int DUPLICATE_ENTRY = 1062;

  /** ER_DUP_FIELDNAME. */
  private static final int DUPLICATE_COLUMN = 1060;

  private final String table;

  /**
   * @param database the ledger's database ({@code spate} outside tests), created when missing
   */
  public MariaDbLedger(String database) {
    this.table = LoadData.quote(database) + ".ledger";
  }

  /** The SQL that creates the ledger, as Spate runs it and a DBA may. */
  String createSql() {
    // `rows` is reserved in MySQL 8, hence the quotes; SYSDATE(6) is the insert's own time.
    return "CREATE TABLE IF NOT EXISTS "
        + table
        + " (target_db varchar(64) NOT NULL, job_id varchar(255) NOT NULL,"
        + " task_id varchar(255) NOT NULL, worker_id varchar(255) NOT NULL, attempt int NOT NULL,"
        + " `rows` bigint NOT NULL, finished_at datetime(6) NOT NULL,"
        + " PRIMARY KEY (target_db, job_id, task_id))"
        + " ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin";
  }

  /** Creates the ledger's database and table when missing; safe when several processes race. */
  @Override
  public void ensure(DataSource dataSource) {
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement()) {
      s.execute("CREATE DATABASE IF NOT EXISTS " + table.substring(0, table.lastIndexOf('.')));
      s.execute(createSql());
      addTargetDatabase(s);
    } catch (SQLException e) {
      throw new SpateException(
          "making sure of the task ledger "
              + table
              + ": "
              + e.getMessage()
              + "; a DBA may create it: CREATE DATABASE IF NOT EXISTS "
              + table.substring(0, table.lastIndexOf('.'))
              + "; "
              + createSql()
              + "; and grant SELECT, INSERT, DELETE on it",
          e);
    }
  }

  /**
   * A ledger of a version before rows named their database gets the column, its rows the empty name
   * (no database's): their jobs ran with ids that named no database either.
   */
  private void addTargetDatabase(Statement s) throws SQLException {
    String database = table.substring(0, table.lastIndexOf('.'));
    try (ResultSet rs =
        s.executeQuery(
            "SELECT count(*) FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = "
                + "'"
                + database.replace("`", "").replace("'", "''")
                + "' AND TABLE_NAME = 'ledger' AND COLUMN_NAME = 'target_db'")) {
      rs.next();
      if (rs.getInt(1) > 0) {
        return;
      }
    }
    try {
      s.execute(
          "ALTER TABLE "
              + table
              + " ADD COLUMN target_db varchar(64) NOT NULL DEFAULT '' FIRST, DROP PRIMARY KEY,"
              + " ADD PRIMARY KEY (target_db, job_id, task_id)");
    } catch (SQLException e) {
      if (e.getErrorCode() != DUPLICATE_COLUMN) {
        throw e;
      } // another process added it first
    }
  }

  /** The ledger row of a finished task, or empty when the task has not finished. */
  @Override
  public Optional<Finished> finished(DataSource dataSource, String jobId, String taskId) {
    try (Connection c = dataSource.getConnection();
        PreparedStatement s =
            c.prepareStatement(
                "SELECT `rows`, worker_id, attempt FROM "
                    + table
                    + " WHERE target_db = DATABASE() AND job_id = ? AND task_id = ?")) {
      s.setString(1, jobId);
      s.setString(2, taskId);
      try (ResultSet rs = s.executeQuery()) {
        return rs.next()
            ? Optional.of(new Finished(rs.getLong(1), rs.getString(2), rs.getInt(3)))
            : Optional.empty();
      }
    } catch (SQLException e) {
      throw new SpateException(
          "reading the ledger for job " + jobId + " task " + taskId + ": " + e.getMessage(), e);
    }
  }

  /** Every finished task of the job: task id to the rows it committed. */
  @Override
  public Map<String, Long> finished(DataSource dataSource, String jobId) {
    Map<String, Long> tasks = new HashMap<>();
    try (Connection c = dataSource.getConnection();
        PreparedStatement s =
            c.prepareStatement(
                "SELECT task_id, `rows` FROM "
                    + table
                    + " WHERE target_db = DATABASE() AND job_id = ?")) {
      s.setString(1, jobId);
      try (ResultSet rs = s.executeQuery()) {
        while (rs.next()) {
          tasks.put(rs.getString(1), rs.getLong(2));
        }
      }
    } catch (SQLException e) {
      throw new SpateException("reading the ledger for job " + jobId + ": " + e.getMessage(), e);
    }
    return tasks;
  }

  /** The other jobs that finished a task whose id starts with {@code taskIdPrefix}, sorted. */
  @Override
  public List<String> otherJobs(DataSource dataSource, String jobId, String taskIdPrefix) {
    List<String> jobs = new ArrayList<>();
    try (Connection c = dataSource.getConnection();
        PreparedStatement s =
            c.prepareStatement(
                "SELECT DISTINCT job_id FROM "
                    + table
                    + " WHERE target_db = DATABASE() AND job_id <> ?"
                    + " AND LEFT(task_id, CHAR_LENGTH(?)) = ? ORDER BY job_id")) {
      s.setString(1, jobId);
      s.setString(2, taskIdPrefix);
      s.setString(3, taskIdPrefix);
      try (ResultSet rs = s.executeQuery()) {
        while (rs.next()) {
          jobs.add(rs.getString(1));
        }
      }
    } catch (SQLException e) {
      throw new SpateException(
          "reading the ledger for tasks " + taskIdPrefix + "...: " + e.getMessage(), e);
    }
    return jobs;
  }

  /** Deletes the job's rows (a fill starting over on empty tables); returns how many. */
  @Override
  public int forget(DataSource dataSource, String jobId) {
    try (Connection c = dataSource.getConnection();
        PreparedStatement s =
            c.prepareStatement(
                "DELETE FROM " + table + " WHERE target_db = DATABASE() AND job_id = ?")) {
      s.setString(1, jobId);
      return s.executeUpdate();
    } catch (SQLException e) {
      throw new SpateException(
          "clearing the ledger rows of job " + jobId + ": " + e.getMessage(), e);
    }
  }

  /**
   * Records the task as finished inside the caller's open transaction, after its rows.
   *
   * @throws AlreadyDoneException when another execution of the task committed first; the
   *     transaction is then rolled back, rows included
   */
  @Override
  public void record(
      Connection c, String jobId, String taskId, String workerId, int attempt, long rows)
      throws SQLException {
    try (PreparedStatement s =
        c.prepareStatement(
            "INSERT INTO "
                + table
                + " (target_db, job_id, task_id, worker_id, attempt, `rows`, finished_at)"
                + " VALUES (DATABASE(), ?, ?, ?, ?, ?, SYSDATE(6))")) {
      s.setString(1, jobId);
      s.setString(2, taskId);
      s.setString(3, workerId);
      s.setInt(4, attempt);
      s.setLong(5, rows);
      s.executeUpdate();
    } catch (SQLException e) {
      if (e.getErrorCode() == DUPLICATE_ENTRY) {
        c.rollback();
        throw new AlreadyDoneException(jobId, taskId);
      }
      throw e;
    }
  }
}
