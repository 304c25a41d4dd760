package io.spate.core.plan;

import io.spate.core.config.TableConfig;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.ForeignKey;
import io.spate.protocol.schema.Table;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * A column a child keeps of its parent is a copy of the parent's: where a text column is named for
 * the parent's thing and the parent has a text column of that very name ({@code connection_name} in
 * a history of connections, beside its {@code connection_id}), it is written as the parent's value
 * in the row its foreign key picks ({@link ColumnPlan.Derived} by 0 from the parent's column,
 * recomputed from the pick as a reference's key is). So is a column named as its parent's domain
 * name ({@code records.name} beside {@code domains.name}): a name within the domain, written as the
 * domain itself (the engine cannot yet put a host label in front). No read-back: every cell stays a
 * pure function of (seed, table, column, row).
 */
final class ParentCopies {

  private ParentCopies() {}

  /**
   * Replaces, in {@code plans}, each column kept of its parent by a copy.
   *
   * @return the names of the CHECKs the copies pass as their parents' values did
   */
  static Set<String> apply(
      Table t, Map<String, ColumnPlan> plans, TableConfig tc, Function<String, Table> tables) {
    Set<String> passed = new HashSet<>();
    for (Column c : t.columns()) {
      boolean open =
          plans.get(c.name()) instanceof ColumnPlan.Values v
              && v.spec().group() == null
              && c.domainChecks().isEmpty()
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
                .filter(p -> checkedAlike(t, c, parent, p))
                .findFirst()
                .orElse(null);
        boolean namedForParent = Meanings.compounds(Words.of(c.name())).contains(entity);
        // a record's name beside its zone's: a name within the domain (its apex, as written)
        boolean withinDomain =
            kept != null && Meanings.of(parent, kept, null).meaning() == Meaning.DOMAIN;
        if (kept != null
            && (namedForParent || withinDomain)
            && (c.length() <= 0 || (kept.length() > 0 && kept.length() <= c.length()))) {
          double nulls = ((ColumnPlan.Values) plans.get(c.name())).spec().nullRatio();
          plans.put(
              c.name(), new ColumnPlan.Derived(c.name(), kept.name(), 0, 0, nulls, fk.name(), 0));
          t.checks().stream()
              .filter(check -> CorrelatedValues.mentions(check, c.name()))
              .forEach(check -> passed.add(check.name()));
          break;
        }
      }
    }
    return passed;
  }

  /**
   * Whether the child's column is free of CHECKs, or every CHECK on it alone is one the parent's
   * column passes too (PowerDNS's {@code name = lower(name)} on both): a copy passes them.
   */
  private static boolean checkedAlike(Table t, Column c, Table parent, Column kept) {
    if (!DerivedColumns.checked(t, c.name())) {
      return true;
    }
    return t.checks().stream()
        .filter(check -> CorrelatedValues.mentions(check, c.name()))
        .allMatch(
            check ->
                check instanceof Check.Unparsed u
                    && u.columns().equals(List.of(c.name()))
                    && parent.checks().stream()
                        .anyMatch(
                            p ->
                                p instanceof Check.Unparsed pu
                                    && pu.columns().equals(List.of(kept.name()))
                                    && pu.text().equals(u.text())));
  }
}
