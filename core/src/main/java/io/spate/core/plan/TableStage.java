package io.spate.core.plan;

import io.spate.protocol.error.Problems;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.schema.ForeignKey;
import io.spate.protocol.schema.Table;
import io.spate.protocol.schema.TriggerWrite;
import io.spate.protocol.schema.UniqueKey;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The table stage. Input: the {@link Shape}, the {@link References} and the {@link Columns}.
 * Output: the {@link Tables}. Invariant: the plans follow the levels; a table with deferred foreign
 * keys and rows gets a second pass that matches the same rows on a NOT NULL key and sets only the
 * deferred columns, in one extra last level (a table with no such key is a problem); the leader of
 * a joint group names the group's other tables ({@link TablePlan#joint()}); {@link IndexBuild}
 * decides {@link TablePlan#indexesAfter()}.
 */
final class TableStage {

  private TableStage() {}

  static Tables run(
      Shape shape, References references, Columns columns, LoadTraits target, Problems problems) {
    List<TablePlan> plans = new ArrayList<>();
    for (List<String> level : shape.order().levels()) {
      for (String name : level) {
        boolean joint =
            !shape.order().jointOf(name).isEmpty() || shape.order().loadedByLeader(name);
        plans.add(
            new TablePlan(
                name,
                shape.table(name),
                shape.lineage().fanout(name),
                shape.lineage().slots(name),
                shape.rows(name),
                Shape.stream(shape.settings().seed(), shape.table(name)),
                columns.of(name),
                references.all(name),
                waitsFor(shape, references, name),
                List.of(),
                shape.order().jointOf(name),
                IndexBuild.after(
                    shape.schema(),
                    shape.table(name),
                    shape.rows(name),
                    joint,
                    shape.settings().config().table(name).indexes(),
                    target,
                    problems)));
      }
    }
    triggerWrittenFirst(plans, shape.order());
    List<List<String>> levels = shape.order().levels();
    List<String> secondPasses = new ArrayList<>();
    for (TablePlan main : List.copyOf(plans)) {
      Set<String> deferred = shape.order().secondPassOf(main.name());
      if (!deferred.isEmpty() && main.rows() > 0) {
        plans.add(secondPass(main, deferred, problems));
        secondPasses.add(plans.getLast().name());
      }
    }
    if (!secondPasses.isEmpty()) {
      levels = new ArrayList<>(levels);
      levels.add(secondPasses);
    }
    return new Tables(plans, levels);
  }

  /**
   * The tables {@code name} waits for: those its foreign keys reference ({@link Order#waitsFor}),
   * then the sources of the trigger's rows it references ({@link TriggerParent}), which the trigger
   * writes as they load.
   */
  private static List<String> waitsFor(Shape shape, References references, String name) {
    List<String> after = new ArrayList<>(shape.order().waitsFor(name));
    references.triggerParents(name).stream()
        .map(TriggerParent::source)
        .filter(source -> !after.contains(source))
        .forEach(after::add);
    return after;
  }

  /**
   * A table the config fills that an insert trigger of another filled table writes too is loaded
   * before that table, where it does not wait for it already: its own keys go in first, and an
   * AUTO_INCREMENT or sequence the trigger's rows draw from continues past them. Joint groups keep
   * their own order.
   */
  private static void triggerWrittenFirst(List<TablePlan> plans, Order order) {
    Map<String, TablePlan> byName = new LinkedHashMap<>();
    plans.forEach(p -> byName.put(p.name(), p));
    for (TablePlan written : plans) {
      if (written.rows() == 0 || inJointGroup(order, written.name())) {
        continue;
      }
      for (TriggerWrite w : written.table().writtenBy()) {
        TablePlan writer = byName.get(w.table());
        if (writer != null
            && writer.rows() > 0
            && !inJointGroup(order, writer.name())
            && !writer.after().contains(written.name())
            && !waitsFor(byName, written.name(), writer.name(), new HashSet<>())) {
          List<String> after = new ArrayList<>(writer.after());
          after.add(written.name());
          byName.put(writer.name(), writer.withAfter(after));
        }
      }
    }
    plans.replaceAll(p -> byName.get(p.name()));
  }

  private static boolean inJointGroup(Order order, String table) {
    return !order.jointOf(table).isEmpty() || order.loadedByLeader(table);
  }

  /** Whether {@code table} waits, directly or not, for {@code other}. */
  private static boolean waitsFor(
      Map<String, TablePlan> plans, String table, String other, Set<String> seen) {
    TablePlan plan = plans.get(table);
    if (plan == null || !seen.add(table)) {
      return false;
    }
    return plan.after().contains(other)
        || plan.after().stream().anyMatch(a -> waitsFor(plans, a, other, seen));
  }

  /**
   * The second pass of a table with deferred foreign keys: the same rows (so the same key values)
   * matched on a key, setting only the deferred columns; it waits for the table and for the tables
   * those keys reference.
   */
  private static TablePlan secondPass(TablePlan main, Set<String> deferred, Problems problems) {
    Table t = main.table();
    List<String> key =
        t.keys().stream()
            .filter(
                k ->
                    k.columns().stream()
                        .allMatch(
                            c ->
                                !t.column(c).orElseThrow().nullable()
                                    && !(main.column(c) instanceof ColumnPlan.Skip)))
            .findFirst()
            .map(UniqueKey::columns)
            .orElse(null);
    if (key == null) {
      problems.add(
          "table '"
              + t.id()
              + "' has foreign keys set in a second pass ("
              + deferred
              + ") but no primary key or NOT NULL unique key to find its rows by");
      key = List.of();
    }
    List<ColumnPlan> columns = new ArrayList<>();
    for (ColumnPlan c : main.columns()) {
      ForeignKey fk =
          t.foreignKeys().stream()
              .filter(f -> deferred.contains(f.name()) && f.columns().contains(c.column()))
              .findFirst()
              .orElse(null);
      if (fk != null) {
        columns.add(
            new ColumnPlan.Reference(
                c.column(), fk.name(), fk.refColumns().get(fk.columns().indexOf(c.column()))));
      } else if (key.contains(c.column())) {
        columns.add(c);
      } else {
        columns.add(new ColumnPlan.Skip(c.column(), "written by the insert"));
      }
    }
    List<String> after = new ArrayList<>(List.of(main.name()));
    t.foreignKeys().stream()
        .filter(fk -> deferred.contains(fk.name()) && !fk.refTable().equals(t.id()))
        .map(ForeignKey::refTable)
        .distinct()
        .sorted()
        .forEach(after::add);
    return new TablePlan(
        main.name() + "#refs",
        t,
        main.fanout(),
        main.slots(),
        main.rows(),
        main.stream(),
        columns,
        main.references(),
        after,
        key);
  }
}
