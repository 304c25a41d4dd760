package io.spate.core.introspect;

import java.util.List;

/**
 * The syntax tree {@link CheckGrammar} builds for a CHECK expression or an index key part.
 *
 * <p>Invariant: only the shapes the grammar can produce exist; casts are already dropped and names
 * and strings already unquoted.
 */
sealed interface CheckNode {

  record ColumnRef(String name) implements CheckNode {}

  /**
   * A literal's text without quotes, casts or escape doubling; {@code string} when it was quoted.
   */
  record Literal(String text, boolean string) implements CheckNode {
    Literal(String text) {
      this(text, false);
    }
  }

  /** A function of one argument, its name in lower case. */
  record Call(String function, CheckNode argument) implements CheckNode {}

  /**
   * {@code num_nonnulls(columns...)}, or {@code num_nulls(columns...)} when {@code nulls}: how many
   * of the columns are (non-)NULL.
   */
  record CountNulls(boolean nulls, List<String> columns) implements CheckNode {
    public CountNulls {
      columns = List.copyOf(columns);
    }
  }

  record ArrayOf(List<CheckNode> elements) implements CheckNode {}

  record Comparison(CheckNode left, String op, CheckNode right) implements CheckNode {}

  record AnyOf(CheckNode left, String op, CheckNode array) implements CheckNode {}

  /** {@code left op ALL (array)}: {@code NOT IN} is {@code <> ALL}. */
  record AllOf(CheckNode left, String op, CheckNode array) implements CheckNode {}

  record And(List<CheckNode> operands) implements CheckNode {}

  record Or(List<CheckNode> operands) implements CheckNode {}

  record Not(CheckNode operand) implements CheckNode {}

  /** {@code operand IS NULL}, or {@code IS NOT NULL} when {@code negated}. */
  record IsNull(CheckNode operand, boolean negated) implements CheckNode {}

  /**
   * The clock: {@code now()}, {@code CURRENT_DATE} and the like, as {@link
   * io.spate.protocol.schema.Check#CLOCKS} spells it.
   */
  record Clock(String text) implements CheckNode {}
}
