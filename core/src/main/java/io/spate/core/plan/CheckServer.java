package io.spate.core.plan;

import io.spate.protocol.plan.FillPlan;
import java.util.List;

/**
 * The target database, asked by {@link CheckPools} which candidate rows satisfy the CHECKs Spate
 * cannot read. The planner stays free of I/O: it draws the candidates, the server only judges them.
 */
public interface CheckServer {

  /**
   * The candidate rows that satisfy {@code condition}, in slot order.
   *
   * @param candidates a plan of one table whose written columns are the columns to judge, its rows
   *     the candidates (written by the worker's engine, as a fill would write them)
   * @param condition a boolean SQL expression over those columns
   * @return per passing row, its columns' values as text (PostgreSQL's output, which its input
   *     reads back), null for NULL
   */
  List<String[]> passing(FillPlan candidates, String condition);

  /** Reports one line about the planning, such as a pool's size and acceptance rate. */
  void note(String line);
}
