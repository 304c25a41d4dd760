package io.spate.core.plan;

import io.spate.protocol.error.Problems;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.ForeignKey;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.Table;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The ordering stage. Input: the schema and the settings. Output: the {@link Order}, the dependency
 * levels and the foreign keys that do not order the loads. Invariant: every foreign key of a table
 * points to a table of an earlier level, except
 *
 * <ul>
 *   <li>the deferred ones, left NULL by the insert and set by a second pass (written by the insert
 *       itself where every load runs with the foreign-key checks off): a nullable self-reference, a
 *       foreign key the config names ({@code breakCycleAt}), and in each cycle left the first
 *       nullable foreign key outside the table's keys (by table, then name);
 *   <li>a NOT NULL self-reference: rows reference an earlier row of their task or themselves;
 *   <li>the joint ones: in a cycle with no such nullable foreign key, the first {@code DEFERRABLE}
 *       one (by table, then name) is written without waiting for its table; the tables of that
 *       cycle (of cycles sharing a table, together) are one joint group, loaded in one transaction
 *       that checks the foreign keys at the commit. The group's last table in level order, its
 *       leader, waits for every table a member waits for outside the group; the others wait for the
 *       leader, whose one task writes them all, in level order;
 *   <li>the unchecked ones: in a cycle with none of these either, the first foreign key (by table,
 *       then name) is written by the insert without waiting for its table, so the load runs with
 *       the server's foreign-key checks off and checks them after (see {@code LoadTriggers}).
 * </ul>
 *
 * A reference outside the schema and a {@code breakCycleAt} that names no nullable foreign key of
 * its table are problems.
 */
final class OrderStage {

  private final Schema schema;
  private final Problems problems;
  private final Map<String, Set<String>> deferred = new HashMap<>();
  private final Map<String, Set<String>> unchecked = new HashMap<>();
  private final Map<String, Set<String>> jointEdges = new HashMap<>();
  private final List<Set<String>> groups = new ArrayList<>();

  private OrderStage(Schema schema, Problems problems) {
    this.schema = schema;
    this.problems = problems;
  }

  static Order run(Schema schema, FillSettings settings, Problems problems) {
    return run(schema, settings, false, problems);
  }

  /** The order; with {@code checksOff} the deferred foreign keys are written by the insert. */
  static Order run(Schema schema, FillSettings settings, boolean checksOff, Problems problems) {
    OrderStage stage = new OrderStage(schema, problems);
    stage.configuredBreaks(settings);
    List<List<String>> levels = stage.levels();
    Map<String, List<String>> waits = new LinkedHashMap<>();
    schema.tables().forEach(t -> waits.put(t.id(), stage.waitsFor(t)));
    Map<String, List<String>> joint = new HashMap<>();
    for (Set<String> group : stage.groups) {
      List<String> loadOrder =
          levels.stream().flatMap(List::stream).filter(group::contains).toList();
      String leader = loadOrder.getLast();
      joint.put(leader, loadOrder.subList(0, loadOrder.size() - 1));
      List<String> outside =
          loadOrder.stream()
              .flatMap(m -> waits.get(m).stream())
              .filter(w -> !group.contains(w))
              .distinct()
              .sorted()
              .toList();
      loadOrder.forEach(m -> waits.put(m, m.equals(leader) ? outside : List.of(leader)));
    }
    return new Order(levels, stage.deferred, stage.unchecked, joint, waits, checksOff);
  }

  /** Defers the foreign key each table's {@code breakCycleAt} names. */
  private void configuredBreaks(FillSettings settings) {
    settings
        .config()
        .tables()
        .forEach(
            (id, tc) -> {
              Table t = schema.table(id).orElse(null);
              if (t == null || tc.breakCycleAt() == null) {
                return;
              }
              ForeignKey fk =
                  t.foreignKeys().stream()
                      .filter(f -> f.name().equals(tc.breakCycleAt()))
                      .findFirst()
                      .orElse(null);
              if (fk == null || !nullable(t, fk) || inKey(t, fk)) {
                problems.add(
                    "table '"
                        + id
                        + "': breakCycleAt names "
                        + tc.breakCycleAt()
                        + ", which is not a foreign key of it that is nullable and outside its keys"
                        + " (those are: "
                        + t.foreignKeys().stream()
                            .filter(f -> nullable(t, f) && !inKey(t, f))
                            .map(ForeignKey::name)
                            .sorted()
                            .toList()
                        + ")");
              } else {
                deferred.computeIfAbsent(id, x -> new HashSet<>()).add(fk.name());
              }
            });
  }

  private List<List<String>> levels() {
    for (Table t : schema.tables()) {
      for (ForeignKey fk : t.foreignKeys()) {
        if (schema.table(fk.refTable()).isEmpty()) {
          problems.add(
              "table '"
                  + t.id()
                  + "' references '"
                  + fk.refTable()
                  + "', which is outside the chosen schemas");
        } else if (fk.refTable().equals(t.id()) && nullable(t, fk)) {
          deferred.computeIfAbsent(t.id(), x -> new HashSet<>()).add(fk.name());
        }
      }
    }
    List<List<String>> levels = new ArrayList<>();
    Set<String> done = new HashSet<>();
    Map<String, List<String>> waits = waits(); // until a cycle is broken
    while (done.size() < schema.tables().size()) {
      List<String> level =
          waits.entrySet().stream()
              .filter(w -> !done.contains(w.getKey()) && done.containsAll(w.getValue()))
              .map(Map.Entry::getKey)
              .sorted()
              .toList();
      if (!level.isEmpty()) {
        levels.add(level);
        done.addAll(level);
        continue;
      }
      breakCycle(
          schema.tables().stream().map(Table::id).filter(t -> !done.contains(t)).sorted().toList());
      waits = waits();
    }
    return levels;
  }

  /** What each table waits for ({@link #waitsFor}), by table. */
  private Map<String, List<String>> waits() {
    Map<String, List<String>> waits = new HashMap<>();
    schema.tables().forEach(t -> waits.put(t.id(), waitsFor(t)));
    return waits;
  }

  /**
   * Defers the first nullable foreign key outside its table's keys that closes a cycle among the
   * stuck tables; with none, makes the first deferrable one joint; with none, marks the first
   * foreign key closing a cycle unchecked.
   */
  private void breakCycle(List<String> stuck) {
    Table firstTable = null;
    ForeignKey first = null;
    Table deferrableTable = null;
    ForeignKey deferrable = null;
    for (String name : stuck) {
      Table t = schema.table(name).orElseThrow();
      for (ForeignKey fk :
          t.foreignKeys().stream().sorted(Comparator.comparing(ForeignKey::name)).toList()) {
        if (!stuck.contains(fk.refTable())
            || fk.refTable().equals(name)
            || deferredOf(name).contains(fk.name())
            || unchecked.getOrDefault(name, Set.of()).contains(fk.name())
            || jointEdges.getOrDefault(name, Set.of()).contains(fk.name())
            || !reaches(fk.refTable(), name, stuck)) {
          continue;
        }
        if (nullable(t, fk) && !inKey(t, fk)) {
          deferred.computeIfAbsent(name, x -> new HashSet<>()).add(fk.name());
          return;
        }
        if (first == null) {
          first = fk;
          firstTable = t;
        }
        if (deferrable == null && fk.deferrable()) {
          deferrable = fk;
          deferrableTable = t;
        }
      }
    }
    if (deferrable != null) {
      join(deferrableTable.id(), deferrable, stuck);
    } else {
      unchecked.computeIfAbsent(firstTable.id(), x -> new HashSet<>()).add(first.name());
    }
  }

  /**
   * Makes {@code fk} of {@code table} joint: the tables of the cycle it closes (those on a way from
   * the table it references back to {@code table}) join one group, merged with any group they share
   * a table with.
   */
  private void join(String table, ForeignKey fk, List<String> stuck) {
    Set<String> group = new HashSet<>();
    for (String t : stuck) {
      if (reaches(fk.refTable(), t, stuck) && reaches(t, table, stuck)) {
        group.add(t);
      }
    }
    jointEdges.computeIfAbsent(table, x -> new HashSet<>()).add(fk.name());
    for (var it = groups.iterator(); it.hasNext(); ) {
      Set<String> other = it.next();
      if (other.stream().anyMatch(group::contains)) {
        group.addAll(other);
        it.remove();
      }
    }
    groups.add(group);
  }

  /** Whether {@code from} waits, directly or through other stuck tables, for {@code to}. */
  private boolean reaches(String from, String to, List<String> stuck) {
    Set<String> seen = new HashSet<>();
    List<String> frontier = new ArrayList<>(List.of(from));
    while (!frontier.isEmpty()) {
      String table = frontier.removeLast();
      if (table.equals(to)) {
        return true;
      }
      if (seen.add(table)) {
        waitsFor(schema.table(table).orElseThrow()).stream()
            .filter(stuck::contains)
            .forEach(frontier::add);
      }
    }
    return false;
  }

  private Set<String> deferredOf(String table) {
    return deferred.getOrDefault(table, Set.of());
  }

  /**
   * The tables the insert of {@code t} waits for: those its foreign keys reference, deferred,
   * unchecked and joint ones aside.
   */
  private List<String> waitsFor(Table t) {
    return t.foreignKeys().stream()
        .filter(
            fk ->
                !deferredOf(t.id()).contains(fk.name())
                    && !unchecked.getOrDefault(t.id(), Set.of()).contains(fk.name())
                    && !jointEdges.getOrDefault(t.id(), Set.of()).contains(fk.name())
                    && !fk.refTable().equals(t.id())
                    && schema.table(fk.refTable()).isPresent())
        .map(ForeignKey::refTable)
        .distinct()
        .sorted()
        .toList();
  }

  /** Whether a column of the foreign key is in one of the table's keys. */
  static boolean inKey(Table t, ForeignKey fk) {
    return t.keys().stream().anyMatch(k -> k.columns().stream().anyMatch(fk.columns()::contains));
  }

  /** Whether every column of the foreign key is nullable, so the insert can leave it NULL. */
  static boolean nullable(Table t, ForeignKey fk) {
    return fk.columns().stream().allMatch(c -> t.column(c).map(Column::nullable).orElse(false));
  }
}
