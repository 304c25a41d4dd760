package io.spate.protocol.plan;

/** A unit of work: the slots [start, end) of one table. Tasks of a table never overlap. */
public record Task(String table, long start, long end) {
  public Task {
    if (start < 0 || end <= start) {
      throw new IllegalArgumentException(
          "task " + table + "[" + start + "," + end + ") is empty or negative");
    }
  }

  @Override
  public String toString() {
    return table + "[" + start + "," + end + ")";
  }
}
