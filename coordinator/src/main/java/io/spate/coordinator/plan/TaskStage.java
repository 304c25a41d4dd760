package io.spate.coordinator.plan;

import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.plan.Task;
import java.util.ArrayList;
import java.util.List;

/**
 * The last stage. Input: the {@link Tables} and the rows per task. Output: the tasks. Invariant:
 * the tasks of a table with rows cover its slots {@code [0, slots)} once, in order, in ranges of
 * about {@code taskRows} rows each (more slots per task where a ranged count leaves slots empty); a
 * table with no rows gets no task.
 */
final class TaskStage {

  private TaskStage() {}

  static List<Task> run(Tables tables, long taskRows) {
    List<Task> tasks = new ArrayList<>();
    for (TablePlan t : tables.plans()) {
      if (t.rows() == 0) {
        continue;
      }
      long perTask = Math.max(1, (long) Math.ceil((double) taskRows * t.slots() / t.rows()));
      for (long start = 0; start < t.slots(); start += perTask) {
        tasks.add(new Task(t.name(), start, Math.min(t.slots(), start + perTask)));
      }
    }
    return tasks;
  }
}
