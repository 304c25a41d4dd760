package io.spate.core.plan;

import io.spate.core.config.TableConfig;
import io.spate.protocol.error.Problems;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The constraints the column rules cannot keep, reported before anything is written: CHECKs Spate
 * cannot read (unless the config decides a column they mention), and unique indexes over
 * expressions (length and pattern CHECKs on unique text keys choose their format: {@link
 * KeyFormats}). Each method only adds problems; none changes a plan.
 */
final class CheckReports {

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
        List<String> references =
            u.columns().stream()
                .filter(c -> t.foreignKeys().stream().anyMatch(fk -> fk.columns().contains(c)))
                .toList();
        List<String> valued = u.columns().stream().filter(c -> !references.contains(c)).toList();
        List<String> nullable =
            references.stream()
                .filter(c -> t.column(c).map(Column::nullable).orElse(false))
                .toList();
        problems.add(
            "CHECK "
                + u.name()
                + " on '"
                + t.id()
                + "' is not a form Spate understands: "
                + u.text()
                + "; "
                + (valued.isEmpty()
                    ? ""
                    : "give "
                        + valued
                        + " values that satisfy it in the config (value, values, or min/max); ")
                + (nullable.isEmpty()
                    ? ""
                    : "write a foreign-key column NULL if that satisfies it, e.g. `tables: {"
                        + t.id()
                        + ": {columns: {"
                        + nullable.getFirst()
                        + ": {nullRatio: 1}}}}`; ")
                + "or size the table `rows: 0`");
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

  /** Whether an expression as PostgreSQL prints it mentions a column, bare or quoted. */
  private static boolean mentions(String expression, String column) {
    String quoted = "\"" + column.replace("\"", "\"\"") + "\"";
    return expression.contains(quoted)
        || Pattern.compile("(?<![\\w\"$])" + Pattern.quote(column) + "(?![\\w\"$])")
            .matcher(expression)
            .find();
  }
}
