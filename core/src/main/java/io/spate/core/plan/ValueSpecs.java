package io.spate.core.plan;

import io.spate.core.config.ColumnConfig;
import io.spate.protocol.error.Problems;
import io.spate.protocol.plan.Distribution;
import io.spate.protocol.plan.ValueSpec;
import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import java.util.List;

/**
 * The value rule of a column that draws values, built in three steps, each in one place: the type's
 * domain narrowed by the CHECKs Spate understands ({@link CheckBounds}), overridden by the config
 * ({@link ConfigOverrides}: the config wins, and a config that contradicts a CHECK is reported by
 * the database, naming the constraint), then kept to what the type can draw (here).
 */
final class ValueSpecs {

  private ValueSpecs() {}

  /**
   * A column's value rule while it is built.
   *
   * @param source what set the bounds, for messages ({@code a CHECK}, {@code CHECK name}, {@code
   *     the config})
   */
  record Draft(
      List<String> values,
      List<Double> weights,
      String min,
      String max,
      boolean minExclusive,
      boolean maxExclusive,
      String source,
      int minLength,
      int maxLength,
      Distribution distribution,
      double nullRatio) {}

  /** The spec of a column's values: NULLs at {@code defaultNullRatio} when it is nullable. */
  static ValueSpec of(
      Table t, Column c, ColumnConfig cc, double defaultNullRatio, Problems problems) {
    return spec(
        t.id() + "." + c.name(), c, t.checks(), cc, c.nullable() ? defaultNullRatio : 0, problems);
  }

  /**
   * The spec of a column's values, or (with no table checks, no config and no NULLs) of an array's
   * elements: the checks of the table on {@code c} and of its domain on {@code VALUE} narrow the
   * type's domain, the config overrides them.
   */
  private static ValueSpec spec(
      String where,
      Column c,
      List<Check> tableChecks,
      ColumnConfig cc,
      double nullRatio,
      Problems problems) {
    Draft checked = CheckBounds.draft(where, c, tableChecks, defaultLength(c), nullRatio, problems);
    Draft d = ConfigOverrides.apply(where, c, cc, checked, problems);
    List<String> values = d.values();
    String min = d.min();
    String max = d.max();
    if (c.type() == SqlType.ENUM) {
      values = enumValues(where, c, d, problems);
      min = max = null;
    } else if (c.type().isText() || c.type() == SqlType.BOOLEAN || c.type() == SqlType.UUID) {
      min = max = null; // comparisons on these types are not ranges Spate draws from
    } else if (boundsUnsupported(c.type()) && (min != null || max != null)) {
      problems.add(
          where
              + ": "
              + d.source()
              + " bounds its "
              + c.typeName()
              + " values (min "
              + min
              + ", max "
              + max
              + "), which Spate can keep only for numbers, dates, times and money; give it values in the config, or skip it");
      min = max = null;
    }
    ValueSpec element =
        c.type() == SqlType.ARRAY && c.element() != null
            ? spec(where + " (elements)", c.element(), List.of(), null, 0, problems)
            : null;
    return new ValueSpec(
        values,
        d.weights(),
        min,
        max,
        d.minExclusive(),
        d.maxExclusive(),
        d.minLength(),
        d.maxLength(),
        d.distribution(),
        d.nullRatio(),
        element);
  }

  /**
   * Types whose values are not drawn from a [min, max] range, so a bound on them would go unkept.
   * (json, jsonb and bytea keep their older behaviour: a bound on them is passed on and ignored.)
   */
  private static boolean boundsUnsupported(SqlType type) {
    return switch (type) {
      case INET,
          CIDR,
          MACADDR,
          INTERVAL,
          TIMETZ,
          BIT,
          VARBIT,
          XML,
          TSVECTOR,
          ARRAY,
          RANGE,
          POINT,
          LINE,
          LSEG,
          BOX,
          PATH,
          POLYGON,
          CIRCLE,
          CUBE,
          GEOMETRY,
          GEOGRAPHY ->
          true;
      default -> false;
    };
  }

  /**
   * An enum's values: the given list, else every label; a bound keeps the labels on its side in the
   * enum's sort order (the order PostgreSQL compares enums by).
   */
  private static List<String> enumValues(String where, Column c, Draft d, Problems problems) {
    List<String> labels = c.enumLabels();
    int from = 0;
    int to = labels.size() - 1;
    if (d.min() != null) {
      int i = labels.indexOf(d.min());
      if (i < 0) {
        problems.add(notALabel(where, d.min(), d.source(), c));
      }
      from = d.minExclusive() ? i + 1 : Math.max(i, 0);
    }
    if (d.max() != null) {
      int i = labels.indexOf(d.max());
      if (i < 0) {
        problems.add(notALabel(where, d.max(), d.source(), c));
        i = labels.size() - 1;
      }
      to = d.maxExclusive() ? i - 1 : i;
    }
    List<String> base = d.values().isEmpty() ? labels : d.values();
    int lo = from;
    int hi = to;
    List<String> values =
        base.stream()
            .filter(
                v -> labels.indexOf(v) < 0 || (labels.indexOf(v) >= lo && labels.indexOf(v) <= hi))
            .toList();
    if (values.isEmpty()) {
      problems.add(
          where
              + ": no label of "
              + c.typeName()
              + " "
              + labels
              + " satisfies its CHECKs and config");
    }
    return values;
  }

  private static String notALabel(String where, String bound, String source, Column c) {
    return where
        + ": bound '"
        + bound
        + "' from "
        + source
        + " is not a label of "
        + c.typeName()
        + " "
        + c.enumLabels();
  }

  /**
   * char(n): exactly n; varchar(n): 4..n (or n..n below 4); text: 8..64; bit(n): n bits; varbit(n):
   * 1..n bits (1..64 unbounded); arrays: 0..4 elements, no more than a declared maximum cardinality
   * (H2's ARRAY[n]).
   */
  static int[] defaultLength(Column c) {
    return switch (c.type()) {
      case CHAR, BIT -> new int[] {Math.max(1, c.length()), Math.max(1, c.length())};
      case VARCHAR ->
          c.length() > 0 ? new int[] {Math.min(4, c.length()), c.length()} : new int[] {8, 64};
      case VARBIT -> new int[] {1, c.length() > 0 ? c.length() : 64};
      case ARRAY -> new int[] {0, c.length() > 0 ? Math.min(4, c.length()) : 4}; // H2's ARRAY[n]
      case BYTEA -> {
        int max = c.length() > 0 ? Math.min(32, c.length()) : 32; // binary(n), varbinary(n)
        yield new int[] {Math.min(8, max), max};
      }
      default -> new int[] {8, 64};
    };
  }
}
