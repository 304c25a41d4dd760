package io.spate.engine.run;

import io.spate.engine.encode.RowWriter;
import io.spate.engine.generate.SlotCursor;
import io.spate.engine.generate.TableEngine;
import io.spate.engine.target.RowLoad;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.plan.Task;
import java.sql.Connection;
import java.util.function.LongConsumer;
import java.util.function.Supplier;

/**
 * The {@link RowLoad} of a dry run: generates a task's rows and encodes them in the target's load
 * format ({@link io.spate.engine.target.TargetDialect#rowWriter}), in buffers of {@link
 * #FLUSH_BYTES} as a real load sends them, then drops each buffer. It never touches the connection
 * (which may be null), so what it measures is generation and encoding alone: the rate a worker
 * offers a database that takes everything at once.
 */
public final class DiscardingLoad implements RowLoad {

  /** The buffer a load hands the server at once (PostgreSQL's COPY sink uses the same). */
  static final int FLUSH_BYTES = 256 * 1024;

  private final Supplier<RowWriter> writers;
  private final LongConsumer bytesSent;

  /**
   * @param writers makes a writer of the target's format, one per task
   * @param bytesSent receives the size of each buffer as it is dropped
   */
  public DiscardingLoad(Supplier<RowWriter> writers, LongConsumer bytesSent) {
    this.writers = writers;
    this.bytesSent = bytesSent;
  }

  @Override
  public String verb(TablePlan plan) {
    return "dry run";
  }

  @Override
  public long write(Connection connection, TableEngine table, Task task, LongConsumer progress) {
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
