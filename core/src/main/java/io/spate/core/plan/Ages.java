package io.spate.core.plan;

import io.spate.core.config.TableConfig;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import java.util.Map;

/**
 * A person is born years before what their row records them doing: where a row holds a birth date
 * and another time of its lifecycle (an employee's {@code hire_date}, a member's {@code joined}) of
 * the same type, the birth date is derived from the earliest of them, {@value #YOUNGEST} to {@value
 * #OLDEST} years before it ({@link ColumnPlan.Derived} by a negative delta), so no one is hired
 * before they are grown up and every birth stays in the past.
 *
 * <p>Invariant: only a birth date that draws values the config and CHECKs leave open, from a
 * lifecycle time of the same date or timestamp type that is not derived from it.
 */
final class Ages {

  static final int YOUNGEST = 18;
  static final int OLDEST = 65;

  private static final long DAYS_PER_YEAR = 365;
  private static final long MICROS_PER_DAY = 86_400_000_000L;

  private Ages() {}

  static void apply(
      Table t,
      Map<String, ColumnPlan> plans,
      Map<String, Meanings.Inferred> meanings,
      TableConfig tc) {
    for (Column birth : t.columns()) {
      if (meanings.get(birth.name()).meaning() != Meaning.BIRTH_DATE
          || !(birth.type() == SqlType.DATE || birth.type() == SqlType.TIMESTAMP)
          || !DerivedColumns.open(t, plans, tc, birth)) {
        continue;
      }
      Column begun =
          t.columns().stream()
              .filter(
                  c -> {
                    Meaning m = meanings.get(c.name()).meaning();
                    return c.type() == birth.type()
                        && m.kind() == Meaning.Kind.TIME
                        && m.phase() >= 0
                        && !dependsOn(plans, c.name(), birth.name());
                  })
              .min(java.util.Comparator.comparingInt(c -> meanings.get(c.name()).meaning().phase()))
              .orElse(null);
      if (begun == null) {
        continue;
      }
      double nulls = ((ColumnPlan.Values) plans.get(birth.name())).spec().nullRatio();
      long days = DAYS_PER_YEAR;
      boolean date = birth.type() == SqlType.DATE;
      long unit = date ? 1 : MICROS_PER_DAY;
      plans.put(
          birth.name(),
          new ColumnPlan.Derived(
              birth.name(),
              begun.name(),
              -OLDEST * days * unit,
              -YOUNGEST * days * unit,
              nulls,
              null,
              date ? 1 : MICROS_PER_DAY));
    }
  }

  /** Whether {@code column} is derived, directly or through others, from {@code base}. */
  private static boolean dependsOn(Map<String, ColumnPlan> plans, String column, String base) {
    String at = column;
    for (int hops = 0; hops <= plans.size(); hops++) {
      if (at.equals(base)) {
        return true;
      }
      if (!(plans.get(at) instanceof ColumnPlan.Derived d) || d.foreignKey() != null) {
        return false;
      }
      at = d.base();
    }
    return true;
  }
}
