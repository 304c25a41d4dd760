package io.spate.coordinator.target;

import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.Table;
import io.spate.worker.run.Ledger;
import io.spate.worker.target.SqlErrors;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javax.sql.DataSource;

/**
 * What the coordinator does to the target's tables around the loads, in local and distributed mode
 * alike: make sure of the ledger and that the tables start empty (or, resuming, hold only the job's
 * committed tasks), and once a table is full advance its sequences and ANALYZE it. It never writes
 * rows.
 */
public final class TargetTables {

  private TargetTables() {}

  /** What a fill accepts in its tables before the first load. */
  public enum Start {
    /** Every table to fill must be empty; a non-empty one stops the fill. */
    EMPTY,
    /** The tables to fill are emptied first ({@code TRUNCATE}). */
    TRUNCATE,
    /**
     * The tables may hold exactly the rows of this job's tasks the ledger records (an interrupted
     * fill with the same plan), which the fill then skips; anything else stops it.
     */
    RESUME
  }

  /**
   * Makes the target ready for job {@code jobId}: makes sure of the ledger, then checks (or
   * empties) the tables as {@code start} says, before anything is written. Unless resuming, the
   * job's old ledger rows are cleared: they would vouch for rows that are no longer there.
   *
   * @return the plan's tasks the ledger already holds for this job (0 unless resuming)
   */
  public static int prepare(DataSource dataSource, FillPlan plan, String jobId, Start start) {
    Ledger.ensure(dataSource);
    List<TablePlan> filled =
        plan.tables().stream().filter(t -> t.rows() > 0 && !t.secondPass()).toList();
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement()) {
      switch (start) {
        case TRUNCATE ->
            s.execute(
                "TRUNCATE "
                    + filled.stream()
                        .map(t -> t.table().qualifiedName())
                        .collect(Collectors.joining(", ")));
        case EMPTY -> refuseNonEmpty(s, dataSource, plan, jobId, filled);
        case RESUME -> {
          return resumable(s, dataSource, plan, jobId, filled);
        }
      }
    } catch (SQLException e) {
      throw SqlErrors.classify(
          switch (start) {
            case TRUNCATE -> "emptying the tables with TRUNCATE";
            case EMPTY -> "checking that the tables are empty";
            case RESUME -> "checking the tables against the ledger to resume job " + jobId;
          },
          e);
    }
    if (!Ledger.finished(dataSource, jobId).isEmpty()) {
      Ledger.forget(dataSource, jobId); // read first: a role without DELETE can still start a job
    }
    return 0;
  }

  private static void refuseNonEmpty(
      Statement s, DataSource dataSource, FillPlan plan, String jobId, List<TablePlan> filled)
      throws SQLException {
    List<String> nonEmpty = new ArrayList<>();
    for (TablePlan t : filled) {
      try (ResultSet rs =
          s.executeQuery("SELECT EXISTS (SELECT 1 FROM " + t.table().qualifiedName() + ")")) {
        rs.next();
        if (rs.getBoolean(1)) {
          nonEmpty.add(t.name());
        }
      }
    }
    if (nonEmpty.isEmpty()) {
      return;
    }
    long inLedger = tasksIn(Ledger.finished(dataSource, jobId), plan);
    throw new SpateException(
        "tables "
            + nonEmpty
            + " already hold rows; rerun with --truncate to empty them first (or fill another database)"
            + (inLedger == 0
                ? ""
                : "; the ledger holds "
                    + inLedger
                    + " of the "
                    + plan.tasks().size()
                    + " tasks of this fill (job "
                    + jobId
                    + "): add --resume to finish the interrupted fill"));
  }

  /**
   * Checks that each table to fill holds exactly the rows the ledger records for this job's tasks
   * of it, reporting every table that does not; returns how many of the plan's tasks are done.
   */
  private static int resumable(
      Statement s, DataSource dataSource, FillPlan plan, String jobId, List<TablePlan> filled)
      throws SQLException {
    Map<String, Long> finished = Ledger.finished(dataSource, jobId);
    List<String> problems = new ArrayList<>();
    for (TablePlan t : filled) {
      long recorded =
          plan.tasks().stream()
              .filter(task -> task.table().equals(t.name()))
              .mapToLong(task -> finished.getOrDefault(task.id(), 0L))
              .sum();
      long rows;
      try (ResultSet rs = s.executeQuery("SELECT count(*) FROM " + t.table().qualifiedName())) {
        rs.next();
        rows = rs.getLong(1);
      }
      if (rows == recorded) {
        continue;
      }
      if (recorded > 0) {
        problems.add(
            "table "
                + t.name()
                + " holds "
                + rows
                + " rows but the ledger records "
                + recorded
                + " for the tasks of job "
                + jobId
                + "; it changed after the interrupted run");
        continue;
      }
      List<String> others = Ledger.otherJobs(dataSource, jobId, t.name() + "[");
      problems.add(
          others.isEmpty()
              ? "table "
                  + t.name()
                  + " holds rows but the ledger has no task of job "
                  + jobId
                  + "; the arguments differ from the interrupted run, or the rows are not Spate's"
              : "table "
                  + t.name()
                  + " holds rows of job "
                  + String.join(", ", others)
                  + " but this fill is job "
                  + jobId
                  + "; the plan changed (other arguments, config or schema than the interrupted run)");
    }
    if (!problems.isEmpty()) {
      throw new SpateException(
          "--resume: "
              + String.join("; ", problems)
              + " (rerun with --truncate to start over, or with the interrupted run's arguments)");
    }
    return tasksIn(finished, plan);
  }

  /** How many of the plan's tasks are among {@code finished}. */
  private static int tasksIn(Map<String, Long> finished, FillPlan plan) {
    return (int) plan.tasks().stream().filter(t -> finished.containsKey(t.id())).count();
  }

  /**
   * Once a table has all its rows: moves the sequence behind every identity or serial column past
   * the largest value written (so the application's next insert gets a fresh key), then ANALYZEs
   * the table, as a load tool should. Runs beside the loads of other tables.
   */
  public static void finish(DataSource dataSource, TablePlan t) {
    String setval =
        "SELECT setval(pg_get_serial_sequence(?, ?), max_value) FROM (SELECT max(%s) AS max_value FROM %s) m"
            + " WHERE max_value IS NOT NULL AND pg_get_serial_sequence(?, ?) IS NOT NULL";
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement()) {
      for (Column column : t.table().columns()) {
        if (!column.identity() || t.column(column.name()) instanceof ColumnPlan.Skip) {
          continue;
        }
        try (PreparedStatement statement =
            c.prepareStatement(
                String.format(setval, Table.quote(column.name()), t.table().qualifiedName()))) {
          statement.setString(1, t.table().qualifiedName());
          statement.setString(2, column.name());
          statement.setString(3, t.table().qualifiedName());
          statement.setString(4, column.name());
          statement.execute();
        }
      }
      s.execute("ANALYZE " + t.table().qualifiedName());
    } catch (SQLException e) {
      throw SqlErrors.classify(
          "advancing sequences and ANALYZE of " + t.name() + " after its fill", e);
    }
  }
}
