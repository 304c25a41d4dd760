package io.spate.coordinator.plan;

import io.spate.protocol.plan.ReferencePlan;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.plan.Task;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The last stage. Input: the {@link Tables} and the rows per task. Output: the tasks. Invariant:
 * the tasks of a table with rows cover its slots {@code [0, slots)} once, in order, in ranges of
 * about {@code taskRows} rows each (more slots per task where a ranged count leaves slots empty,
 * whole blocks of a NOT NULL self-reference's picks); a table with no rows gets no task. The leader
 * of a joint group gets one task over all its slots, which loads the group's other tables too; they
 * get none. {@link CountStage} has checked that the tasks fit the {@link TaskBudget}, with {@link
 * #count}.
 */
final class TaskStage {

  private TaskStage() {}

  static List<Task> run(Tables tables, long taskRows) {
    List<Task> tasks = new ArrayList<>();
    Set<String> loadedByLeader =
        tables.plans().stream().flatMap(t -> t.joint().stream()).collect(Collectors.toSet());
    for (TablePlan t : tables.plans()) {
      if (t.rows() == 0 || loadedByLeader.contains(t.name())) {
        continue;
      }
      if (!t.joint().isEmpty()) {
        tasks.add(new Task(t.name(), 0, t.slots())); // the whole joint group in one transaction
        continue;
      }
      long block =
          t.references().stream()
              .filter(r -> r.pick() == ReferencePlan.Pick.EARLIER_OR_SELF)
              .mapToLong(ReferencePlan::groupSpan)
              .max()
              .orElse(1);
      long perTask = Math.ceilDiv(slotsPerTask(t.slots(), t.rows(), taskRows), block) * block;
      for (long start = 0; start < t.slots(); ) {
        long end = start + Math.min(perTask, t.slots() - start); // no overflow near Long.MAX_VALUE
        tasks.add(new Task(t.name(), start, end));
        start = end;
      }
    }
    return tasks;
  }

  /** The tasks {@link #run} makes for a table of {@code slots} slots holding {@code rows} rows. */
  static long count(long slots, long rows, long taskRows) {
    return rows == 0 ? 0 : Math.ceilDiv(slots, slotsPerTask(slots, rows, taskRows));
  }

  private static long slotsPerTask(long slots, long rows, long taskRows) {
    return Math.max(1, (long) Math.ceil((double) taskRows * slots / rows));
  }
}
