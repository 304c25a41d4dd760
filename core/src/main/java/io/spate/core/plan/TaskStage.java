package io.spate.core.plan;

import io.spate.protocol.plan.ReferencePlan;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.plan.TaskRun;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The last stage. Input: the {@link Tables} and the rows per task. Output: the tasks. Invariant:
 * the tasks (as one {@link TaskRun} per table) of a table with rows cover its slots {@code [0,
 * slots)} once, in order, in ranges of about {@code taskRows} rows each (more slots per task where
 * a ranged count leaves slots empty, whole blocks of a NOT NULL self-reference's picks); a table
 * with no rows gets no task. The leader of a joint group gets one task over all its slots, which
 * loads the group's other tables too; they get none. A table that builds its indexes after its rows
 * ({@link IndexBuild}) gets one task over all its slots too. {@link CountStage} has checked that
 * the tasks fit the {@link TaskBudget}, with {@link #count}.
 */
final class TaskStage {

  private TaskStage() {}

  static List<TaskRun> run(Tables tables, long taskRows) {
    List<TaskRun> runs = new ArrayList<>();
    Set<String> loadedByLeader =
        tables.plans().stream().flatMap(t -> t.joint().stream()).collect(Collectors.toSet());
    for (TablePlan t : tables.plans()) {
      if (t.rows() == 0 || loadedByLeader.contains(t.name())) {
        continue;
      }
      if (!t.joint().isEmpty() || t.indexesAfter()) {
        runs.add(whole(t)); // the whole joint group, or table, in one transaction
        continue;
      }
      long block =
          t.references().stream()
              .filter(r -> r.pick() == ReferencePlan.Pick.EARLIER_OR_SELF)
              .mapToLong(ReferencePlan::groupSpan)
              .max()
              .orElse(1);
      long perTask = Math.ceilDiv(slotsPerTask(t.slots(), t.rows(), taskRows), block) * block;
      // a run is held by its shortest step, so one task of the whole range has the range's size
      runs.add(perTask >= t.slots() ? whole(t) : new TaskRun(t.name(), 0, t.slots(), perTask));
    }
    return runs;
  }

  private static TaskRun whole(TablePlan t) {
    return new TaskRun(t.name(), 0, t.slots(), t.slots());
  }

  /** The tasks {@link #run} makes for a table of {@code slots} slots holding {@code rows} rows. */
  static long count(long slots, long rows, long taskRows) {
    return rows == 0 ? 0 : Math.ceilDiv(slots, slotsPerTask(slots, rows, taskRows));
  }

  private static long slotsPerTask(long slots, long rows, long taskRows) {
    return Math.max(1, (long) Math.ceil((double) taskRows * slots / rows));
  }
}
