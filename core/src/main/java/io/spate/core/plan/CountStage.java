package io.spate.core.plan;

import io.spate.protocol.error.Problems;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.Slots;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.schema.LoadBarrier;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.Table;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The row-count stage. Input: the {@link Lineage} and the {@link Order} of a schema with no problem
 * so far, and the {@link TaskBudget}. Output: the {@link Shape}, with the rows of every table.
 * Invariant: the count is what the worker's {@link Slots} will write: every slot of a table with
 * fixed counts up its lineage holds a row; under a ranged count, only the slots {@link
 * Slots#holdsRow} picks. A table a rule of its own bars from rows at load ({@link
 * Table#barriers()}) given any is a problem.
 *
 * <p>Tables are counted parents first, and the tasks {@link TaskStage} would make of them are added
 * up as they are: the first table that takes the plan past the budget is a problem, and the tables
 * after it are left at 0 rows, so a ranged count never walks the slots of a parent past the budget
 * (a walk that could outlast any user's patience).
 */
final class CountStage {

  private CountStage() {}

  static Shape run(
      Schema schema,
      FillSettings settings,
      Lineage lineage,
      Order order,
      TaskBudget budget,
      Problems problems) {
    FillPlan shapes = shapesOnly(schema, settings, lineage, order.levels());
    Map<String, Long> rows = new HashMap<>();
    List<Table> parentsFirst =
        schema.tables().stream()
            .sorted(Comparator.comparingInt(t -> lineage.ancestors(t.id()).size()))
            .toList();
    long planned = 0; // tasks of the tables counted so far
    double rowsCounted = 0; // their rows, once per pass; only for the problem's hint
    Map<String, TablePlan> shapeOf = new HashMap<>();
    shapes.tables().forEach(shape -> shapeOf.put(shape.name(), shape));
    for (Table t : parentsFirst) {
      long count = countRows(shapes, shapeOf.get(t.id()), rows);
      rows.put(t.id(), count);
      int passes = order.secondPassOf(t.id()).isEmpty() ? 1 : 2; // see TableStage
      long tasks = TaskStage.count(lineage.slots(t.id()), count, settings.taskRows());
      rowsCounted += (double) count * passes;
      if (tasks > (budget.maxTasks() - planned) / passes) {
        problems.add(
            budget.exceeded(
                t.id(), count, settings.taskRows(), tasks * passes, planned, rowsCounted));
        schema.tables().forEach(other -> rows.putIfAbsent(other.id(), 0L));
        break;
      }
      planned += tasks * passes;
    }
    for (Table t : schema.tables()) {
      if (rows.get(t.id()) > 0) {
        t.barriers().forEach(b -> problems.add(barred(t, b)));
      }
    }
    return new Shape(schema, settings, lineage, order, rows);
  }

  /**
   * A table given rows that a rule of its own would refuse at load ({@link Table#barriers()}): a
   * problem now, before anything is written, with the database's way out and the config's.
   */
  private static String barred(Table t, LoadBarrier barrier) {
    return "table '"
        + t.id()
        + "' cannot be filled, "
        + barrier
        + "; or give it `rows: 0` in the config (`tables: {"
        + t.id()
        + ": {rows: 0}}`), so it stays empty";
  }

  /** A plan of the table shapes alone, so {@link Slots} can count rows. */
  private static FillPlan shapesOnly(
      Schema schema, FillSettings settings, Lineage lineage, List<List<String>> levels) {
    List<TablePlan> shapes = new ArrayList<>();
    for (Table t : schema.tables()) {
      shapes.add(
          new TablePlan(
              t.id(),
              t,
              lineage.fanout(t.id()),
              lineage.slots(t.id()),
              0,
              Shape.stream(settings.seed(), t),
              List.of(),
              List.of()));
    }
    return new FillPlan(FillPlan.GENERATION_VERSION, settings.seed(), shapes, levels, List.of());
  }

  /** The rows of {@code t}, its parent's already in {@code counted}. */
  private static long countRows(FillPlan shapes, TablePlan t, Map<String, Long> counted) {
    if (t.fanout() == null) {
      return t.slots();
    }
    TablePlan parent = shapes.table(t.fanout().parent());
    if (Slots.dense(shapes, t)) {
      return counted.get(parent.name()) * t.fanout().min();
    }
    Slots.Lineage parentLineage = new Slots.Lineage(shapes, parent);
    long total = 0;
    for (long p = 0; p < parent.slots(); p++) {
      if (parentLineage.holdsRow(p)) {
        total += Slots.childCount(t, p);
      }
    }
    return total;
  }
}
