package io.spate.api;

import io.spate.core.local.LocalFill;
import io.spate.core.progress.FillProgress;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.TablePlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a fill did.
 *
 * @param fingerprint the plan's digest ({@link Plan#fingerprint}), the job id of its ledger rows
 * @param seed the job seed
 * @param tables every table filled, in load order
 * @param tasks the plan's tasks
 * @param skippedTasks tasks the ledger already held, left as they were ({@link Spate#resume},
 *     {@link Spate#reuse})
 * @param seconds from {@link Spate#fill} to its return: introspection, planning and the load
 */
public record FillResult(
    String fingerprint,
    long seed,
    List<TableResult> tables,
    int tasks,
    int skippedTasks,
    double seconds) {

  /**
   * One table.
   *
   * @param table the table's id ({@code name}, or {@code schema.name} outside {@code public})
   * @param rows the rows it holds after the fill
   * @param written the rows this fill wrote (fewer when the ledger held some tasks)
   * @param seconds from its first task's start to its last task's commit
   */
  public record TableResult(String table, long rows, long written, double seconds) {}

  public FillResult {
    tables = List.copyOf(tables);
  }

  /** Whether the ledger held every task: the tables already held this fill, nothing was written. */
  public boolean alreadyFilled() {
    return tasks > 0 && skippedTasks == tasks;
  }

  /** The rows {@code table} holds after the fill. */
  public long rows(String table) {
    return tables.stream()
        .filter(t -> t.table().equals(table))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no table " + table + " in this fill"))
        .rows();
  }

  /** All rows of all tables. */
  public long totalRows() {
    return tables.stream().mapToLong(TableResult::rows).sum();
  }

  static FillResult of(
      FillPlan plan, LocalFill.Summary summary, FillProgress progress, double seconds) {
    List<TableResult> tables = new ArrayList<>();
    for (FillProgress.TableProgress t : progress.tables()) {
      TablePlan table = t.plan();
      tables.add(new TableResult(table.name(), table.rows(), t.rows(), t.seconds()));
    }
    return new FillResult(
        LocalFill.planDigest(plan),
        plan.seed(),
        tables,
        summary.tasks(),
        summary.skippedTasks(),
        seconds);
  }

  @Override
  public String toString() {
    return String.format(
        Locale.ROOT,
        "%s: %d rows in %d tables, %.2f s (seed %d%s)",
        fingerprint,
        totalRows(),
        tables.size(),
        seconds,
        seed,
        alreadyFilled() ? ", already filled: nothing written" : "");
  }
}
