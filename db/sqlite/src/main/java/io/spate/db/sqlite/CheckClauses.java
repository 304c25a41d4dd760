package io.spate.db.sqlite;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The CHECK constraints of a table, read from the {@code CREATE TABLE} text SQLite keeps in {@code
 * sqlite_schema}: SQLite has no catalog of CHECKs, only the statement as the application wrote it.
 *
 * <p>Design: a tokenizer of SQLite's lexical rules (strings with doubled quotes, identifiers in
 * {@code "..."}, {@code `...`} or {@code [...]}, both kinds of comments, blobs {@code X'..'}), then
 * the definitions inside the statement's outer parentheses split at their top-level commas. In each
 * definition, a {@code CHECK} word followed by a parenthesised expression is a constraint, named by
 * a {@code CONSTRAINT name} just before it, else as PostgreSQL would name it ({@code
 * orders_amount_check} for a column's, {@code orders_check}, {@code orders_check1}, ... for the
 * table's). Nothing here is a regular expression: a parenthesis or a comma inside a string, a
 * quoted name or a comment never ends an expression.
 *
 * <p>Each clause is given back as {@code CHECK (expr)} re-spelled from its tokens for the shared
 * CHECK parser: names double-quoted, strings single-quoted, SQLite's {@code ==} as {@code =};
 * everything else as written.
 */
final class CheckClauses {

  private CheckClauses() {}

  /**
   * One CHECK constraint.
   *
   * @param name its name, declared or made up as above
   * @param column the column whose definition holds it, or null for a table constraint
   * @param definition {@code CHECK (expr)}, re-spelled
   * @param columns the columns the expression mentions, in order
   */
  record Clause(String name, String column, String definition, List<String> columns) {}

  enum Kind {
    WORD,
    NAME,
    STRING,
    NUMBER,
    BLOB,
    SYMBOL
  }

  record Token(Kind kind, String text) {
    boolean isWord(String word) {
      return kind == Kind.WORD && text.equalsIgnoreCase(word);
    }

    boolean isSymbol(String symbol) {
      return kind == Kind.SYMBOL && text.equals(symbol);
    }

    /** An identifier, quoted or not, unquoted. */
    boolean isIdentifier() {
      return kind == Kind.WORD || kind == Kind.NAME;
    }

    /** As the shared CHECK parser reads it. */
    String spelled() {
      return switch (kind) {
        case NAME -> '"' + text.replace("\"", "\"\"") + '"';
        case STRING -> '\'' + text.replace("'", "''") + '\'';
        case SYMBOL -> text.equals("==") ? "=" : text;
        default -> text;
      };
    }
  }

  /**
   * The CHECK constraints of {@code createTable}, in the order written. A name in an expression
   * that is one of {@code columns} but for case (SQLite's names are case-insensitive) is spelled as
   * the column is, quoted.
   */
  static List<Clause> read(String table, String createTable, List<String> columns) {
    List<Token> tokens = tokenize(createTable);
    int open = 0;
    while (open < tokens.size() && !tokens.get(open).isSymbol("(")) {
      open++;
    }
    List<Clause> clauses = new ArrayList<>();
    int tableChecks = 0;
    for (List<Token> definition : definitions(tokens, open)) {
      if (definition.isEmpty()) {
        continue;
      }
      Token head = definition.getFirst();
      boolean tableConstraint =
          head.kind() == Kind.WORD
              && switch (head.text().toLowerCase(Locale.ROOT)) {
                case "constraint", "primary", "unique", "check", "foreign" -> true;
                default -> false;
              };
      String column = tableConstraint ? null : head.text();
      for (int i = tableConstraint ? 0 : 1; i < definition.size(); i++) {
        if (!definition.get(i).isWord("check")
            || i + 1 >= definition.size()
            || !definition.get(i + 1).isSymbol("(")) {
          continue;
        }
        int close = matching(definition, i + 1);
        List<Token> expression = asColumns(definition.subList(i + 2, close), columns);
        String name;
        if (i >= 2 && definition.get(i - 2).isWord("constraint")) {
          name = definition.get(i - 1).text();
        } else if (column != null) {
          name = table + "_" + column + "_check";
        } else {
          name = table + "_check" + (tableChecks == 0 ? "" : Integer.toString(tableChecks));
          tableChecks++;
        }
        clauses.add(
            new Clause(
                name, column, "CHECK (" + spell(expression) + ")", mentioned(expression, columns)));
        i = close;
      }
    }
    return clauses;
  }

  /** {@code tokens} with each name of a column as a quoted name spelled as the column is. */
  private static List<Token> asColumns(List<Token> tokens, List<String> columns) {
    List<Token> named = new ArrayList<>();
    for (Token t : tokens) {
      String column =
          t.isIdentifier()
              ? columns.stream().filter(c -> c.equalsIgnoreCase(t.text())).findFirst().orElse(null)
              : null;
      named.add(column == null ? t : new Token(Kind.NAME, column));
    }
    return named;
  }

  /** The comma-separated definitions between the parenthesis at {@code open} and its match. */
  private static List<List<Token>> definitions(List<Token> tokens, int open) {
    List<List<Token>> definitions = new ArrayList<>();
    if (open >= tokens.size()) {
      return definitions;
    }
    int close = matching(tokens, open);
    List<Token> current = new ArrayList<>();
    int depth = 0;
    for (Token t : tokens.subList(open + 1, close)) {
      if (t.isSymbol("(")) {
        depth++;
      } else if (t.isSymbol(")")) {
        depth--;
      } else if (t.isSymbol(",") && depth == 0) {
        definitions.add(current);
        current = new ArrayList<>();
        continue;
      }
      current.add(t);
    }
    definitions.add(current);
    return definitions;
  }

  /** The index of the parenthesis closing the one at {@code open}. */
  private static int matching(List<Token> tokens, int open) {
    int depth = 0;
    for (int i = open; i < tokens.size(); i++) {
      if (tokens.get(i).isSymbol("(")) {
        depth++;
      } else if (tokens.get(i).isSymbol(")") && --depth == 0) {
        return i;
      }
    }
    throw new IllegalArgumentException("unbalanced parentheses in " + tokens);
  }

  private static String spell(List<Token> tokens) {
    StringBuilder s = new StringBuilder();
    for (Token t : tokens) {
      if (!s.isEmpty()) {
        s.append(' ');
      }
      s.append(t.spelled());
    }
    return s.toString();
  }

  /** The columns {@code tokens} name ({@link #asColumns} quoted them all). */
  private static List<String> mentioned(List<Token> tokens, List<String> columns) {
    List<String> names = new ArrayList<>();
    for (Token t : tokens) {
      if (t.kind() == Kind.NAME && columns.contains(t.text()) && !names.contains(t.text())) {
        names.add(t.text());
      }
    }
    return names;
  }

  /**
   * SQLite's tokens of {@code sql}, whitespace and comments dropped; quoted names and strings
   * unquoted.
   *
   * @throws IllegalArgumentException for an unterminated string, name or comment
   */
  static List<Token> tokenize(String sql) {
    List<Token> tokens = new ArrayList<>();
    int i = 0;
    int n = sql.length();
    while (i < n) {
      char c = sql.charAt(i);
      if (Character.isWhitespace(c)) {
        i++;
      } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
        while (i < n && sql.charAt(i) != '\n') {
          i++;
        }
      } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
        int end = sql.indexOf("*/", i + 2);
        i = end < 0 ? n : end + 2; // SQLite ends an open comment at the end of the text
      } else if ((c == 'x' || c == 'X') && i + 1 < n && sql.charAt(i + 1) == '\'') {
        int end = quoted(sql, i + 1, '\'');
        tokens.add(new Token(Kind.BLOB, sql.substring(i, end)));
        i = end;
      } else if (c == '\'' || c == '"' || c == '`') {
        int end = quoted(sql, i, c);
        String inner = sql.substring(i + 1, end - 1).replace("" + c + c, "" + c);
        tokens.add(new Token(c == '\'' ? Kind.STRING : Kind.NAME, inner));
        i = end;
      } else if (c == '[') {
        int end = sql.indexOf(']', i + 1);
        if (end < 0) {
          throw new IllegalArgumentException("unterminated [name] at " + i + ": " + sql);
        }
        tokens.add(new Token(Kind.NAME, sql.substring(i + 1, end)));
        i = end + 1;
      } else if (Character.isDigit(c)
          || (c == '.' && i + 1 < n && Character.isDigit(sql.charAt(i + 1)))) {
        int start = i;
        while (i < n
            && (Character.isLetterOrDigit(sql.charAt(i))
                || sql.charAt(i) == '.'
                || ((sql.charAt(i) == '+' || sql.charAt(i) == '-')
                    && (sql.charAt(i - 1) == 'e' || sql.charAt(i - 1) == 'E')
                    && !sql.substring(start, i).startsWith("0x")))) {
          i++;
        }
        tokens.add(new Token(Kind.NUMBER, sql.substring(start, i)));
      } else if (Character.isLetter(c) || c == '_' || c > 0x7F) {
        int start = i;
        while (i < n
            && (Character.isLetterOrDigit(sql.charAt(i))
                || sql.charAt(i) == '_'
                || sql.charAt(i) == '$'
                || sql.charAt(i) > 0x7F)) {
          i++;
        }
        tokens.add(new Token(Kind.WORD, sql.substring(start, i)));
      } else {
        int length = symbolLength(sql, i);
        tokens.add(new Token(Kind.SYMBOL, sql.substring(i, i + length)));
        i += length;
      }
    }
    return tokens;
  }

  /** The end (exclusive) of the text quoted by {@code quote} starting at {@code start}. */
  private static int quoted(String sql, int start, char quote) {
    int i = start + 1;
    while (i < sql.length()) {
      if (sql.charAt(i) == quote) {
        if (i + 1 < sql.length() && sql.charAt(i + 1) == quote) {
          i += 2; // a doubled quote stands for one
          continue;
        }
        return i + 1;
      }
      i++;
    }
    throw new IllegalArgumentException("unterminated " + quote + " at " + start + ": " + sql);
  }

  private static int symbolLength(String sql, int i) {
    if (i + 1 < sql.length()) {
      String two = sql.substring(i, i + 2);
      switch (two) {
        case "<=", ">=", "<>", "!=", "==", "||", "<<", ">>", "->" -> {
          return i + 2 < sql.length() && two.equals("->") && sql.charAt(i + 2) == '>' ? 3 : 2;
        }
        default -> {}
      }
    }
    return 1;
  }
}
