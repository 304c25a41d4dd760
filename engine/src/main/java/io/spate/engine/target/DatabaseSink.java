package io.spate.engine.target;

import io.spate.engine.generate.TableEngine;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.plan.Task;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;
import java.util.function.LongConsumer;
import javax.sql.DataSource;

/**
 * A database's {@link TaskSink}: a unit is one transaction holding the triggers setting and its
 * lock timeout ({@link TargetDialect#beginLoad}), the check that no other job claims the table
 * ({@link TableClaims#check}), the rows ({@link RowLoad}: {@code COPY} on PostgreSQL, {@code LOAD
 * DATA} on MariaDB, or a second pass's {@code UPDATE}), with the foreign keys checked at the commit
 * for a joint group, and the ledger row ({@link TaskLedger#record}); the commit makes them visible
 * together. Every {@link SQLException} is classified once, by {@link SqlErrors}, after the
 * rollback.
 */
public final class DatabaseSink implements TaskSink {

  private final DataSource target;
  private final TargetDialect dialect;
  private final TaskLedger ledger;
  private final Triggers.Mode triggers;
  private final SessionSettings session;
  private final RowLoad load;

  /**
   * @param dialect what {@code target} is: its load, ledger and session statements
   * @param triggers whether each load switches the server's triggers off (for its transaction only)
   * @param session the target's session settings: how long a load waits for a lock
   * @param bytesSent receives the size of each buffer of row data as it reaches the server
   */
  public DatabaseSink(
      DataSource target,
      TargetDialect dialect,
      Triggers.Mode triggers,
      SessionSettings session,
      LongConsumer bytesSent) {
    this.target = target;
    this.dialect = dialect;
    this.ledger = dialect.ledger();
    this.triggers = triggers;
    this.session = session;
    this.load = dialect.rowLoad(bytesSent, session);
  }

  @Override
  public Optional<TaskLedger.Finished> finished(String jobId, String taskId) {
    return ledger.finished(target, jobId, taskId);
  }

  @Override
  public boolean commitMayHaveTaken(RuntimeException e) {
    return SqlErrors.connectionLost(e);
  }

  @Override
  public Unit begin(String jobId, Task task, TablePlan plan) {
    Transaction unit = new Transaction(jobId, task, load.verb(plan));
    try {
      unit.connection = target.getConnection();
      unit.connection.setAutoCommit(false);
      dialect.beginLoad(unit.connection, triggers, session, "task " + task);
      dialect
          .claims()
          .check(unit.connection, jobId, task.table(), "job " + jobId + " / task " + task);
      if (!plan.joint().isEmpty()) {
        dialect.deferConstraints(unit.connection);
      }
      return unit;
    } catch (SQLException | RuntimeException e) {
      throw unit.failed(e);
    }
  }

  /** One task's transaction. */
  private final class Transaction implements Unit {
    private final String jobId;
    private final Task task;
    private Connection connection;

    /** The statement the task's rows go in with, for messages. */
    private final String verb;

    private boolean commitSent;
    private boolean done;
    private boolean wholeTable;

    Transaction(String jobId, Task task, String verb) {
      this.jobId = jobId;
      this.task = task;
      this.verb = verb;
    }

    @Override
    public long write(TableEngine table, Task rows, LongConsumer progress) {
      try {
        RowLoad.Written written = load.write(connection, table, rows, progress);
        wholeTable = written.wholeTable();
        return written.rows();
      } catch (SQLException | RuntimeException e) {
        throw failed(e);
      }
    }

    @Override
    public boolean wroteWholeTable() {
      return wholeTable;
    }

    @Override
    public void commit(String workerId, int attempt, long rows) {
      try {
        ledger.record(connection, jobId, task.id(), workerId, attempt, rows);
        commitSent = true;
        connection.commit();
        done = true;
        connection.close();
      } catch (SQLException | RuntimeException e) {
        throw failed(e);
      }
    }

    @Override
    public void close() {
      if (!done) {
        failed(null);
      }
    }

    /**
     * Rolls back and closes; returns {@code e} classified: a duplicate key as {@link DuplicateKey},
     * another database error by {@link SqlErrors}, anything else as it is.
     */
    RuntimeException failed(Exception e) {
      done = true;
      if (connection != null) {
        try (Connection c = connection) {
          c.rollback();
        } catch (SQLException rollback) {
          if (e != null) {
            e.addSuppressed(rollback);
          }
        }
      }
      if (!(e instanceof SQLException sql)) {
        return (RuntimeException) e;
      }
      String context =
          "task "
              + task
              + " - "
              + (commitSent ? "COMMIT failed" : verb + " failed, transaction rolled back");
      if (dialect.uniqueViolation(sql)) {
        return new DuplicateKey(context + ": " + SqlErrors.describe(sql), sql);
      }
      return SqlErrors.classify(context, sql);
    }
  }
}
