package io.spate.engine.run;

import io.spate.engine.generate.Engine;
import io.spate.engine.generate.TableEngine;
import io.spate.engine.target.Outage;
import io.spate.engine.target.TargetDialect;
import io.spate.engine.target.TaskLedger;
import io.spate.engine.target.TaskSink;
import io.spate.protocol.error.RetriableException;
import io.spate.protocol.plan.Task;
import java.util.Optional;
import java.util.function.LongConsumer;

/**
 * The one exactly-once path of a task against a target, taken by a worker ({@code spate worker})
 * and by local mode ({@code spate local}) alike:
 *
 * <ol>
 *   <li>the ledger check: a task whose (job, task) entry is in the {@link TaskSink}'s ledger is
 *       {@link Outcome#SKIPPED} with the rows it committed then;
 *   <li>one unit of work ({@link TaskSink#begin}): for the leader of a joint group first every row
 *       of the group's other tables, then the task's rows;
 *   <li>the commit: rows and ledger entry become visible together, or neither does.
 * </ol>
 *
 * <p>Another execution of the same task that commits first makes this one's commit fail ({@link
 * TaskLedger.AlreadyDoneException}): nothing of this one remains, and the outcome is {@link
 * Outcome#SKIPPED}. Other errors arrive classified by the sink: a {@link
 * io.spate.protocol.error.RetriableException} or a permanent {@link
 * io.spate.protocol.error.SpateException}, after the rollback. A caller that acknowledges the task
 * elsewhere (the worker's Kafka offset) does it only after {@link #run} returns.
 *
 * <p>A lost connection does not end the run: it {@link Outage rides the outage out}, attempting the
 * whole path again from the ledger check, so a commit that took before the connection died is found
 * there and never repeated. The listener hears of every rolled-back attempt's rows, so what it
 * counts is what the target holds.
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
   * @param wholeTable whether this execution's rows are, at its commit, every row of its table
   *     ({@link io.spate.engine.target.RowLoad.Written#wholeTable()}): the table's count without
   *     reading it
   */
  public record Result(Outcome outcome, long rows, boolean wholeTable) {
    public Result(Outcome outcome, long rows) {
      this(outcome, rows, false);
    }
  }

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

  private final TaskSink sink;
  private final Outage outage;

  /**
   * @param sink where the rows go, with the ledger
   * @param outage how long a task waits for its target after losing the connection
   */
  public TaskExecution(TaskSink sink, Outage outage) {
    this.sink = sink;
    this.outage = outage;
  }

  /**
   * A dry run's execution: each task's rows are generated and encoded in {@code dialect}'s load
   * format, then discarded ({@link DiscardingSink}). It opens no connection and reads or writes no
   * ledger: every task {@link Outcome#SUCCEEDED} with the rows generated.
   *
   * @param bytesSent receives the size of each buffer of encoded rows
   */
  public static TaskExecution discarding(TargetDialect dialect, LongConsumer bytesSent) {
    return new TaskExecution(
        new DiscardingSink(
            () -> dialect.rowWriter(DiscardingSink.FLUSH_BYTES + 64 * 1024), bytesSent),
        Outage.NONE);
  }

  /**
   * Runs the task to its outcome: skipped or committed. Throws when it failed, its transaction
   * rolled back (or, past the outage limit, its commit unanswered: the next run's check tells).
   */
  public Result run(Engine engine, Assignment assignment, Listener listener) {
    Attempts attempts = new Attempts(assignment, listener);
    return outage.rideOut(
        "task " + assignment.task(),
        reached -> attempt(engine, attempts, reached),
        listener::waiting);
  }

  /** The ledger check, then unless the task is done its unit of work. */
  private Result attempt(Engine engine, Attempts attempts, Runnable reached) {
    Assignment assignment = attempts.assignment;
    String jobId = assignment.jobId();
    String taskId = assignment.task().id();
    Optional<TaskLedger.Finished> finished = sink.finished(jobId, taskId);
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
      return load(engine, attempts);
    } catch (TaskLedger.AlreadyDoneException e) {
      attempts.rolledBack();
      return new Result(
          Outcome.SKIPPED, sink.finished(jobId, taskId).map(TaskLedger.Finished::rows).orElse(0L));
    } catch (TaskSink.DuplicateKey e) {
      // never permanent on its own: another execution of the task (a redelivery, a stalled worker
      // come back) that committed while this one waited on its row locks has the ledger entry;
      // otherwise the rows' owner may still be running or rolling back
      attempts.rolledBack();
      Optional<TaskLedger.Finished> winner = sink.finished(jobId, taskId);
      if (winner.isPresent()) {
        return new Result(Outcome.SKIPPED, winner.get().rows());
      }
      throw new RetriableException(
          e.getMessage()
              + "; the ledger holds no row for the task, so another execution may still hold"
              + " these keys",
          e.getCause());
    } catch (RuntimeException e) {
      if (!(attempts.commitSent && sink.commitMayHaveTaken(e))) {
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

    /** The current unit's commit was asked for. */
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

  /** The task's rows and ledger entry in one unit of work, committed. */
  private Result load(Engine engine, Attempts attempts) {
    Assignment assignment = attempts.assignment;
    Task task = assignment.task();
    TableEngine table = engine.table(task.table());
    try (TaskSink.Unit unit = sink.begin(assignment.jobId(), task, table.plan())) {
      long rows = 0;
      for (String member : table.plan().joint()) {
        TableEngine other = engine.table(member);
        if (other.plan().rows() > 0) {
          rows +=
              unit.write(other, new Task(member, 0, other.plan().slots()), attempts::progressed);
        }
      }
      rows += unit.write(table, task, attempts::progressed);
      attempts.commitSent = true;
      unit.commit(assignment.workerId(), assignment.attempt(), rows);
      attempts.pendingRows = 0;
      return new Result(Outcome.SUCCEEDED, rows, unit.wroteWholeTable());
    }
  }
}
