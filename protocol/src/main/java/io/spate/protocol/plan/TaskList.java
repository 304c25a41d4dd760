package io.spate.protocol.plan;

import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;

/**
 * The tasks of some {@link TaskRun}s, in order, made when asked for: a million tasks take the
 * memory of their runs. Immutable.
 */
final class TaskList extends AbstractList<Task> implements RandomAccess {

  private final List<TaskRun> runs;
  private final long[] firsts; // firsts[r]: the index of run r's first task; firsts[runs] = size
  private final int size;

  TaskList(List<TaskRun> runs) {
    this.runs = runs;
    this.firsts = new long[runs.size() + 1];
    for (int r = 0; r < runs.size(); r++) {
      firsts[r + 1] = firsts[r] + runs.get(r).count();
    }
    if (firsts[runs.size()] > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(
          "a plan of "
              + firsts[runs.size()]
              + " tasks is more than a list holds; raise the rows per task");
    }
    this.size = (int) firsts[runs.size()];
  }

  @Override
  public Task get(int index) {
    if (index < 0 || index >= size) {
      throw new IndexOutOfBoundsException("task " + index + " of " + size);
    }
    int lo = 0;
    int hi = runs.size() - 1;
    while (lo < hi) { // the last run whose first task is at or before index
      int mid = (lo + hi + 1) >>> 1;
      if (firsts[mid] <= index) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return runs.get(lo).task(index - firsts[lo]);
  }

  @Override
  public int size() {
    return size;
  }
}
