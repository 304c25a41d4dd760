package io.spate.core.plan;

import io.spate.core.config.TableConfig;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.plan.ValueSpec;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.Table;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A column kept as the lowercase copy of another, for searching or a unique login, is written as
 * one: its name is the other's with an {@code l}, {@code lc} or {@code lower} in front ({@code lfn}
 * of {@code fn}) or a {@code clean}, {@code lower}, {@code lc}, {@code normalized} or {@code
 * canonical} behind ({@code username_clean} of {@code username}).
 *
 * <p>Both stay pure functions of their row: where the copy is a key, the original takes the same
 * key sequence (its values are already lowercase); where both draw from pools, they draw one index
 * from a shared group stream, the copy from the original's pool lowercased.
 */
final class LowercaseCopies {

  private static final List<String> BEFORE = List.of("lower", "lc", "l");

  private static final List<String> AFTER =
      List.of("_clean", "_lower", "_lc", "_normalized", "_canonical", "clean", "lower");

  private LowercaseCopies() {}

  static void apply(Table t, Map<String, ColumnPlan> plans, TableConfig tc) {
    for (Column copy : t.columns()) {
      for (Column original : t.columns()) {
        if (copy != original
            && copy.type().isText()
            && original.type().isText()
            && copies(copy.name(), original.name())) {
          write(t, plans, tc, copy, original);
        }
      }
    }
  }

  /** Whether {@code copy} names the lowercase copy of {@code original}. */
  static boolean copies(String copy, String original) {
    String c = copy.toLowerCase(Locale.ROOT);
    String o = original.toLowerCase(Locale.ROOT);
    return BEFORE.stream().anyMatch(p -> c.equals(p + o))
        || AFTER.stream().anyMatch(s -> c.equals(o + s));
  }

  /** The name of the column {@code c} is the lowercase copy of in {@code t}, else its own. */
  static String original(Table t, Column c) {
    return t.columns().stream()
        .filter(o -> o != c && o.type().isText() && copies(c.name(), o.name()))
        .map(Column::name)
        .findFirst()
        .orElse(c.name());
  }

  private static void write(
      Table t, Map<String, ColumnPlan> plans, TableConfig tc, Column copy, Column original) {
    ColumnPlan copyPlan = plans.get(copy.name());
    ColumnPlan originalPlan = plans.get(original.name());
    if (!(originalPlan instanceof ColumnPlan.Values ov)
        || tc.columns().containsKey(original.name())
        || tc.columns().containsKey(copy.name())) {
      return; // the original is a key or a reference, or the config decides one of them
    }
    if (copyPlan instanceof ColumnPlan.KeySequence key
        && (copy.length() <= 0 || copy.length() <= original.length() || original.length() <= 0)) {
      plans.put(
          original.name(),
          new ColumnPlan.KeySequence(
              original.name(), key.first(), key.span(), key.format(), key.step()));
      return;
    }
    if (!(copyPlan instanceof ColumnPlan.Values)
        || ov.spec().values().isEmpty()
        || !ov.spec().weights().isEmpty() && ov.spec().weights().size() != ov.spec().values().size()
        || ov.spec().element() != null) {
      return;
    }
    ValueSpec spec = ov.spec();
    String group = spec.group() != null ? spec.group() : "lowercase " + original.name();
    List<String> lower = spec.values().stream().map(v -> v.toLowerCase(Locale.ROOT)).toList();
    if (copy.length() > 0 && lower.stream().anyMatch(v -> v.length() > copy.length())) {
      return;
    }
    plans.put(
        original.name(),
        new ColumnPlan.Values(original.name(), grouped(spec, spec.values(), group)));
    plans.put(copy.name(), new ColumnPlan.Values(copy.name(), grouped(spec, lower, group)));
  }

  private static ValueSpec grouped(ValueSpec spec, List<String> values, String group) {
    return new ValueSpec(
        values,
        spec.weights(),
        spec.min(),
        spec.max(),
        spec.minExclusive(),
        spec.maxExclusive(),
        spec.minLength(),
        spec.maxLength(),
        spec.distribution(),
        spec.nullRatio(),
        spec.element(),
        group,
        spec.slotSuffix(),
        spec.binary());
  }
}
