package io.spate.engine.run;

import io.spate.engine.generate.Engine;
import io.spate.engine.generate.TableEngine;
import io.spate.engine.target.Outage;
import io.spate.engine.target.RowLoad;
import io.spate.engine.target.SessionSettings;
import io.spate.engine.target.SqlErrors;
import io.spate.engine.target.TableClaims;
import io.spate.engine.target.TargetDialect;
import io.spate.engine.target.TaskLedger;
import io.spate.engine.target.Triggers;
import io.spate.protocol.error.RetriableException;
import io.spate.protocol.plan.Task;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.function.LongConsumer;
import javax.sql.DataSource;

/**
 * The one exactly-once path of a task against a target, taken by a worker ({@code spate worker})
 * and by local mode ({@code spate local}) alike:
 *
 * <ol>
 *   <li>the ledger check: a task whose (job, task) row is in the target's {@link TaskLedger} is
 *       {@link Outcome#SKIPPED} with the rows it committed then;
 *   <li>one transaction holding the triggers setting and its lock timeout ({@link
 *       TargetDialect#beginLoad}), the check that no other job claims the table ({@link
 *       TableClaims#check}), the task's rows ({@link RowLoad}: {@code COPY} on PostgreSQL, or the
 *       second pass's {@code UPDATE}; for a table whose indexes are built after its rows, the
 *       dropping and building of those indexes too), for the leader of a joint group first every
 *       row of the group's other tables with the foreign keys checked at the commit, and the ledger
 *       row;
 *   <li>the commit: rows and ledger row become visible together, or neither does.
 * </ol>
 *
 * <p>Another execution of the same task that commits first makes this one's ledger insert fail on
 * the primary key: its transaction rolls back, rows included, and the outcome is {@link
 * Outcome#SKIPPED}. Any other database error is classified once, by {@link SqlErrors}: a {@link
 * io.spate.protocol.error.RetriableException} or a permanent {@link
 * io.spate.protocol.error.SpateException}, after the rollback. A caller that acknowledges the task
 * elsewhere (the worker's Kafka offset) does it only after {@link #run} returns.
 *
 * <p>A lost connection does not end the run: it {@link Outage rides the outage out}, attempting the
 * whole path again from the ledger check, so a commit that took before the connection died is found
 * there and never repeated. The listener hears of every rolled-back attempt's rows, so what it
 * counts is what the database holds.
 */
public final class TaskExecution {

  /** How a task ended without error. */
  public enum Outcome {
    /** This execution committed the task's rows and ledger row. */
    SUCCEEDED,
    /**
     * The ledger already held the task (found at the check, or by a commit that raced this one).
     */
    SKIPPED
  }

  /**
   * @param rows the rows this execution committed, or for a skipped task those the ledger records
   */
  public record Result(Outcome outcome, long rows) {}

  /**
   * One execution of a task: what the ledger row records.
   *
   * @param jobId the job the task belongs to; with {@link Task#id()} the ledger's key
   * @param workerId who executes it (a worker id, or {@code local})
   * @param attempt the coordinator's attempt number, 1 for the first
   */
  public record Assignment(String jobId, Task task, String workerId, int attempt) {}

  /**
   * What the caller sees of a running task, on the thread that runs it: {@link #started()} once,
   * when the first transaction begins (never for a task skipped at its first ledger check), then
   * {@link #progressed(long)} as buffers of rows reach the server (not yet committed). The rows
   * progressed minus the rows {@link #rolledBack(long)} are those of the open or committed
   * transaction.
   */
  public interface Listener {
    default void started() {}

    default void progressed(long rows) {}

    /**
     * An attempt's transaction rolled back with {@code rows} already reported; another attempt
     * follows, or {@link #run} throws.
     */
    default void rolledBack(long rows) {}

    /** About every second while the task waits for its database to answer again. */
    default void waiting() {}
  }

  private final DataSource target;
  private final TargetDialect dialect;
  private final TaskLedger ledger;
  private final Triggers.Mode triggers;
  private final SessionSettings session;
  private final RowLoad sink;
  private final Outage outage;

  /** A dry run's: {@link #sink} discards, and nothing reaches the target. */
  private final boolean discards;

  /**
   * @param dialect what {@code target} is: its load, ledger and session statements
   * @param triggers whether each load switches the server's triggers off (for its transaction only)
   * @param session the target's session settings: how long a load waits for a lock
   * @param bytesSent receives the size of each buffer of row data as it reaches the server
   * @param outage how long a task waits for its database after losing the connection
   */
  public TaskExecution(
      DataSource target,
      TargetDialect dialect,
      Triggers.Mode triggers,
      SessionSettings session,
      LongConsumer bytesSent,
      Outage outage) {
    this.target = target;
    this.dialect = dialect;
    this.ledger = dialect.ledger();
    this.triggers = triggers;
    this.session = session;
    this.sink = dialect.rowLoad(bytesSent, session);
    this.outage = outage;
    this.discards = false;
  }

  private TaskExecution(TargetDialect dialect, LongConsumer bytesSent) {
    this.target = null;
    this.dialect = dialect;
    this.ledger = null;
    this.triggers = Triggers.Mode.ON;
    this.session = null;
    this.sink =
        new DiscardingLoad(
            () -> dialect.rowWriter(DiscardingLoad.FLUSH_BYTES + 64 * 1024), bytesSent);
    this.outage = null;
    this.discards = true;
  }

  /**
   * A dry run's execution: each task's rows are generated and encoded in {@code dialect}'s load
   * format, then discarded ({@link DiscardingLoad}). It opens no connection and reads or writes no
   * ledger: every task {@link Outcome#SUCCEEDED} with the rows generated.
   *
   * @param bytesSent receives the size of each buffer of encoded rows
   */
  public static TaskExecution discarding(TargetDialect dialect, LongConsumer bytesSent) {
    return new TaskExecution(dialect, bytesSent);
  }

  /**
   * Runs the task to its outcome: skipped or committed. Throws when it failed, its transaction
   * rolled back (or, past the outage limit, its commit unanswered: the next run's check tells).
   */
  public Result run(Engine engine, Assignment assignment, Listener listener) {
    if (discards) {
      listener.started();
      Task task = assignment.task();
      TableEngine table = engine.table(task.table());
      try {
        long rows = loadJoint(null, engine, table.plan().joint(), listener::progressed);
        return new Result(
            Outcome.SUCCEEDED, rows + sink.write(null, table, task, listener::progressed));
      } catch (SQLException e) {
        throw SqlErrors.classify("task " + task + " - dry run", e); // DiscardingLoad throws none
      }
    }
    Attempts attempts = new Attempts(assignment, listener);
    return outage.rideOut(
        "task " + assignment.task(),
        reached -> attempt(engine, attempts, reached),
        listener::waiting);
  }

  /** The ledger check, then unless the task is done its transaction. */
  private Result attempt(Engine engine, Attempts attempts, Runnable reached) {
    Assignment assignment = attempts.assignment;
    String jobId = assignment.jobId();
    String taskId = assignment.task().id();
    Optional<TaskLedger.Finished> finished = ledger.finished(target, jobId, taskId);
    reached.run();
    if (finished.isPresent()) {
      TaskLedger.Finished f = finished.get();
      if (attempts.commitSent
          && f.workerId().equals(assignment.workerId())
          && f.attempt() == assignment.attempt()) {
        return new Result(Outcome.SUCCEEDED, f.rows()); // the commit took; its answer was lost
      }
      attempts.rolledBack();
      return new Result(Outcome.SKIPPED, f.rows());
    }
    attempts.rolledBack(); // a commit whose answer was lost did not take
    if (!attempts.started) {
      attempts.started = true;
      attempts.listener.started();
    }
    try {
      return new Result(Outcome.SUCCEEDED, load(engine, attempts));
    } catch (TaskLedger.AlreadyDoneException e) {
      attempts.rolledBack();
      return new Result(
          Outcome.SKIPPED,
          ledger.finished(target, jobId, taskId).map(TaskLedger.Finished::rows).orElse(0L));
    } catch (RuntimeException e) {
      if (!(attempts.commitSent && SqlErrors.connectionLost(e))) {
        attempts.rolledBack();
      } // else the commit may have taken: the next attempt's ledger check tells
      throw e;
    }
  }

  /**
   * One run's attempts as the listener has heard of them: whether the task started, and the rows
   * reported for the current transaction, neither committed nor rolled back yet. Used by the
   * running thread only.
   */
  private static final class Attempts {
    final Assignment assignment;
    final Listener listener;
    boolean started;
    long pendingRows;

    /** The current transaction's COMMIT went to the server. */
    boolean commitSent;

    Attempts(Assignment assignment, Listener listener) {
      this.assignment = assignment;
      this.listener = listener;
    }

    void progressed(long rows) {
      pendingRows += rows;
      listener.progressed(rows);
    }

    /** The current transaction, if any, rolled back. */
    void rolledBack() {
      if (pendingRows > 0) {
        listener.rolledBack(pendingRows);
      }
      pendingRows = 0;
      commitSent = false;
    }
  }

  /** The task's rows and ledger row in one transaction; returns the rows committed. */
  private long load(Engine engine, Attempts attempts) {
    Assignment assignment = attempts.assignment;
    Task task = assignment.task();
    TableEngine table = engine.table(task.table());
    try (Connection connection = target.getConnection()) {
      connection.setAutoCommit(false);
      try {
        dialect.beginLoad(connection, triggers, session, "task " + task);
        dialect
            .claims()
            .check(
                connection,
                assignment.jobId(),
                task.table(),
                "job " + assignment.jobId() + " / task " + task);
        long rows = 0;
        if (!table.plan().joint().isEmpty()) {
          dialect.deferConstraints(connection);
          rows = loadJoint(connection, engine, table.plan().joint(), attempts::progressed);
        }
        rows += sink.write(connection, table, task, attempts::progressed);
        ledger.record(
            connection,
            assignment.jobId(),
            task.id(),
            assignment.workerId(),
            assignment.attempt(),
            rows);
        attempts.commitSent = true;
        connection.commit();
        attempts.pendingRows = 0;
        return rows;
      } catch (SQLException | RuntimeException e) {
        try {
          connection.rollback();
        } catch (SQLException rollback) {
          e.addSuppressed(rollback);
        }
        throw e;
      }
    } catch (SQLException e) {
      String context =
          "task "
              + task
              + " - "
              + (attempts.commitSent
                  ? "COMMIT failed"
                  : sink.verb(table.plan()) + " failed, transaction rolled back");
      if (dialect.uniqueViolation(e)) {
        throw duplicateKey(assignment, context, e);
      }
      throw SqlErrors.classify(context, e);
    }
  }

  /**
   * The rows of the other tables of a joint group, all of each, in the leader's transaction before
   * its own: their foreign keys are checked at the commit, when every row of the group is there. A
   * dry run ({@code connection} null) generates them too.
   */
  private long loadJoint(
      Connection connection, Engine engine, List<String> members, LongConsumer progressed)
      throws SQLException {
    long rows = 0;
    for (String member : members) {
      TableEngine table = engine.table(member);
      if (table.plan().rows() > 0) {
        Task whole = new Task(member, 0, table.plan().slots());
        rows += sink.write(connection, table, whole, progressed);
      }
    }
    return rows;
  }

  /**
   * A duplicate key while loading a task is never a permanent failure on its own: another execution
   * of the same task (a redelivery, a stalled worker come back) that committed while this one
   * waited on its row locks has the ledger row, and this execution is skipped; otherwise the rows'
   * owner may still be running or rolling back, so another attempt may pass.
   */
  private RuntimeException duplicateKey(Assignment assignment, String context, SQLException e) {
    if (ledger.finished(target, assignment.jobId(), assignment.task().id()).isPresent()) {
      return new TaskLedger.AlreadyDoneException(assignment.jobId(), assignment.task().id());
    }
    return new RetriableException(
        context
            + ": "
            + SqlErrors.describe(e)
            + "; the ledger holds no row for the task, so another execution may still hold these"
            + " keys",
        e);
  }
}
