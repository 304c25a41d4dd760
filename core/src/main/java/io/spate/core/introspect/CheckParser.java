package io.spate.core.introspect;

import static io.spate.core.introspect.CheckGrammar.CASE_FOLDS;
import static io.spate.core.introspect.CheckGrammar.COMPARISONS;
import static io.spate.core.introspect.CheckGrammar.LENGTHS;
import static io.spate.core.introspect.CheckGrammar.LIKES;
import static io.spate.core.introspect.CheckGrammar.MATCHES;

import io.spate.core.introspect.CheckNode.AllOf;
import io.spate.core.introspect.CheckNode.And;
import io.spate.core.introspect.CheckNode.AnyOf;
import io.spate.core.introspect.CheckNode.ArrayOf;
import io.spate.core.introspect.CheckNode.Call;
import io.spate.core.introspect.CheckNode.Clock;
import io.spate.core.introspect.CheckNode.ColumnRef;
import io.spate.core.introspect.CheckNode.Comparison;
import io.spate.core.introspect.CheckNode.IsNull;
import io.spate.core.introspect.CheckNode.Literal;
import io.spate.core.introspect.CheckNode.Not;
import io.spate.core.introspect.CheckNode.Or;
import io.spate.protocol.schema.Check;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Turns the text {@code pg_get_constraintdef} prints for a CHECK constraint into {@link Check}s,
 * and tells which column an index key part stands for.
 *
 * <p>Design: a small tokenizer ({@link CheckLexer}) and a recursive-descent parser ({@link
 * CheckGrammar}) over the narrow grammar PostgreSQL's deparser emits, rather than regular
 * expressions; this class maps the resulting tree to checks. {@code BETWEEN} and {@code IN} need no
 * rules of their own: PostgreSQL prints them as {@code (c >= lo) AND (c <= hi)} and {@code c = ANY
 * (ARRAY[...])}. Besides comparisons with a literal, the clock or another column, more shapes: a
 * length function of a column compared with an integer ({@code length(code) = 8}), a column matched
 * against a pattern ({@code code ~ '^[A-Z]+$'}, {@code ~*} ignoring case; {@code LIKE} becomes such
 * a pattern), a list or literal compared with {@code upper(col)} or {@code lower(col)} (the values
 * the fold leaves as they are), and {@code col IS NOT NULL}.
 *
 * <p>A CHECK passes unless its expression is false, so a reading that keeps one way of making it
 * true is enough. {@code NOT} is pushed inward first (De Morgan, operators inverted, which holds in
 * SQL's three-valued logic too), {@code (a IS NULL) = (b IS NULL)} becomes {@code (a IS NULL AND b
 * IS NULL) OR (a IS NOT NULL AND b IS NOT NULL)}; then a disjunction of equalities on one column
 * becomes one list, and any other disjunction is read as its first branch Spate can keep. Read
 * alone, a branch that needs a column NULL ({@code x IS NULL}) is never chosen (where the readings
 * alone of a table's CHECKs conflict, {@link CheckChoices} may): NULLs come anyway from a nullable
 * column's NULL ratio, and a NULL makes the other branch unknown, which passes. So {@code (end_at
 * >= start_at) OR (end_at IS NULL)} reads as {@code end_at >= start_at}. A CHECK every way of
 * satisfying which needs some column NULL stays unread here; {@link NullRules} reads it for the
 * planner, which writes those columns NULL.
 *
 * <p>All or nothing: if any part of the expression Spate must keep falls outside the grammar (a
 * function call, arithmetic, {@code !~}, ...) and no branch of a disjunction avoids it, the whole
 * constraint becomes one {@link Check.Unparsed}, so a partially understood constraint is never
 * mistaken for a fully honoured one.
 */
public final class CheckParser {

  /** The comparisons that bound a value from one side, as the clock may. */
  private static final Set<String> ORDERINGS = Set.of("<", "<=", ">", ">=");

  private CheckParser() {}

  /**
   * What one CHECK constraint asks, as Spate keeps it.
   *
   * @param checks one check per conjunct of the reading, or a single {@link Check.Unparsed}
   * @param notNull the columns the reading needs never NULL ({@code col IS NOT NULL})
   */
  public record Reading(List<Check> checks, List<String> notNull) {
    public Reading {
      checks = List.copyOf(checks);
      notNull = List.copyOf(notNull);
    }
  }

  /**
   * One way of satisfying a CHECK: what it asks of the values, the columns it needs non-NULL, and
   * those it needs NULL. Only {@link CheckChoices} weighs branches that need NULLs.
   */
  public record Branch(List<Check> checks, Set<String> notNull, Set<String> nulls) {
    public Branch {
      checks = List.copyOf(checks);
      notNull = Set.copyOf(notNull);
      nulls = Set.copyOf(nulls);
    }

    /** Both at once, or null when one needs NULL a column the other needs non-NULL. */
    Branch and(Branch other) {
      Set<String> bothNulls = new LinkedHashSet<>(nulls);
      bothNulls.addAll(other.nulls);
      Set<String> bothNotNull = new LinkedHashSet<>(notNull);
      bothNotNull.addAll(other.notNull);
      if (bothNulls.stream().anyMatch(bothNotNull::contains)) {
        return null;
      }
      List<Check> bothChecks = new ArrayList<>(checks);
      bothChecks.addAll(other.checks);
      return new Branch(bothChecks, bothNotNull, bothNulls);
    }
  }

  /** The most branches one CHECK is read into ({@link #branches}); the rest are not weighed. */
  private static final int MOST_BRANCHES = 64;

  /**
   * Every way of satisfying a CHECK the grammar reads, in the order its disjunctions list them;
   * empty when it reads none. A disjunction of equalities on one column stays one list.
   */
  public static List<Branch> branches(String constraintName, String definition) {
    try {
      return alternatives(
          constraintName, pushNot(new CheckGrammar(definition).definition(), false));
    } catch (NotUnderstood e) {
      return List.of();
    }
  }

  private static List<Branch> alternatives(String name, CheckNode node) {
    return switch (node) {
      case And(List<CheckNode> operands) -> {
        List<Branch> all = List.of(new Branch(List.of(), Set.of(), Set.of()));
        for (CheckNode operand : operands) {
          List<Branch> right = alternatives(name, operand);
          List<Branch> next = new ArrayList<>();
          for (Branch left : all) {
            for (Branch r : right) {
              Branch both = left.and(r);
              if (both != null && next.size() < MOST_BRANCHES) {
                next.add(both);
              }
            }
          }
          all = next;
        }
        yield all;
      }
      case Or(List<CheckNode> operands) -> {
        Check list = oneList(name, operands);
        if (list != null) {
          yield List.of(new Branch(List.of(list), Set.of(), Set.of()));
        }
        List<Branch> any = new ArrayList<>();
        for (CheckNode operand : operands) {
          try {
            any.addAll(alternatives(name, operand));
          } catch (NotUnderstood e) {
            // another branch may be read
          }
        }
        if (any.isEmpty()) {
          throw new NotUnderstood();
        }
        yield any.subList(0, Math.min(any.size(), MOST_BRANCHES));
      }
      case IsNull(ColumnRef column, boolean negated) ->
          List.of(
              negated
                  ? new Branch(List.of(), Set.of(column.name()), Set.of())
                  : new Branch(List.of(), Set.of(), Set.of(column.name())));
      default -> {
        List<Check> checks = new ArrayList<>();
        Set<String> notNull = new LinkedHashSet<>();
        read(name, node, checks, notNull);
        yield List.of(new Branch(checks, notNull, Set.of()));
      }
    };
  }

  /**
   * Parses one CHECK constraint.
   *
   * @param constraintName the name every resulting check carries
   * @param definition the constraint as {@code pg_get_constraintdef} prints it, e.g. {@code CHECK
   *     ((x > 0))}; a trailing {@code NOT VALID} or {@code NO INHERIT} is accepted
   * @param mentionedColumns the columns the constraint mentions, for the unparsed fallback
   */
  public static Reading parse(
      String constraintName, String definition, List<String> mentionedColumns) {
    try {
      CheckNode root = pushNot(new CheckGrammar(definition).definition(), false);
      List<Check> checks = new ArrayList<>();
      Set<String> notNull = new LinkedHashSet<>();
      read(constraintName, root, checks, notNull);
      return new Reading(checks, List.copyOf(notNull));
    } catch (NotUnderstood e) {
      return new Reading(
          List.of(new Check.Unparsed(constraintName, mentionedColumns, definition)), List.of());
    }
  }

  /**
   * The column one key part of a unique index stands for: the part itself when it is a column,
   * {@code col} for {@code lower(col)} or {@code upper(col)} (casts allowed), else null.
   *
   * @param expression the key part as {@code pg_get_indexdef(index, n, true)} prints it
   */
  public static String indexKeyColumn(String expression) {
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

  /**
   * The node with every {@code NOT} pushed down to the predicates (negated when {@code negated}),
   * and every equality between two predicates expanded into a disjunction.
   */
  public static CheckNode pushNot(CheckNode node, boolean negated) {
    return switch (node) {
      case Not(CheckNode operand) -> pushNot(operand, !negated);
      case And(List<CheckNode> operands) -> {
        List<CheckNode> pushed = operands.stream().map(o -> pushNot(o, negated)).toList();
        yield negated ? new Or(pushed) : new And(pushed);
      }
      case Or(List<CheckNode> operands) -> {
        List<CheckNode> pushed = operands.stream().map(o -> pushNot(o, negated)).toList();
        yield negated ? new And(pushed) : new Or(pushed);
      }
      case IsNull(CheckNode operand, boolean not) -> new IsNull(operand, not != negated);
      case Comparison(CheckNode left, String op, CheckNode right)
          when isPredicate(left) && isPredicate(right) && (op.equals("=") || op.equals("<>")) -> {
        // a = b is (a AND b) OR (NOT a AND NOT b); a <> b is (a AND NOT b) OR (NOT a AND b)
        boolean same = op.equals("=") != negated;
        yield new Or(
            List.of(
                new And(List.of(pushNot(left, false), pushNot(right, !same))),
                new And(List.of(pushNot(left, true), pushNot(right, same)))));
      }
      case Comparison(CheckNode left, String op, CheckNode right)
          when negated && COMPARISONS.contains(op) ->
          new Comparison(left, inverse(op), right);
      case AnyOf(CheckNode left, String op, CheckNode array)
          when negated && COMPARISONS.contains(op) ->
          new AllOf(left, inverse(op), array);
      case AllOf(CheckNode left, String op, CheckNode array)
          when negated && COMPARISONS.contains(op) ->
          new AnyOf(left, inverse(op), array);
      default -> {
        if (negated) {
          throw new NotUnderstood(); // NOT LIKE, NOT of a column
        }
        yield node;
      }
    };
  }

  private static boolean isPredicate(CheckNode node) {
    return node instanceof IsNull
        || node instanceof Comparison
        || node instanceof AnyOf
        || node instanceof AllOf
        || node instanceof Not
        || node instanceof And
        || node instanceof Or;
  }

  /**
   * Adds to {@code checks} and {@code notNull} what keeps {@code node} from being false: every
   * operand of a conjunction, a disjunction's equalities on one column as one list, else its first
   * branch that can be read.
   */
  private static void read(String name, CheckNode node, List<Check> checks, Set<String> notNull) {
    switch (node) {
      case And(List<CheckNode> operands) ->
          operands.forEach(operand -> read(name, operand, checks, notNull));
      case Or(List<CheckNode> operands) -> {
        Check list = oneList(name, operands);
        if (list != null) {
          checks.add(list);
          return;
        }
        for (CheckNode branch : operands) {
          List<Check> branchChecks = new ArrayList<>();
          Set<String> branchNotNull = new LinkedHashSet<>();
          try {
            read(name, branch, branchChecks, branchNotNull);
          } catch (NotUnderstood e) {
            continue; // try the next branch
          }
          checks.addAll(branchChecks);
          notNull.addAll(branchNotNull);
          return;
        }
        throw new NotUnderstood();
      }
      case IsNull(ColumnRef column, boolean negated) when negated -> notNull.add(column.name());
      case AllOf(ColumnRef column, String op, ArrayOf array)
          when op.equals("<>") && array.elements().stream().allMatch(e -> e instanceof Literal) ->
          array // NOT IN: each value excluded
              .elements()
              .forEach(
                  e ->
                      checks.add(
                          new Check.CompareLiteral(
                              name, column.name(), "<>", ((Literal) e).text())));
      default -> checks.add(toCheck(name, node));
    }
  }

  /**
   * The branches as one list when each is an equality or a list on the same column ({@code (p = 1)
   * OR (p = 2)}), else null.
   */
  private static Check oneList(String name, List<CheckNode> branches) {
    String column = null;
    List<String> values = new ArrayList<>();
    for (CheckNode branch : branches) {
      Check check;
      try {
        check =
            branch instanceof Comparison || branch instanceof AnyOf ? toCheck(name, branch) : null;
      } catch (NotUnderstood e) {
        return null;
      }
      String on;
      switch (check) {
        case Check.CompareLiteral cmp when cmp.op().equals("=") -> {
          on = cmp.column();
          values.add(cmp.literal());
        }
        case Check.InList in -> {
          on = in.column();
          values.addAll(in.values());
        }
        case null, default -> {
          return null;
        }
      }
      if (column != null && !column.equals(on)) {
        return null;
      }
      column = on;
    }
    return new Check.InList(name, column, values.stream().distinct().toList());
  }

  private static Check toCheck(String name, CheckNode node) {
    return switch (node) {
      case Comparison(ColumnRef column, String op, Literal pattern)
          when MATCHES.contains(op) && pattern.string() ->
          new Check.Matches(name, column.name(), pattern.text(), op.equals("~*"));
      case Comparison(ColumnRef column, String op, Literal pattern)
          when LIKES.contains(op) && pattern.string() ->
          new Check.Matches(name, column.name(), likePattern(pattern.text()), op.equals("~~*"));
      case Comparison(ColumnRef column, String op, Clock clock) when ORDERINGS.contains(op) ->
          new Check.CompareLiteral(name, column.name(), op, clock.text());
      case Comparison(Clock clock, String op, ColumnRef column) when ORDERINGS.contains(op) ->
          new Check.CompareLiteral(name, column.name(), flip(op), clock.text());
      case Comparison(Call(String function, ColumnRef column), String op, Literal value)
          when CASE_FOLDS.contains(function) && op.equals("=") && value.string() ->
          new Check.CompareLiteral(
              name, column.name(), "=", unfolded(function, List.of(value.text())).getFirst());
      case AnyOf(Call(String function, ColumnRef column), String op, ArrayOf array)
          when CASE_FOLDS.contains(function)
              && op.equals("=")
              && array.elements().stream().allMatch(e -> e instanceof Literal l && l.string()) ->
          new Check.InList(
              name,
              column.name(),
              unfolded(
                  function, array.elements().stream().map(e -> ((Literal) e).text()).toList()));
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
      case AnyOf(ColumnRef column, String op, Literal array)
          when op.equals("=") && array.string() && arrayLiteral(array.text()) != null ->
          new Check.InList(name, column.name(), arrayLiteral(array.text()));
      default -> throw new NotUnderstood();
    };
  }

  /**
   * The elements of a one-dimensional array literal ({@code '{BLOCK,ALLOW}'::text[]}, elements
   * double-quoted where they need it), or null for another text or one holding a NULL.
   */
  public static List<String> arrayLiteral(String text) {
    if (text.length() < 2 || text.charAt(0) != '{' || text.charAt(text.length() - 1) != '}') {
      return null;
    }
    List<String> elements = new ArrayList<>();
    String body = text.substring(1, text.length() - 1);
    int i = 0;
    while (i < body.length()) {
      StringBuilder element = new StringBuilder();
      if (body.charAt(i) == '"') {
        for (i++; i < body.length() && body.charAt(i) != '"'; i++) {
          element.append(body.charAt(i) == '\\' ? body.charAt(++i) : body.charAt(i));
        }
        i++; // the closing quote
      } else {
        for (; i < body.length() && body.charAt(i) != ','; i++) {
          if ("{}\"\\".indexOf(body.charAt(i)) >= 0) {
            return null; // nested, or quoting Spate does not read
          }
          element.append(body.charAt(i));
        }
        if (element.toString().equalsIgnoreCase("null")) {
          return null;
        }
      }
      elements.add(element.toString());
      if (i < body.length() && body.charAt(i) != ',') {
        return null;
      }
      i++; // the comma
    }
    return elements.isEmpty() ? null : elements;
  }

  /**
   * The values {@code upper} (or {@code lower}) leaves as they are: written as they are, they
   * satisfy {@code upper(col) = value}; the others never could be written as they are.
   */
  private static List<String> unfolded(String function, List<String> values) {
    List<String> kept =
        values.stream()
            .filter(
                v ->
                    v.equals(
                        function.equals("upper")
                            ? v.toUpperCase(Locale.ROOT)
                            : v.toLowerCase(Locale.ROOT)))
            .toList();
    if (kept.isEmpty()) {
      throw new NotUnderstood();
    }
    return kept;
  }

  /**
   * A {@code LIKE} pattern as the regular expression {@link Check.Matches} carries: anchored,
   * {@code %} any run, {@code _} any character, {@code \} escaping the next, every other character
   * literal (punctuation escaped).
   */
  public static String likePattern(String like) {
    StringBuilder regex = new StringBuilder("^");
    for (int i = 0; i < like.length(); i++) {
      char c = like.charAt(i);
      if (c == '\\' && i + 1 < like.length()) {
        literal(regex, like.charAt(++i));
      } else if (c == '%') {
        regex.append(".*");
      } else if (c == '_') {
        regex.append('.');
      } else {
        literal(regex, c);
      }
    }
    return regex.append('$').toString();
  }

  private static void literal(StringBuilder regex, char c) {
    if (".[]{}()*+?^$|\\".indexOf(c) >= 0) {
      regex.append('\\');
    }
    regex.append(c);
  }

  /** The operator that is true exactly where {@code op} is false (NULLs aside). */
  private static String inverse(String op) {
    return switch (op) {
      case "=" -> "<>";
      case "<>" -> "=";
      case "<" -> ">=";
      case "<=" -> ">";
      case ">" -> "<=";
      default -> "<"; // >=
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
  public static String flip(String op) {
    return switch (op) {
      case "<" -> ">";
      case "<=" -> ">=";
      case ">" -> "<";
      case ">=" -> "<=";
      default -> op; // = and <> are symmetric
    };
  }
}
