package io.spate.coordinator.plan;

import io.spate.coordinator.config.ColumnConfig;
import io.spate.coordinator.config.Range;
import io.spate.coordinator.config.TableConfig;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.plan.Distribution;
import io.spate.protocol.plan.ValueSpec;
import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Value rules for non-key columns: the type's domain, narrowed by the CHECK constraints Spate
 * understands, overridden by the config (which wins: a config that contradicts a CHECK is reported
 * by the database, naming the constraint).
 */
final class ColumnRules {

  private static final long MICROS_PER_HOUR = 3_600_000_000L;

  private ColumnRules() {}

  static ValueSpec valueSpec(
      Table t, Column c, ColumnConfig cc, double defaultNullRatio, List<String> problems) {
    return spec(
        t.name() + "." + c.name(),
        c,
        t.checks(),
        cc,
        c.nullable() ? defaultNullRatio : 0,
        problems);
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
      List<String> problems) {
    Bounds bounds = new Bounds();
    tableChecks.forEach(check -> bounds.narrow(check, c.name()));
    c.domainChecks().forEach(check -> bounds.narrow(check, Column.DOMAIN_VALUE));
    List<Double> weights = List.of();
    Distribution distribution = Distribution.UNIFORM;
    int[] length = defaultLength(c);
    if (bounds.lengthSource != null) {
      length = checkedLength(where, c, length, bounds, problems);
    }
    if (cc != null) {
      if (cc.value() != null) {
        bounds.values = List.of(cc.value());
      } else if (!cc.values().isEmpty()) {
        bounds.values = cc.values();
        weights = cc.weights();
        if (!weights.isEmpty() && weights.size() != bounds.values.size()) {
          problems.add(
              where + ": " + weights.size() + " weights for " + bounds.values.size() + " values");
          weights = List.of();
        }
      }
      if (cc.min() != null) {
        bounds.min = cc.min();
        bounds.minExclusive = false;
        bounds.source = "the config";
      }
      if (cc.max() != null) {
        bounds.max = cc.max();
        bounds.maxExclusive = false;
        bounds.source = "the config";
      }
      if (cc.distribution() != null) {
        distribution = cc.distribution();
      }
      if (cc.nullRatio() != null) {
        if (cc.nullRatio() < 0 || cc.nullRatio() > 1) {
          problems.add(where + ": nullRatio " + cc.nullRatio() + " must be between 0 and 1");
        } else if (cc.nullRatio() > 0 && !c.nullable()) {
          problems.add(where + " is NOT NULL, so nullRatio " + cc.nullRatio() + " cannot apply");
        } else {
          nullRatio = cc.nullRatio();
        }
      }
      if (cc.length() != null) {
        Range r = Range.parse(where + " length", cc.length());
        if (c.length() > 0 && r.max() > c.length()) {
          problems.add(where + ": length " + cc.length() + " exceeds the declared " + c.typeName());
        } else if (c.type() == SqlType.BIT && (r.min() != length[0] || r.max() != length[1])) {
          problems.add(
              where
                  + ": length "
                  + cc.length()
                  + " does not fit "
                  + c.typeName()
                  + ", which holds exactly "
                  + length[0]
                  + " bits");
        }
        length = new int[] {r.min(), r.max()};
      }
    }
    List<String> values = bounds.values;
    if (c.type() == SqlType.ENUM) {
      values = enumValues(where, c, bounds, problems);
      bounds.min = bounds.max = null;
    } else if (c.type().isText() || c.type() == SqlType.BOOLEAN || c.type() == SqlType.UUID) {
      bounds.min = bounds.max = null; // comparisons on these types are not ranges Spate draws from
    } else if (boundsUnsupported(c.type()) && (bounds.min != null || bounds.max != null)) {
      problems.add(
          where
              + ": "
              + bounds.source
              + " bounds its "
              + c.typeName()
              + " values (min "
              + bounds.min
              + ", max "
              + bounds.max
              + "), which Spate can keep only for numbers, dates, times and money; give it values in the config, or skip it");
      bounds.min = bounds.max = null;
    }
    ValueSpec element =
        c.type() == SqlType.ARRAY && c.element() != null
            ? spec(where + " (elements)", c.element(), List.of(), null, 0, problems)
            : null;
    return new ValueSpec(
        values,
        weights,
        bounds.min,
        bounds.max,
        bounds.minExclusive,
        bounds.maxExclusive,
        length[0],
        length[1],
        distribution,
        nullRatio,
        element);
  }

  /**
   * Types whose values are not drawn from a [min, max] range, so a bound on them would go unkept.
   * (json, jsonb and bytea keep their older behaviour: a bound on them is passed on and ignored.)
   */
  private static boolean boundsUnsupported(SqlType type) {
    return switch (type) {
      case INET, CIDR, MACADDR, INTERVAL, TIMETZ, BIT, VARBIT, XML, TSVECTOR, ARRAY, RANGE -> true;
      default -> false;
    };
  }

  /**
   * An enum's values: the given list, else every label; a bound keeps the labels on its side in the
   * enum's sort order (the order PostgreSQL compares enums by).
   */
  private static List<String> enumValues(
      String where, Column c, Bounds bounds, List<String> problems) {
    List<String> labels = c.enumLabels();
    int from = 0;
    int to = labels.size() - 1;
    if (bounds.min != null) {
      int i = labels.indexOf(bounds.min);
      if (i < 0) {
        problems.add(
            where
                + ": bound '"
                + bounds.min
                + "' from "
                + bounds.source
                + " is not a label of "
                + c.typeName()
                + " "
                + labels);
      }
      from = bounds.minExclusive ? i + 1 : Math.max(i, 0);
    }
    if (bounds.max != null) {
      int i = labels.indexOf(bounds.max);
      if (i < 0) {
        problems.add(
            where
                + ": bound '"
                + bounds.max
                + "' from "
                + bounds.source
                + " is not a label of "
                + c.typeName()
                + " "
                + labels);
        i = labels.size() - 1;
      }
      to = bounds.maxExclusive ? i - 1 : i;
    }
    List<String> base = bounds.values.isEmpty() ? labels : bounds.values;
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

  /** What the understood CHECKs on one value allow. */
  private static final class Bounds {
    List<String> values = List.of();
    String min;
    String max;
    boolean minExclusive;
    boolean maxExclusive;
    String source = "a CHECK";

    /** Length bounds from CHECKs on {@code length(column)} and the like; null source when none. */
    int minLength;

    int maxLength = Integer.MAX_VALUE;
    final List<Integer> excludedLengths = new ArrayList<>();
    String lengthSource;

    /** Narrows by one check if it is on {@code column}. */
    void narrow(Check check, String column) {
      switch (check) {
        case Check.InList in when in.column().equals(column) -> values = in.values();
        case Check.CompareLiteral cmp when cmp.column().equals(column) -> {
          switch (cmp.op()) {
            case "=" -> values = List.of(cmp.literal());
            case ">", ">=" -> {
              min = cmp.literal();
              minExclusive = cmp.op().equals(">");
              source = "CHECK " + cmp.name();
            }
            case "<", "<=" -> {
              max = cmp.literal();
              maxExclusive = cmp.op().equals("<");
              source = "CHECK " + cmp.name();
            }
            default -> {} // <> excludes one value: a collision is unlikely and the database reports
              // it
          }
        }
        case Check.Length len when len.column().equals(column) -> {
          int n = Integer.parseInt(len.literal());
          switch (len.op()) {
            case "=" -> {
              minLength = Math.max(minLength, n);
              maxLength = Math.min(maxLength, n);
            }
            case ">" -> minLength = Math.max(minLength, n + 1);
            case ">=" -> minLength = Math.max(minLength, n);
            case "<" -> maxLength = Math.min(maxLength, n - 1);
            case "<=" -> maxLength = Math.min(maxLength, n);
            default -> excludedLengths.add(n);
          }
          String text =
              "CHECK "
                  + len.name()
                  + " ("
                  + len.function()
                  + "("
                  + len.column()
                  + ") "
                  + len.op()
                  + " "
                  + len.literal()
                  + ")";
          lengthSource = lengthSource == null ? text : lengthSource + " and " + text;
        }
        default -> {}
      }
    }
  }

  /**
   * The lengths the CHECKs on {@code length(col)} allow, within the declared length: a bound the
   * CHECKs give replaces the default's, the other end stays the default's where it can. Text counts
   * characters and bit strings bits ({@code length} of a bit string); {@code octet_length} is
   * treated as characters, which it equals for the ASCII text Spate generates.
   */
  private static int[] checkedLength(
      String where, Column c, int[] defaults, Bounds bounds, List<String> problems) {
    if (!c.type().isText() && c.type() != SqlType.BIT && c.type() != SqlType.VARBIT) {
      problems.add(
          where
              + ": "
              + bounds.lengthSource
              + " bounds the length of its "
              + c.typeName()
              + " values, which Spate keeps only for text and bit strings; give it values in the config, or skip it");
      return defaults;
    }
    int declared = c.length() > 0 ? c.length() : Integer.MAX_VALUE;
    int lo = bounds.minLength > 0 ? bounds.minLength : Math.min(defaults[0], bounds.maxLength);
    int hi =
        Math.min(
            declared,
            bounds.maxLength < Integer.MAX_VALUE ? bounds.maxLength : Math.max(defaults[1], lo));
    for (int excluded : bounds.excludedLengths.stream().sorted().toList()) {
      if (excluded == lo) {
        lo++;
      } else if (excluded == hi) {
        hi--;
      } else if (excluded > lo && excluded < hi) {
        lo = excluded + 1; // keep the longer side
      }
    }
    if (lo > hi || lo < 0) {
      problems.add(
          where
              + ": no length satisfies "
              + bounds.lengthSource
              + (declared < Integer.MAX_VALUE ? " within the declared " + c.typeName() : ""));
      return defaults;
    }
    return new int[] {lo, hi};
  }

  /**
   * A unique text key gets the numbers {@code first..last} as its values (see the planner's key
   * sequence): report each CHECK on its length or pattern that some of them would break. Lengths
   * grow with the number; a pattern is tried on every value, up to {@link #MAX_KEYS_TRIED}.
   */
  static void reportCheckedKey(Table t, Column c, long first, long last, List<String> problems) {
    if (!c.type().isText()) {
      return;
    }
    String where = t.name() + "." + c.name();
    List<Check> checks = new ArrayList<>();
    t.checks().stream().filter(check -> on(check, c.name())).forEach(checks::add);
    c.domainChecks().stream().filter(check -> on(check, Column.DOMAIN_VALUE)).forEach(checks::add);
    for (Check check : checks) {
      String broken =
          switch (check) {
            case Check.Length len ->
                brokenLength(len, String.valueOf(first).length(), String.valueOf(last).length());
            case Check.Matches m -> brokenPattern(m, c, first, last);
            default -> null;
          };
      if (broken != null) {
        problems.add(
            where
                + " is a unique key (or identity) column, whose values Spate writes as the numbers "
                + first
                + ".."
                + last
                + ", but CHECK "
                + check.name()
                + " ("
                + describe(check)
                + ") "
                + broken
                + ": unique text keys with a length or pattern CHECK their numbers do not satisfy are not supported yet; size the table `rows: 0`");
      }
    }
  }

  /** Whether a CHECK of the table or of the column's domain bounds the column's length. */
  static boolean lengthChecked(Table t, Column c) {
    return t.checks().stream()
            .anyMatch(check -> check instanceof Check.Length len && len.column().equals(c.name()))
        || c.domainChecks().stream().anyMatch(check -> check instanceof Check.Length);
  }

  /**
   * Key values tried against a pattern; beyond, a pattern CHECK on a unique text key is refused.
   */
  static final long MAX_KEYS_TRIED = 1_000_000;

  private static boolean on(Check check, String column) {
    return switch (check) {
      case Check.Length len -> len.column().equals(column);
      case Check.Matches m -> m.column().equals(column);
      default -> false;
    };
  }

  private static String describe(Check check) {
    return switch (check) {
      case Check.Length len ->
          len.function() + "(" + len.column() + ") " + len.op() + " " + len.literal();
      case Check.Matches m -> m.text();
      default -> check.toString();
    };
  }

  private static String brokenLength(Check.Length len, int shortest, int longest) {
    int n = Integer.parseInt(len.literal());
    for (int length = shortest; length <= longest; length++) {
      boolean ok =
          switch (len.op()) {
            case "=" -> length == n;
            case "<>" -> length != n;
            case "<" -> length < n;
            case "<=" -> length <= n;
            case ">" -> length > n;
            default -> length >= n;
          };
      if (!ok) {
        return "rejects those of " + length + " digits";
      }
    }
    return null;
  }

  private static String brokenPattern(Check.Matches m, Column c, long first, long last) {
    if (last - first + 1 > MAX_KEYS_TRIED) {
      return "cannot be checked on more than " + MAX_KEYS_TRIED + " of them";
    }
    java.util.regex.Pattern pattern;
    try {
      pattern = PatternValues.compile(m);
    } catch (IllegalArgumentException e) {
      return "is not a pattern Spate can check (" + e.getMessage() + ")";
    }
    for (long v = first; v <= last; v++) {
      if (!pattern.matcher(PatternValues.asStored(Long.toString(v), c)).find()) {
        return "rejects " + v;
      }
    }
    return null;
  }

  /**
   * char(n): exactly n; varchar(n): 4..n (or n..n below 4); text: 8..64; bit(n): n bits; varbit(n):
   * 1..n bits (1..64 unbounded); arrays: 0..4 elements.
   */
  private static int[] defaultLength(Column c) {
    return switch (c.type()) {
      case CHAR, BIT -> new int[] {Math.max(1, c.length()), Math.max(1, c.length())};
      case VARCHAR ->
          c.length() > 0 ? new int[] {Math.min(4, c.length()), c.length()} : new int[] {8, 64};
      case VARBIT -> new int[] {1, c.length() > 0 ? c.length() : 64};
      case ARRAY -> new int[] {0, 4};
      default -> new int[] {8, 64};
    };
  }

  /**
   * A CHECK between two columns ({@code stop_time > start_time}) makes one of them an offset of the
   * other: the left side if its values are free, else the right side with the operator mirrored.
   */
  static void applyColumnComparisons(
      Table t, Map<String, ColumnPlan> plans, TableConfig tc, List<String> problems) {
    for (Check check : t.checks()) {
      if (!(check instanceof Check.CompareColumns cmp)) {
        continue;
      }
      if (derivable(t, plans, tc, cmp.left(), cmp.right())) {
        plans.put(cmp.left(), derived(t, cmp.left(), cmp.right(), cmp.op()));
      } else if (derivable(t, plans, tc, cmp.right(), cmp.left())) {
        plans.put(cmp.right(), derived(t, cmp.right(), cmp.left(), mirror(cmp.op())));
      } else if (!decided(tc, cmp.left()) && !decided(tc, cmp.right())) {
        problems.add(
            "CHECK "
                + cmp.name()
                + " on '"
                + t.name()
                + "' ("
                + cmp.left()
                + " "
                + cmp.op()
                + " "
                + cmp.right()
                + "): Spate can keep it only between two integer, numeric, date or time columns whose values it draws; configure one of them");
      }
    }
  }

  private static boolean derivable(
      Table t, Map<String, ColumnPlan> plans, TableConfig tc, String column, String base) {
    Column c = t.column(column).orElseThrow();
    Column b = t.column(base).orElseThrow();
    boolean carried = c.type().isIntegral() || c.type() == SqlType.NUMERIC;
    return plans.get(column) instanceof ColumnPlan.Values
        && !decided(tc, column)
        && carried
        && c.type() == b.type()
        && (c.type() != SqlType.NUMERIC || c.scale() == b.scale())
        && !(plans.get(base) instanceof ColumnPlan.Skip);
  }

  private static boolean decided(TableConfig tc, String column) {
    ColumnConfig cc = tc.columns().get(column);
    return cc != null && cc.decidesValues();
  }

  private static ColumnPlan derived(Table t, String column, String base, String op) {
    Column c = t.column(column).orElseThrow();
    long unit =
        switch (c.type()) {
          case TIMESTAMP, TIMESTAMPTZ, TIME -> 1_000_000L;
          case NUMERIC -> pow10(Math.max(0, c.scale()));
          default -> 1;
        };
    long reach =
        switch (c.type()) {
          case TIMESTAMP, TIMESTAMPTZ -> 4 * MICROS_PER_HOUR;
          case TIME -> MICROS_PER_HOUR;
          case DATE -> 30;
          default -> 100 * unit;
        };
    return switch (op) {
      case ">" -> new ColumnPlan.Derived(column, base, unit, reach);
      case ">=" -> new ColumnPlan.Derived(column, base, 0, reach);
      case "<" -> new ColumnPlan.Derived(column, base, -reach, -unit);
      case "<=" -> new ColumnPlan.Derived(column, base, -reach, 0);
      case "=" -> new ColumnPlan.Derived(column, base, 0, 0);
      default -> new ColumnPlan.Derived(column, base, unit, reach); // <>: any non-zero offset
    };
  }

  private static String mirror(String op) {
    return switch (op) {
      case ">" -> "<";
      case ">=" -> "<=";
      case "<" -> ">";
      case "<=" -> ">=";
      default -> op;
    };
  }

  /** A CHECK Spate cannot read is fine only when the config decides a column it mentions. */
  static void reportUnparsedChecks(Table t, TableConfig tc, List<String> problems) {
    for (Check check : t.checks()) {
      if (check instanceof Check.Unparsed u
          && u.columns().stream().noneMatch(c -> decided(tc, c))) {
        problems.add(
            "CHECK "
                + u.name()
                + " on '"
                + t.name()
                + "' is not a form Spate understands: "
                + u.text()
                + "; give "
                + u.columns()
                + " values that satisfy it in the config (value, values, or min/max)");
      }
    }
  }

  /**
   * A domain CHECK Spate cannot read (on a column, or on an array's elements) is fine only when the
   * config decides the column; key and reference columns never draw values, so it is not asked.
   */
  static void reportUnparsedDomainChecks(
      Table t, Map<String, ColumnPlan> plans, TableConfig tc, List<String> problems) {
    for (Column c : t.columns()) {
      if (!(plans.get(c.name()) instanceof ColumnPlan.Values) || decided(tc, c.name())) {
        continue;
      }
      for (Column value = c;
          value != null;
          value = value.type() == SqlType.ARRAY ? value.element() : null) {
        String on =
            value == c
                ? "'" + t.name() + "." + c.name() + "'"
                : "the elements of '" + t.name() + "." + c.name() + "'";
        for (Check check : value.domainChecks()) {
          if (check instanceof Check.Unparsed u) {
            problems.add(
                "CHECK "
                    + u.name()
                    + " of domain "
                    + value.typeName()
                    + " on "
                    + on
                    + " is not a form Spate understands: "
                    + u.text()
                    + "; give "
                    + c.name()
                    + " values that satisfy it in the config (value or values), or skip it");
          }
        }
      }
    }
  }

  /**
   * A unique index over expressions other than {@code lower(col)} / {@code upper(col)}, with no
   * plain column to keep unique instead, is fine only when a nullable column it uses is skipped
   * (the expression then sees NULLs, and NULLs never collide in a unique index) or the table gets
   * no rows.
   */
  static void reportExpressionKeys(Table t, Map<String, ColumnPlan> plans, List<String> problems) {
    for (var key : t.uniques()) {
      if (!key.columns().isEmpty() || key.expressions().isEmpty()) {
        continue;
      }
      List<Column> used =
          t.columns().stream()
              .filter(c -> key.expressions().stream().anyMatch(e -> mentions(e, c.name())))
              .toList();
      boolean covered =
          used.stream()
              .anyMatch(c -> c.nullable() && plans.get(c.name()) instanceof ColumnPlan.Skip);
      if (!covered) {
        List<String> nullable = used.stream().filter(Column::nullable).map(Column::name).toList();
        problems.add(
            "unique index "
                + key.name()
                + " on '"
                + t.name()
                + "' is over "
                + String.join(", ", key.expressions())
                + ", which Spate cannot keep unique (it can for columns and lower(col) or upper(col)): "
                + key.definition()
                + "; size the table `rows: 0`"
                + (nullable.isEmpty()
                    ? ""
                    : ", or skip a nullable column it uses ("
                        + String.join(", ", nullable)
                        + ") with `tables: {"
                        + t.name()
                        + ": {columns: {"
                        + nullable.getFirst()
                        + ": {skip: true}}}}` if the expression is NULL when that column is"));
      }
    }
  }

  /** Whether an expression as PostgreSQL prints it mentions a column, bare or quoted. */
  private static boolean mentions(String expression, String column) {
    String quoted = "\"" + column.replace("\"", "\"\"") + "\"";
    return expression.contains(quoted)
        || java.util.regex.Pattern.compile(
                "(?<![\\w\"$])" + java.util.regex.Pattern.quote(column) + "(?![\\w\"$])")
            .matcher(expression)
            .find();
  }

  private static long pow10(int n) {
    long p = 1;
    for (int i = 0; i < n; i++) {
      p *= 10;
    }
    return p;
  }
}
