package io.spate.coordinator.plan;

import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.Slots;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.Table;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The row-count stage. Input: the {@link Lineage} and the {@link Order} of a schema with no problem
 * so far. Output: the {@link Shape}, with the rows of every table. Invariant: the count is what the
 * worker's {@link Slots} will write: every slot of a table with fixed counts up its lineage holds a
 * row; under a ranged count, only the slots {@link Slots#holdsRow} picks.
 */
final class CountStage {

  private CountStage() {}

  static Shape run(Schema schema, FillSettings settings, Lineage lineage, Order order) {
    FillPlan shapes = shapesOnly(schema, settings, lineage, order.levels());
    Map<String, Long> rows = new HashMap<>();
    for (Table t : schema.tables()) {
      rows.put(t.id(), countRows(shapes, shapes.table(t.id())));
    }
    return new Shape(schema, settings, lineage, order, rows);
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

  private static long countRows(FillPlan shapes, TablePlan t) {
    if (t.fanout() == null) {
      return t.slots();
    }
    TablePlan parent = shapes.table(t.fanout().parent());
    if (Slots.dense(shapes, t)) {
      return countRows(shapes, parent) * t.fanout().min();
    }
    long total = 0;
    for (long p = 0; p < parent.slots(); p++) {
      if (Slots.holdsRow(shapes, parent, p)) {
        total += Slots.childCount(t, p);
      }
    }
    return total;
  }
}
