package io.spate.engine.target;

import io.spate.engine.generate.TableEngine;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.plan.Task;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.function.LongConsumer;

/**
 * Loads one task's rows into the target inside the caller's open transaction, streamed from
 * generation ({@code table.fill(cursor, out, max)} into a bounded buffer, a task's rows never all
 * in memory), or for a second pass ({@link TablePlan#secondPass()}) updates the deferred columns of
 * the rows matched by {@link TablePlan#updateKey()}.
 *
 * <p>An implementation never commits nor rolls back: {@link TaskExecution} owns the transaction, so
 * the rows and the ledger row commit together. It returns only after the server has taken every
 * row, and fails when the server took a different number of rows than were generated (or a second
 * pass matched a different number). It stops with a {@link io.spate.protocol.error.SpateException}
 * when its thread is interrupted. Used by one thread at a time.
 */
public interface RowLoad {

  /**
   * What one load wrote.
   *
   * @param rows the rows the server took
   * @param wholeTable whether they are, at the transaction's commit, every row their table holds:
   *     the load found the table empty while holding it alone (no one else may write it until the
   *     commit) and nothing but the load wrote it (no user trigger), so the table's count after the
   *     fill is {@code rows} without reading it
   */
  record Written(long rows, boolean wholeTable) {
    /** Rows written beside whatever else the table holds or may be given. */
    public static Written rows(long rows) {
      return new Written(rows, false);
    }
  }

  /** The statement a task's rows go in with, for messages: {@code COPY} or {@code UPDATE}. */
  String verb(TablePlan plan);

  /**
   * Generates the task's rows and sends them in {@code connection}'s open transaction.
   *
   * @param progress receives row counts as buffers reach the server (not yet committed)
   * @return the rows written
   */
  Written write(Connection connection, TableEngine table, Task task, LongConsumer progress)
      throws SQLException;
}
