package io.spate.coordinator.cli;

import io.spate.core.config.FillConfig;
import io.spate.core.plan.Meanings;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.ReferencePlan;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.schema.ForeignKey;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.TriggerWrite;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

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
   * filled as the config asks and written by the trigger too; then one per foreign key whose parent
   * rows are a trigger's ({@link ReferencePlan#parentTable()} the trigger's source).
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
    for (TablePlan t : plan.tables()) {
      for (ForeignKey fk : t.rows() == 0 ? List.<ForeignKey>of() : t.table().foreignKeys()) {
        ReferencePlan r = t.reference(fk.name());
        if (!r.parentTable().equals(fk.refTable())) {
          notes.add(triggerParentNote(plan, t, fk, r.parentTable()));
        }
      }
    }
    return notes;
  }

  /**
   * {@code triggers: photos.photos_profile_fkey picks the profiles rows trigger t on users writes,
   * one per users row (user_id = users.id): its rows load after users}.
   */
  private static String triggerParentNote(
      FillPlan plan, TablePlan t, ForeignKey fk, String source) {
    List<String> copies = new ArrayList<>();
    for (int i = 0; i < fk.columns().size(); i++) {
      String copied =
          t.column(fk.columns().get(i)) instanceof ColumnPlan.Reference ref
              ? ref.parentColumn()
              : "?";
      copies.add(fk.refColumns().get(i) + " = " + source + "." + copied);
    }
    String writers =
        plan.table(fk.refTable()).table().writtenBy().stream()
            .filter(w -> w.table().equals(source))
            .map(TriggerWrite::toString)
            .collect(Collectors.joining(", "));
    return "triggers: "
        + t.name()
        + "."
        + fk.name()
        + " picks the "
        + fk.refTable()
        + " rows "
        + writers
        + " writes, one per "
        + source
        + " row ("
        + String.join(", ", copies)
        + "): its rows load after "
        + source;
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

  /**
   * Each written column's meaning, the evidence that decided it and what the plan draws for it
   * ({@code spate plan --explain}); the config's {@code meaning:} overrides a meaning.
   */
  static void explain(FillPlan plan, FillConfig config, PrintStream out) {
    Schema schema = new Schema(plan.tables().stream().map(TablePlan::table).toList());
    for (TablePlan t : plan.tables()) {
      if (t.rows() == 0 || t.secondPass()) {
        continue;
      }
      out.printf(Locale.ROOT, "explain: %s (%d rows)%n", t.name(), t.rows());
      Map<String, Meanings.Inferred> meanings =
          Meanings.of(schema, t.table(), config.table(t.table().id()));
      for (ColumnPlan c : t.columns()) {
        Meanings.Inferred m = meanings.get(c.column());
        out.printf(
            Locale.ROOT,
            "  %-26s %-18s %-48s %s%n",
            c.column(),
            m.meaning().label(),
            m.evidence(),
            drawn(c, t.table().column(c.column()).orElseThrow().type()));
      }
    }
  }

  /** A derived column's offsets, in days where the type counts time. */
  private static String delta(long min, long max, SqlType type) {
    double perDay =
        switch (type) {
          case TIMESTAMP, TIMESTAMPTZ -> 86_400_000_000.0;
          case DATE -> 1;
          default -> 0;
        };
    return perDay == 0
        ? min + ".." + max
        : days(min / perDay) + ".." + days(max / perDay) + " days";
  }

  private static String days(double d) {
    return d == Math.rint(d)
        ? Long.toString((long) d)
        : String.format(Locale.ROOT, "%.3f", d).replaceAll("0+$", "");
  }

  /** What a column's rule draws, in a few words. */
  private static String drawn(ColumnPlan c, SqlType type) {
    return switch (c) {
      case ColumnPlan.Skip s -> "skipped: " + s.reason();
      case ColumnPlan.KeySequence k -> "key, numbered";
      case ColumnPlan.Reference r -> "references " + r.foreignKey();
      case ColumnPlan.Derived d when d.since() != null ->
          "the time from " + d.since() + " to " + d.base();
      case ColumnPlan.Derived d ->
          (d.foreignKey() == null ? "after " + d.base() : "after the parent's " + d.base())
              + " by "
              + delta(d.minDelta(), d.maxDelta(), type)
              + (d.nullRatio() > 0
                  ? String.format(Locale.ROOT, ", %.0f%% NULL", 100 * d.nullRatio())
                  : "");
      case ColumnPlan.Values v ->
          (v.spec().values().isEmpty()
                  ? (v.spec().min() == null && v.spec().max() == null
                      ? (type == SqlType.DATE
                              || type == SqlType.TIMESTAMP
                              || type == SqlType.TIMESTAMPTZ
                          ? "2016-01-01..2026-01-01"
                          : "the type's range")
                      : v.spec().min() + ".." + v.spec().max())
                  : v.spec().values().size() <= 6
                      ? String.join(" | ", v.spec().values())
                      : v.spec().values().size()
                          + " values, e.g. "
                          + String.join(" | ", v.spec().values().subList(0, 3)))
              + (v.spec().nullRatio() > 0.02
                  ? String.format(Locale.ROOT, ", %.0f%% NULL", 100 * v.spec().nullRatio())
                  : "");
      case ColumnPlan.Partitioned p -> "per partition";
      case ColumnPlan.Profiled p -> "profiled";
    };
  }
}
