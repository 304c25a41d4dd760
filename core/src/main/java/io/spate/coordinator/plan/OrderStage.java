package io.spate.coordinator.plan;

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
 * The ordering stage. Input: the schema. Output: the {@link Order}, the dependency levels and the
 * deferred foreign keys. Invariant: every foreign key of a table points to a table of an earlier
 * level, except the deferred ones: a nullable self-reference, and the first nullable foreign key
 * (by name, among the tables still unordered, sorted) of each cycle. A cycle with no nullable
 * foreign key, a NOT NULL self-reference and a reference outside the schema are problems.
 */
final class OrderStage {

  private final Schema schema;
  private final Problems problems;
  private final Map<String, Set<String>> deferred = new HashMap<>();

  private OrderStage(Schema schema, Problems problems) {
    this.schema = schema;
    this.problems = problems;
  }

  static Order run(Schema schema, Problems problems) {
    OrderStage stage = new OrderStage(schema, problems);
    List<List<String>> levels = stage.levels();
    Map<String, List<String>> waits = new LinkedHashMap<>();
    schema.tables().forEach(t -> waits.put(t.id(), stage.waitsFor(t)));
    return new Order(levels, stage.deferred, waits);
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
        } else if (fk.refTable().equals(t.id())) {
          if (nullable(t, fk)) {
            deferred.computeIfAbsent(t.id(), x -> new HashSet<>()).add(fk.name());
          } else {
            problems.add(
                "table '"
                    + t.id()
                    + "' references itself through "
                    + fk.name()
                    + " "
                    + fk.columns()
                    + ", which is NOT NULL: its rows cannot form trees (a root has no parent); make the column nullable");
          }
        }
      }
    }
    List<List<String>> levels = new ArrayList<>();
    Set<String> done = new HashSet<>();
    while (done.size() < schema.tables().size()) {
      List<String> level =
          schema.tables().stream()
              .filter(t -> !done.contains(t.id()) && done.containsAll(waitsFor(t)))
              .map(Table::id)
              .sorted()
              .toList();
      if (!level.isEmpty()) {
        levels.add(level);
        done.addAll(level);
        continue;
      }
      List<String> stuck =
          schema.tables().stream().map(Table::id).filter(t -> !done.contains(t)).sorted().toList();
      if (!breakCycle(stuck)) {
        levels.add(stuck);
        break;
      }
    }
    return levels;
  }

  /**
   * Defers the first nullable foreign key among the stuck tables' edges; with none, reports the
   * cycle and returns false.
   */
  private boolean breakCycle(List<String> stuck) {
    List<String> edges = new ArrayList<>();
    ForeignKey breakable = null;
    Table breakableTable = null;
    for (String name : stuck) {
      Table t = schema.table(name).orElseThrow();
      for (ForeignKey fk :
          t.foreignKeys().stream().sorted(Comparator.comparing(ForeignKey::name)).toList()) {
        if (stuck.contains(fk.refTable())
            && !deferredOf(name).contains(fk.name())
            && !fk.refTable().equals(name)) {
          edges.add(name + "." + fk.name() + " " + fk.columns() + " -> " + fk.refTable());
          if (breakable == null && nullable(t, fk)) {
            breakable = fk;
            breakableTable = t;
          }
        }
      }
    }
    if (breakable == null) {
      problems.add(
          "foreign keys form a cycle among "
              + stuck
              + " with no nullable foreign key to break it at ("
              + String.join(", ", edges)
              + "): make one of these columns nullable, so Spate can load the rows first and set it in a second pass");
      return false;
    }
    deferred.computeIfAbsent(breakableTable.id(), x -> new HashSet<>()).add(breakable.name());
    return true;
  }

  private Set<String> deferredOf(String table) {
    return deferred.getOrDefault(table, Set.of());
  }

  /**
   * The tables the insert of {@code t} waits for: those its foreign keys reference, deferred ones
   * aside.
   */
  private List<String> waitsFor(Table t) {
    return t.foreignKeys().stream()
        .filter(
            fk ->
                !deferredOf(t.id()).contains(fk.name())
                    && !fk.refTable().equals(t.id())
                    && schema.table(fk.refTable()).isPresent())
        .map(ForeignKey::refTable)
        .distinct()
        .sorted()
        .toList();
  }

  /** Whether every column of the foreign key is nullable, so the insert can leave it NULL. */
  static boolean nullable(Table t, ForeignKey fk) {
    return fk.columns().stream().allMatch(c -> t.column(c).map(Column::nullable).orElse(false));
  }
}
