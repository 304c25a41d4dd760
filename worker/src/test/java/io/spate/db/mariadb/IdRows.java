package io.spate.db.mariadb;

/** Test rows for a table of one integer column. */
final class IdRows {

  private IdRows() {}

  /** The ids {@code from} (inclusive) to {@code to} (exclusive), one row each. */
  static RowSource ids(int from, int to) {
    int[] next = {from};
    return (out, maxBytes) -> {
      int n = 0;
      while (next[0] < to && out.size() < maxBytes) {
        out.startRow(1);
        out.writeInt4(next[0]++);
        n++;
      }
      return n;
    };
  }
}
