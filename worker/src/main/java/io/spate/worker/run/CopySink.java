package io.spate.worker.run;

import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.plan.Task;
import io.spate.protocol.schema.Table;
import io.spate.worker.encode.CopyBinaryWriter;
import io.spate.worker.generate.Engine;
import io.spate.worker.generate.SlotCursor;
import io.spate.worker.generate.TableEngine;
import io.spate.worker.target.SqlErrors;
import io.spate.worker.target.Triggers;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.function.LongConsumer;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

/**
 * Loads one task's rows with binary {@code COPY}, streamed from generation in buffers of {@link
 * #FLUSH_BYTES}: a task's rows are never all in memory. One task is one transaction: it commits
 * whole or leaves nothing behind.
 */
public final class CopySink {

  /**
   * Buffer size handed to the server at once; large enough to amortise the call, small for the
   * cache.
   */
  static final int FLUSH_BYTES = 256 * 1024;

  private final DataSource dataSource;
  private final LongConsumer bytesSent;

  /** What each load transaction does with the server's triggers first ({@link Triggers}). */
  private final Triggers.Mode triggers;

  public CopySink(DataSource dataSource) {
    this(dataSource, Triggers.Mode.ON, n -> {});
  }

  /**
   * @param triggers whether each load runs with {@code session_replication_role = replica} (SET
   *     LOCAL)
   * @param bytesSent receives the size of each buffer of COPY data as it reaches the server
   */
  public CopySink(DataSource dataSource, Triggers.Mode triggers, LongConsumer bytesSent) {
    this.dataSource = dataSource;
    this.triggers = triggers;
    this.bytesSent = bytesSent;
  }

  /**
   * Generates and loads the task's rows in one transaction.
   *
   * @param progress receives row counts as buffers reach the server (not yet committed)
   * @return the number of rows committed
   */
  public long load(Engine engine, Task task, LongConsumer progress) {
    return load(engine, task, progress, (connection, rows) -> {});
  }

  /** Work done in the task's transaction after its rows, before the commit (the ledger row). */
  @FunctionalInterface
  public interface BeforeCommit {
    void run(Connection connection, long rows) throws SQLException;
  }

  /**
   * Like {@link #load(Engine, Task, LongConsumer)}, running {@code beforeCommit} in the same
   * transaction after the rows: both commit, or neither.
   */
  public long load(Engine engine, Task task, LongConsumer progress, BeforeCommit beforeCommit) {
    TableEngine table = engine.table(task.table());
    TablePlan plan = table.plan();
    String columns =
        table.columnNames().stream().map(Table::quote).collect(Collectors.joining(", "));
    try (Connection connection = dataSource.getConnection()) {
      connection.setAutoCommit(false);
      Triggers.apply(triggers, connection, "task " + task);
      try {
        long rows;
        if (plan.secondPass()) {
          rows = update(connection, plan, columns, table, task, progress);
        } else {
          rows =
              stream(
                  connection,
                  "COPY "
                      + plan.table().qualifiedName()
                      + " ("
                      + columns
                      + ") FROM STDIN (FORMAT binary)",
                  table,
                  task,
                  progress);
        }
        beforeCommit.run(connection, rows);
        connection.commit();
        return rows;
      } catch (SQLException | RuntimeException e) {
        connection.rollback();
        throw e;
      }
    } catch (SQLException e) {
      throw SqlErrors.classify(
          "task "
              + task
              + " - "
              + (plan.secondPass() ? "UPDATE" : "COPY")
              + " failed, transaction rolled back",
          e);
    }
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
