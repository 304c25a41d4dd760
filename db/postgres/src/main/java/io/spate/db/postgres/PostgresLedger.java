package io.spate.db.postgres;

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
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.sql.DataSource;

/**
 * The ledger that makes a task's effect happen once: table {@code spate.ledger} in the target
 * database holds one row per finished (job, task), written in the same transaction as the task's
 * rows. A second delivery of the task finds the row and skips; a second execution running at the
 * same time fails on the primary key and rolls back, rows included.
 *
 * <p>PostgreSQL's {@link TaskLedger} (through {@link io.spate.db.postgres.PostgresDialect}). Remove
 * it after the last job with {@code DROP SCHEMA spate CASCADE}.
 */
public final class PostgresLedger {

  /** PostgreSQL's unique_violation. */
  public static final String UNIQUE_VIOLATION = "23505";

  /** The ledger's table, as Spate creates it and as the SQL it shows a DBA creates it. */
  private static final String CREATE_TABLE =
      "CREATE TABLE IF NOT EXISTS spate.ledger (job_id text NOT NULL, task_id text NOT NULL,"
          + " worker_id text NOT NULL, attempt int NOT NULL, rows bigint NOT NULL,"
          + " finished_at timestamptz NOT NULL DEFAULT clock_timestamp(), PRIMARY KEY (job_id, task_id))";

  /**
   * The ledger as the catalog has it, and this role's rights on it. Reads only the catalog, which
   * any role may: a role without USAGE on schema {@code spate} cannot even name {@code
   * spate.ledger}.
   */
  private static final String STATE =
      "SELECT n.oid IS NOT NULL, c.oid IS NOT NULL, current_user, current_database(),"
          + " has_database_privilege(current_database(), 'CREATE'),"
          + " n.oid IS NOT NULL AND has_schema_privilege(n.oid, 'USAGE'),"
          + " n.oid IS NOT NULL AND has_schema_privilege(n.oid, 'CREATE'),"
          + " c.oid IS NOT NULL AND has_table_privilege(c.oid, 'SELECT'),"
          + " c.oid IS NOT NULL AND has_table_privilege(c.oid, 'INSERT')"
          + " FROM (SELECT 1) AS one"
          + " LEFT JOIN pg_namespace n ON n.nspname = 'spate'"
          + " LEFT JOIN pg_class c ON c.relnamespace = n.oid AND c.relname = 'ledger'";

  private PostgresLedger() {}

  /** What {@link #STATE} read. */
  private record State(
      boolean schemaExists,
      boolean tableExists,
      String role,
      String database,
      boolean createOnDatabase,
      boolean usageOnSchema,
      boolean createOnSchema,
      boolean select,
      boolean insert) {

    boolean mayCreate() {
      return schemaExists ? usageOnSchema && createOnSchema : createOnDatabase;
    }
  }

  /**
   * Makes sure this role can use the ledger, reading the catalog first: creates it only when it is
   * missing (the schema only when that is missing too), safe when several processes start at once.
   * A role that may not create a missing ledger, or lacks a right on an existing one (USAGE on the
   * schema, SELECT and INSERT on the table), is told which and the SQL a DBA runs.
   */
  public static void ensure(DataSource dataSource) {
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement()) {
      State state = state(s);
      if (state.tableExists()) {
        List<String> lacking = new ArrayList<>();
        if (!state.usageOnSchema()) {
          lacking.add("USAGE ON SCHEMA spate");
        }
        List<String> table = new ArrayList<>();
        if (!state.select()) {
          table.add("SELECT");
        }
        if (!state.insert()) {
          table.add("INSERT");
        }
        if (!table.isEmpty()) {
          lacking.add(String.join(", ", table) + " ON spate.ledger");
        }
        if (!lacking.isEmpty()) {
          throw new SpateException(
              "role "
                  + quoted(state.role())
                  + " may not use the task ledger spate.ledger: it lacks "
                  + String.join(" and ", lacking)
                  + "; a DBA runs: "
                  + lacking.stream()
                      .map(g -> "GRANT " + g + " TO " + quoted(state.role()) + ";")
                      .collect(Collectors.joining(" ")));
        }
        return;
      }
      if (!state.mayCreate()) {
        throw new SpateException(
            "the task ledger spate.ledger is missing and role "
                + quoted(state.role())
                + " may not create it: it lacks "
                + (state.schemaExists()
                    ? Stream.of(
                                state.usageOnSchema() ? null : "USAGE",
                                state.createOnSchema() ? null : "CREATE")
                            .filter(Objects::nonNull)
                            .collect(Collectors.joining(", "))
                        + " ON SCHEMA spate"
                    : "CREATE ON DATABASE " + quoted(state.database()))
                + "; a DBA runs: "
                + dbaSql(state.role(), state.schemaExists()));
      }
      c.setAutoCommit(false);
      s.execute("SELECT pg_advisory_xact_lock(7366827)"); // serialises concurrent creators
      if (!state.schemaExists()) {
        s.execute("CREATE SCHEMA IF NOT EXISTS spate");
      }
      s.execute(CREATE_TABLE);
      c.commit();
    } catch (SQLException e) {
      throw SqlErrors.classify("making sure of the task ledger spate.ledger", e);
    }
  }

  /**
   * The SQL that creates the ledger for {@code role} (docs/distributed.md shows it for a role app).
   */
  static String dbaSql(String role, boolean schemaExists) {
    return (schemaExists ? "" : "CREATE SCHEMA spate; ")
        + CREATE_TABLE.replace(" IF NOT EXISTS", "")
        + "; GRANT USAGE ON SCHEMA spate TO "
        + quoted(role)
        + "; GRANT SELECT, INSERT ON spate.ledger TO "
        + quoted(role)
        + ";";
  }

  private static State state(Statement s) throws SQLException {
    try (ResultSet rs = s.executeQuery(STATE)) {
      rs.next();
      return new State(
          rs.getBoolean(1),
          rs.getBoolean(2),
          rs.getString(3),
          rs.getString(4),
          rs.getBoolean(5),
          rs.getBoolean(6),
          rs.getBoolean(7),
          rs.getBoolean(8),
          rs.getBoolean(9));
    }
  }

  private static String quoted(String identifier) {
    return '"' + identifier.replace("\"", "\"\"") + '"';
  }

  /** The ledger row of a finished task, or empty when the task has not finished. */
  public static Optional<TaskLedger.Finished> finished(
      DataSource dataSource, String jobId, String taskId) {
    try (Connection c = dataSource.getConnection();
        PreparedStatement s =
            c.prepareStatement(
                "SELECT rows, worker_id, attempt FROM spate.ledger WHERE job_id = ? AND task_id = ?")) {
      s.setString(1, jobId);
      s.setString(2, taskId);
      try (ResultSet rs = s.executeQuery()) {
        return rs.next()
            ? Optional.of(new TaskLedger.Finished(rs.getLong(1), rs.getString(2), rs.getInt(3)))
            : Optional.empty();
      }
    } catch (SQLException e) {
      throw SqlErrors.classify("reading the ledger for job " + jobId + " task " + taskId, e);
    }
  }

  /** Every finished task of the job: task id to the rows it committed. */
  public static Map<String, Long> finished(DataSource dataSource, String jobId) {
    Map<String, Long> tasks = new HashMap<>();
    try (Connection c = dataSource.getConnection();
        PreparedStatement s =
            c.prepareStatement("SELECT task_id, rows FROM spate.ledger WHERE job_id = ?")) {
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

  /**
   * The other jobs that finished a task whose id starts with {@code taskIdPrefix} (a table's tasks:
   * {@code table[}), sorted.
   */
  public static List<String> otherJobs(DataSource dataSource, String jobId, String taskIdPrefix) {
    List<String> jobs = new ArrayList<>();
    try (Connection c = dataSource.getConnection();
        PreparedStatement s =
            c.prepareStatement(
                "SELECT DISTINCT job_id FROM spate.ledger WHERE job_id <> ?"
                    + " AND left(task_id, length(?)) = ? ORDER BY job_id")) {
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

  /**
   * Deletes the job's rows: for a fill that starts over on empty tables, whose old rows would vouch
   * for tasks that are no longer there. Returns how many were deleted.
   */
  public static int forget(DataSource dataSource, String jobId) {
    try (Connection c = dataSource.getConnection();
        PreparedStatement s = c.prepareStatement("DELETE FROM spate.ledger WHERE job_id = ?")) {
      s.setString(1, jobId);
      return s.executeUpdate();
    } catch (SQLException e) {
      throw SqlErrors.classify("clearing the ledger rows of job " + jobId, e);
    }
  }

  /**
   * Records the task as finished inside the caller's open transaction. {@code finished_at} is the
   * time of the insert, after the task's rows: {@code clock_timestamp()}, given here too because
   * ledgers created by older versions default to {@code now()}, the transaction's start.
   *
   * @throws TaskLedger.AlreadyDoneException when another execution of the task committed first
   */
  public static void record(
      Connection c, String jobId, String taskId, String workerId, int attempt, long rows)
      throws SQLException {
    try (PreparedStatement s =
        c.prepareStatement(
            "INSERT INTO spate.ledger (job_id, task_id, worker_id, attempt, rows, finished_at)"
                + " VALUES (?, ?, ?, ?, ?, clock_timestamp())")) {
      s.setString(1, jobId);
      s.setString(2, taskId);
      s.setString(3, workerId);
      s.setInt(4, attempt);
      s.setLong(5, rows);
      s.executeUpdate();
    } catch (SQLException e) {
      if (UNIQUE_VIOLATION.equals(e.getSQLState())) {
        throw new TaskLedger.AlreadyDoneException(jobId, taskId);
      }
      throw e;
    }
  }
}
