package io.spate.core.plan;

import io.spate.core.introspect.NullRules;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.Table;
import io.spate.protocol.schema.UniqueKey;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The CHECKs Spate cannot read as values but can keep by writing some nullable columns always NULL
 * ({@link NullRules}): {@code (user_id IS NULL) <> (email IS NULL)}, {@code num_nonnulls(a, b, c)
 * <= 1}. A foreign key over such a column references nothing ({@link ReferenceStage}), a drawn
 * column gets a NULL ratio of 1 ({@link ColumnStage}). Invariant: a CHECK counts as kept only when
 * the plan of each of its NULL columns really writes NULL ({@link #kept}).
 */
final class NullChecks {

  private NullChecks() {}

  /** Each column the table's nullness CHECKs write NULL, with the first CHECK that asks it. */
  static Map<String, String> nulled(Table t) {
    Map<String, String> nulled = new LinkedHashMap<>();
    for (Check check : t.checks()) {
      if (check instanceof Check.Unparsed u) {
        NullRules.NullRule rule = NullRules.read(u.text(), c -> nullable(t, c));
        if (rule != null) {
          rule.nulls().forEach(c -> nulled.putIfAbsent(c, u.name()));
        }
      }
    }
    return nulled;
  }

  /**
   * The keys a row can break: those with no column a nullness CHECK writes always NULL. A NULL
   * equals nothing, so a key holding one is unique whatever its other columns hold (the form {@code
   * UNIQUE (wallet_id, alert_type)} beside {@code (wallet_id IS NOT NULL) <> (subscription_id IS
   * NOT NULL)}). {@code NULLS NOT DISTINCT} is not read: such a key is taken as any other.
   */
  static List<UniqueKey> enforcedKeys(Table t) {
    Map<String, String> nulled = nulled(t);
    return t.keys().stream()
        .filter(k -> k.columns().stream().noneMatch(nulled::containsKey))
        .toList();
  }

  private static boolean nullable(Table t, String column) {
    return t.column(column).map(Column::nullable).orElse(false)
        && (t.primaryKey() == null || !t.primaryKey().columns().contains(column));
  }

  /**
   * The nullness CHECKs whose NULL columns all get a plan that writes NULL, noting each such column
   * once (on {@code server}, when there is one).
   *
   * @return the names of the CHECKs kept
   */
  static List<String> kept(
      Table t, Map<String, ColumnPlan> plans, References references, CheckServer server) {
    List<Check.Unparsed> kept =
        t.checks().stream()
            .filter(c -> c instanceof Check.Unparsed)
            .map(c -> (Check.Unparsed) c)
            .filter(
                u -> {
                  NullRules.NullRule rule = NullRules.read(u.text(), c -> nullable(t, c));
                  return rule != null
                      && rule.nulls().stream()
                          .allMatch(c -> writesNull(t.id(), plans.get(c), references));
                })
            .toList();
    if (server != null) {
      nulled(t)
          .forEach(
              (column, check) -> {
                if (kept.stream().anyMatch(u -> u.name().equals(check))) {
                  server.note(t.id() + "." + column + " is written NULL to keep CHECK " + check);
                }
              });
    }
    return kept.stream().map(Check::name).toList();
  }

  private static boolean writesNull(String table, ColumnPlan plan, References references) {
    return switch (plan) {
      case ColumnPlan.Values v -> v.spec().nullRatio() >= 1;
      case ColumnPlan.Reference r -> references.of(table, r.foreignKey()).nullRatio() >= 1;
      case null, default -> false;
    };
  }
}
