package io.spate.db.sqlite;

import io.spate.engine.target.SqlErrors;
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
 * The task ledger in the SQLite file itself, table {@code spate_ledger} (SQLite has no schemas to
 * keep it apart; the introspector skips it): one row per finished (job, task), its primary key,
 * inserted in the same transaction as the task's rows, so a file copied or backed up carries its
 * ledger with its rows.
 *
 * <p>Like InnoDB, SQLite ends only the failing statement on a constraint violation, so {@link
 * #record} rolls the whole transaction back itself before reporting the task done.
 */
final class SqliteLedger implements TaskLedger {

  static final String TABLE = "spate_ledger";

  static final SqliteLedger INSTANCE = new SqliteLedger();

  /** The SQL that creates the ledger, as Spate runs it and a user may. */
  static final String CREATE =
      "CREATE TABLE IF NOT EXISTS "
          + TABLE
          + " (job_id TEXT NOT NULL, task_id TEXT NOT NULL, worker_id TEXT NOT NULL,"
          + " attempt INTEGER NOT NULL, \"rows\" INTEGER NOT NULL, finished_at TEXT NOT NULL,"
          + " PRIMARY KEY (job_id, task_id)) WITHOUT ROWID";

  private SqliteLedger() {}

  @Override
  public void ensure(DataSource dataSource) {
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement()) {
      s.execute(CREATE); // IF NOT EXISTS: safe when several processes start at once
    } catch (SQLException e) {
      throw new SpateException(
          "making sure of the task ledger "
              + TABLE
              + ": "
              + e.getMessage()
              + "; the file must be writable, or create it: "
              + CREATE,
          e);
    }
  }

  @Override
  public Optional<Finished> finished(DataSource dataSource, String jobId, String taskId) {
    try (Connection c = dataSource.getConnection();
        PreparedStatement s =
            c.prepareStatement(
                "SELECT \"rows\", worker_id, attempt FROM "
                    + TABLE
                    + " WHERE job_id = ? AND task_id = ?")) {
      s.setString(1, jobId);
      s.setString(2, taskId);
      try (ResultSet rs = s.executeQuery()) {
        return rs.next()
            ? Optional.of(new Finished(rs.getLong(1), rs.getString(2), rs.getInt(3)))
            : Optional.empty();
      }
    } catch (SQLException e) {
      throw SqlErrors.classify("reading the ledger for job " + jobId + " task " + taskId, e);
    }
  }

  @Override
  public Map<String, Long> finished(DataSource dataSource, String jobId) {
    Map<String, Long> tasks = new HashMap<>();
    try (Connection c = dataSource.getConnection();
        PreparedStatement s =
            c.prepareStatement("SELECT task_id, \"rows\" FROM " + TABLE + " WHERE job_id = ?")) {
      s.setString(1, jobId);
      try (ResultSet rs = s.executeQuery()) {
        while (rs.next()) {
          tasks.put(rs.getString(1), rs.getLong(2));
        }
      }
    } catch (SQLException e) {
      throw SqlErrors.classify("reading the ledger for job " + jobId, e);
    }
    return tasks;
  }

  @Override
  public List<String> otherJobs(DataSource dataSource, String jobId, String taskIdPrefix) {
    List<String> jobs = new ArrayList<>();
    try (Connection c = dataSource.getConnection();
        PreparedStatement s =
            c.prepareStatement(
                "SELECT DISTINCT job_id FROM "
                    + TABLE
                    + " WHERE job_id <> ? AND substr(task_id, 1, length(?)) = ? ORDER BY job_id")) {
      s.setString(1, jobId);
      s.setString(2, taskIdPrefix);
      s.setString(3, taskIdPrefix);
      try (ResultSet rs = s.executeQuery()) {
        while (rs.next()) {
          jobs.add(rs.getString(1));
        }
      }
    } catch (SQLException e) {
      throw SqlErrors.classify("reading the ledger for tasks " + taskIdPrefix + "...", e);
    }
    return jobs;
  }

  @Override
  public int forget(DataSource dataSource, String jobId) {
    try (Connection c = dataSource.getConnection();
        PreparedStatement s = c.prepareStatement("DELETE FROM " + TABLE + " WHERE job_id = ?")) {
      s.setString(1, jobId);
      return s.executeUpdate();
    } catch (SQLException e) {
      throw SqlErrors.classify("clearing the ledger rows of job " + jobId, e);
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
                + TABLE
                + " (job_id, task_id, worker_id, attempt, \"rows\", finished_at)"
                + " VALUES (?, ?, ?, ?, ?, strftime('%Y-%m-%d %H:%M:%f', 'now'))")) {
      s.setString(1, jobId);
      s.setString(2, taskId);
      s.setString(3, workerId);
      s.setInt(4, attempt);
      s.setLong(5, rows);
      s.executeUpdate();
    } catch (SQLException e) {
      if (SqliteDialect.INSTANCE.uniqueViolation(e)) {
        c.rollback();
        throw new AlreadyDoneException(jobId, taskId);
      }
      throw e;
    }
  }
}
