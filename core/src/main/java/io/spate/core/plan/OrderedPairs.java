package io.spate.core.plan;

import io.spate.core.config.TableConfig;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Two columns whose names say one comes after the other ({@code started_at} and {@code
 * finished_at}, {@code order_date} and {@code ship_date}, {@code valid_from} and {@code valid_to},
 * {@code min_price} and {@code max_price}) get the later one drawn after the earlier one of the
 * same row: the later becomes {@link ColumnPlan.Derived} of the earlier, as a CHECK between them
 * would make it ({@link DerivedColumns}). The names match when swapping one word of {@link #PAIRS}
 * turns one into the other.
 *
 * <p>Invariant: only a later column that draws values and that neither the config nor a CHECK
 * mentions, of the earlier one's type (a date, timestamp, integer or numeric of the same scale), is
 * derived, never into a cycle, and only when no CHECK already derived either side.
 */
final class OrderedPairs {

  /** Earlier and later words. */
  static final List<String[]> PAIRS =
      List.of(
          new String[] {"start", "end"},
          new String[] {"start", "finish"},
          new String[] {"started", "finished"},
          new String[] {"started", "ended"},
          new String[] {"started", "completed"},
          new String[] {"start", "stop"},
          new String[] {"begin", "end"},
          new String[] {"begins", "ends"},
          new String[] {"created", "updated"},
          new String[] {"created", "modified"},
          new String[] {"created", "changed"},
          new String[] {"ordered", "shipped"},
          new String[] {"order", "ship"},
          new String[] {"order", "shipped"},
          new String[] {"order", "delivery"},
          new String[] {"ordered", "delivered"},
          new String[] {"shipped", "delivered"},
          new String[] {"ship", "delivery"},
          new String[] {"from", "to"},
          new String[] {"from", "until"},
          new String[] {"opened", "closed"},
          new String[] {"issued", "expires"},
          new String[] {"issue", "expiry"},
          new String[] {"issue", "due"},
          new String[] {"issued", "due"},
          new String[] {"hire", "termination"},
          new String[] {"hired", "terminated"},
          new String[] {"checkin", "checkout"},
          new String[] {"departure", "arrival"},
          new String[] {"departed", "arrived"},
          new String[] {"scheduled", "actual"},
          new String[] {"birth", "death"},
          new String[] {"min", "max"},
          new String[] {"min", "avg"},
          new String[] {"avg", "max"},
          new String[] {"low", "high"},
          new String[] {"first", "last"},
          new String[] {"last", "next"}, // a check done, then the next one due
          new String[] {"left", "right"}, // a nested set's bounds
          new String[] {"lft", "rgt"});

  private static final long MICROS_PER_DAY = 86_400_000_000L;

  private OrderedPairs() {}

  /** Replaces, in {@code plans}, the later column of each ordered pair. */
  static void apply(Table t, Map<String, ColumnPlan> plans, TableConfig tc) {
    for (String[] pair : pairs(t)) {
      String earlier = pair[0];
      String later = pair[1];
      if (derivable(t, plans, tc, later, earlier)) {
        plans.put(later, derived(t.column(later).orElseThrow(), earlier));
      }
    }
  }

  /** The (earlier, later) column pairs of the table, in column order. */
  static List<String[]> pairs(Table t) {
    List<String[]> found = new ArrayList<>();
    for (Column a : t.columns()) {
      List<String> words = Words.of(a.name());
      for (Column b : t.columns()) {
        List<String> other = Words.of(b.name());
        if (a != b && words.size() == other.size() && ordered(words, other)) {
          found.add(new String[] {a.name(), b.name()});
        }
      }
    }
    return found;
  }

  /** Whether {@code b}'s words are {@code a}'s with one earlier word swapped for its later word. */
  private static boolean ordered(List<String> a, List<String> b) {
    int differ = -1;
    for (int i = 0; i < a.size(); i++) {
      if (!a.get(i).equals(b.get(i))) {
        if (differ >= 0) {
          return false;
        }
        differ = i;
      }
    }
    if (differ < 0) {
      return false;
    }
    for (String[] pair : PAIRS) {
      if (pair[0].equals(a.get(differ)) && pair[1].equals(b.get(differ))) {
        return true;
      }
    }
    return false;
  }

  private static boolean derivable(
      Table t, Map<String, ColumnPlan> plans, TableConfig tc, String later, String earlier) {
    Column c = t.column(later).orElseThrow();
    Column b = t.column(earlier).orElseThrow();
    boolean carried =
        c.type() == SqlType.DATE
            || c.type() == SqlType.TIMESTAMP
            || c.type() == SqlType.TIMESTAMPTZ
            || c.type() == SqlType.SMALLINT
            || c.type() == SqlType.INTEGER
            || c.type() == SqlType.BIGINT
            || c.type() == SqlType.NUMERIC;
    boolean open =
        plans.get(later) instanceof ColumnPlan.Values
            && c.domainChecks().isEmpty()
            && !DerivedColumns.checked(t, later);
    boolean baseDrawn =
        plans.get(earlier) instanceof ColumnPlan.Values
            || plans.get(earlier) instanceof ColumnPlan.Reference
            || plans.get(earlier) instanceof ColumnPlan.Derived;
    return open
        && baseDrawn
        && carried
        && !DerivedColumns.decided(tc, later)
        && c.type() == b.type()
        && (c.type() != SqlType.NUMERIC
            || (c.scale() == b.scale() && roomAbove(c, plans.get(earlier))))
        && !dependsOn(plans, earlier, later);
  }

  /**
   * Whether a numeric's later value fits above its earlier one: the earlier draws from a list or a
   * range whose top, plus the largest step ({@link #derived}), is inside the column's precision.
   */
  private static boolean roomAbove(Column c, ColumnPlan earlier) {
    if (!(earlier instanceof ColumnPlan.Values v)) {
      return false;
    }
    BigDecimal top;
    try {
      top =
          v.spec().values().isEmpty()
              ? (v.spec().max() == null ? null : new BigDecimal(v.spec().max()))
              : v.spec().values().stream()
                  .map(BigDecimal::new)
                  .reduce(BigDecimal::max)
                  .orElseThrow();
    } catch (NumberFormatException e) {
      return false;
    }
    return top != null
        && top.add(BigDecimal.valueOf(100)).compareTo(RealisticNumbers.limit(c)) <= 0;
  }

  /** Whether {@code column} is derived, directly or through others, from {@code base}. */
  private static boolean dependsOn(Map<String, ColumnPlan> plans, String column, String base) {
    String at = column;
    for (int hops = 0; hops <= plans.size(); hops++) {
      if (at.equals(base)) {
        return true;
      }
      if (!(plans.get(at) instanceof ColumnPlan.Derived d)) {
        return false;
      }
      at = d.base();
    }
    return true;
  }

  /**
   * The later column: a date 0..30 days after, a timestamp 1 minute..6 days after, a whole number
   * 1..10 after (never equal: a nested set's right bound, a last id), a numeric 0..100 after (in
   * the numeric's smallest step times 100).
   */
  static ColumnPlan derived(Column later, String earlier) {
    return switch (later.type()) {
      case DATE -> new ColumnPlan.Derived(later.name(), earlier, 0, 30);
      case TIMESTAMP, TIMESTAMPTZ ->
          new ColumnPlan.Derived(
              later.name(), earlier, 60_000_000L, 6 * MICROS_PER_DAY, 0, null, 1_000_000L);
      case NUMERIC -> {
        long unit = 1;
        for (int i = 0; i < Math.max(0, later.scale()); i++) {
          unit *= 10;
        }
        yield new ColumnPlan.Derived(later.name(), earlier, 0, 100 * unit);
      }
      default -> new ColumnPlan.Derived(later.name(), earlier, 1, 10);
    };
  }
}
