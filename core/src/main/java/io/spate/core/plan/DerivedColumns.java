package io.spate.core.plan;

import io.spate.core.config.ColumnConfig;
import io.spate.core.config.TableConfig;
import io.spate.protocol.error.Problems;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import java.util.Map;

/**
 * A CHECK between two columns ({@code stop_time > start_time}) makes one of them an offset of the
 * other: the left side if its values are free, else the right side with the operator mirrored.
 * Invariant: only a column that draws values, that the config leaves open, of the other column's
 * integer or numeric type (same scale), is derived, and never from a skipped column; a comparison
 * neither side of which can be derived nor is decided by the config is a problem.
 */
final class DerivedColumns {

  private static final long MICROS_PER_HOUR = 3_600_000_000L;

  private DerivedColumns() {}

  /** Replaces, in {@code plans}, the derivable side of each CHECK between two columns. */
  static void apply(Table t, Map<String, ColumnPlan> plans, TableConfig tc, Problems problems) {
    for (Check check : t.checks()) {
      if (!(check instanceof Check.CompareColumns cmp)
          || (plans.get(cmp.left()) instanceof ColumnPlan.Reference
              && plans.get(cmp.right()) instanceof ColumnPlan.Reference)) {
        continue; // between two foreign keys: the references keep it (ReferenceStage)
      }
      if (derivable(t, plans, tc, cmp.left(), cmp.right())) {
        plans.put(cmp.left(), derived(t, cmp.left(), cmp.right(), cmp.op()));
      } else if (derivable(t, plans, tc, cmp.right(), cmp.left())) {
        plans.put(cmp.right(), derived(t, cmp.right(), cmp.left(), mirror(cmp.op())));
      } else if (!decided(tc, cmp.left()) && !decided(tc, cmp.right())) {
        problems.add(
            "CHECK "
                + cmp.name()
                + " on '"
                + t.id()
                + "' ("
                + cmp.left()
                + " "
                + cmp.op()
                + " "
                + cmp.right()
                + "): Spate can keep it only between two integer, numeric, date or time columns whose values it draws; configure one of them");
      }
    }
  }

  /** Whether the config gives the column its values (value, values, min or max). */
  static boolean decided(TableConfig tc, String column) {
    ColumnConfig cc = tc.columns().get(column);
    return cc != null && cc.decidesValues();
  }

  private static boolean derivable(
      Table t, Map<String, ColumnPlan> plans, TableConfig tc, String column, String base) {
    Column c = t.column(column).orElseThrow();
    Column b = t.column(base).orElseThrow();
    boolean carried = c.type().isIntegral() || c.type() == SqlType.NUMERIC;
    return plans.get(column) instanceof ColumnPlan.Values
        && !decided(tc, column)
        && carried
        && c.type() == b.type()
        && (c.type() != SqlType.NUMERIC || c.scale() == b.scale())
        && !(plans.get(base) instanceof ColumnPlan.Skip);
  }

  private static ColumnPlan derived(Table t, String column, String base, String op) {
    Column c = t.column(column).orElseThrow();
    long unit =
        switch (c.type()) {
          case TIMESTAMP, TIMESTAMPTZ, TIME -> 1_000_000L;
          case NUMERIC -> pow10(Math.max(0, c.scale()));
          default -> 1;
        };
    long reach =
        switch (c.type()) {
          case TIMESTAMP, TIMESTAMPTZ -> 4 * MICROS_PER_HOUR;
          case TIME -> MICROS_PER_HOUR;
          case DATE -> 30;
          default -> 100 * unit;
        };
    return switch (op) {
      case ">" -> new ColumnPlan.Derived(column, base, unit, reach);
      case ">=" -> new ColumnPlan.Derived(column, base, 0, reach);
      case "<" -> new ColumnPlan.Derived(column, base, -reach, -unit);
      case "<=" -> new ColumnPlan.Derived(column, base, -reach, 0);
      case "=" -> new ColumnPlan.Derived(column, base, 0, 0);
      default -> new ColumnPlan.Derived(column, base, unit, reach); // <>: any non-zero offset
    };
  }

  private static String mirror(String op) {
    return switch (op) {
      case ">" -> "<";
      case ">=" -> "<=";
      case "<" -> ">";
      case "<=" -> ">=";
      default -> op;
    };
  }

  private static long pow10(int n) {
    long p = 1;
    for (int i = 0; i < n; i++) {
      p *= 10;
    }
    return p;
  }

  /**
   * Whether a CHECK of the table (not a type's own range, which a derived value stays inside)
   * mentions {@code column}: then the column's values are the CHECK's to decide.
   */
  static boolean checked(Table t, String column) {
    return t.checks().stream()
        .anyMatch(check -> !check.typeBound() && CorrelatedValues.mentions(check, column));
  }

  /**
   * Whether {@code c} draws a range the config and CHECKs leave to the planner, so a relation to
   * another column (a lifecycle's order, a part within its whole) may derive it.
   */
  static boolean open(Table t, Map<String, ColumnPlan> plans, TableConfig tc, Column c) {
    return plans.get(c.name()) instanceof ColumnPlan.Values v
        && v.spec().values().isEmpty()
        && v.spec().group() == null
        && c.domainChecks().isEmpty()
        && !checked(t, c.name())
        && !decided(tc, c.name())
        && (tc.columns().get(c.name()) == null || !tc.columns().get(c.name()).decidesValues());
  }
}
