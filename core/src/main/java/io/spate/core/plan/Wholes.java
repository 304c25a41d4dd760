package io.spate.core.plan;

import io.spate.core.config.TableConfig;
import io.spate.core.introspect.MariaDbTypes;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.plan.ValueSpec;
import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.Table;
import java.util.List;
import java.util.Map;

/**
 * A part never exceeds its whole: where one number's name is another's with words in front ({@code
 * alarm_frames} and {@code frames}, {@code AlarmFrames} and {@code Frames}, {@code used_bytes} and
 * {@code bytes}), both counts, sizes or amounts the planner draws, the whole is derived from the
 * part ({@link ColumnPlan.Derived}: the part plus 0..{@value #SPREAD} of its unit), so each row's
 * part is at most its whole.
 *
 * <p>Invariant: only columns that draw values the config and CHECKs leave open, of one type, and
 * neither derived already.
 */
final class Wholes {

  /** How far a whole may exceed its part, in the type's unit. */
  static final long SPREAD = 500;

  /** First words that name a whole: the total or the maximum of a thing. */
  private static final java.util.Set<String> TOTALS = java.util.Set.of("total", "max", "all");

  private Wholes() {}

  static void apply(
      Table t,
      Map<String, ColumnPlan> plans,
      Map<String, Meanings.Inferred> meanings,
      TableConfig tc) {
    for (Column whole : t.columns()) {
      List<String> wholeWords = Words.of(whole.name());
      for (Column part : t.columns()) {
        List<String> partWords = Words.of(part.name());
        boolean named =
            part != whole
                && !wholeWords.isEmpty()
                && partWords.size() > wholeWords.size()
                && partWords
                    .subList(partWords.size() - wholeWords.size(), partWords.size())
                    .equals(wholeWords);
        // free_mem beside total_mem: the same thing, the whole named as the total of it
        boolean ofTotal =
            part != whole
                && wholeWords.size() > 1
                && TOTALS.contains(wholeWords.getFirst())
                && partWords.size() == wholeWords.size()
                && !TOTALS.contains(partWords.getFirst())
                && partWords
                    .subList(1, partWords.size())
                    .equals(wholeWords.subList(1, wholeWords.size()));
        if ((named || ofTotal)
            && measured(meanings.get(whole.name()).meaning())
            && meanings.get(part.name()).meaning() == meanings.get(whole.name()).meaning()
            && whole.type() == part.type()
            && whole.type().isIntegral()
            && DerivedColumns.open(t, plans, tc, whole)
            && plans.get(part.name()) instanceof ColumnPlan.Values) {
          ValueSpec wholeSpec = ((ColumnPlan.Values) plans.get(whole.name())).spec();
          ValueSpec partSpec = ((ColumnPlan.Values) plans.get(part.name())).spec();
          long spread = spread(typeMax(t, whole), partSpec);
          if (spread > 0) {
            plans.put(
                whole.name(),
                new ColumnPlan.Derived(
                    whole.name(), part.name(), 0, spread, wholeSpec.nullRatio(), null, 0));
          }
        }
      }
    }
  }

  /**
   * How far the whole may exceed its part and stay inside its type: up to {@link #SPREAD}, less the
   * room the part's largest value leaves; 0 when the part's range is unknown.
   */
  private static long spread(long typeMax, ValueSpec part) {
    try {
      if (part.max() == null) {
        return 0;
      }
      return Math.min(SPREAD, typeMax - Long.parseLong(part.max().trim()));
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  /** The largest value the column's type holds: its own range's bound, else the type's. */
  private static long typeMax(Table t, Column c) {
    long max = RealisticNumbers.limit(c).longValue();
    for (Check check : t.checks()) {
      if (check instanceof Check.CompareLiteral cl
          && MariaDbTypes.typeBound(check)
          && cl.column().equals(c.name())
          && cl.op().startsWith("<")) {
        try {
          max = Math.min(max, Long.parseLong(cl.literal().trim()) - (cl.op().equals("<") ? 1 : 0));
        } catch (NumberFormatException e) {
          return 0;
        }
      }
    }
    return max;
  }

  private static boolean measured(Meaning m) {
    return m == Meaning.COUNT || m == Meaning.SIZE || m == Meaning.MONEY;
  }
}
