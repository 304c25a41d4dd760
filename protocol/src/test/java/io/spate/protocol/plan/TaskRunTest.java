package io.spate.protocol.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.protocol.message.JobMessage;
import io.spate.protocol.message.Messages;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TaskRunTest {

  @Test
  void runsHoldTheirTasksInOrderAndBackFromThem() {
    List<Task> tasks =
        List.of(
            new Task("a", 0, 10),
            new Task("a", 10, 20),
            new Task("a", 20, 25),
            new Task("b", 0, 7),
            new Task("c", 0, 3),
            new Task("c", 3, 9),
            new Task("c", 9, 15),
            new Task("c", 20, 26));

    List<TaskRun> runs = TaskRun.of(tasks);

    assertEquals(
        List.of(
            new TaskRun("a", 0, 25, 10),
            new TaskRun("b", 0, 7, 7),
            new TaskRun("c", 0, 3, 3),
            new TaskRun("c", 3, 15, 6),
            new TaskRun("c", 20, 26, 6)),
        runs);
    FillPlan plan = FillPlan.of(FillPlan.GENERATION_VERSION, 1, List.of(), List.of(), tasks);
    assertEquals(tasks, plan.tasks());
    assertEquals(new ArrayList<>(tasks), new ArrayList<>(plan.tasks()));
    assertThrows(IndexOutOfBoundsException.class, () -> plan.tasks().get(tasks.size()));
  }

  @Test
  void aPlanOfAMillionTasksEncodesToASmallJobRecord() {
    long slots = 1_000_000_000_000L; // 10^12 rows at 10^6 per task
    FillPlan plan =
        new FillPlan(
            FillPlan.GENERATION_VERSION,
            1,
            List.of(),
            List.of(List.of("big")),
            List.of(new TaskRun("big", 0, slots, 1_000_000)));
    JobMessage job =
        new JobMessage(Messages.VERSION, "j", "default", plan, JobMessage.State.RUNNING, null, 1L);

    byte[] bytes = Messages.encode(job);

    assertEquals(1_000_000, plan.tasks().size());
    assertEquals(new Task("big", 999_999_000_000L, slots), plan.tasks().getLast());
    assertEquals(new Task("big", 1_000_000, 2_000_000), plan.tasks().get(1));
    assertTrue(bytes.length < 400, bytes.length + " bytes");
    assertEquals(job, Messages.decodeJob(bytes));
  }

  @Test
  void aRunNearTheEndOfTheLongsDoesNotOverflow() {
    TaskRun run = new TaskRun("t", Long.MAX_VALUE - 10, Long.MAX_VALUE, 4);

    assertEquals(3, run.count());
    assertEquals(new Task("t", Long.MAX_VALUE - 2, Long.MAX_VALUE), run.task(2));
  }

  @Test
  void aPlanHasExactlyTheTasksOfItsGridAndNoOtherRange() {
    List<Task> tasks = List.of(new Task("a", 0, 10), new Task("a", 10, 20), new Task("a", 20, 25));
    FillPlan plan = FillPlan.of(FillPlan.GENERATION_VERSION, 1, List.of(), List.of(), tasks);

    for (Task t : tasks) {
      assertTrue(plan.hasTask(t), t + " is the plan's");
    }
    for (Task outside :
        List.of(
            new Task("a", 25, 35), // past the table's end
            new Task("a", 20, 30), // the last task, stretched past the end
            new Task("a", 5, 15), // off the grid
            new Task("a", 0, 20), // two tasks as one
            new Task("a", 0, 5), // part of a task
            new Task("b", 0, 10))) { // a table the plan does not fill
      assertFalse(plan.hasTask(outside), outside + " is not the plan's");
    }
  }
}
