package io.spate.core.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.ReferencePlan;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.plan.Task;
import io.spate.protocol.plan.TaskRun;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TaskStageTest {

  /** The plan's tasks, derived from its runs, are the ones plans listed before they held runs. */
  @ParameterizedTest
  @ValueSource(longs = {1, 7, 1_000, 7_000, 50_000, 250_000})
  void theDerivedTasksAreTheListedOnes(long taskRows) {
    FillPlan plan =
        Planner.plan(
            TpccSchema.schema(),
            FillSettings.of(TpccSchema.specConfig(), null, null, taskRows, Map.of("item", 1_003L)));

    List<Task> listed = listed(plan.tables(), taskRows);

    assertEquals(listed, plan.tasks());
    assertEquals(TaskRun.of(listed), plan.taskRuns()); // the fewest runs, so plans stay equal
  }

  /** The task list of the planner before plans held runs, kept as the reference. */
  private static List<Task> listed(List<TablePlan> plans, long taskRows) {
    List<Task> tasks = new ArrayList<>();
    Set<String> loadedByLeader =
        plans.stream().flatMap(t -> t.joint().stream()).collect(Collectors.toSet());
    for (TablePlan t : plans) {
      if (t.rows() == 0 || loadedByLeader.contains(t.name())) {
        continue;
      }
      if (!t.joint().isEmpty()) {
        tasks.add(new Task(t.name(), 0, t.slots()));
        continue;
      }
      long block =
          t.references().stream()
              .filter(r -> r.pick() == ReferencePlan.Pick.EARLIER_OR_SELF)
              .mapToLong(ReferencePlan::groupSpan)
              .max()
              .orElse(1);
      long slotsPerTask = Math.max(1, (long) Math.ceil((double) taskRows * t.slots() / t.rows()));
      long perTask = Math.ceilDiv(slotsPerTask, block) * block;
      for (long start = 0; start < t.slots(); ) {
        long end = start + Math.min(perTask, t.slots() - start);
        tasks.add(new Task(t.name(), start, end));
        start = end;
      }
    }
    return tasks;
  }
}
