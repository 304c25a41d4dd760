package io.spate.protocol.plan;

import java.util.ArrayList;
import java.util.List;

/**
 * Consecutive tasks of one table, as the plan carries them: {@code [start, start + step)}, {@code
 * [start + step, start + 2 step)}, ..., the last one ending at {@code end} (shorter when {@code
 * step} does not divide the range). So a plan's size grows with its tables, not with its tasks.
 */
public record TaskRun(String table, long start, long end, long step) {

  public TaskRun {
    if (start < 0 || end <= start || step <= 0) {
      throw new IllegalArgumentException(
          "task run " + table + "[" + start + "," + end + ") by " + step + " is empty or negative");
    }
  }

  /** The number of tasks in the run. */
  public long count() {
    return Math.ceilDiv(end - start, step);
  }

  /** The run's {@code i}th task. */
  public Task task(long i) {
    long from = start + i * step;
    return new Task(table, from, from + Math.min(step, end - from)); // no overflow at the end
  }

  /**
   * Whether {@code task} is one of the run's tasks: same table, starting on the run's grid (a
   * multiple of {@code step} from {@code start}) and ending where that task ends. A range past the
   * run's end, off its grid, or covering two tasks is not.
   */
  public boolean holds(Task task) {
    if (!table.equals(task.table()) || task.start() < start || task.start() >= end) {
      return false;
    }
    return (task.start() - start) % step == 0
        && task.end() == task.start() + Math.min(step, end - task.start());
  }

  /**
   * The shortest runs whose tasks are {@code tasks}, in order: each run is the longest stretch of
   * adjacent tasks of one table and one size, plus a shorter last one.
   */
  public static List<TaskRun> of(List<Task> tasks) {
    List<TaskRun> runs = new ArrayList<>();
    TaskRun open = null; // a run still to be extended; its last task has the full step
    for (Task t : tasks) {
      long size = t.end() - t.start();
      if (open != null
          && open.table.equals(t.table())
          && open.end == t.start()
          && size <= open.step) {
        open = new TaskRun(open.table, open.start, t.end(), open.step);
        if (size == open.step) {
          continue;
        }
        runs.add(open);
        open = null;
        continue;
      }
      if (open != null) {
        runs.add(open);
      }
      open = new TaskRun(t.table(), t.start(), t.end(), size);
    }
    if (open != null) {
      runs.add(open);
    }
    return runs;
  }
}
