package io.spate.core.plan;

import io.spate.protocol.plan.ReferencePlan;
import io.spate.protocol.plan.ReferencePlan.Pick;
import java.util.List;
import java.util.Map;

/**
 * What {@link ReferenceStage} decided: how every foreign key picks its parent row.
 *
 * @param byTable by table, then by foreign key name in the order the rules decided them
 */
record References(Map<String, Map<String, ReferencePlan>> byTable) {

  ReferencePlan of(String table, String foreignKey) {
    return byTable.get(table).get(foreignKey);
  }

  List<ReferencePlan> all(String table) {
    return List.copyOf(byTable.get(table).values());
  }

  /** Whether the foreign key picks the row of the table's lineage ancestor (its group's parent). */
  boolean isGroup(String table, String foreignKey) {
    return isGroup(of(table, foreignKey));
  }

  static boolean isGroup(ReferencePlan r) {
    return r != null && r.pick() == Pick.GROUP;
  }
}
