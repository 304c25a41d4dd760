package io.spate.core.plan;

import io.spate.protocol.plan.ReferencePlan;
import io.spate.protocol.plan.ReferencePlan.Pick;
import io.spate.protocol.schema.ForeignKey;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * What {@link ReferenceStage} decided: how every foreign key picks its parent row.
 *
 * @param byTable by table, then by foreign key name in the order the rules decided them
 * @param triggerParents by table, then by foreign key name: the keys whose parent rows are an
 *     insert trigger's, picked as their source's rows ({@link TriggerParent})
 */
record References(
    Map<String, Map<String, ReferencePlan>> byTable,
    Map<String, Map<String, TriggerParent>> triggerParents) {

  ReferencePlan of(String table, String foreignKey) {
    return byTable.get(table).get(foreignKey);
  }

  List<ReferencePlan> all(String table) {
    return List.copyOf(byTable.get(table).values());
  }

  /** The foreign keys of {@code table} whose parent rows are a trigger's. */
  Collection<TriggerParent> triggerParents(String table) {
    return triggerParents.getOrDefault(table, Map.of()).values();
  }

  /**
   * The column whose value at the picked row the {@code i}th column of {@code fk} writes: the
   * parent's, or the source's column a trigger copies into it.
   */
  String parentColumn(String table, ForeignKey fk, int i) {
    TriggerParent viaTrigger = triggerParents.getOrDefault(table, Map.of()).get(fk.name());
    return viaTrigger == null ? fk.refColumns().get(i) : viaTrigger.sourceColumns().get(i);
  }

  /** Whether the foreign key picks the row of the table's lineage ancestor (its group's parent). */
  boolean isGroup(String table, String foreignKey) {
    return isGroup(of(table, foreignKey));
  }

  static boolean isGroup(ReferencePlan r) {
    return r != null && r.pick() == Pick.GROUP;
  }
}
