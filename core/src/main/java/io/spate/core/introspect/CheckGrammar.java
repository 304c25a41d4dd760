package io.spate.core.introspect;

import io.spate.core.introspect.CheckLexer.Kind;
import io.spate.core.introspect.CheckLexer.Token;
import io.spate.core.introspect.CheckNode.AllOf;
import io.spate.core.introspect.CheckNode.And;
import io.spate.core.introspect.CheckNode.AnyOf;
import io.spate.core.introspect.CheckNode.ArrayOf;
import io.spate.core.introspect.CheckNode.Call;
import io.spate.core.introspect.CheckNode.Clock;
import io.spate.core.introspect.CheckNode.ColumnRef;
import io.spate.core.introspect.CheckNode.Comparison;
import io.spate.core.introspect.CheckNode.CountNulls;
import io.spate.core.introspect.CheckNode.IsNull;
import io.spate.core.introspect.CheckNode.Literal;
import io.spate.core.introspect.CheckNode.Not;
import io.spate.core.introspect.CheckNode.Or;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A recursive-descent parser over the narrow grammar PostgreSQL's deparser emits for CHECK
 * expressions and index key parts, building {@link CheckNode}s from {@link CheckLexer}'s tokens.
 *
 * <p>The deparser parenthesises every operator expression, so the grammar needs little precedence:
 * a disjunction ({@code OR}) of conjunctions ({@code AND}) of negations ({@code NOT}) of
 * predicates, each {@code operand op operand}, {@code operand op ANY|ALL (ARRAY[...])} or {@code
 * operand IS [NOT] NULL}, where an operand is a column, a literal, the clock ({@code now()}, {@code
 * CURRENT_DATE}, ...), a parenthesised expression or a known function of one argument ({@link
 * #LENGTHS}, {@link #CASE_FOLDS}) or {@code num_nulls}/{@code num_nonnulls} of columns, each
 * optionally followed by {@code ::type} casts, which are dropped. {@code LIKE} arrives as the
 * operator {@code ~~} ({@code ILIKE} as {@code ~~*}).
 *
 * <p>MariaDB's and MySQL's {@code CHECK_CLAUSE} texts parse too: backtick-quoted names ({@link
 * CheckLexer}), {@code IN}, {@code BETWEEN}, {@code LIKE}, {@code REGEXP} and {@code !=} as infix
 * words ({@link #mysqlInfix}), {@code current_timestamp()}, {@code curdate()} and {@code
 * _utf8mb4'x'} literals; they bind tighter than {@code NOT}, {@code AND} and {@code OR}, as there.
 *
 * <p>Invariant: anything outside the grammar (another function, a qualified name, arithmetic,
 * {@code IS DISTINCT FROM}, a reserved word as a column, ...) throws {@link NotUnderstood}; a
 * parser is used once, for one text.
 */
final class CheckGrammar {

  static final Set<String> COMPARISONS = Set.of("=", "<>", "<", "<=", ">", ">=");

  /** POSIX regular expression match, case-sensitive and not. */
  static final Set<String> MATCHES = Set.of("~", "~*");

  /** {@code LIKE} and {@code ILIKE}, as the deparser prints them. */
  static final Set<String> LIKES = Set.of("~~", "~~*");

  /** The clock's keywords, each as {@link io.spate.protocol.schema.Check#CLOCKS} spells it. */
  private static final Map<String, String> CLOCK_WORDS =
      Map.of(
          "current_date", "CURRENT_DATE",
          "current_timestamp", "CURRENT_TIMESTAMP",
          "localtimestamp", "LOCALTIMESTAMP");

  /** The clock's functions, of no argument. */
  private static final Set<String> CLOCK_FUNCTIONS =
      Set.of("now", "transaction_timestamp", "statement_timestamp", "clock_timestamp");

  /**
   * Functions of one column the grammar knows: text lengths (for CHECKs), case folding (for
   * indexes).
   */
  static final Set<String> LENGTHS =
      Set.of("length", "char_length", "character_length", "octet_length");

  static final Set<String> CASE_FOLDS = Set.of("lower", "upper");

  /** Words that follow a type's first word inside a cast, e.g. {@code double precision}. */
  private static final Set<String> TYPE_WORDS =
      Set.of("varying", "precision", "with", "without", "time", "zone");

  /** Keywords that can never be a bare column reference. */
  private static final Set<String> RESERVED =
      Set.of(
          "all",
          "and",
          "any",
          "array",
          "between",
          "case",
          "cast",
          "check",
          "collate",
          "current_catalog",
          "current_role",
          "current_schema",
          "current_time", // a time of day: not a bound Spate pins
          "current_user",
          "distinct",
          "else",
          "end",
          "false",
          "in",
          "is",
          "like",
          "localtime",
          "not",
          "null",
          "or",
          "session_user",
          "some",
          "then",
          "true",
          "user",
          "when");

  private final List<Token> tokens;
  private int pos;

  /** A parser over the tokens of {@code text}; throws {@link NotUnderstood} if it has none. */
  CheckGrammar(String text) {
    this.tokens = CheckLexer.tokenize(text);
  }

  /** {@code [CHECK] expression [NOT VALID] [NO INHERIT]}, and nothing after. */
  CheckNode definition() {
    accept(Kind.WORD, "check");
    CheckNode expression = disjunction();
    while (pos < tokens.size()) {
      if (accept(Kind.WORD, "not")) {
        expect(Kind.WORD, "valid");
      } else {
        expect(Kind.WORD, "no");
        expect(Kind.WORD, "inherit");
      }
    }
    return expression;
  }

  /** {@code conjunction (OR conjunction)*}. */
  private CheckNode disjunction() {
    List<CheckNode> operands = new ArrayList<>(List.of(conjunction()));
    while (accept(Kind.WORD, "or")) {
      operands.add(conjunction());
    }
    return operands.size() == 1 ? operands.getFirst() : new Or(operands);
  }

  /** {@code negation (AND negation)*}. */
  private CheckNode conjunction() {
    List<CheckNode> operands = new ArrayList<>(List.of(negation()));
    while (accept(Kind.WORD, "and")) {
      operands.add(negation());
    }
    return operands.size() == 1 ? operands.getFirst() : new And(operands);
  }

  /** {@code NOT negation | comparison}. */
  private CheckNode negation() {
    return accept(Kind.WORD, "not") ? new Not(negation()) : comparison();
  }

  /**
   * {@code operand [IS [NOT] (NULL | TRUE | FALSE) | op (operand | ANY operand | ALL operand)]}.
   * {@code x IS TRUE} is {@code x = true AND x IS NOT NULL}, {@code x IS NOT TRUE} is {@code x =
   * false OR x IS NULL} (and so for false).
   */
  private CheckNode comparison() {
    CheckNode left = operand();
    if (accept(Kind.WORD, "is")) {
      boolean negated = accept(Kind.WORD, "not");
      for (String truth : List.of("true", "false")) {
        if (accept(Kind.WORD, truth)) {
          String other = truth.equals("true") ? "false" : "true";
          return negated
              ? new Or(
                  List.of(
                      new Comparison(left, "=", new Literal(other, false)),
                      new IsNull(left, false)))
              : new And(
                  List.of(
                      new Comparison(left, "=", new Literal(truth, false)),
                      new IsNull(left, true)));
        }
      }
      expect(Kind.WORD, "null");
      return new IsNull(left, negated);
    }
    CheckNode infix = mysqlInfix(left);
    if (infix != null) {
      return infix;
    }
    Token next = peek();
    if (next != null && next.is(Kind.SYMBOL, "!=")) {
      pos++;
      return new Comparison(left, "<>", operand());
    }
    if (next == null
        || next.kind() != Kind.SYMBOL
        || !(COMPARISONS.contains(next.text())
            || MATCHES.contains(next.text())
            || LIKES.contains(next.text()))) {
      return left;
    }
    pos++;
    if (accept(Kind.WORD, "any")) {
      return new AnyOf(left, next.text(), operand());
    }
    if (accept(Kind.WORD, "all")) {
      return new AllOf(left, next.text(), operand());
    }
    return new Comparison(left, next.text(), operand());
  }

  /**
   * The infix forms MariaDB and MySQL print where PostgreSQL's deparser prints operators: {@code
   * [NOT] IN (list)} as {@code = ANY} ({@code <> ALL}), {@code [NOT] BETWEEN lo AND hi} as two
   * comparisons, {@code [NOT] LIKE} as {@code ~~} and {@code REGEXP}/{@code RLIKE} as {@code ~};
   * null when none follows {@code left}.
   */
  private CheckNode mysqlInfix(CheckNode left) {
    int start = pos;
    boolean negated = accept(Kind.WORD, "not");
    CheckNode node;
    if (accept(Kind.WORD, "in")) {
      expect(Kind.SYMBOL, "(");
      List<CheckNode> elements = new ArrayList<>(List.of(operand()));
      while (accept(Kind.SYMBOL, ",")) {
        elements.add(operand());
      }
      expect(Kind.SYMBOL, ")");
      ArrayOf list = new ArrayOf(elements);
      return negated ? new AllOf(left, "<>", list) : new AnyOf(left, "=", list);
    } else if (accept(Kind.WORD, "between")) {
      CheckNode lo = operand();
      expect(Kind.WORD, "and");
      CheckNode hi = operand();
      node = new And(List.of(new Comparison(left, ">=", lo), new Comparison(left, "<=", hi)));
    } else if (accept(Kind.WORD, "like")) {
      node = new Comparison(left, "~~", operand());
    } else if (accept(Kind.WORD, "regexp") || accept(Kind.WORD, "rlike")) {
      node = new Comparison(left, "~", operand());
    } else {
      pos = start;
      return null;
    }
    return negated ? new Not(node) : node;
  }

  /** {@code primary (:: type)*}; casts are dropped. */
  CheckNode operand() {
    CheckNode node = primary();
    while (accept(Kind.SYMBOL, "::")) {
      skipType();
    }
    return node;
  }

  private CheckNode primary() {
    Token token = next();
    return switch (token.kind()) {
      case STRING -> new Literal(token.text(), true);
      case NUMBER -> new Literal(token.text());
      case NAME -> columnRef(token.text());
      case SYMBOL -> symbolPrimary(token.text());
      case WORD -> wordPrimary(token.text());
    };
  }

  /** A parenthesised expression or a negative number. */
  private CheckNode symbolPrimary(String symbol) {
    if (symbol.equals("(")) {
      CheckNode inner = disjunction();
      expect(Kind.SYMBOL, ")");
      return inner;
    }
    if (symbol.equals("-") && peekIs(Kind.NUMBER)) {
      return new Literal("-" + next().text());
    }
    throw new NotUnderstood();
  }

  /** A boolean literal, the clock, {@code ARRAY[...]} or a column. */
  private CheckNode wordPrimary(String text) {
    String word = text.toLowerCase(Locale.ROOT);
    if (word.equals("true") || word.equals("false")) {
      return new Literal(word);
    }
    if (CLOCK_WORDS.containsKey(word)) {
      if (accept(Kind.SYMBOL, "(")) { // a precision, CURRENT_TIMESTAMP(3); MariaDB's ()
        accept(Kind.NUMBER, null);
        expect(Kind.SYMBOL, ")");
      }
      return new Clock(CLOCK_WORDS.get(word));
    }
    if (CLOCK_FUNCTIONS.contains(word) && accept(Kind.SYMBOL, "(")) {
      expect(Kind.SYMBOL, ")");
      return new Clock(word + "()");
    }
    if (word.equals("array") && accept(Kind.SYMBOL, "[")) {
      List<CheckNode> elements = new ArrayList<>(List.of(operand()));
      while (accept(Kind.SYMBOL, ",")) {
        elements.add(operand());
      }
      expect(Kind.SYMBOL, "]");
      return new ArrayOf(elements);
    }
    if (word.equals("curdate") && accept(Kind.SYMBOL, "(")) { // MySQL's CURRENT_DATE
      expect(Kind.SYMBOL, ")");
      return new Clock("CURRENT_DATE");
    }
    if (word.startsWith("_") && peekIs(Kind.STRING)) { // MySQL's character set introducer
      return new Literal(next().text(), true);
    }
    if (word.equals("case") && peekIs(Kind.WORD, "when")) {
      return searchedCase();
    }
    if (RESERVED.contains(word)) {
      throw new NotUnderstood();
    }
    if ((word.equals("num_nulls") || word.equals("num_nonnulls")) && accept(Kind.SYMBOL, "(")) {
      List<String> columns = new ArrayList<>();
      do {
        if (!(operand() instanceof ColumnRef column)) {
          throw new NotUnderstood();
        }
        columns.add(column.name());
      } while (accept(Kind.SYMBOL, ","));
      expect(Kind.SYMBOL, ")");
      return new CountNulls(word.equals("num_nulls"), columns);
    }
    if ((LENGTHS.contains(word) || CASE_FOLDS.contains(word)) && accept(Kind.SYMBOL, "(")) {
      CheckNode argument = disjunction();
      expect(Kind.SYMBOL, ")");
      return new Call(word, argument);
    }
    return columnRef(text);
  }

  /**
   * A searched {@code CASE WHEN c1 THEN r1 [WHEN c2 THEN r2 ...] ELSE e END} of predicates, read as
   * the disjunction of its branches: {@code (c1 AND r1) OR (NOT c1 AND c2 AND r2) OR ... OR (NOT c1
   * AND NOT c2 ... AND e)}. A row satisfying a branch with its conditions true or false (not NULL)
   * satisfies the CASE, so the reading is never looser than the CHECK. One with no ELSE (NULL,
   * which a CHECK passes) is not read.
   */
  private CheckNode searchedCase() {
    List<CheckNode> branches = new ArrayList<>();
    List<CheckNode> earlier = new ArrayList<>();
    while (accept(Kind.WORD, "when")) {
      CheckNode condition = disjunction();
      expect(Kind.WORD, "then");
      List<CheckNode> branch = new ArrayList<>(earlier);
      branch.add(condition);
      branch.add(disjunction());
      branches.add(new And(branch));
      earlier.add(new Not(condition));
    }
    expect(Kind.WORD, "else");
    List<CheckNode> otherwise = new ArrayList<>(earlier);
    otherwise.add(disjunction());
    branches.add(new And(otherwise));
    expect(Kind.WORD, "end");
    return new Or(branches);
  }

  /** A column, unless it is really a function call or a qualified name. */
  private CheckNode columnRef(String name) {
    if (peekIs(Kind.SYMBOL, "(") || peekIs(Kind.SYMBOL, ".")) {
      throw new NotUnderstood();
    }
    return new ColumnRef(name);
  }

  /**
   * Skips a type name after {@code ::}: possibly qualified, several words ({@code timestamp without
   * time zone}), a modifier ({@code (10)}) and array brackets ({@code []}).
   */
  private void skipType() {
    Token first = next();
    if (first.kind() != Kind.WORD && first.kind() != Kind.NAME) {
      throw new NotUnderstood();
    }
    while (accept(Kind.SYMBOL, ".")) {
      next();
    }
    while (true) {
      Token token = peek();
      if (token == null) {
        return;
      }
      if (token.kind() == Kind.WORD && TYPE_WORDS.contains(token.text().toLowerCase(Locale.ROOT))) {
        pos++;
      } else if (token.is(Kind.SYMBOL, "(")) {
        pos++;
        while (!accept(Kind.SYMBOL, ")")) {
          Token modifier = next();
          if (modifier.kind() != Kind.NUMBER && !modifier.is(Kind.SYMBOL, ",")) {
            throw new NotUnderstood();
          }
        }
      } else if (token.is(Kind.SYMBOL, "[")) {
        pos++;
        accept(Kind.NUMBER, null);
        expect(Kind.SYMBOL, "]");
      } else {
        return;
      }
    }
  }

  boolean atEnd() {
    return pos >= tokens.size();
  }

  private Token peek() {
    return pos < tokens.size() ? tokens.get(pos) : null;
  }

  private boolean peekIs(Kind kind) {
    Token token = peek();
    return token != null && token.kind() == kind;
  }

  private boolean peekIs(Kind kind, String text) {
    Token token = peek();
    return token != null && token.is(kind, text);
  }

  private Token next() {
    if (pos >= tokens.size()) {
      throw new NotUnderstood();
    }
    return tokens.get(pos++);
  }

  /** Consumes the next token if it matches; a null text matches any token of the kind. */
  private boolean accept(Kind kind, String text) {
    if (text == null ? peekIs(kind) : peekIs(kind, text)) {
      pos++;
      return true;
    }
    return false;
  }

  private void expect(Kind kind, String text) {
    if (!accept(kind, text)) {
      throw new NotUnderstood();
    }
  }
}
