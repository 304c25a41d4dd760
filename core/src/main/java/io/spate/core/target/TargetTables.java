package io.spate.core.target;

import io.spate.engine.target.SqlErrors;
import io.spate.engine.target.TaskLedger;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;
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
    /**
     * The tables to fill are emptied first, with the empty tables outside the fill that reference
     * them ({@link Truncation}).
     */
    TRUNCATE,
    /**
     * The tables may hold exactly the rows of this job's tasks the ledger records (an interrupted
     * fill with the same plan), which the fill then skips; anything else stops it.
     */
    RESUME
  }

  /** How a database empties the tables to fill ({@link Start#TRUNCATE}). */
  @FunctionalInterface
  public interface Emptying {
    void run(Connection c, List<TablePlan> filled, Consumer<String> notes) throws SQLException;
  }

  /**
   * Makes the target ready for job {@code jobId}: makes sure of the ledger, then checks (or
   * empties) the tables as {@code start} says, before anything is written. Unless resuming, the
   * job's old ledger rows are cleared: they would vouch for rows that are no longer there.
   *
   * @param notes told, for the user, what is about to be done to the tables (what is emptied)
   * @param ledger the target's ledger
   * @param name the name the target's SQL gives a table
   * @param emptying how the target empties the tables to fill
   * @return the plan's tasks the ledger already holds for this job (0 unless resuming)
   */
  public static int prepare(
      DataSource dataSource,
      FillPlan plan,
      String jobId,
      Start start,
      Consumer<String> notes,
      TaskLedger ledger,
      Function<Table, String> name,
      Emptying emptying) {
    ledger.ensure(dataSource);
    List<TablePlan> filled =
        plan.tables().stream().filter(t -> t.rows() > 0 && !t.secondPass()).toList();
    // The triggers' tables are emptied and checked too, but not resumed: their rows come with the
    // committed tasks of the tables whose triggers write them.
    List<TablePlan> written =
        Stream.concat(filled.stream(), plan.triggerWritten().stream()).toList();
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement()) {
      switch (start) {
        case TRUNCATE -> emptying.run(c, written, notes);
        case EMPTY -> refuseNonEmpty(s, dataSource, plan, jobId, written, ledger, name);
        case RESUME -> {
          return resumable(s, dataSource, plan, jobId, filled, ledger, name);
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
    if (!ledger.finished(dataSource, jobId).isEmpty()) {
      ledger.forget(dataSource, jobId); // read first: a role without DELETE can still start a job
    }
    return 0;
  }

  private static void refuseNonEmpty(
      Statement s,
      DataSource dataSource,
      FillPlan plan,
      String jobId,
      List<TablePlan> filled,
      TaskLedger ledger,
      Function<Table, String> name)
      throws SQLException {
    List<String> nonEmpty = new ArrayList<>();
    for (TablePlan t : filled) {
      try (ResultSet rs =
          s.executeQuery("SELECT EXISTS (SELECT 1 FROM " + name.apply(t.table()) + ")")) {
        rs.next();
        if (rs.getBoolean(1)) {
          nonEmpty.add(t.name());
        }
      }
    }
    if (nonEmpty.isEmpty()) {
      return;
    }
    long inLedger = tasksIn(ledger.finished(dataSource, jobId), plan);
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
   * of it (the tables of a joint group together, against their leader's task), reporting every
   * table that does not; returns how many of the plan's tasks are done.
   */
  private static int resumable(
      Statement s,
      DataSource dataSource,
      FillPlan plan,
      String jobId,
      List<TablePlan> filled,
      TaskLedger ledger,
      Function<Table, String> name)
      throws SQLException {
    Map<String, Long> finished = ledger.finished(dataSource, jobId);
    List<String> problems = new ArrayList<>();
    List<String> loadedByLeader = filled.stream().flatMap(t -> t.joint().stream()).toList();
    for (TablePlan t : filled) {
      if (loadedByLeader.contains(t.name())) {
        continue; // its rows are in its leader's tasks, counted with the leader's
      }
      long recorded =
          plan.tasks().stream()
              .filter(task -> task.table().equals(t.name()))
              .mapToLong(task -> finished.getOrDefault(task.id(), 0L))
              .sum();
      long rows = 0;
      for (String loaded : Stream.concat(t.joint().stream(), Stream.of(t.name())).toList()) {
        try (ResultSet rs =
            s.executeQuery("SELECT count(*) FROM " + name.apply(plan.table(loaded).table()))) {
          rs.next();
          rows += rs.getLong(1);
        }
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
      List<String> others = ledger.otherJobs(dataSource, jobId, t.name() + "[");
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
   * The sequences a table's columns draw from: the ones a column's default calls ({@code
   * nextval('s')}, owned by the column or not: the default's dependencies name them) and the one
   * behind an identity or {@code OWNED BY} column, each with its name for SQL.
   */
  private static final String SEQUENCES_SQL =
      """
      WITH cols AS (
        SELECT attrelid, attnum, attname FROM pg_attribute
        WHERE attrelid = ?::regclass AND attnum > 0 AND NOT attisdropped
      ), used AS (
        SELECT cols.attname, d.refobjid AS seq
        FROM cols
        JOIN pg_attrdef ad ON ad.adrelid = cols.attrelid AND ad.adnum = cols.attnum
        JOIN pg_depend d ON d.classid = 'pg_attrdef'::regclass AND d.objid = ad.oid
                        AND d.refclassid = 'pg_class'::regclass
        UNION
        SELECT cols.attname, d.objid
        FROM cols
        JOIN pg_depend d ON d.classid = 'pg_class'::regclass AND d.refclassid = 'pg_class'::regclass
                        AND d.refobjid = cols.attrelid AND d.refobjsubid = cols.attnum
                        AND d.deptype IN ('a', 'i')
      )
      SELECT used.attname, used.seq, format('%I.%I', n.nspname, s.relname) AS seq_name
      FROM used
      JOIN pg_class s ON s.oid = used.seq AND s.relkind = 'S'
      JOIN pg_namespace n ON n.oid = s.relnamespace
      ORDER BY used.seq, used.attname
      """;

  /**
   * Once a table has all its rows: moves every sequence a filled integer column draws from ({@link
   * #SEQUENCES_SQL}) past the largest value written there, so the application's next insert gets a
   * fresh key, then ANALYZEs the table, as a load tool should. Runs beside the loads of other
   * tables.
   *
   * <p>Invariant: a sequence only moves forward, under a transaction-scoped advisory lock on its
   * oid, so the tables that share one sequence may finish in any order and at the same time.
   */
  public static void finish(DataSource dataSource, TablePlan t) {
    String name = t.table().qualifiedName();
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement()) {
      for (Drawn drawn : sequences(c, t)) {
        c.setAutoCommit(false);
        s.execute("SELECT pg_advisory_xact_lock(" + drawn.seq() + ")");
        s.execute(
            String.format(
                "SELECT setval(%d, m) FROM (SELECT max(%s)::bigint AS m FROM %s) written, %s seq"
                    + " WHERE m > seq.last_value OR (m = seq.last_value AND NOT seq.is_called)",
                drawn.seq(), Table.quote(drawn.column()), name, drawn.seqName()));
        c.commit();
        c.setAutoCommit(true);
      }
      s.execute("ANALYZE " + name);
    } catch (SQLException e) {
      throw SqlErrors.classify(
          "advancing sequences and ANALYZE of " + t.name() + " after its fill", e);
    }
  }

  /** The column types whose largest value written a sequence can be compared with. */
  private static final Set<SqlType> WHOLE_NUMBERS =
      Set.of(SqlType.SMALLINT, SqlType.INTEGER, SqlType.BIGINT, SqlType.NUMERIC);

  /** A sequence a filled integer column of a table draws from. */
  private record Drawn(String column, long seq, String seqName) {}

  private static List<Drawn> sequences(Connection c, TablePlan t) throws SQLException {
    List<Drawn> drawn = new ArrayList<>();
    try (PreparedStatement statement = c.prepareStatement(SEQUENCES_SQL)) {
      statement.setString(1, t.table().qualifiedName());
      try (ResultSet rs = statement.executeQuery()) {
        while (rs.next()) {
          String column = rs.getString("attname");
          boolean integer =
              t.table()
                  .column(column)
                  .map(Column::type)
                  .filter(WHOLE_NUMBERS::contains)
                  .isPresent();
          if (integer && !(t.column(column) instanceof ColumnPlan.Skip)) {
            drawn.add(new Drawn(column, rs.getLong("seq"), rs.getString("seq_name")));
          }
        }
      }
    }
    return drawn;
  }
}
