package io.spate.coordinator.plan;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What {@link OrderStage} found: the dependency levels and the foreign keys left to a second pass.
 *
 * @param levels table names, level by level, each level sorted by name
 * @param deferred by table: the names of its foreign keys the insert leaves NULL and a second pass
 *     sets
 * @param unchecked by table: the names of its foreign keys the insert writes without waiting for
 *     the table they reference, closing a cycle no nullable foreign key outside a key breaks; the
 *     load must run with the server's foreign-key checks off
 * @param joint by the leader of each joint group (a cycle closed by a deferrable NOT NULL foreign
 *     key): the group's other tables in level order, which the leader's one task loads before its
 *     own rows in one transaction
 * @param waits by table: the tables its insert waits for (those its other foreign keys reference;
 *     for a joint group's leader, those of the whole group; for its other tables, the leader)
 */
record Order(
    List<List<String>> levels,
    Map<String, Set<String>> deferred,
    Map<String, Set<String>> unchecked,
    Map<String, List<String>> joint,
    Map<String, List<String>> waits) {

  Set<String> deferredOf(String table) {
    return deferred.getOrDefault(table, Set.of());
  }

  Set<String> uncheckedOf(String table) {
    return unchecked.getOrDefault(table, Set.of());
  }

  /** The other tables of the joint group {@code table} leads, in load order; empty for others. */
  List<String> jointOf(String table) {
    return joint.getOrDefault(table, List.of());
  }

  /** Whether {@code table} is in a joint group but not its leader: it has no task of its own. */
  boolean loadedByLeader(String table) {
    return joint.values().stream().anyMatch(members -> members.contains(table));
  }

  List<String> waitsFor(String table) {
    return waits.get(table);
  }
}
