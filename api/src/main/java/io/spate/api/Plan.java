package io.spate.api;

import io.spate.core.local.LocalFill;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.TablePlan;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A fill planned and not written.
 *
 * @param fingerprint the plan's digest, the job id its ledger rows carry: the same schema, config
 *     and seed give the same fingerprint, any change another
 * @param seed the job seed
 * @param rows each table's row count, by table id ({@code name}, or {@code schema.name} outside
 *     {@code public}), in load order
 * @param tasks the plan's tasks, the units of parallel work
 * @param detail the whole plan, as {@code spate plan} prints it
 */
public record Plan(
    String fingerprint, long seed, Map<String, Long> rows, int tasks, FillPlan detail) {

  public Plan {
    rows = Collections.unmodifiableMap(new LinkedHashMap<>(rows));
  }

  static Plan of(FillPlan plan) {
    Map<String, Long> rows = new LinkedHashMap<>();
    for (TablePlan t : plan.tables()) {
      rows.put(t.name(), t.rows());
    }
    return new Plan(LocalFill.planDigest(plan), plan.seed(), rows, plan.tasks().size(), plan);
  }
}
