package io.spate.db.mariadb;

import io.spate.engine.encode.RowWriter;

/**
 * Generates a task's rows a buffer at a time: {@code (out, maxBytes) -> engine.fill(cursor, out,
 * maxBytes)}.
 */
@FunctionalInterface
public interface RowSource {

  /**
   * Appends whole rows until the task's rows end or {@code out} holds at least {@code maxBytes};
   * returns how many it wrote, 0 only when no rows are left.
   */
  int fill(RowWriter out, int maxBytes);
}
