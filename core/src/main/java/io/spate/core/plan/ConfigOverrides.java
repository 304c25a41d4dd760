package io.spate.core.plan;

import io.spate.core.config.ColumnConfig;
import io.spate.core.config.Range;
import io.spate.protocol.error.Problems;
import io.spate.protocol.plan.Distribution;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import java.util.List;

/**
 * The second step of {@link ValueSpecs}: a column's config overrides what its CHECKs allow. Input:
 * the draft the CHECKs left; output: the draft with the config's value or values (and weights),
 * min, max, distribution, nullRatio and length in their place. Invariant: the config wins over a
 * CHECK; what the config asks and the column cannot hold (a NULL in a NOT NULL column, a length
 * beyond the declared one, weights that do not match the values) is a problem and left out.
 */
final class ConfigOverrides {

  private ConfigOverrides() {}

  static ValueSpecs.Draft apply(
      String where, Column c, ColumnConfig cc, ValueSpecs.Draft d, Problems problems) {
    if (cc == null) {
      return d;
    }
    List<String> values = d.values();
    List<Double> weights = d.weights();
    if (cc.value() != null) {
      values = List.of(cc.value());
    } else if (!cc.values().isEmpty()) {
      values = cc.values();
      weights = cc.weights();
      if (!weights.isEmpty() && weights.size() != values.size()) {
        problems.add(where + ": " + weights.size() + " weights for " + values.size() + " values");
        weights = List.of();
      }
    }
    String min = d.min();
    String max = d.max();
    boolean minExclusive = d.minExclusive();
    boolean maxExclusive = d.maxExclusive();
    String source = d.source();
    if (cc.min() != null) {
      min = cc.min();
      minExclusive = false;
      source = "the config";
    }
    if (cc.max() != null) {
      max = cc.max();
      maxExclusive = false;
      source = "the config";
    }
    Distribution distribution = cc.distribution() != null ? cc.distribution() : d.distribution();
    double nullRatio = d.nullRatio();
    if (cc.nullRatio() != null) {
      if (cc.nullRatio() < 0 || cc.nullRatio() > 1) {
        problems.add(where + ": nullRatio " + cc.nullRatio() + " must be between 0 and 1");
      } else if (cc.nullRatio() > 0 && !c.nullable()) {
        problems.add(where + " is NOT NULL, so nullRatio " + cc.nullRatio() + " cannot apply");
      } else {
        nullRatio = cc.nullRatio();
      }
    }
    int minLength = d.minLength();
    int maxLength = d.maxLength();
    if (cc.length() != null) {
      Range r = Range.parse(where + " length", cc.length());
      if (c.length() > 0 && r.max() > c.length()) {
        problems.add(where + ": length " + cc.length() + " exceeds the declared " + c.typeName());
      } else if (c.type() == SqlType.BIT && (r.min() != minLength || r.max() != maxLength)) {
        problems.add(
            where
                + ": length "
                + cc.length()
                + " does not fit "
                + c.typeName()
                + ", which holds exactly "
                + minLength
                + " bits");
      }
      minLength = r.min();
      maxLength = r.max();
    }
    return new ValueSpecs.Draft(
        values,
        weights,
        min,
        max,
        minExclusive,
        maxExclusive,
        source,
        minLength,
        maxLength,
        distribution,
        nullRatio);
  }
}
