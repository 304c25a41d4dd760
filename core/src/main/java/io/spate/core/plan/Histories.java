package io.spate.core.plan;

import io.spate.core.config.TableConfig;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.ForeignKey;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import java.util.Map;
import java.util.function.Function;

/**
 * A history's rows are earlier versions of their parent: where a table is named a history ({@code
 * guacamole_user_password_history}) and one of its times has the name of a time of the parent its
 * foreign key picks ({@code password_date}), the history's is up to a year before the parent's
 * ({@link ColumnPlan.Derived} from the parent's column, recomputed from the pick as a reference's
 * key is), so no past password is newer than the current one.
 *
 * <p>Invariant: only a date or timestamp that draws values the config and CHECKs leave open, of its
 * parent column's type, through a NOT NULL reference to a table of an earlier level.
 */
final class Histories {

  private static final long DAYS = 365;
  private static final long MICROS_PER_DAY = 86_400_000_000L;

  private Histories() {}

  static void apply(
      Table t,
      Map<String, ColumnPlan> plans,
      TableConfig tc,
      Function<String, Table> tables,
      Function<String, Integer> levelOf) {
    if (!Words.of(t.name()).contains("history")) {
      return;
    }
    int level = levelOf.apply(t.id());
    for (Column c : t.columns()) {
      boolean time =
          c.type() == SqlType.DATE
              || c.type() == SqlType.TIMESTAMP
              || c.type() == SqlType.TIMESTAMPTZ;
      if (!time || !DerivedColumns.open(t, plans, tc, c)) {
        continue;
      }
      for (ForeignKey fk : t.foreignKeys()) {
        Table parent = tables.apply(fk.refTable());
        boolean picked =
            fk.columns().stream()
                .allMatch(
                    n ->
                        plans.get(n) instanceof ColumnPlan.Reference
                            && !t.column(n).orElseThrow().nullable());
        if (parent == null || parent == t || !picked || levelOf.apply(fk.refTable()) >= level) {
          continue;
        }
        Column current =
            parent.columns().stream()
                .filter(p -> p.name().equals(c.name()) && p.type() == c.type())
                .findFirst()
                .orElse(null);
        if (current != null) {
          double nulls = ((ColumnPlan.Values) plans.get(c.name())).spec().nullRatio();
          boolean date = c.type() == SqlType.DATE;
          plans.put(
              c.name(),
              new ColumnPlan.Derived(
                  c.name(),
                  current.name(),
                  date ? -DAYS : -DAYS * MICROS_PER_DAY,
                  0,
                  nulls,
                  fk.name(),
                  date ? 1 : 1_000_000L));
          break;
        }
      }
    }
  }
}
