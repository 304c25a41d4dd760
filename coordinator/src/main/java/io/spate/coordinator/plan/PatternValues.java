package io.spate.coordinator.plan;

import io.spate.coordinator.config.ColumnConfig;
import io.spate.protocol.error.Problems;
import io.spate.protocol.plan.ValueSpec;
import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import io.spate.protocol.seed.Streams;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import net.datafaker.Faker;

/**
 * Values for a text column with a pattern CHECK ({@code code ~ '^[A-Z]{3}-[0-9]{4}$'}, also {@code
 * ~*} and a domain's {@code VALUE ~ ...}): the planner draws a pool of matching values with
 * Datafaker's {@code regexify} and ships it as the column's value list, like {@link
 * RealisticValues}. The pool is drawn from a {@link Random} seeded by the column's own pattern
 * stream ({@link Streams#pattern}), so every cell stays a pure function of (seed, table, column,
 * row).
 *
 * <p>Only a simple subset of PostgreSQL's regular expressions is accepted, the part where
 * PostgreSQL and {@code java.util.regex} agree: literals, {@code .}, bracket expressions without
 * POSIX classes, {@code \d \w \s} and escaped punctuation, groups ({@code (...)}, {@code (?:...)}),
 * {@code |}, the quantifiers {@code * + ? {n} {n,} {n,m}}, and {@code ^} / {@code $} only at the
 * start / end. Every drawn value is verified with {@code java.util.regex} against every pattern
 * CHECK of the column (a {@code find}, as {@code ~} searches) and against its length limits, so a
 * value that {@code regexify} gets wrong is dropped, never written. Unbounded quantifiers are drawn
 * at most {@link #UNBOUNDED_EXTRA} times beyond their minimum, which keeps values short.
 */
final class PatternValues {

  /** Distinct values drawn per column (fewer when the pattern has fewer). */
  static final int POOL_SIZE = 500;

  private static final int ATTEMPTS = 10 * POOL_SIZE;

  /** How many repetitions beyond its minimum an unbounded quantifier draws. */
  static final int UNBOUNDED_EXTRA = 8;

  private PatternValues() {}

  /**
   * Narrows a column's spec by the pattern CHECKs on it (of the table and of its domain) and, for
   * an array of a domain, on its elements. The config wins: a column whose config gives {@code
   * value} or {@code values} keeps them (the database reports a value that breaks the pattern).
   */
  static ValueSpec apply(
      long seed, Table t, Column c, ColumnConfig cc, ValueSpec spec, Problems problems) {
    if (cc != null && (cc.value() != null || !cc.values().isEmpty())) {
      return spec;
    }
    String where = "'" + t.name() + "." + c.name() + "'";
    List<Check.Matches> patterns = new ArrayList<>();
    for (Check check : t.checks()) {
      if (check instanceof Check.Matches m && m.column().equals(c.name())) {
        patterns.add(m);
      }
    }
    long columnStream = Streams.cells(Streams.table(seed, t.name()), c.name());
    ValueSpec narrowed = narrow(Streams.pattern(columnStream), where, c, patterns, spec, problems);
    if (c.type() == SqlType.ARRAY && c.element() != null && spec.element() != null) {
      ValueSpec element =
          narrow(
              Streams.elementPattern(columnStream),
              "the elements of " + where,
              c.element(),
              List.of(),
              spec.element(),
              problems);
      if (element != spec.element()) {
        narrowed =
            new ValueSpec(
                narrowed.values(),
                narrowed.weights(),
                narrowed.min(),
                narrowed.max(),
                narrowed.minExclusive(),
                narrowed.maxExclusive(),
                narrowed.minLength(),
                narrowed.maxLength(),
                narrowed.distribution(),
                narrowed.nullRatio(),
                element);
      }
    }
    return narrowed;
  }

  private static ValueSpec narrow(
      long poolSeed,
      String where,
      Column c,
      List<Check.Matches> tablePatterns,
      ValueSpec spec,
      Problems problems) {
    List<Check.Matches> patterns = new ArrayList<>(tablePatterns);
    List<String> domainOf = new ArrayList<>();
    for (Check check : c.domainChecks()) {
      if (check instanceof Check.Matches m && m.column().equals(Column.DOMAIN_VALUE)) {
        patterns.add(m);
        domainOf.add(m.name());
      }
    }
    if (patterns.isEmpty()) {
      return spec;
    }
    List<String> values;
    try {
      values = pool(poolSeed, c, patterns, spec);
    } catch (IllegalArgumentException e) {
      Check.Matches first = patterns.getFirst();
      String of = domainOf.contains(first.name()) ? " of domain " + c.typeName() : "";
      problems.add(
          "CHECK "
              + first.name()
              + of
              + " on "
              + where
              + " ("
              + patterns.stream()
                  .map(Check.Matches::text)
                  .reduce((a, b) -> a + " AND " + b)
                  .orElseThrow()
              + "): "
              + e.getMessage()
              + "; give "
              + c.name()
              + " values that satisfy it in the config (value or values), or skip it");
      return spec;
    }
    return new ValueSpec(
        values,
        List.of(),
        null,
        null,
        false,
        false,
        spec.minLength(),
        spec.maxLength(),
        spec.distribution(),
        spec.nullRatio(),
        spec.element());
  }

  /**
   * The pool: the spec's own values that match (from an IN list), else values drawn from the first
   * pattern that match them all and fit the lengths.
   *
   * @throws IllegalArgumentException saying why no value can be had
   */
  private static List<String> pool(
      long poolSeed, Column c, List<Check.Matches> patterns, ValueSpec spec) {
    if (!c.type().isText()) {
      throw new IllegalArgumentException(
          "Spate keeps patterns only on text columns, not on " + c.typeName());
    }
    List<Pattern> compiled = new ArrayList<>();
    for (Check.Matches m : patterns) {
      compiled.add(compile(m));
    }
    if (!spec.values().isEmpty()) {
      List<String> kept =
          spec.values().stream()
              .filter(v -> compiled.stream().allMatch(p -> p.matcher(asStored(v, c)).find()))
              .toList();
      if (kept.isEmpty()) {
        throw new IllegalArgumentException(
            "none of the allowed values " + spec.values() + " matches");
      }
      return kept;
    }
    String generator = generator(patterns.getFirst().pattern());
    Faker faker = new Faker(Locale.ENGLISH, new Random(poolSeed));
    Set<String> values = new LinkedHashSet<>();
    int fitting = 0;
    for (int i = 0; i < ATTEMPTS && values.size() < POOL_SIZE; i++) {
      String v;
      try {
        v = faker.regexify(generator);
      } catch (RuntimeException e) { // regexify has no checked failure of its own
        throw new IllegalArgumentException(
            "Datafaker cannot generate from the pattern (" + e.getMessage() + ")", e);
      }
      if (fits(v, spec, c)) {
        fitting++;
        if (compiled.stream().allMatch(p -> p.matcher(asStored(v, c)).find())) {
          values.add(v);
        }
      }
    }
    if (values.isEmpty()) {
      throw new IllegalArgumentException(
          fitting == 0
              ? "none of "
                  + ATTEMPTS
                  + " values drawn from the pattern has a length in "
                  + spec.minLength()
                  + ".."
                  + spec.maxLength()
              : "none of the values drawn from the pattern matches every pattern CHECK of the column");
    }
    return new ArrayList<>(values);
  }

  /**
   * The value as the pattern sees it: char(n) pads to n characters, and {@code ~} on it matches the
   * padded text ({@code 'ab'::char(5) ~ '^ab$'} is false).
   */
  static String asStored(String v, Column c) {
    int length = v.codePointCount(0, v.length());
    return c.type() == SqlType.CHAR && c.length() > length
        ? v + " ".repeat(c.length() - length)
        : v;
  }

  /**
   * Within the length limits, counting characters for the lower one (without trailing blanks in a
   * char(n), as {@code length} does there) and UTF-8 bytes for the upper one (stricter than
   * characters, and what {@code octet_length} counts); never a NUL.
   */
  private static boolean fits(String v, ValueSpec spec, Column c) {
    String counted = c.type() == SqlType.CHAR ? v.replaceAll(" +$", "") : v;
    return counted.codePointCount(0, counted.length()) >= spec.minLength()
        && v.getBytes(StandardCharsets.UTF_8).length <= spec.maxLength()
        && v.indexOf('\0') < 0;
  }

  /**
   * The pattern as {@code java.util.regex} reads it, after checking it keeps to the subset where it
   * means the same as in PostgreSQL; {@code ~*} ignores case.
   *
   * @throws IllegalArgumentException naming the construct outside the subset
   */
  static Pattern compile(Check.Matches m) {
    generator(m.pattern()); // validates the subset
    try {
      return Pattern.compile(m.pattern(), m.caseInsensitive() ? Pattern.CASE_INSENSITIVE : 0);
    } catch (PatternSyntaxException e) {
      throw new IllegalArgumentException(
          "not a pattern Java reads alike: " + e.getDescription(), e);
    }
  }

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
