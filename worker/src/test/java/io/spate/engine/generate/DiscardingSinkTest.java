package io.spate.engine.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.db.mariadb.MariaDbDialect;
import io.spate.db.postgres.PostgresDialect;
import io.spate.engine.encode.RowWriter;
import io.spate.engine.run.DiscardingSink;
import io.spate.engine.run.TaskExecution;
import io.spate.engine.target.TargetKind;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.plan.Task;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * A dry run's sink: it generates and encodes exactly what a load would send, in the target's
 * format, and needs no database (its connection is null).
 */
class DiscardingSinkTest {

  private static final FillPlan PLAN = EngineTest.tpccLikePlan(7);

  @Test
  void countsEveryRowAndEveryByteALoadWouldSendAndNeedsNoConnection() {
    for (TargetKind kind : new TargetKind[] {PostgresDialect.KIND, MariaDbDialect.KIND}) {
      for (TablePlan t : PLAN.tables()) {
        Task task = new Task(t.name(), 0, t.slots());
        AtomicLong bytes = new AtomicLong();
        AtomicLong progressed = new AtomicLong();
        long rows =
            new DiscardingSink(() -> kind.dialect().rowWriter(64), bytes::addAndGet)
                .begin("job", task, t)
                .write(new Engine(PLAN).table(t.name()), task, progressed::addAndGet);
        String where = kind + " " + t.name();
        assertEquals(encoded(kind, t, task).rows, rows, where);
        assertEquals(rows, progressed.get(), where);
        assertEquals(encoded(kind, t, task).bytes, bytes.get(), where);
        assertTrue(rows > 0 && bytes.get() > rows, where);
      }
    }
  }

  @Test
  void encodesInTheTargetsFormat() {
    TablePlan t = PLAN.tables().getFirst();
    Task task = new Task(t.name(), 0, t.slots());
    assertNotEquals(
        encoded(PostgresDialect.KIND, t, task).bytes, encoded(MariaDbDialect.KIND, t, task).bytes);
  }

  @Test
  void aDryExecutionSucceedsWithTheRowsGeneratedAndReportsThem() {
    TablePlan t = PLAN.tables().getLast();
    Task task = new Task(t.name(), 3, t.slots() - 2);
    AtomicLong bytes = new AtomicLong();
    AtomicLong progressed = new AtomicLong();
    TaskExecution.Result result =
        TaskExecution.discarding(PostgresDialect.KIND.dialect(), bytes::addAndGet)
            .run(
                new Engine(PLAN),
                new TaskExecution.Assignment("job", task, "w", 1),
                new TaskExecution.Listener() {
                  @Override
                  public void progressed(long rows) {
                    progressed.addAndGet(rows);
                  }
                });
    assertEquals(TaskExecution.Outcome.SUCCEEDED, result.outcome());
    assertEquals(encoded(PostgresDialect.KIND, t, task).rows, result.rows());
    assertEquals(result.rows(), progressed.get());
    assertEquals(encoded(PostgresDialect.KIND, t, task).bytes, bytes.get());
  }

  private record Encoded(long rows, long bytes) {}

  /** The task's rows written at once by the engine into the target's writer. */
  private static Encoded encoded(TargetKind kind, TablePlan t, Task task) {
    RowWriter out = kind.dialect().rowWriter(64);
    SlotCursor cursor = new SlotCursor(task.start(), task.end());
    long rows = new Engine(PLAN).table(t.name()).fill(cursor, out, Integer.MAX_VALUE);
    assertTrue(cursor.done());
    return new Encoded(rows, out.size());
  }
}
