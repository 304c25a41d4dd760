package io.spate.engine.target;

import io.spate.engine.generate.TableEngine;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.plan.Task;
import java.util.Optional;
import java.util.function.LongConsumer;

/**
 * Where tasks' rows go, with the ledger that makes each task's effect happen once: a database (its
 * rows and ledger row in one transaction, {@link DatabaseSink}), files (a task's file appearing
 * under its final name is its ledger entry), or nowhere (a dry run). {@link
 * io.spate.engine.run.TaskExecution} drives it; a sink is shared by the threads that execute tasks.
 *
 * <p>The lifecycle of one attempt at a task:
 *
 * <ol>
 *   <li>{@link #finished}: the ledger entry of the task, if an execution committed it;
 *   <li>{@link #begin}: a unit of work, nothing of it visible to anyone;
 *   <li>{@link Unit#write} once per table whose rows the task writes (a joint group's other tables
 *       first, then the task's own);
 *   <li>{@link Unit#commit}: the rows and the ledger entry become visible together, or neither
 *       does; or {@link Unit#close} without a commit: nothing the unit wrote remains.
 * </ol>
 *
 * <p>Errors are the sink's to classify: it throws a {@link
 * io.spate.protocol.error.RetriableException} for what may pass on another attempt, a {@link
 * io.spate.protocol.error.SpateException} naming what the user must fix, {@link
 * TaskLedger.AlreadyDoneException} when another execution committed the task first, and {@link
 * DuplicateKey} when a row's key is already taken (the caller asks the ledger whose it is).
 */
public interface TaskSink {

  /** The ledger entry of a task some execution committed, or empty. */
  Optional<TaskLedger.Finished> finished(String jobId, String taskId);

  /**
   * Opens a unit of work for one attempt at {@code task}.
   *
   * @param plan the task's table's plan; when it leads a joint group ({@link TablePlan#joint()}),
   *     the unit's rows may reference rows it writes later
   */
  Unit begin(String jobId, Task task, TablePlan plan);

  /**
   * Whether {@code e}, thrown by {@link Unit#commit}, leaves it unknown whether the commit took
   * (the connection was lost after it was sent): the next attempt's {@link #finished} tells.
   */
  boolean commitMayHaveTaken(RuntimeException e);

  /** One attempt's work, used by one thread. */
  interface Unit extends AutoCloseable {

    /**
     * Generates {@code task}'s rows of {@code table} and writes them into this unit.
     *
     * @param progress receives row counts as they are written (not yet committed)
     * @return the rows written
     */
    long write(TableEngine table, Task task, LongConsumer progress);

    /**
     * Whether the last {@link #write} wrote, as of this unit's commit, every row its table holds
     * ({@link RowLoad.Written#wholeTable()}).
     */
    default boolean wroteWholeTable() {
      return false;
    }

    /**
     * Makes the unit's rows visible together with the task's ledger entry.
     *
     * @param workerId who executed it, for the ledger
     * @param attempt the coordinator's attempt number, for the ledger
     * @param rows the rows the unit wrote, for the ledger
     * @throws TaskLedger.AlreadyDoneException when another execution committed the task first
     */
    void commit(String workerId, int attempt, long rows);

    /** Discards what the unit wrote unless it committed. */
    @Override
    void close();
  }

  /**
   * A row's key is already taken. Another execution of the same task may hold it: the caller
   * consults {@link #finished}.
   */
  final class DuplicateKey extends RuntimeException {
    public DuplicateKey(String message, Throwable cause) {
      super(message, cause);
    }
  }
}
