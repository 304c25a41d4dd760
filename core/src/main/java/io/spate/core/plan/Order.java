package io.spate.core.plan;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What {@link OrderStage} found: the dependency levels and the foreign keys left to a second pass.
 *
 * @param levels table names, level by level, each level sorted by name
 * @param deferred by table: the names of its foreign keys that do not order the loads as nullable
 *     self-references or cycles' nullable edges: the insert leaves them NULL and a second pass sets
 *     them, or, with {@code checksOff}, the insert writes them
 * @param unchecked by table: the names of its foreign keys the insert writes without waiting for
 *     the table they reference, closing a cycle no nullable foreign key outside a key breaks; the
 *     load must run with the server's foreign-key checks off
 * @param joint by the leader of each joint group (a cycle closed by a deferrable NOT NULL foreign
 *     key): the group's other tables in level order, which the leader's one task loads before its
 *     own rows in one transaction
 * @param waits by table: the tables its insert waits for (those its other foreign keys reference;
 *     for a joint group's leader, those of the whole group; for its other tables, the leader)
 * @param checksOff whether every load runs with the server's foreign-key checks off, so the insert
 *     writes the deferred foreign keys too, with the picks a second pass would make
 */
record Order(
    List<List<String>> levels,
    Map<String, Set<String>> deferred,
    Map<String, Set<String>> unchecked,
    Map<String, List<String>> joint,
    Map<String, List<String>> waits,
    boolean checksOff) {

  Set<String> deferredOf(String table) {
    return deferred.getOrDefault(table, Set.of());
  }

  /** The deferred foreign keys of {@code table} a second pass sets: none with {@code checksOff}. */
  Set<String> secondPassOf(String table) {
    return checksOff ? Set.of() : deferredOf(table);
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
