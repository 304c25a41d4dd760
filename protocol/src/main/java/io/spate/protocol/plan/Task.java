package io.spate.protocol.plan;

/** A unit of work: the slots [start, end) of one table. Tasks of a table never overlap. */
public record Task(String table, long start, long end) {
  public Task {
    if (start < 0 || end <= start) {
      throw new IllegalArgumentException(
          "task " + table + "[" + start + "," + end + ") is empty or negative");
    }
  }

  /**
   * The task's id within its job, {@code table[start,end)} ({@code table} is the plan's name, so
   * {@code app.account[0,1000)} outside {@code public}): the same for every attempt, every
   * coordinator and local mode, so it keys the ledger ({@code spate.ledger}) and the events.
   */
  public String id() {
    return table + "[" + start + "," + end + ")";
  }

  @Override
  public String toString() {
    return id();
  }
}
