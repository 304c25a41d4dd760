package io.spate.coordinator.plan;

import io.spate.coordinator.config.TableConfig;
import io.spate.protocol.error.Problems;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The constraints the column rules cannot keep, reported before anything is written: CHECKs Spate
 * cannot read (unless the config decides a column they mention), unique indexes over expressions,
 * and length or pattern CHECKs that the numbers of a unique text key break. Each method only adds
 * problems; none changes a plan.
 */
final class CheckReports {

  /**
   * Key values tried against a pattern; beyond, a pattern CHECK on a unique text key is refused.
   */
  static final long MAX_KEYS_TRIED = 1_000_000;

  private CheckReports() {}

  /**
   * A CHECK Spate cannot read is fine only when the server decided it ({@code decided}, see {@link
   * CheckPools}) or the config decides a column it mentions.
   */
  static void unparsedChecks(Table t, TableConfig tc, Set<String> decided, Problems problems) {
    for (Check check : t.checks()) {
      if (check instanceof Check.Unparsed u
          && !decided.contains(u.name())
          && u.columns().stream().noneMatch(c -> DerivedColumns.decided(tc, c))) {
        problems.add(
            "CHECK "
                + u.name()
                + " on '"
                + t.id()
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
  static void unparsedDomainChecks(
      Table t, Map<String, ColumnPlan> plans, TableConfig tc, Problems problems) {
    for (Column c : t.columns()) {
      if (!(plans.get(c.name()) instanceof ColumnPlan.Values)
          || DerivedColumns.decided(tc, c.name())) {
        continue;
      }
      for (Column value = c;
          value != null;
          value = value.type() == SqlType.ARRAY ? value.element() : null) {
        String on =
            value == c
                ? "'" + t.id() + "." + c.name() + "'"
                : "the elements of '" + t.id() + "." + c.name() + "'";
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
  static void expressionKeys(Table t, Map<String, ColumnPlan> plans, Problems problems) {
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
                + t.id()
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
                        + t.id()
                        + ": {columns: {"
                        + nullable.getFirst()
                        + ": {skip: true}}}}` if the expression is NULL when that column is"));
      }
    }
  }

  /**
   * A unique text key gets the numbers {@code first..last} as its values (see {@link KeyColumns}):
   * report each CHECK on its length or pattern that some of them would break. Lengths grow with the
   * number; a pattern is tried on every value, up to {@link #MAX_KEYS_TRIED}.
   */
  static void checkedKey(Table t, Column c, long first, long last, Problems problems) {
    if (!c.type().isText()) {
      return;
    }
    String where = t.id() + "." + c.name();
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
    Pattern pattern;
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

  /** Whether an expression as PostgreSQL prints it mentions a column, bare or quoted. */
  private static boolean mentions(String expression, String column) {
    String quoted = "\"" + column.replace("\"", "\"\"") + "\"";
    return expression.contains(quoted)
        || Pattern.compile("(?<![\\w\"$])" + Pattern.quote(column) + "(?![\\w\"$])")
            .matcher(expression)
            .find();
  }
}
