package io.spate.core.introspect;

import io.spate.core.introspect.CheckNode.And;
import io.spate.core.introspect.CheckNode.ColumnRef;
import io.spate.core.introspect.CheckNode.Comparison;
import io.spate.core.introspect.CheckNode.CountNulls;
import io.spate.core.introspect.CheckNode.IsNull;
import io.spate.core.introspect.CheckNode.Literal;
import io.spate.core.introspect.CheckNode.Or;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Reads a CHECK that {@link CheckParser} leaves unread because every way of satisfying it needs
 * some column NULL: {@code (a IS NULL) <> (b IS NULL)}, {@code (a IS NULL) OR (b IS NULL)}, {@code
 * num_nonnulls(a, b, c) <= 1} (a polymorphic association), {@code num_nulls(...) >= k - 1}.
 *
 * <p>The expression must be made only of {@code col IS [NOT] NULL} (under {@code AND}, {@code OR},
 * {@code NOT}, {@code =} and {@code <>} between them) and {@code num_nulls}/{@code num_nonnulls} of
 * columns compared with an integer. It is read as alternatives, each a set of columns written
 * always NULL and a set kept non-NULL; the first alternative whose NULL columns are all nullable is
 * kept. A count {@code num_nonnulls(c1..ck)} between {@code lo} and {@code hi} keeps {@code
 * c1..c_lo} non-NULL, leaves {@code c_lo+1..c_hi} as they are and writes the rest NULL:
 * deterministic and simple, at the cost of variety (the same columns carry values on every row).
 */
public final class NullRules {

  /**
   * What one such CHECK asks.
   *
   * @param nulls the columns written always NULL
   * @param notNull the columns that must never be NULL
   */
  public record NullRule(List<String> nulls, List<String> notNull) {
    public NullRule {
      nulls = List.copyOf(nulls);
      notNull = List.copyOf(notNull);
    }
  }

  private NullRules() {}

  /**
   * The rule of a CHECK, or null when it is not such a form or no alternative fits.
   *
   * @param definition the CHECK as {@code pg_get_constraintdef} prints it
   * @param nullable whether a column may be NULL (not NOT NULL, not in the primary key)
   */
  public static NullRule read(String definition, Predicate<String> nullable) {
    try {
      CheckNode root = CheckParser.pushNot(new CheckGrammar(definition).definition(), false);
      for (NullRule rule : alternatives(root)) {
        if (rule.nulls().stream().allMatch(nullable)) {
          return rule;
        }
      }
      return null;
    } catch (NotUnderstood e) {
      return null;
    }
  }

  private static List<NullRule> alternatives(CheckNode node) {
    return switch (node) {
      case IsNull(ColumnRef column, boolean negated) ->
          List.of(
              negated
                  ? new NullRule(List.of(), List.of(column.name()))
                  : new NullRule(List.of(column.name()), List.of()));
      case Or(List<CheckNode> operands) ->
          operands.stream().flatMap(o -> alternatives(o).stream()).toList();
      case And(List<CheckNode> operands) -> {
        List<NullRule> all = List.of(new NullRule(List.of(), List.of()));
        for (CheckNode operand : operands) {
          List<NullRule> next = new ArrayList<>();
          for (NullRule left : all) {
            for (NullRule right : alternatives(operand)) {
              NullRule both = both(left, right);
              if (both != null) {
                next.add(both);
              }
            }
          }
          all = next;
        }
        yield all;
      }
      case Comparison(CountNulls count, String op, Literal n) -> List.of(count(count, op, n));
      case Comparison(Literal n, String op, CountNulls count) ->
          List.of(count(count, CheckParser.flip(op), n));
      default -> throw new NotUnderstood();
    };
  }

  /** Both rules at once, or null when one needs NULL a column the other needs non-NULL. */
  private static NullRule both(NullRule a, NullRule b) {
    Set<String> nulls = new LinkedHashSet<>(a.nulls());
    nulls.addAll(b.nulls());
    Set<String> notNull = new LinkedHashSet<>(a.notNull());
    notNull.addAll(b.notNull());
    return nulls.stream().anyMatch(notNull::contains)
        ? null
        : new NullRule(List.copyOf(nulls), List.copyOf(notNull));
  }

  /** {@code count op n}: the first columns non-NULL as the bounds need, the rest NULL. */
  private static NullRule count(CountNulls count, String op, Literal n) {
    if (!n.text().matches("[0-9]{1,9}")) {
      throw new NotUnderstood();
    }
    int k = count.columns().size();
    int value = Integer.parseInt(n.text());
    // bounds on the number of NULLs or non-NULLs, then on non-NULLs
    int lo =
        switch (op) {
          case "=", ">=" -> value;
          case ">" -> value + 1;
          case "<", "<=" -> 0;
          default -> throw new NotUnderstood(); // <>
        };
    int hi =
        switch (op) {
          case "=", "<=" -> value;
          case "<" -> value - 1;
          default -> k;
        };
    if (count.nulls()) {
      int nonNullLo = k - hi;
      hi = k - lo;
      lo = nonNullLo;
    }
    lo = Math.max(lo, 0);
    hi = Math.min(hi, k);
    if (lo > hi) {
      throw new NotUnderstood();
    }
    List<String> columns = count.columns();
    return new NullRule(columns.subList(hi, k), columns.subList(0, lo));
  }
}
