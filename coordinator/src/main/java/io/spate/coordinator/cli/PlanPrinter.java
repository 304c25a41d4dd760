package io.spate.coordinator.cli;

import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.schema.TriggerWrite;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Renders a plan for {@code spate plan}: levels, then one line per table, the tables insert
 * triggers write into, the tables whose indexes are built after their rows, then the correlated
 * column groups of each table.
 */
final class PlanPrinter {

  private PlanPrinter() {}

  /** {@code 6 tables (+3 second passes), 5 levels, 600000 rows, 9 tasks}. */
  static String summary(FillPlan plan) {
    long passes = plan.tables().stream().filter(TablePlan::secondPass).count();
    return String.format(
        Locale.ROOT,
        "%d tables%s, %d levels, %d rows, %d tasks",
        plan.tables().size() - passes,
        passes == 0 ? "" : " (+" + passes + " second passes)",
        plan.levels().size(),
        plan.totalRows(),
        plan.tasks().size());
  }

  /**
   * One line per table an insert trigger of another table writes into: left to the trigger, or
   * filled as the config asks and written by the trigger too.
   */
  static List<String> triggerNotes(FillPlan plan) {
    List<String> notes = new ArrayList<>();
    List<TablePlan> leftToTriggers = plan.triggerWritten();
    for (TablePlan t : plan.tables()) {
      List<String> writers = t.table().writtenBy().stream().map(TriggerWrite::toString).toList();
      if (leftToTriggers.contains(t)) {
        notes.add(
            "triggers: "
                + t.name()
                + " is not filled: "
                + String.join(", ", writers)
                + " writes its rows (give it rows in the config to fill it too)");
      } else if (t.rows() > 0 && !writers.isEmpty()) {
        boolean first =
            t.table().writtenBy().stream()
                .allMatch(w -> plan.table(w.table()).after().contains(t.name()));
        notes.add(
            "triggers: "
                + t.name()
                + " is filled"
                + (first ? " first, then written by " : " and written by ")
                + String.join(", ", writers)
                + (first ? " too" : " too: their keys may collide"));
      }
    }
    return notes;
  }

  static void print(FillPlan plan, PrintStream out) {
    out.printf(Locale.ROOT, "plan: seed %d, %s%n", plan.seed(), summary(plan));
    for (int i = 0; i < plan.levels().size(); i++) {
      out.printf(Locale.ROOT, "level %d: %s%n", i, String.join(", ", plan.levels().get(i)));
    }
    out.printf(Locale.ROOT, "%-24s %14s  %-28s %8s%n", "table", "rows", "per", "tasks");
    for (TablePlan t : plan.tables()) {
      long tasks = plan.tasks().stream().filter(task -> task.table().equals(t.name())).count();
      String per = t.fanout() == null ? "-" : t.fanout().toString();
      if (t.secondPass()) {
        per =
            "sets "
                + String.join(
                    ", ",
                    t.writtenColumns().stream()
                        .map(c -> c.column())
                        .filter(c -> !t.updateKey().contains(c))
                        .toList());
      }
      out.printf(Locale.ROOT, "%-24s %14d  %-28s %8d%n", t.name(), t.rows(), per, tasks);
    }
    triggerNotes(plan).forEach(out::println);
    for (TablePlan t : plan.tables()) {
      if (t.indexesAfter()) {
        out.printf(Locale.ROOT, "indexes: %s built after its rows, in its one task%n", t.name());
      }
    }
    for (TablePlan t : plan.tables()) {
      Map<String, List<String>> groups = new TreeMap<>();
      for (ColumnPlan c : t.columns()) {
        if (c instanceof ColumnPlan.Values v && v.spec().group() != null) {
          groups
              .computeIfAbsent(v.spec().group(), g -> new ArrayList<>())
              .add(c.column() + (v.spec().slotSuffix() ? " (unique: row number)" : ""));
        }
      }
      groups.forEach(
          (group, columns) ->
              out.printf(
                  Locale.ROOT,
                  "correlated: %s %s (%s)%n",
                  t.name(),
                  group,
                  String.join(", ", columns)));
    }
  }
}
