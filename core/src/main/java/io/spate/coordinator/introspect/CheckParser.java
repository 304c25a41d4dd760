package io.spate.coordinator.introspect;

import static io.spate.coordinator.introspect.CheckGrammar.CASE_FOLDS;
import static io.spate.coordinator.introspect.CheckGrammar.COMPARISONS;
import static io.spate.coordinator.introspect.CheckGrammar.LENGTHS;
import static io.spate.coordinator.introspect.CheckGrammar.MATCHES;

import io.spate.coordinator.introspect.CheckNode.And;
import io.spate.coordinator.introspect.CheckNode.AnyOf;
import io.spate.coordinator.introspect.CheckNode.ArrayOf;
import io.spate.coordinator.introspect.CheckNode.Call;
import io.spate.coordinator.introspect.CheckNode.ColumnRef;
import io.spate.coordinator.introspect.CheckNode.Comparison;
import io.spate.coordinator.introspect.CheckNode.Literal;
import io.spate.protocol.schema.Check;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns the text {@code pg_get_constraintdef} prints for a CHECK constraint into {@link Check}s,
 * and tells which column an index key part stands for.
 *
 * <p>Design: a small tokenizer ({@link CheckLexer}) and a recursive-descent parser ({@link
 * CheckGrammar}) over the narrow grammar PostgreSQL's deparser emits, rather than regular
 * expressions; this class maps the resulting tree to checks. {@code BETWEEN} and {@code IN} need no
 * rules of their own: PostgreSQL prints them as {@code (c >= lo) AND (c <= hi)} and {@code c = ANY
 * (ARRAY[...])}. Besides comparisons with a literal or another column, two more shapes: a length
 * function of a column compared with an integer ({@code length(code) = 8}), and a column matched
 * against a pattern ({@code code ~ '^[A-Z]+$'}, {@code ~*} ignoring case).
 *
 * <p>All or nothing: if any part of the expression falls outside the grammar (a function call,
 * arithmetic, {@code OR}, {@code IS NULL}, {@code !~}, ...) the whole constraint becomes one {@link
 * Check.Unparsed}, so a partially understood constraint is never mistaken for a fully honoured one.
 */
final class CheckParser {

  private CheckParser() {}

  /**
   * Parses one CHECK constraint.
   *
   * @param constraintName the name every resulting check carries
   * @param definition the constraint as {@code pg_get_constraintdef} prints it, e.g. {@code CHECK
   *     ((x > 0))}; a trailing {@code NOT VALID} or {@code NO INHERIT} is accepted
   * @param mentionedColumns the columns the constraint mentions, for the unparsed fallback
   * @return one check per top-level conjunct, or a single {@link Check.Unparsed}
   */
  static List<Check> parse(
      String constraintName, String definition, List<String> mentionedColumns) {
    try {
      CheckNode root = new CheckGrammar(definition).definition();
      List<CheckNode> conjuncts = new ArrayList<>();
      flattenAnd(root, conjuncts);
      return conjuncts.stream().map(node -> toCheck(constraintName, node)).toList();
    } catch (NotUnderstood e) {
      return List.of(new Check.Unparsed(constraintName, mentionedColumns, definition));
    }
  }

  /**
   * The column one key part of a unique index stands for: the part itself when it is a column,
   * {@code col} for {@code lower(col)} or {@code upper(col)} (casts allowed), else null.
   *
   * @param expression the key part as {@code pg_get_indexdef(index, n, true)} prints it
   */
  static String indexKeyColumn(String expression) {
    try {
      CheckGrammar parser = new CheckGrammar(expression);
      CheckNode node = parser.operand();
      if (!parser.atEnd()) {
        return null;
      }
      return switch (node) {
        case ColumnRef column -> column.name();
        case Call(String function, ColumnRef column) when CASE_FOLDS.contains(function) ->
            column.name();
        default -> null;
      };
    } catch (NotUnderstood e) {
      return null;
    }
  }

  private static void flattenAnd(CheckNode node, List<CheckNode> out) {
    if (node instanceof And and) {
      and.operands().forEach(operand -> flattenAnd(operand, out));
    } else {
      out.add(node);
    }
  }

  private static Check toCheck(String name, CheckNode node) {
    return switch (node) {
      case Comparison(ColumnRef column, String op, Literal pattern)
          when MATCHES.contains(op) && pattern.string() ->
          new Check.Matches(name, column.name(), pattern.text(), op.equals("~*"));
      case Comparison(ColumnRef column, String op, Literal value) when COMPARISONS.contains(op) ->
          new Check.CompareLiteral(name, column.name(), op, value.text());
      case Comparison(Literal value, String op, ColumnRef column) when COMPARISONS.contains(op) ->
          new Check.CompareLiteral(name, column.name(), flip(op), value.text());
      case Comparison(ColumnRef left, String op, ColumnRef right) when COMPARISONS.contains(op) ->
          new Check.CompareColumns(name, left.name(), op, right.name());
      case Comparison(Call(String function, ColumnRef column), String op, Literal value)
          when LENGTHS.contains(function) && COMPARISONS.contains(op) && isCount(value) ->
          new Check.Length(name, column.name(), lengthFunction(function), op, value.text());
      case Comparison(Literal value, String op, Call(String function, ColumnRef column))
          when LENGTHS.contains(function) && COMPARISONS.contains(op) && isCount(value) ->
          new Check.Length(name, column.name(), lengthFunction(function), flip(op), value.text());
      case AnyOf(ColumnRef column, String op, ArrayOf array)
          when op.equals("=") && array.elements().stream().allMatch(e -> e instanceof Literal) ->
          new Check.InList(
              name,
              column.name(),
              array.elements().stream().map(e -> ((Literal) e).text()).toList());
      default -> throw new NotUnderstood();
    };
  }

  /** A non-negative integer literal that fits an int, as a length bound must. */
  private static boolean isCount(Literal value) {
    return value.text().matches("[0-9]{1,9}");
  }

  /** {@code character_length} is {@code char_length}'s other name. */
  private static String lengthFunction(String function) {
    return function.equals("character_length") ? "char_length" : function;
  }

  /** The operator that keeps {@code a op b} true when written as {@code b op' a}. */
  private static String flip(String op) {
    return switch (op) {
      case "<" -> ">";
      case "<=" -> ">=";
      case ">" -> "<";
      case ">=" -> "<=";
      default -> op; // = and <> are symmetric
    };
  }
}
