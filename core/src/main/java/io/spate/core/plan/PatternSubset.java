package io.spate.core.plan;

/**
 * The subset of PostgreSQL's regular expressions Spate generates values from, the part where
 * PostgreSQL and {@code java.util.regex} agree: literals, {@code .}, bracket expressions without
 * POSIX classes, {@code \d \w \s} and escaped punctuation, groups ({@code (...)}, {@code (?:...)}),
 * {@code |}, the quantifiers {@code * + ? {n} {n,} {n,m}}, and {@code ^} / {@code $} only at the
 * start / end. A pattern inside it is rewritten for Datafaker's {@code regexify}; one outside it is
 * refused naming the first construct outside. Unbounded quantifiers are drawn at most {@link
 * #UNBOUNDED_EXTRA} times beyond their minimum, which keeps values short.
 */
final class PatternSubset {

  /** How many repetitions beyond its minimum an unbounded quantifier draws. */
  static final int UNBOUNDED_EXTRA = 8;

  private PatternSubset() {}

  /**
   * Checks the pattern against the subset and rewrites it for {@code regexify}: anchors dropped (a
   * value matching the whole pattern matches it anywhere), unbounded quantifiers bounded, lazy
   * marks dropped.
   *
   * @throws IllegalArgumentException naming the first construct outside the subset
   */
  static String generator(String pattern) {
    StringBuilder out = new StringBuilder();
    int end = pattern.length();
    if (end > 0 && pattern.charAt(end - 1) == '$' && !escaped(pattern, end - 1)) {
      end--;
    }
    int i = pattern.startsWith("^") ? 1 : 0;
    boolean quantifiable = false;
    while (i < end) {
      char ch = pattern.charAt(i);
      switch (ch) {
        case '\\' -> {
          i = escape(pattern, i, end, out);
          quantifiable = true;
          continue;
        }
        case '[' -> {
          i = bracket(pattern, i, end, out);
          quantifiable = true;
          continue;
        }
        case '(' -> {
          if (pattern.startsWith("(?:", i)) {
            out.append("(?:");
            i += 3;
            quantifiable = false;
            continue;
          }
          if (pattern.startsWith("(?", i)) {
            throw unsupported(pattern, i, "lookaround and embedded options");
          }
          out.append('(');
          quantifiable = false;
        }
        case ')', '.' -> {
          out.append(ch);
          quantifiable = true;
        }
        case '|' -> {
          out.append('|');
          quantifiable = false;
        }
        case '^', '$' ->
            throw unsupported(pattern, i, "anchors other than a leading ^ and a trailing $");
        case '*', '+', '?', '{' -> {
          if (!quantifiable) {
            throw unsupported(pattern, i, "a quantifier with nothing to repeat");
          }
          i = quantifier(pattern, i, end, out);
          quantifiable = false;
          continue;
        }
        default -> {
          out.append(ch);
          quantifiable = true;
        }
      }
      i++;
    }
    return out.toString();
  }

  private static boolean escaped(String pattern, int at) {
    int backslashes = 0;
    for (int j = at - 1; j >= 0 && pattern.charAt(j) == '\\'; j--) {
      backslashes++;
    }
    return backslashes % 2 == 1;
  }

  /** {@code \d \w \s} or an escaped punctuation character. */
  private static int escape(String pattern, int i, int end, StringBuilder out) {
    if (i + 1 >= end) {
      throw unsupported(pattern, i, "a trailing backslash");
    }
    char next = pattern.charAt(i + 1);
    if (next != 'd' && next != 'w' && next != 's' && Character.isLetterOrDigit(next)) {
      throw unsupported(pattern, i, "escapes other than \\d, \\w, \\s and escaped punctuation");
    }
    out.append('\\').append(next);
    return i + 2;
  }

  /** A bracket expression without POSIX classes, nested brackets or {@code &&}. */
  private static int bracket(String pattern, int i, int end, StringBuilder out) {
    int j = i + 1;
    StringBuilder body = new StringBuilder("[");
    if (j < end && pattern.charAt(j) == '^') {
      body.append('^');
      j++;
    }
    if (j < end && pattern.charAt(j) == ']') {
      body.append("\\]"); // a leading ] is a literal in PostgreSQL; Java wants it escaped
      j++;
    }
    while (j < end && pattern.charAt(j) != ']') {
      char ch = pattern.charAt(j);
      if (ch == '[') {
        throw unsupported(
            pattern, j, "POSIX classes ([:alpha:]) and [ inside a bracket expression");
      }
      if (ch == '&' && j + 1 < end && pattern.charAt(j + 1) == '&') {
        throw unsupported(pattern, j, "&& inside a bracket expression");
      }
      if (ch == '\\') {
        j = escape(pattern, j, end, body);
        continue;
      }
      body.append(ch);
      j++;
    }
    if (j >= end) {
      throw unsupported(pattern, i, "an unterminated bracket expression");
    }
    out.append(body).append(']');
    return j + 1;
  }

  /** {@code * + ? {n} {n,} {n,m}}, a lazy {@code ?} after it dropped; unbounded ones bounded. */
  private static int quantifier(String pattern, int i, int end, StringBuilder out) {
    char ch = pattern.charAt(i);
    int next = i + 1;
    switch (ch) {
      case '*' -> out.append("{0,").append(UNBOUNDED_EXTRA).append('}');
      case '+' -> out.append("{1,").append(1 + UNBOUNDED_EXTRA).append('}');
      case '?' -> out.append('?');
      default -> {
        int close = pattern.indexOf('}', i);
        if (close < 0
            || close >= end
            || !pattern.substring(i + 1, close).matches("[0-9]{1,4}(,[0-9]{0,4})?")) {
          throw unsupported(pattern, i, "a brace that is not a {n}, {n,} or {n,m} quantifier");
        }
        String[] bounds = pattern.substring(i + 1, close).split(",", -1);
        int min = Integer.parseInt(bounds[0]);
        if (bounds.length == 1) {
          out.append('{').append(min).append('}');
        } else if (bounds[1].isEmpty()) {
          out.append('{').append(min).append(',').append(min + UNBOUNDED_EXTRA).append('}');
        } else {
          out.append('{').append(min).append(',').append(Integer.parseInt(bounds[1])).append('}');
        }
        next = close + 1;
      }
    }
    if (next < end && pattern.charAt(next) == '?') {
      next++; // non-greedy: the same strings match
    }
    return next;
  }

  private static IllegalArgumentException unsupported(String pattern, int at, String what) {
    return new IllegalArgumentException(
        "Spate cannot generate values for this pattern: "
            + what
            + " (at offset "
            + at
            + " of '"
            + pattern
            + "') are not supported");
  }
}
