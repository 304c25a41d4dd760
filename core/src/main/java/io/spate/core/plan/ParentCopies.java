package io.spate.core.plan;

import io.spate.core.config.TableConfig;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.ForeignKey;
import io.spate.protocol.schema.Table;
import java.util.Map;
import java.util.function.Function;

/**
 * A column a child keeps of its parent is a copy of the parent's: where a text column is named for
 * the parent's thing and the parent has a text column of that very name ({@code connection_name} in
 * a history of connections, beside its {@code connection_id}), it is written as the parent's value
 * in the row its foreign key picks ({@link ColumnPlan.Derived} by 0 from the parent's column,
 * recomputed from the pick as a reference's key is). No read-back: every cell stays a pure function
 * of (seed, table, column, row).
 */
final class ParentCopies {

  private ParentCopies() {}

  static void apply(
      Table t, Map<String, ColumnPlan> plans, TableConfig tc, Function<String, Table> tables) {
    for (Column c : t.columns()) {
      boolean open =
          plans.get(c.name()) instanceof ColumnPlan.Values v
              && v.spec().group() == null
              && c.domainChecks().isEmpty()
              && !DerivedColumns.checked(t, c.name())
              && tc.columns().get(c.name()) == null;
      if (!c.type().isText() || !open) {
        continue;
      }
      for (ForeignKey fk : t.foreignKeys()) {
        Table parent = tables.apply(fk.refTable());
        boolean referenced =
            fk.columns().stream().allMatch(n -> plans.get(n) instanceof ColumnPlan.Reference);
        if (parent == null || parent == t || !referenced) {
          continue;
        }
        String entity = Words.entity(parent.name());
        Column kept =
            parent.columns().stream()
                .filter(p -> p.name().equalsIgnoreCase(c.name()) && p.type().isText())
                .findFirst()
                .orElse(null);
        boolean namedForParent = Meanings.compounds(Words.of(c.name())).contains(entity);
        if (kept != null
            && namedForParent
            && (c.length() <= 0 || (kept.length() > 0 && kept.length() <= c.length()))) {
          double nulls = ((ColumnPlan.Values) plans.get(c.name())).spec().nullRatio();
          plans.put(
              c.name(), new ColumnPlan.Derived(c.name(), kept.name(), 0, 0, nulls, fk.name(), 0));
          break;
        }
      }
    }
  }
}
