package io.spate.core.plan;

import io.spate.protocol.plan.ColumnPlan;
import java.util.List;
import java.util.Map;

/**
 * What {@link ColumnStage} decided: a rule for every column of every table.
 *
 * @param byTable by table: one plan per column, in the table's column order
 */
record Columns(Map<String, List<ColumnPlan>> byTable) {

  List<ColumnPlan> of(String table) {
    return byTable.get(table);
  }
}
