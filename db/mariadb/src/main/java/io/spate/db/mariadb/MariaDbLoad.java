package io.spate.db.mariadb;

import io.spate.engine.generate.SlotCursor;
import io.spate.engine.generate.TableEngine;
import io.spate.engine.target.RowLoad;
import io.spate.engine.target.SessionSettings;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.plan.Task;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.function.LongConsumer;

/**
 * MariaDB's and MySQL's {@link RowLoad}: one task's rows streamed from generation into {@code LOAD
 * DATA LOCAL INFILE} ({@link LoadData}), in the caller's open transaction. Plans for these targets
 * have no second pass: their loads run with the foreign-key checks off, so the insert writes every
 * reference ({@link io.spate.engine.target.TargetDialect#loadsWithForeignKeyChecksOff}). Each
 * statement waits for a row lock at most the session settings' lock timeout.
 */
final class MariaDbLoad implements RowLoad {

  private final LongConsumer bytesSent;
  private final SessionSettings session;

  MariaDbLoad(LongConsumer bytesSent, SessionSettings session) {
    this.bytesSent = bytesSent;
    this.session = session;
  }

  @Override
  public String verb(TablePlan plan) {
    return "LOAD DATA";
  }

  @Override
  public Written write(Connection connection, TableEngine table, Task task, LongConsumer progress)
      throws SQLException {
    return Written.rows(rows(connection, table, task, progress));
  }

  private long rows(Connection connection, TableEngine table, Task task, LongConsumer progress)
      throws SQLException {
    TablePlan plan = table.plan();
    SlotCursor cursor = new SlotCursor(task.start(), task.end());
    RowSource source =
        (out, maxBytes) -> {
          if (Thread.currentThread().isInterrupted()) {
            throw new SpateException("task " + task + " - cancelled, transaction rolled back");
          }
          if (cursor.done()) {
            return 0;
          }
          int before = out.size();
          int rows = table.fill(cursor, out, maxBytes);
          bytesSent.accept(out.size() - before);
          progress.accept(rows);
          return rows;
        };
    return LoadData.loadInto(
        connection,
        "task " + task,
        LoadData.name(plan.table()),
        table.columnNames(),
        LoadData.inet6Columns(plan.table()),
        source,
        session.lockTimeoutSeconds());
  }
}
