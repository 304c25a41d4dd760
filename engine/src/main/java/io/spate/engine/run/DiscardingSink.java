package io.spate.engine.run;

import io.spate.engine.encode.RowWriter;
import io.spate.engine.generate.SlotCursor;
import io.spate.engine.generate.TableEngine;
import io.spate.engine.target.TaskLedger;
import io.spate.engine.target.TaskSink;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.plan.Task;
import java.util.Optional;
import java.util.function.LongConsumer;
import java.util.function.Supplier;

/**
 * The {@link TaskSink} of a dry run: generates a task's rows and encodes them in the target's load
 * format ({@link io.spate.engine.target.TargetDialect#rowWriter}), in buffers of {@link
 * #FLUSH_BYTES} as a real load sends them, then drops each buffer. Its ledger is always empty and
 * it touches nothing, so what it measures is generation and encoding alone: the rate a worker
 * offers a database that takes everything at once.
 */
public final class DiscardingSink implements TaskSink {

  /** The buffer a load hands the server at once (PostgreSQL's COPY sink uses the same). */
  public static final int FLUSH_BYTES = 256 * 1024;

  private final Supplier<RowWriter> writers;
  private final LongConsumer bytesSent;

  /**
   * @param writers makes a writer of the target's format, one per table a task writes
   * @param bytesSent receives the size of each buffer as it is dropped
   */
  public DiscardingSink(Supplier<RowWriter> writers, LongConsumer bytesSent) {
    this.writers = writers;
    this.bytesSent = bytesSent;
  }

  @Override
  public Optional<TaskLedger.Finished> finished(String jobId, String taskId) {
    return Optional.empty();
  }

  @Override
  public boolean commitMayHaveTaken(RuntimeException e) {
    return false;
  }

  @Override
  public Unit begin(String jobId, Task task, TablePlan plan) {
    return new Unit() {
      @Override
      public long write(TableEngine table, Task rows, LongConsumer progress) {
        return discard(table, rows, progress);
      }

      @Override
      public void commit(String workerId, int attempt, long rows) {}

      @Override
      public void close() {}
    };
  }

  private long discard(TableEngine table, Task task, LongConsumer progress) {
    RowWriter out = writers.get();
    SlotCursor cursor = new SlotCursor(task.start(), task.end());
    long rows = 0;
    while (!cursor.done()) {
      if (Thread.currentThread().isInterrupted()) {
        throw new SpateException("task " + task + " - dry run cancelled after " + rows + " rows");
      }
      out.reset();
      int filled = table.fill(cursor, out, FLUSH_BYTES);
      rows += filled;
      bytesSent.accept(out.size());
      progress.accept(filled);
    }
    return rows;
  }
}
