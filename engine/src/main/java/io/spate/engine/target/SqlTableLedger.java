package io.spate.engine.target;

import io.spate.protocol.error.SpateException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * A {@link TaskLedger} that is one table in the filled database itself, read and written with plain
 * SQL (the embedded databases': SQLite's {@code spate_ledger}, H2's {@code "SPATE"."LEDGER"}), so a
 * database file copied or backed up carries its ledger with its rows. The table has the columns
 * {@code job_id}, {@code task_id}, {@code worker_id}, {@code attempt}, {@code rows} and {@code
 * finished_at}, primary key {@code (job_id, task_id)}; a database names them in the case it created
 * them in, and gives the SQL of the insert's own time.
 *
 * <p>These databases end only the failing statement on a constraint violation, so {@link #record}
 * rolls the whole transaction back itself before reporting the task done. Failed reads are
 * classified by {@link SqlErrors}.
 */
public final class SqlTableLedger implements TaskLedger {

  /** The case a database created the ledger's column names in. */
  public enum Names {
    LOWER,
    UPPER
  }

  private final TargetDialect dialect;
  private final String table;
  private final List<String> create;
  private final String selectTask;
  private final String selectJob;
  private final String selectOtherJobs;
  private final String delete;
  private final String insert;

  /**
   * @param dialect the database's dialect, which tells a duplicate key
   * @param table the ledger table as the SQL names it (quoted or qualified as it needs)
   * @param create the statements that create the ledger when missing ({@code IF NOT EXISTS}), as
   *     Spate runs them and a user may
   * @param names the case of the column names
   * @param now the SQL of the insert's own time, for {@code finished_at}
   */
  public SqlTableLedger(
      TargetDialect dialect, String table, List<String> create, Names names, String now) {
    this.dialect = dialect;
    this.table = table;
    this.create = List.copyOf(create);
    // The statements' words are SQL keywords or the ledger's column names, spelled in their case.
    String from = " FROM " + table;
    this.selectTask =
        spell(names, "SELECT \"rows\", worker_id, attempt")
            + from
            + spell(names, " WHERE job_id = ? AND task_id = ?");
    this.selectJob =
        spell(names, "SELECT task_id, \"rows\"") + from + spell(names, " WHERE job_id = ?");
    this.selectOtherJobs =
        spell(names, "SELECT DISTINCT job_id")
            + from
            + spell(
                names, " WHERE job_id <> ? AND SUBSTR(task_id, 1, LENGTH(?)) = ? ORDER BY job_id");
    this.delete = "DELETE" + from + spell(names, " WHERE job_id = ?");
    this.insert =
        "INSERT INTO "
            + table
            + spell(names, " (job_id, task_id, worker_id, attempt, \"rows\", finished_at)")
            + " VALUES (?, ?, ?, ?, ?, "
            + now
            + ")";
  }

  private static String spell(Names names, String sql) {
    return names == Names.UPPER ? sql.toUpperCase(Locale.ROOT) : sql;
  }

  @Override
  public void ensure(DataSource dataSource) {
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement()) {
      for (String statement : create) {
        s.execute(statement); // IF NOT EXISTS: safe when several fills start at once
      }
    } catch (SQLException e) {
      throw new SpateException(
          "making sure of the task ledger "
              + table
              + ": "
              + e.getMessage()
              + "; the user must be allowed to create it, or an administrator runs: "
              + String.join("; ", create),
          e);
    }
  }

  @Override
  public Optional<Finished> finished(DataSource dataSource, String jobId, String taskId) {
    try (Connection c = dataSource.getConnection();
        PreparedStatement s = c.prepareStatement(selectTask)) {
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
        PreparedStatement s = c.prepareStatement(selectJob)) {
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
        PreparedStatement s = c.prepareStatement(selectOtherJobs)) {
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
        PreparedStatement s = c.prepareStatement(delete)) {
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
    try (PreparedStatement s = c.prepareStatement(insert)) {
      s.setString(1, jobId);
      s.setString(2, taskId);
      s.setString(3, workerId);
      s.setInt(4, attempt);
      s.setLong(5, rows);
      s.executeUpdate();
    } catch (SQLException e) {
      if (dialect.uniqueViolation(e)) {
        c.rollback();
        throw new AlreadyDoneException(jobId, taskId);
      }
      throw e;
    }
  }
}
