package io.spate.db.postgres;

import io.spate.engine.encode.CopyBinaryWriter;
import io.spate.engine.generate.SlotCursor;
import io.spate.engine.generate.TableEngine;
import io.spate.engine.target.RowLoad;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.plan.Task;
import io.spate.protocol.schema.Table;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.function.LongConsumer;
import java.util.stream.Collectors;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

/**
 * Writes one task's rows inside the caller's open transaction: binary {@code COPY} streamed from
 * generation in buffers of {@link #FLUSH_BYTES} (a task's rows are never all in memory), or for a
 * second pass a {@code COPY} into a temporary table and one {@code UPDATE ... FROM}: PostgreSQL's
 * {@link RowLoad}; a plan that builds its indexes after its rows goes through {@link
 * IndexesAfterLoad}. It neither commits nor rolls back: {@link io.spate.engine.run.TaskExecution}
 * owns the transaction, so the rows and the ledger row commit together.
 */
final class CopySink implements RowLoad {

  /**
   * Buffer size handed to the server at once; large enough to amortise the call, small for the
   * cache.
   */
  static final int FLUSH_BYTES = 256 * 1024;

  private final LongConsumer bytesSent;

  /**
   * @param bytesSent receives the size of each buffer of COPY data as it reaches the server
   */
  CopySink(LongConsumer bytesSent) {
    this.bytesSent = bytesSent;
  }

  @Override
  public String verb(TablePlan plan) {
    return plan.secondPass()
        ? "UPDATE"
        : plan.indexesAfter() ? "COPY (indexes built after)" : "COPY";
  }

  @Override
  public Written write(Connection connection, TableEngine table, Task task, LongConsumer progress)
      throws SQLException {
    TablePlan plan = table.plan();
    String columns =
        table.columnNames().stream().map(Table::quote).collect(Collectors.joining(", "));
    if (plan.secondPass()) {
      return Written.rows(update(connection, plan, columns, table, task, progress));
    }
    String copy = "COPY " + plan.table().qualifiedName() + " (" + columns + ") FROM STDIN";
    if (plan.indexesAfter()) {
      return IndexesAfterLoad.load(
          connection,
          plan.table(),
          task,
          freeze ->
              stream(
                  connection,
                  copy + (freeze ? " (FORMAT binary, FREEZE)" : " (FORMAT binary)"),
                  table,
                  task,
                  progress));
    }
    return Written.rows(stream(connection, copy + " (FORMAT binary)", table, task, progress));
  }

  /**
   * A second pass: the task's rows go to a temporary table, then one {@code UPDATE ... FROM} sets
   * the deferred columns on the rows matched by key. Every row must match exactly once.
   */
  private long update(
      Connection connection,
      TablePlan plan,
      String columns,
      TableEngine table,
      Task task,
      LongConsumer progress)
      throws SQLException {
    String staged = "spate_second_pass";
    String key =
        plan.updateKey().stream()
            .map(c -> "t." + Table.quote(c) + " = s." + Table.quote(c))
            .collect(Collectors.joining(" AND "));
    String set =
        table.columnNames().stream()
            .filter(c -> !plan.updateKey().contains(c))
            .map(c -> Table.quote(c) + " = s." + Table.quote(c))
            .collect(Collectors.joining(", "));
    try (Statement statement = connection.createStatement()) {
      statement.execute(
          "CREATE TEMPORARY TABLE "
              + staged
              + " ON COMMIT DROP AS SELECT "
              + columns
              + " FROM "
              + plan.table().qualifiedName()
              + " WITH NO DATA");
      long rows =
          stream(
              connection,
              "COPY " + staged + " (" + columns + ") FROM STDIN (FORMAT binary)",
              table,
              task,
              progress);
      int updated =
          statement.executeUpdate(
              "UPDATE "
                  + plan.table().qualifiedName()
                  + " t SET "
                  + set
                  + " FROM "
                  + staged
                  + " s WHERE "
                  + key);
      if (updated != rows) {
        throw new SpateException(
            "task "
                + task
                + " - the second pass matched "
                + updated
                + " rows by "
                + plan.updateKey()
                + ", expected "
                + rows);
      }
      return rows;
    }
  }

  private long stream(
      Connection connection, String copy, TableEngine table, Task task, LongConsumer progress)
      throws SQLException {
    CopyIn in = connection.unwrap(PGConnection.class).getCopyAPI().copyIn(copy);
    try {
      CopyBinaryWriter out = new CopyBinaryWriter(FLUSH_BYTES + 64 * 1024);
      out.writeHeader();
      SlotCursor cursor = new SlotCursor(task.start(), task.end());
      long rows = 0;
      while (!cursor.done()) {
        if (Thread.currentThread().isInterrupted()) {
          throw new SpateException(
              "task " + task + " - cancelled after " + rows + " rows, transaction rolled back");
        }
        int filled = table.fill(cursor, out, FLUSH_BYTES);
        rows += filled;
        if (cursor.done()) {
          out.writeTrailer();
        }
        in.writeToCopy(out.array(), 0, out.size());
        bytesSent.accept(out.size());
        out.reset();
        progress.accept(filled);
      }
      long copied = in.endCopy();
      if (copied != rows) {
        throw new SpateException(
            "task " + task + " - server copied " + copied + " rows, generated " + rows);
      }
      return rows;
    } finally {
      if (in.isActive()) {
        in.cancelCopy();
      }
    }
  }
}
