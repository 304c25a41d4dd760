package io.spate.core.plan;

import io.spate.core.config.ColumnConfig;
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
 * <p>Only the {@link PatternSubset} of PostgreSQL's regular expressions is accepted. Every drawn
 * value is verified with {@code java.util.regex} against every pattern CHECK of the column (a
 * {@code find}, as {@code ~} searches) and against its length limits, so a value that {@code
 * regexify} gets wrong is dropped, never written.
 */
final class PatternValues {

  /** Distinct values drawn per column (fewer when the pattern has fewer). */
  static final int POOL_SIZE = 500;

  private static final int ATTEMPTS = 10 * POOL_SIZE;

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
    String where = "'" + t.id() + "." + c.name() + "'";
    List<Check.Matches> patterns = new ArrayList<>();
    for (Check check : t.checks()) {
      if (check instanceof Check.Matches m && m.column().equals(c.name())) {
        patterns.add(m);
      }
    }
    long columnStream = Streams.cells(Shape.stream(seed, t), c.name());
    ValueSpec narrowed =
        narrow(
            Streams.pattern(columnStream),
            where,
            c,
            patterns,
            lengthOpen(t, c, cc, spec),
            spec,
            problems);
    if (c.type() == SqlType.ARRAY && c.element() != null && spec.element() != null) {
      ValueSpec element =
          narrow(
              Streams.elementPattern(columnStream),
              "the elements of " + where,
              c.element(),
              List.of(),
              false,
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

  /**
   * Whether the spec's lengths are only the type's defaults (8..64 for text), no length CHECK nor
   * setting: then they are no limit of the pattern's values ({@code LIKE 'SK-____'}).
   */
  private static boolean lengthOpen(Table t, Column c, ColumnConfig cc, ValueSpec spec) {
    int[] defaults = ValueSpecs.defaultLength(c);
    return !CheckBounds.lengthChecked(t, c)
        && (cc == null || cc.length() == null)
        && spec.minLength() == defaults[0]
        && spec.maxLength() == defaults[1];
  }

  /** The spec with only the declared length (if any) as its limit. */
  private static ValueSpec declaredLengths(ValueSpec spec, Column c) {
    return new ValueSpec(
        spec.values(),
        spec.weights(),
        spec.min(),
        spec.max(),
        spec.minExclusive(),
        spec.maxExclusive(),
        0,
        c.length() > 0 ? c.length() : Integer.MAX_VALUE,
        spec.distribution(),
        spec.nullRatio(),
        spec.element());
  }

  private static ValueSpec narrow(
      long poolSeed,
      String where,
      Column c,
      List<Check.Matches> tablePatterns,
      boolean lengthOpen,
      ValueSpec given,
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
      return given;
    }
    ValueSpec spec = lengthOpen ? declaredLengths(given, c) : given;
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
        given.minLength(),
        given.maxLength(),
        given.distribution(),
        given.nullRatio(),
        given.element());
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
    String generator = PatternSubset.generator(patterns.getFirst().pattern());
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
    PatternSubset.generator(m.pattern()); // validates the subset
    try {
      return Pattern.compile(m.pattern(), m.caseInsensitive() ? Pattern.CASE_INSENSITIVE : 0);
    } catch (PatternSyntaxException e) {
      throw new IllegalArgumentException(
          "not a pattern Java reads alike: " + e.getDescription(), e);
    }
  }
}
