package io.spate.core.plan;

/**
 * How many tasks one plan may have. A task costs the coordinator memory for the job's whole life
 * (its place in the plan, in the job record and in the job's fold: about 450 bytes, measured on a
 * TPC-C plan of 38,000 tasks), so {@link CountStage} refuses a plan the heap cannot hold while it
 * counts the tables' rows, before any task is made.
 *
 * @param maxTasks the most tasks a plan may have
 */
record TaskBudget(long maxTasks) {

  /** About four times a task's measured cost: a plan's tasks take at most a quarter of the heap. */
  static final long BYTES_PER_TASK = 2048;

  TaskBudget {
    if (maxTasks < 1) {
      throw new IllegalArgumentException("a plan must be allowed a task, got " + maxTasks);
    }
  }

  /** The budget of this JVM's heap ({@code -Xmx}). */
  static TaskBudget ofHeap() {
    return new TaskBudget(Math.max(1, Runtime.getRuntime().maxMemory() / BYTES_PER_TASK));
  }

  /**
   * The problem of a plan past the budget, naming the table that took it there.
   *
   * @param tasks the table's tasks (both passes of a table with a second pass)
   * @param planned the tasks of the tables counted before it
   * @param rowsCounted the rows of the tables counted so far, this one included, once per pass
   */
  String exceeded(
      String table, long rows, long taskRows, long tasks, long planned, double rowsCounted) {
    long enough = (long) Math.min(Long.MAX_VALUE, Math.ceil(rowsCounted / maxTasks));
    return "table '"
        + table
        + "' has "
        + rows
        + " rows: "
        + tasks
        + " tasks at "
        + taskRows
        + " rows a task"
        + (planned > 0 ? " (after " + planned + " tasks of other tables)" : "")
        + ", more than the "
        + maxTasks
        + " tasks a plan may have in this JVM's heap ("
        + maxTasks * BYTES_PER_TASK / (1024 * 1024)
        + " MB); raise --task-rows (taskRows in the config or the job request) to at least "
        + enough
        + ", lower the rows, or give the JVM more heap (-Xmx)";
  }
}
