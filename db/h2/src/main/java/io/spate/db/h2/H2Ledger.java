package io.spate.db.h2;

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
 * The task ledger in the H2 database itself, table {@code "SPATE"."LEDGER"} (a schema of its own,
 * which no fill reads): one row per finished (job, task), its primary key, inserted in the same
 * transaction as the task's rows, so a database file copied or backed up carries its ledger with
 * its rows.
 *
 * <p>H2 ends only the failing statement on a constraint violation, so {@link #record} rolls the
 * whole transaction back itself before reporting the task done.
 */
final class H2Ledger implements TaskLedger {

  static final String SCHEMA = "SPATE";

  static final String TABLE = "\"SPATE\".\"LEDGER\"";

  static final H2Ledger INSTANCE = new H2Ledger();

  /** The SQL that creates the ledger, as Spate runs it and a user may. */
  static final List<String> CREATE =
      List.of(
          "CREATE SCHEMA IF NOT EXISTS \"SPATE\"",
          "CREATE TABLE IF NOT EXISTS "
              + TABLE
              + " (JOB_ID VARCHAR NOT NULL, TASK_ID VARCHAR NOT NULL, WORKER_ID VARCHAR NOT NULL,"
              + " ATTEMPT INTEGER NOT NULL, \"ROWS\" BIGINT NOT NULL,"
              + " FINISHED_AT TIMESTAMP(3) NOT NULL, PRIMARY KEY (JOB_ID, TASK_ID))");

  private H2Ledger() {}

  @Override
  public void ensure(DataSource dataSource) {
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement()) {
      for (String create : CREATE) {
        s.execute(create); // IF NOT EXISTS: safe when several fills start at once
      }
    } catch (SQLException e) {
      throw new SpateException(
          "making sure of the task ledger "
              + TABLE
              + ": "
              + e.getMessage()
              + "; the user must be allowed to create it, or an administrator runs: "
              + String.join("; ", CREATE),
          e);
    }
  }

  @Override
  public Optional<Finished> finished(DataSource dataSource, String jobId, String taskId) {
    try (Connection c = dataSource.getConnection();
        PreparedStatement s =
            c.prepareStatement(
                "SELECT \"ROWS\", WORKER_ID, ATTEMPT FROM "
                    + TABLE
                    + " WHERE JOB_ID = ? AND TASK_ID = ?")) {
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
            c.prepareStatement("SELECT TASK_ID, \"ROWS\" FROM " + TABLE + " WHERE JOB_ID = ?")) {
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
                "SELECT DISTINCT JOB_ID FROM "
                    + TABLE
                    + " WHERE JOB_ID <> ? AND LEFT(TASK_ID, CHAR_LENGTH(?)) = ? ORDER BY JOB_ID")) {
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
        PreparedStatement s = c.prepareStatement("DELETE FROM " + TABLE + " WHERE JOB_ID = ?")) {
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
                + " (JOB_ID, TASK_ID, WORKER_ID, ATTEMPT, \"ROWS\", FINISHED_AT)"
                + " VALUES (?, ?, ?, ?, ?, LOCALTIMESTAMP(3))")) {
      s.setString(1, jobId);
      s.setString(2, taskId);
      s.setString(3, workerId);
      s.setInt(4, attempt);
      s.setLong(5, rows);
      s.executeUpdate();
    } catch (SQLException e) {
      if (H2Dialect.INSTANCE.uniqueViolation(e)) {
        c.rollback();
        throw new AlreadyDoneException(jobId, taskId);
      }
      throw e;
    }
  }
}
