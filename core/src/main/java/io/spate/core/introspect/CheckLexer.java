package io.spate.core.introspect;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits the text PostgreSQL's deparser (or MariaDB's and MySQL's {@code CHECK_CLAUSE}) prints for
 * an expression into {@link Token}s: words, quoted names ({@code "x"} or {@code `x`}) and strings
 * (unescaped), numbers and symbols.
 *
 * <p>Invariant: the tokens cover the whole text but its whitespace; a character no token can start
 * with, or an unterminated quote, throws {@link NotUnderstood}, never a partial token list.
 */
final class CheckLexer {

  private CheckLexer() {}

  enum Kind {
    WORD, // unquoted identifier or keyword
    NAME, // quoted identifier, unescaped
    STRING, // string literal, unescaped
    NUMBER,
    SYMBOL // punctuation or operator
  }

  record Token(Kind kind, String text) {
    boolean is(Kind k, String t) {
      return kind == k && (k == Kind.WORD ? text.equalsIgnoreCase(t) : text.equals(t));
    }
  }

  static List<Token> tokenize(String s) {
    List<Token> tokens = new ArrayList<>();
    int i = 0;
    while (i < s.length()) {
      char c = s.charAt(i);
      int start = i;
      if (Character.isWhitespace(c)) {
        i++;
      } else if (c == '\'' || c == '"' || c == '`') {
        // Quoted string or identifier (MariaDB's and MySQL's in backticks); a doubled quote stands
        // for one.
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
    return "+-*/<>=~!@#%^&|?".indexOf(c) >= 0;
  }
}
