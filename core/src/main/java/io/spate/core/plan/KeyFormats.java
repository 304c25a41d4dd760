package io.spate.core.plan;

import io.spate.protocol.error.Problems;
import io.spate.protocol.plan.KeyFormat;
import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.datafaker.Faker;

/**
 * The form a unique text key writes its numbers {@code first..last} in (see {@link KeyColumns}),
 * decided from the column's length and pattern CHECKs (and its domain's): the first of {@link
 * #CANDIDATES}, in that fixed order, unpadded or zero-padded to the narrowest width that works,
 * whose every value those CHECKs accept and the declared length holds. A value's length changes
 * only with its digit count, so one value of each digit count decides a length CHECK; a pattern is
 * tried on every value, up to {@link #MAX_KEYS_TRIED}. The choice is a pure function of the schema
 * and the row count, and distinct numbers stay distinct strings in any form.
 */
final class KeyFormats {

  /**
   * Key values tried against a pattern; beyond, a pattern CHECK on a unique text key is refused.
   */
  static final long MAX_KEYS_TRIED = 1_000_000;

  /** The forms tried, in order: the bare digits, a letter first, an email, a URL. */
  static final List<KeyFormat> CANDIDATES =
      List.of(
          new KeyFormat("", 0, ""),
          new KeyFormat("k", 0, ""),
          new KeyFormat("user", 0, "@example.com"),
          new KeyFormat("https://example.com/", 0, ""));

  /** The widest zero-padding tried: a long has at most 19 digits. */
  private static final int MAX_WIDTH = 19;

  /** The widest a bytea key's digits are padded, to the exact length its CHECK asks. */
  private static final int MAX_BYTES_WIDTH = KeyFormat.MAX_WIDTH;

  private KeyFormats() {}

  /** Unconstrained unique text keys whose name says what they hold, by what they write. */
  private static final Map<KeyFormat, Set<String>> NAMED =
      Map.of(
          CANDIDATES.get(2),
          Set.of("email", "emailaddress", "emailaddr", "mail"),
          CANDIDATES.get(3),
          Set.of("url", "website", "homepage", "weburl", "siteurl"),
          new KeyFormat("user", 0, ""),
          Set.of("username", "user", "login", "loginname", "userlogin", "nickname", "displayname"));

  /**
   * The format of key column {@code c}: the values its CHECKs list, when they list some ({@link
   * KeyRange#listed}); or null for the bare digits (also when it is no text column or no CHECK
   * constrains it, unless {@code realistic} and its name says what it holds: a unique {@code email}
   * writes {@code user1@example.com}, a {@code url} {@code https://example.com/1}, a {@code
   * username} {@code user1}, where the column's length holds them); when no candidate fits the
   * CHECKs, a problem naming the column, each candidate's reason and the fix.
   */
  static KeyFormat choose(
      Table t, Column c, long first, long last, boolean realistic, Problems problems) {
    boolean bytes = c.type() == SqlType.BYTEA; // digits as bytes: only a length CHECK shapes them
    if (!c.type().isText() && !bytes) {
      return null;
    }
    List<String> listed = bytes ? List.of() : KeyRange.listed(t, c);
    if (!listed.isEmpty()) {
      return KeyFormat.listed(listed);
    }
    List<Check> checks = new ArrayList<>();
    t.checks().stream().filter(check -> on(check, c.name())).forEach(checks::add);
    c.domainChecks().stream().filter(check -> on(check, Column.DOMAIN_VALUE)).forEach(checks::add);
    if (bytes && checks.isEmpty()) {
      return null;
    }
    KeyFormat meant = realistic && !bytes ? meant(t, c) : null;
    if (meant != null && broken(meant, checks, c, first, last) == null) {
      return meant;
    }
    if (checks.isEmpty()) {
      // a lowercase copy (username_clean) writes the form its original's name asks for
      String name =
          realistic ? RealisticValues.recognisedName(t, LowercaseCopies.original(t, c)) : null;
      if (name == null) {
        return null;
      }
      return NAMED.entrySet().stream()
          .filter(e -> e.getValue().contains(name))
          .map(Map.Entry::getKey)
          .filter(format -> broken(format, checks, c, first, last) == null)
          .findFirst()
          .orElse(null);
    }
    String where = t.id() + "." + c.name();
    boolean patterned = false;
    for (Check check : checks) {
      if (check instanceof Check.Matches m) {
        patterned = true;
        try {
          PatternValues.compile(m); // the same call as broken() makes, so it cannot throw there
        } catch (IllegalArgumentException e) {
          problems.add(
              refusal(
                  where,
                  first,
                  last,
                  t,
                  "CHECK "
                      + m.name()
                      + " ("
                      + m.text()
                      + ") "
                      + "is not a pattern Spate can check ("
                      + e.getMessage()
                      + ")"));
          return null;
        }
      }
    }
    if (patterned && last - first + 1 > MAX_KEYS_TRIED) {
      problems.add(
          refusal(
              where,
              first,
              last,
              t,
              "its pattern CHECKs cannot be checked on more than " + MAX_KEYS_TRIED + " of them"));
      return null;
    }
    List<String> reasons = new ArrayList<>();
    for (KeyFormat candidate : CANDIDATES) {
      String reason = null;
      for (int width = 0; width <= (bytes ? MAX_BYTES_WIDTH : MAX_WIDTH); width++) {
        if (width > 0 && width <= digits(first)) {
          continue; // pads nothing: the same values as width 0
        }
        KeyFormat format = new KeyFormat(candidate.prefix(), width, candidate.suffix());
        if (width > 0 && c.length() > 0 && format.render(first).length() > c.length()) {
          break; // wider only lengthens every value
        }
        String broken = broken(format, checks, c, first, last);
        if (broken == null) {
          return format.equals(CANDIDATES.getFirst()) ? null : format;
        }
        reason = reason == null ? broken : reason;
      }
      reasons.add(candidate.render(first) + ": " + reason);
    }
    for (KeyFormat drawn : drawnFormats(checks, last)) {
      if (broken(drawn, checks, c, first, last) == null) {
        return drawn;
      }
    }
    problems.add(refusal(where, first, last, t, String.join("; ", reasons)));
    return null;
  }

  /**
   * The form a unique text key's meaning gives its numbers: {@code user7@example.com} for a handle,
   * {@code host7.example.net} for a host, {@code site7.example.com} for a domain, {@code
   * parameter-7} for a name or a word of a vocabulary; null for any other meaning.
   */
  private static KeyFormat meant(Table t, Column c) {
    Meaning m = Meanings.of(t, c, null).meaning();
    List<String> words = Meanings.compounds(Words.of(c.name()));
    String noun =
        words.size() > 1
                && Set.of("name", "title", "label", "type", "kind").contains(words.getLast())
            ? words.get(words.size() - 2)
            : Words.entity(t.name());
    noun = noun.replaceAll("[^a-z]", "");
    return switch (m) {
      case HANDLE -> new KeyFormat("user", 0, "@example.com");
      case HOST -> new KeyFormat("host", 0, ".example.net");
      case DOMAIN -> new KeyFormat("site", 0, ".example.com");
      case THING_NAME, VOCABULARY, CODE ->
          noun.isEmpty()
              ? null
              : new KeyFormat(noun + (MeaningDomains.schemaObject(c) ? "_" : "-"), 0, "");
      default -> null;
    };
  }

  /** Values drawn from a pattern to read key formats off ({@link #drawnFormats}). */
  private static final int DRAWN_SAMPLES = 64;

  private static final Pattern DIGIT_RUN = Pattern.compile("[0-9]+");

  /**
   * Formats read off values drawn from the column's first pattern CHECK, for keys none of {@link
   * #CANDIDATES} fits: each run of digits in a drawn value, as wide as the numbers or wider, holds
   * the zero-padded number, the rest stays ({@code ^[A-Z]{2}[A-Z0-9]{3}[0-9]{7}$} may give {@code
   * QZX7B} and 7 digits: {@code QZX7B0000001}). Drawn from a fixed seed, so a pure function of the
   * schema; {@link #broken} still checks every value.
   */
  private static List<KeyFormat> drawnFormats(List<Check> checks, long last) {
    Check.Matches m =
        checks.stream()
            .filter(check -> check instanceof Check.Matches)
            .map(check -> (Check.Matches) check)
            .findFirst()
            .orElse(null);
    if (m == null) {
      return List.of();
    }
    Set<KeyFormat> formats = new LinkedHashSet<>();
    try {
      String generator = PatternSubset.generator(m.pattern());
      Faker faker = new Faker(Locale.ENGLISH, new Random(m.pattern().hashCode()));
      for (int i = 0; i < DRAWN_SAMPLES; i++) {
        String v = faker.regexify(generator);
        Matcher run = DIGIT_RUN.matcher(v);
        while (run.find()) {
          int width = run.end() - run.start();
          if (width >= digits(last) && width <= MAX_WIDTH) {
            formats.add(new KeyFormat(v.substring(0, run.start()), width, v.substring(run.end())));
          }
        }
      }
    } catch (RuntimeException e) {
      return List.of(); // a pattern Spate cannot draw from: the fixed forms were all it had
    }
    return List.copyOf(formats);
  }

  private static String refusal(String where, long first, long last, Table t, String why) {
    return where
        + " is a unique key (or identity) column, whose values Spate writes as the numbers "
        + first
        + ".."
        + last
        + " in the first of the forms "
        + CANDIDATES.stream().map(f -> f.render(first)).toList()
        + " its length and pattern CHECKs accept, but none fits ("
        + why
        + "): size the table `rows: 0` (--rows "
        + t.id()
        + "=0), give it fewer rows, or widen the column";
  }

  /**
   * Why the values of {@code first..last} in this format do not suit the column, or null: the
   * declared length, then each length CHECK on one value of every digit count (a value's length
   * changes only with its digit count), then each pattern on a value of every digit count and on
   * every value.
   */
  private static String broken(
      KeyFormat format, List<Check> checks, Column c, long first, long last) {
    String longest = format.render(last);
    if (c.length() > 0 && longest.length() > c.length()) {
      return longest + " is longer than " + c.typeName() + " holds";
    }
    List<String> samples = new ArrayList<>();
    for (int d = digits(first); d <= digits(last); d++) {
      samples.add(format.render(Math.max(first, pow10(d - 1))));
    }
    samples.add(longest);
    for (Check check : checks) {
      if (check instanceof Check.Length len) {
        for (String v : samples) {
          if (!accepts(len, v.length())) {
            return "CHECK " + len.name() + " (" + describe(len) + ") rejects " + v;
          }
        }
      }
    }
    for (Check check : checks) {
      if (check instanceof Check.Matches m) {
        Pattern pattern = PatternValues.compile(m);
        for (String v : samples) {
          if (!pattern.matcher(PatternValues.asStored(v, c)).find()) {
            return "CHECK " + m.name() + " (" + m.text() + ") rejects " + v;
          }
        }
        for (long n = first; n <= last; n++) {
          String v = format.render(n);
          if (!pattern.matcher(PatternValues.asStored(v, c)).find()) {
            return "CHECK " + m.name() + " (" + m.text() + ") rejects " + v;
          }
        }
      }
    }
    return null;
  }

  private static long pow10(int n) {
    long p = 1;
    for (int i = 0; i < n; i++) {
      p *= 10;
    }
    return p;
  }

  private static int digits(long n) {
    return Long.toString(n).length();
  }

  private static boolean accepts(Check.Length len, int length) {
    int n = Integer.parseInt(len.literal());
    return switch (len.op()) {
      case "=" -> length == n;
      case "<>" -> length != n;
      case "<" -> length < n;
      case "<=" -> length <= n;
      case ">" -> length > n;
      default -> length >= n;
    };
  }

  private static String describe(Check.Length len) {
    return len.function() + "(" + len.column() + ") " + len.op() + " " + len.literal();
  }

  private static boolean on(Check check, String column) {
    return switch (check) {
      case Check.Length len -> len.column().equals(column);
      case Check.Matches m -> m.column().equals(column);
      default -> false;
    };
  }
}
