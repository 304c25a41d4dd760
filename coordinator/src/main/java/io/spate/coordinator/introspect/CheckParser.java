package io.spate.coordinator.introspect;

import io.spate.protocol.schema.Check;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Turns the text {@code pg_get_constraintdef} prints for a CHECK constraint into {@link Check}s.
 *
 * <p>Design: a small tokenizer and a recursive-descent parser over the narrow grammar PostgreSQL's
 * deparser emits, rather than regular expressions. The deparser parenthesises every operator
 * expression, so the grammar needs no precedence: a conjunction ({@code AND}) of comparisons, each
 * either {@code operand op operand} or {@code operand = ANY (ARRAY[...])}, where an operand is a
 * column, a literal or a parenthesised expression, each optionally followed by {@code ::type}
 * casts, which are dropped. {@code BETWEEN} and {@code IN} need no rules of their own: PostgreSQL
 * prints them as {@code (c >= lo) AND (c <= hi)} and {@code c = ANY (ARRAY[...])}. Two more shapes:
 * a length function of a column compared with an integer ({@code length(code) = 8}), and a column
 * matched against a pattern ({@code code ~ '^[A-Z]+$'}, {@code ~*} ignoring case).
 *
 * <p>All or nothing: if any part of the expression falls outside the grammar (a function call,
 * arithmetic, {@code OR}, {@code IS NULL}, {@code !~}, ...) the whole constraint becomes one {@link
 * Check.Unparsed}, so a partially understood constraint is never mistaken for a fully honoured one.
 */
public final class CheckParser {

  private static final Set<String> COMPARISONS = Set.of("=", "<>", "<", "<=", ">", ">=");

  /** POSIX regular expression match, case-sensitive and not. */
  private static final Set<String> MATCHES = Set.of("~", "~*");

  /**
   * Functions of one column the grammar knows: text lengths (for CHECKs), case folding (for
   * indexes).
   */
  private static final Set<String> LENGTHS =
      Set.of("length", "char_length", "character_length", "octet_length");

  private static final Set<String> CASE_FOLDS = Set.of("lower", "upper");

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
          "distinct",
          "else",
          "end",
          "false",
          "in",
          "is",
          "like",
          "not",
          "null",
          "or",
          "some",
          "then",
          "true",
          "when");

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
  public static List<Check> parse(
      String constraintName, String definition, List<String> mentionedColumns) {
    try {
      Node root = new Parser(tokenize(definition)).definition();
      List<Node> conjuncts = new ArrayList<>();
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
  public static String indexKeyColumn(String expression) {
    try {
      Parser parser = new Parser(tokenize(expression));
      Node node = parser.operand();
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

  private static void flattenAnd(Node node, List<Node> out) {
    if (node instanceof And and) {
      and.operands().forEach(operand -> flattenAnd(operand, out));
    } else {
      out.add(node);
    }
  }

  private static Check toCheck(String name, Node node) {
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

  // ---- syntax tree: only the shapes the grammar can produce ----

  private sealed interface Node {}

  private record ColumnRef(String name) implements Node {}

  /**
   * A literal's text without quotes, casts or escape doubling; {@code string} when it was quoted.
   */
  private record Literal(String text, boolean string) implements Node {
    Literal(String text) {
      this(text, false);
    }
  }

  /** A function of one argument, its name in lower case. */
  private record Call(String function, Node argument) implements Node {}

  private record ArrayOf(List<Node> elements) implements Node {}

  private record Comparison(Node left, String op, Node right) implements Node {}

  private record AnyOf(Node left, String op, Node array) implements Node {}

  private record And(List<Node> operands) implements Node {}

  /** Thrown anywhere outside the grammar; caught once in {@link #parse}. */
  private static final class NotUnderstood extends RuntimeException {
    NotUnderstood() {
      super(null, null, false, false);
    }
  }

  // ---- tokenizer ----

  private enum Kind {
    WORD, // unquoted identifier or keyword
    NAME, // quoted identifier, unescaped
    STRING, // string literal, unescaped
    NUMBER,
    SYMBOL // punctuation or operator
  }

  private record Token(Kind kind, String text) {
    boolean is(Kind k, String t) {
      return kind == k && (k == Kind.WORD ? text.equalsIgnoreCase(t) : text.equals(t));
    }
  }

  private static List<Token> tokenize(String s) {
    List<Token> tokens = new ArrayList<>();
    int i = 0;
    while (i < s.length()) {
      char c = s.charAt(i);
      int start = i;
      if (Character.isWhitespace(c)) {
        i++;
      } else if (c == '\'' || c == '"') {
        // Quoted string or identifier; a doubled quote stands for one.
        StringBuilder text = new StringBuilder();
        i++;
        while (true) {
          if (i >= s.length()) {
            throw new NotUnderstood();
          }
          char d = s.charAt(i++);
          if (d != c) {
            text.append(d);
          } else if (i < s.length() && s.charAt(i) == c) {
            text.append(c);
            i++;
          } else {
            break;
          }
        }
        tokens.add(new Token(c == '\'' ? Kind.STRING : Kind.NAME, text.toString()));
      } else if (isDigit(c) || (c == '.' && i + 1 < s.length() && isDigit(s.charAt(i + 1)))) {
        i = skipDigits(s, i);
        if (i < s.length() && s.charAt(i) == '.') {
          i = skipDigits(s, i + 1);
        }
        if (i < s.length() && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
          int exponent = i + 1;
          if (exponent < s.length() && (s.charAt(exponent) == '+' || s.charAt(exponent) == '-')) {
            exponent++;
          }
          i = skipDigits(s, exponent);
        }
        tokens.add(new Token(Kind.NUMBER, s.substring(start, i)));
      } else if (Character.isLetter(c) || c == '_') {
        while (i < s.length()
            && (Character.isLetterOrDigit(s.charAt(i))
                || s.charAt(i) == '_'
                || s.charAt(i) == '$')) {
          i++;
        }
        tokens.add(new Token(Kind.WORD, s.substring(start, i)));
      } else if (s.startsWith("::", i)) {
        i += 2;
        tokens.add(new Token(Kind.SYMBOL, "::"));
      } else if ("()[],.".indexOf(c) >= 0) {
        i++;
        tokens.add(new Token(Kind.SYMBOL, String.valueOf(c)));
      } else if (isOperatorChar(c)) {
        while (i < s.length() && isOperatorChar(s.charAt(i))) {
          i++;
        }
        tokens.add(new Token(Kind.SYMBOL, s.substring(start, i)));
      } else {
        throw new NotUnderstood();
      }
    }
    return tokens;
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private static int skipDigits(String s, int i) {
    while (i < s.length() && isDigit(s.charAt(i))) {
      i++;
    }
    return i;
  }

  private static boolean isOperatorChar(char c) {
    return "+-*/<>=~!@#%^&|`?".indexOf(c) >= 0;
  }

  // ---- parser ----

  private static final class Parser {
    private final List<Token> tokens;
    private int pos;

    Parser(List<Token> tokens) {
      this.tokens = tokens;
    }

    /** {@code [CHECK] expression [NOT VALID] [NO INHERIT]}, and nothing after. */
    Node definition() {
      accept(Kind.WORD, "check");
      Node expression = conjunction();
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

    /** {@code comparison (AND comparison)*}. */
    private Node conjunction() {
      List<Node> operands = new ArrayList<>(List.of(comparison()));
      while (accept(Kind.WORD, "and")) {
        operands.add(comparison());
      }
      return operands.size() == 1 ? operands.getFirst() : new And(operands);
    }

    /** {@code operand [op (operand | ANY operand)]}. */
    private Node comparison() {
      Node left = operand();
      Token next = peek();
      if (next == null
          || next.kind() != Kind.SYMBOL
          || !(COMPARISONS.contains(next.text()) || MATCHES.contains(next.text()))) {
        return left;
      }
      pos++;
      if (accept(Kind.WORD, "any")) {
        return new AnyOf(left, next.text(), operand());
      }
      return new Comparison(left, next.text(), operand());
    }

    /** {@code primary (:: type)*}; casts are dropped. */
    Node operand() {
      Node node = primary();
      while (accept(Kind.SYMBOL, "::")) {
        skipType();
      }
      return node;
    }

    private Node primary() {
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
    private Node symbolPrimary(String symbol) {
      if (symbol.equals("(")) {
        Node inner = conjunction();
        expect(Kind.SYMBOL, ")");
        return inner;
      }
      if (symbol.equals("-") && peekIs(Kind.NUMBER)) {
        return new Literal("-" + next().text());
      }
      throw new NotUnderstood();
    }

    /** A boolean literal, {@code ARRAY[...]} or a column. */
    private Node wordPrimary(String text) {
      String word = text.toLowerCase(Locale.ROOT);
      if (word.equals("true") || word.equals("false")) {
        return new Literal(word);
      }
      if (word.equals("array") && accept(Kind.SYMBOL, "[")) {
        List<Node> elements = new ArrayList<>(List.of(operand()));
        while (accept(Kind.SYMBOL, ",")) {
          elements.add(operand());
        }
        expect(Kind.SYMBOL, "]");
        return new ArrayOf(elements);
      }
      if (RESERVED.contains(word)) {
        throw new NotUnderstood();
      }
      if ((LENGTHS.contains(word) || CASE_FOLDS.contains(word)) && accept(Kind.SYMBOL, "(")) {
        Node argument = conjunction();
        expect(Kind.SYMBOL, ")");
        return new Call(word, argument);
      }
      return columnRef(text);
    }

    /** A column, unless it is really a function call or a qualified name. */
    private Node columnRef(String name) {
      if (peekIs(Kind.SYMBOL, "(") || peekIs(Kind.SYMBOL, ".")) {
        throw new NotUnderstood();
      }
      return new ColumnRef(name);
    }

    /**
     * Skips a type name after {@code ::}: possibly qualified, several words ({@code timestamp
     * without time zone}), a modifier ({@code (10)}) and array brackets ({@code []}).
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
        if (token.kind() == Kind.WORD
            && TYPE_WORDS.contains(token.text().toLowerCase(Locale.ROOT))) {
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
}
