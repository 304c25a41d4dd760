package io.spate.core.plan;

import io.spate.protocol.plan.Distribution;
import io.spate.protocol.plan.ValueSpec;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.function.Function;
import net.datafaker.Faker;

/**
 * The domain each {@link Meaning} gives a column the config and CHECKs leave open: a flag is 0 or
 * 1, mostly its DEFAULT; an end of life mostly unset; a count, duration, size, dimension or port a
 * range a person expects for its unit; a vocabulary a handful of lowercase words with skewed
 * frequencies; a version {@code 2.14.1}, a host {@code api-3.example.com}, a name of a thing a word
 * or two. Pools are drawn once at plan time from the column's realistic-pool stream, so every cell
 * stays a pure function of (seed, table, column, row).
 *
 * <p>Invariant: a domain stays inside the bounds the spec already has (the type's range, CHECKs): a
 * range is intersected with them, and where nothing is left the spec is kept as it is.
 */
final class MeaningDomains {

  /** Values drawn per text pool. */
  static final int POOL_SIZE = 500;

  /** The share of rows whose end of life is set (deleted, revoked, banned). */
  static final double END_OF_LIFE_SHARE = 0.05;

  /** 2016-01-01 and 2026-01-01 in seconds since 1970: the default span of times. */
  private static final long FIRST_SECOND = 1_451_606_400L;

  /** The share of rows in a state few are in ({@link Meanings#rare}): pinned, featured. */
  static final double RARE_SHARE = 0.1;

  /** Words of a thing drawn small: an icon, a smiley, an avatar. */
  private static final Set<String> ICONS =
      Set.of(
          "icon",
          "favicon",
          "smiley",
          "smilie",
          "smilies",
          "emoji",
          "emoticon",
          "avatar",
          "thumb",
          "thumbnail",
          "badge",
          "sprite");

  private static final long END_SECOND = 1_767_225_600L;

  private MeaningDomains() {}

  /** The spec of {@code c} as its meaning has it, or {@code spec} when the meaning adds nothing. */
  static ValueSpec apply(long seed, Table t, Column c, Meaning meaning, ValueSpec spec) {
    return apply(seed, t, c, meaning, spec, 1);
  }

  /**
   * @param clock the unit the schema's 64-bit integer times count in where a column names none
   *     ({@link #clock}): 1 (seconds), 1,000 or 1,000,000
   */
  static ValueSpec apply(
      long seed, Table t, Column c, Meaning meaning, ValueSpec spec, long clock) {
    boolean bounded =
        spec.min() != null
            && spec.max() != null
            && (DerivedColumns.checked(t, c.name()) || !c.domainChecks().isEmpty());
    if (bounded && meaning.kind() != Meaning.Kind.FLAG) {
      return spec; // a CHECK's two bounds say what the column holds, better than its name
    }
    if (c.type().isText() && meaning.kind() == Meaning.Kind.NUMBER) {
      return digits(seed, t, c, meaning, spec);
    }
    ValueSpec drawn =
        switch (meaning) {
          case FLAG, END_OF_LIFE_FLAG -> flag(c, meaning, spec);
          case CREATED, STARTED, MODIFIED, EVENT, ENDED, EXPIRES, END_OF_LIFE_TIME ->
              time(seed, t, c, meaning, spec, clock);
          case BIRTH_DATE -> RealisticDates.apply(c, spec);
          case COUNT -> count(c, spec);
          case SHARE -> range(c, spec, 0, 1, null);
          case TIMEZONE ->
              numeric(c) ? range(c, spec, -12, 14, null) : text(seed, t, c, meaning, spec);
          case DURATION -> duration(c, spec);
          case SIZE -> range(c, spec, 1, 10_000_000, Distribution.ZIPF);
          case DIMENSION ->
              icon(t, c) ? range(c, spec, 16, 128, null) : range(c, spec, 120, 1920, null);
          case SIGN -> withValues(spec, List.of("+", "-"), List.of(0.8, 0.2), null);
          case PORT ->
              list(
                  spec,
                  List.of("22", "80", "443", "3306", "5432", "8080", "8443", "3389", "5900", "25"));
          case POSITION -> range(c, spec, 1, 50, Distribution.ZIPF);
          case CODE_NUMBER -> range(c, spec, 1, 3, Distribution.ZIPF);
          case MONEY -> RealisticNumbers.apply(seed, t, c, spec, false);
          case MEASURE -> measure(seed, t, c, spec);
          case DOCUMENT -> pooled(spec, RealisticJson.pool(seed, t, c));
          case PERSONAL -> {
            List<String> pool = RealisticValues.pool(seed, t, c);
            yield pool.isEmpty() ? text(seed, t, c, meaning, spec) : pooled(spec, pool);
          }
          case UNKNOWN -> spec;
          default -> text(seed, t, c, meaning, spec);
        };
    // a value few rows hold (pinned_position): mostly NULL where the column allows it
    return c.nullable() && meaning.kind() != Meaning.Kind.FLAG && Meanings.rare(c.name())
        ? withNulls(drawn, 1 - RARE_SHARE)
        : drawn;
  }

  /** Whether the column or its table names a thing drawn small ({@code smiley_width}). */
  private static boolean icon(Table t, Column c) {
    return Words.of(c.name()).stream().anyMatch(ICONS::contains)
        || Words.of(t.name()).stream().anyMatch(ICONS::contains);
  }

  /** 0 and 1 (false and true), mostly the DEFAULT; an end of life rarely set. */
  private static ValueSpec flag(Column c, Meaning meaning, ValueSpec spec) {
    boolean bool = c.type() == SqlType.BOOLEAN;
    if (!bool && !numeric(c)) {
      return spec;
    }
    String no = bool ? "false" : "0";
    String yes = bool ? "true" : "1";
    if (!bool && (!inside(spec, 0) || !inside(spec, 1))) {
      return spec; // a CHECK keeps the column off 0 or 1: not a flag's domain
    }
    Integer d = Meanings.defaultInteger(c);
    String defaultExpr = c.defaultExpr() == null ? "" : c.defaultExpr().toLowerCase(Locale.ROOT);
    Boolean byDefault =
        d != null
            ? Boolean.valueOf(d == 1)
            : defaultExpr.contains("true")
                ? Boolean.TRUE
                : defaultExpr.contains("false") ? Boolean.FALSE : null;
    double yesShare;
    if (meaning.endOfLife()) {
      // an end of life is rare whatever the DEFAULT says (is_orphan DEFAULT 1 marks an upload
      // not yet attached: most rows are attached since)
      yesShare = END_OF_LIFE_SHARE;
    } else if (Meanings.rare(c.name())) {
      yesShare = RARE_SHARE;
    } else if (byDefault != null) {
      yesShare = byDefault ? 0.9 : 0.1;
    } else if (Meanings.positive(c.name())) {
      yesShare = 0.85;
    } else {
      yesShare = 0.15;
    }
    return withValues(spec, List.of(no, yes), List.of(1 - yesShare, yesShare), null);
  }

  /**
   * A time: dates and timestamps keep the default span; an integer counts seconds since 1970 over
   * it (microseconds or milliseconds where its name says so). An end of life is NULL in most rows.
   */
  private static ValueSpec time(
      long seed, Table t, Column c, Meaning meaning, ValueSpec spec, long clock) {
    ValueSpec s = spec;
    if (c.type().isText()) {
      s = textTimes(seed, t, c, spec);
    } else if (c.type() == SqlType.DATE
        || c.type() == SqlType.TIMESTAMP
        || c.type() == SqlType.TIMESTAMPTZ) {
      s = defaultSpan(c, spec);
    } else if (c.type() == SqlType.INTEGER
        || c.type() == SqlType.BIGINT
        || c.type() == SqlType.NUMERIC
        || c.type() == SqlType.DOUBLE) {
      long unit = epochUnit(c, clock);
      if (c.type() == SqlType.INTEGER && unit > 1) {
        return spec;
      }
      s = range(c, spec, FIRST_SECOND * unit, END_SECOND * unit, null);
    }
    if (meaning == Meaning.END_OF_LIFE_TIME && c.nullable()) {
      s = withNulls(s, 1 - END_OF_LIFE_SHARE);
    }
    return s;
  }

  /**
   * The default span of times (the ten years before 2026) where only the type bounds the column
   * wider (MySQL's TIMESTAMP: 1970..2038); a CHECK that narrows it keeps its own.
   */
  private static ValueSpec defaultSpan(Column c, ValueSpec spec) {
    if (spec.min() == null || spec.max() == null) {
      return spec;
    }
    String suffix = c.type() == SqlType.DATE ? "" : " 00:00:00";
    String first = "2016-01-01" + suffix;
    String end = "2026-01-01" + suffix;
    if (spec.min().compareTo(first) > 0 || spec.max().compareTo(end) < 0) {
      return spec;
    }
    return new ValueSpec(
        List.of(),
        List.of(),
        first,
        end,
        false,
        true,
        spec.minLength(),
        spec.maxLength(),
        spec.distribution(),
        spec.nullRatio());
  }

  /**
   * A time kept as text, in the form its width allows: {@code 2024-05-01 12:34:56} in 19 characters
   * or more, else the digits of the seconds since 1970 (milliseconds, zero-padded, in 13 or more),
   * else {@code 20240501}.
   */
  private static ValueSpec textTimes(long seed, Table t, Column c, ValueSpec spec) {
    int width = c.length() > 0 ? c.length() : 19;
    long unit = textUnit(c);
    if (unit > 0 && spec.values().isEmpty()) {
      // the digits of seconds (or zero-padded milliseconds) since 1970: a number the engine draws
      // and a lifecycle derives, written as text
      return new ValueSpec(
          List.of(),
          List.of(),
          Long.toString(FIRST_SECOND * unit),
          Long.toString(END_SECOND * unit),
          false,
          false,
          spec.minLength(),
          spec.maxLength(),
          null,
          spec.nullRatio());
    }
    List<String> values =
        Pools.shared(seed, "text-times", "" + width, random -> textTimes(random, width));
    return withValues(spec, values, List.of(), null);
  }

  /** 500 times of the default span, written as a text column {@code width} wide holds them. */
  private static List<String> textTimes(Random random, int width) {
    List<String> values = new ArrayList<>();
    for (int i = 0; i < 500; i++) {
      long second = FIRST_SECOND + (long) (random.nextDouble() * (END_SECOND - FIRST_SECOND));
      java.time.LocalDateTime at =
          java.time.LocalDateTime.ofEpochSecond(second, 0, java.time.ZoneOffset.UTC);
      String v;
      if (width >= 19) {
        v = at.toString().replace('T', ' ');
        v = v.length() == 16 ? v + ":00" : v;
      } else if (width >= 15) {
        v = String.format(Locale.ROOT, "%0" + width + "d", second * 1000);
      } else if (width >= 10) {
        v = Long.toString(second);
      } else {
        v = at.toLocalDate().toString().replace("-", "");
      }
      values.add(v);
    }
    return List.copyOf(values);
  }

  /**
   * The unit a time kept as text counts in, where its width writes it as digits: milliseconds in 15
   * to 18 characters (zero-padded in a {@code char(n)}), seconds in 10 to 14; 0 where it is a date
   * and time ({@code 2024-05-01 12:34:56}, 19 or more) or a day ({@code 20240501}).
   */
  static long textUnit(Column c) {
    int width = c.length() > 0 ? c.length() : 19;
    return width >= 19 || width < 10 ? 0 : width >= 15 ? 1_000L : 1;
  }

  /**
   * The unit of an integer time: 1 (seconds), 1,000 (milliseconds) or 1,000,000 (microseconds), as
   * its name says, else the schema's {@code clock} for a 64-bit integer, else seconds.
   */
  static long epochUnit(Column c, long clock) {
    long named = namedUnit(c);
    return named > 0 ? named : c.type() == SqlType.BIGINT ? clock : 1;
  }

  /**
   * The unit the 64-bit integer times of a schema count in where a column names none: the one unit
   * its other 64-bit times name (ejabberd's {@code usec} beside its {@code timestamp}), else
   * seconds.
   */
  static long clock(List<Table> tables) {
    Set<Long> named = new java.util.HashSet<>();
    for (Table t : tables) {
      for (Column c : t.columns()) {
        // a unit a 64-bit time names, or milliseconds a time kept as digits is written in
        long unit =
            c.type() == SqlType.BIGINT
                ? namedUnit(c)
                : c.type().isText()
                        && textUnit(c) > 1
                        && Meanings.of(t, c, null).meaning().kind() == Meaning.Kind.TIME
                    ? textUnit(c)
                    : 0;
        if (unit > 1) {
          named.add(unit);
        }
      }
    }
    return named.size() == 1 ? named.iterator().next() : 1;
  }

  /** The unit a column's name says (usec, ms), or 0. */
  private static long namedUnit(Column c) {
    List<String> words = Words.of(c.name());
    if (words.contains("usec")
        || words.contains("us")
        || words.contains("micro")
        || words.contains("micros")) {
      return 1_000_000L;
    }
    if (words.contains("ms") || words.contains("millis") || words.contains("msec")) {
      return 1_000L;
    }
    return 0;
  }

  private static ValueSpec duration(Column c, ValueSpec spec) {
    List<String> words = Words.of(c.name());
    long max;
    if (words.contains("ms")
        || words.contains("millis")
        || words.contains("milliseconds")
        || words.contains("latency")
        || Meanings.webVital(words)) {
      max = 60_000;
    } else if (words.contains("minutes") || words.contains("mins") || words.contains("length")) {
      max = 240;
    } else if (words.contains("hours")) {
      max = 72;
    } else if (words.contains("days")) {
      max = 365;
    } else if (words.contains("seconds")
        || words.contains("secs")
        || words.contains("sec")
        || words.contains("elapsed")) {
      max = 86_400;
    } else {
      max = 3_600; // no unit: an hour of seconds, two and a half days of minutes
    }
    return range(c, spec, 1, max, Distribution.ZIPF);
  }

  /**
   * A count: up to 100 in a one-byte or two-byte integer, else 1,000, skewed to the small; a limit
   * ({@code max_uses}) at least 1.
   */
  private static ValueSpec count(Column c, ValueSpec spec) {
    List<String> words = Words.of(c.name());
    boolean limit = words.getFirst().equals("max") || words.getFirst().equals("limit");
    boolean narrow = c.type() == SqlType.SMALLINT || c.typeName().startsWith("tinyint");
    return range(c, spec, limit ? 1 : 0, narrow ? 100 : 1000, Distribution.ZIPF);
  }

  /**
   * A number no evidence reads: 0..100,000 rather than its type's whole range (a serial number, a
   * rate, a reading), where the type holds it; the type's own domain otherwise.
   */
  static ValueSpec unknownNumber(Table t, Column c, ValueSpec spec) {
    boolean bounded =
        spec.min() != null
            && spec.max() != null
            && (DerivedColumns.checked(t, c.name()) || !c.domainChecks().isEmpty());
    if (bounded
        || !numeric(c)
        || c.type() == SqlType.SMALLINT
        || c.type() == SqlType.REAL
        || c.type() == SqlType.DOUBLE
        || c.typeName().startsWith("tinyint")) {
      return spec;
    }
    return range(c, spec, 0, 100_000, null);
  }

  /**
   * Whether the column names a thing of another table ({@code groupname} in a membership): a few
   * such things, each named in many rows.
   */
  private static boolean namesAnother(Table t, Column c) {
    List<String> words = Meanings.compounds(Words.of(c.name()));
    return words.size() > 1
        && Meanings.of(t, c, null).meaning() == Meaning.THING_NAME
        && !words.get(words.size() - 2).equals(Words.entity(t.name()));
  }

  /** Whether the column names an object of a database schema: an identifier, not a title. */
  static boolean schemaObject(Column c) {
    List<String> words = Meanings.compounds(Words.of(c.name()));
    return words.size() > 1
        && Set.of("db", "database", "schema", "table", "column", "field", "index", "view")
            .contains(words.get(words.size() - 2));
  }

  /** A number kept as text: the digits of its meaning's range. */
  private static ValueSpec digits(long seed, Table t, Column c, Meaning meaning, ValueSpec spec) {
    if (!spec.values().isEmpty()) {
      return spec;
    }
    long hi = meaning == Meaning.DURATION ? 3_600 : meaning == Meaning.POSITION ? 50 : 1_000;
    int max = c.length() > 0 ? c.length() : 20;
    List<String> values =
        Pools.shared(
            seed,
            "digits/" + hi,
            "" + max,
            random -> {
              Set<String> drawn = new LinkedHashSet<>();
              for (int i = 0; i < 200; i++) {
                String v = Long.toString((long) (random.nextDouble() * random.nextDouble() * hi));
                if (v.length() <= max) {
                  drawn.add(v);
                }
              }
              return List.copyOf(drawn);
            });
    return values.isEmpty() ? spec : withValues(spec, values, List.of(), null);
  }

  /** A measure its name reads ({@link RealisticNumbers.Rule}): its range, inside the spec's. */
  private static ValueSpec measure(long seed, Table t, Column c, ValueSpec spec) {
    RealisticNumbers.Rule rule = RealisticNumbers.rule(c.name());
    if (rule == null || rule.median > 0) {
      return RealisticNumbers.apply(seed, t, c, spec, false);
    }
    return range(c, spec, rule.min, rule.max, rule.distribution);
  }

  /** [lo, hi] inside the spec's own bounds, or the spec where they do not meet. */
  static ValueSpec range(Column c, ValueSpec spec, long lo, long hi, Distribution distribution) {
    if (!spec.values().isEmpty() || !numeric(c)) {
      return spec;
    }
    BigDecimal min = BigDecimal.valueOf(lo);
    BigDecimal max = BigDecimal.valueOf(hi);
    BigDecimal limit = RealisticNumbers.limit(c);
    max = max.min(limit);
    boolean minExclusive = false;
    boolean maxExclusive = false;
    BigDecimal specMin = RealisticNumbers.bound(spec.min());
    BigDecimal specMax = RealisticNumbers.bound(spec.max());
    if ((spec.min() != null && specMin == null) || (spec.max() != null && specMax == null)) {
      return spec;
    }
    if (specMin != null && specMin.compareTo(min) >= 0) {
      min = specMin;
      minExclusive = spec.minExclusive();
    }
    if (specMax != null && specMax.compareTo(max) <= 0) {
      max = specMax;
      maxExclusive = spec.maxExclusive();
    }
    if (min.compareTo(max) > 0 || (min.compareTo(max) == 0 && (minExclusive || maxExclusive))) {
      return spec;
    }
    return new ValueSpec(
        List.of(),
        List.of(),
        min.toPlainString(),
        max.toPlainString(),
        minExclusive,
        maxExclusive,
        spec.minLength(),
        spec.maxLength(),
        distribution == null ? spec.distribution() : distribution,
        spec.nullRatio());
  }

  private static boolean inside(ValueSpec spec, long v) {
    BigDecimal n = BigDecimal.valueOf(v);
    BigDecimal lo = RealisticNumbers.bound(spec.min());
    BigDecimal hi = RealisticNumbers.bound(spec.max());
    return (lo == null || (spec.minExclusive() ? n.compareTo(lo) > 0 : n.compareTo(lo) >= 0))
        && (hi == null || (spec.maxExclusive() ? n.compareTo(hi) < 0 : n.compareTo(hi) <= 0));
  }

  private static boolean numeric(Column c) {
    return switch (c.type()) {
      case SMALLINT, INTEGER, BIGINT, NUMERIC, REAL, DOUBLE, MONEY -> true;
      default -> false;
    };
  }

  /** The values of {@code list} inside the spec's bounds, or the spec where none is. */
  private static ValueSpec list(ValueSpec spec, List<String> list) {
    if (!spec.values().isEmpty()) {
      return spec;
    }
    BigDecimal lo = RealisticNumbers.bound(spec.min());
    BigDecimal hi = RealisticNumbers.bound(spec.max());
    List<String> inside =
        list.stream()
            .filter(
                v -> {
                  BigDecimal n = new BigDecimal(v);
                  return (lo == null || n.compareTo(lo) >= 0)
                      && (hi == null || n.compareTo(hi) <= 0);
                })
            .toList();
    return inside.isEmpty() ? spec : withValues(spec, inside, skewed(inside.size()), null);
  }

  private static ValueSpec pooled(ValueSpec spec, List<String> pool) {
    if (pool.isEmpty() || !spec.values().isEmpty()) {
      return spec;
    }
    return withValues(spec, pool, List.of(), spec.distribution());
  }

  /**
   * Weights 1, 1/2, 1/3, ... of a short list: a few values common, the rest rarer (Zipf's law as
   * weights, drawn by the weighted choice, which costs a row less than a Zipf draw).
   */
  static List<Double> skewed(int n) {
    List<Double> weights = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      weights.add(1.0 / (i + 1));
    }
    return weights;
  }

  static ValueSpec withValues(
      ValueSpec spec, List<String> values, List<Double> weights, Distribution distribution) {
    return new ValueSpec(
        values,
        weights,
        null,
        null,
        false,
        false,
        spec.minLength(),
        spec.maxLength(),
        distribution == null ? spec.distribution() : distribution,
        spec.nullRatio());
  }

  static ValueSpec withNulls(ValueSpec spec, double nullRatio) {
    return new ValueSpec(
        spec.values(),
        spec.weights(),
        spec.min(),
        spec.max(),
        spec.minExclusive(),
        spec.maxExclusive(),
        spec.minLength(),
        spec.maxLength(),
        spec.distribution(),
        nullRatio,
        spec.element(),
        spec.group(),
        spec.slotSuffix(),
        spec.binary());
  }

  /**
   * A text meaning's pool, fitted to the column's length, or the spec when none fits. A meaning
   * drawn from itself alone (free text, hosts, URLs; a thing's name, by whether it names a schema
   * object) gives columns of one length one pool; the others read the column (its words, its
   * DEFAULT, a vocabulary of its own) and draw its own.
   */
  private static ValueSpec text(long seed, Table t, Column c, Meaning meaning, ValueSpec spec) {
    if (!c.type().isText() || !spec.values().isEmpty()) {
      return spec;
    }
    // the spec's lengths are the random text's defaults unless a CHECK set them (then kept)
    boolean checked = CheckBounds.lengthChecked(t, c);
    int max = checked ? spec.maxLength() : c.length() > 0 ? c.length() : 4000;
    int min = checked ? spec.minLength() : 1;
    boolean vocabulary = meaning == Meaning.VOCABULARY || meaning == Meaning.CODE;
    boolean few = !vocabulary && namesAnother(t, c);
    String shape = "%d/%d/%b".formatted(min, max, few);
    Function<Random, List<String>> draw =
        random -> draw(random, c, meaning, vocabulary, few, min, max);
    List<String> values =
        meaning == Meaning.THING_NAME
            ? Pools.shared(seed, "text/" + meaning + "/" + schemaObject(c), shape, draw)
            : SELF_DRAWN.contains(meaning)
                ? Pools.shared(seed, "text/" + meaning, shape, draw)
                : Pools.ofColumn(seed, t, c, "text/" + shape, draw);
    if (values.isEmpty()) {
      return spec;
    }
    return withValues(spec, values, vocabulary ? skewed(values.size()) : List.of(), null);
  }

  /** Text meanings whose values {@link #drawer} draws from the meaning alone, not the column. */
  private static final Set<Meaning> SELF_DRAWN =
      EnumSet.of(
          Meaning.HOST,
          Meaning.DOMAIN,
          Meaning.HANDLE,
          Meaning.URL,
          Meaning.PATH,
          Meaning.VERSION,
          Meaning.SLUG,
          Meaning.CURRENCY,
          Meaning.TIMEZONE,
          Meaning.MIME_TYPE,
          Meaning.FILE_EXTENSION,
          Meaning.QUERY,
          Meaning.RESOLUTION,
          Meaning.MARKUP,
          Meaning.FREE_TEXT);

  private static List<String> draw(
      Random random, Column c, Meaning meaning, boolean vocabulary, boolean few, int min, int max) {
    Faker faker = new Faker(Locale.ENGLISH, random);
    String byDefault = vocabulary ? Meanings.textDefault(c) : null;
    int size =
        byDefault != null
            ? 3
            : meaning == Meaning.CODE
                ? 2 + random.nextInt(4)
                : vocabulary ? 3 + random.nextInt(2) : few ? 20 : POOL_SIZE;
    Function<Integer, String> draw =
        byDefault != null
            ? likeDefault(byDefault, faker, random, c)
            : drawer(meaning, faker, random, c);
    Set<String> values = new LinkedHashSet<>();
    if (byDefault != null && byDefault.length() <= max) {
      values.add(byDefault); // the DEFAULT is the commonest value
    }
    for (int i = 0; i < 20 * size && values.size() < size; i++) {
      String v = draw.apply(i);
      if (v.length() > max && meaning == Meaning.FREE_TEXT) {
        v = RealisticValues.fit(v, max);
      }
      if (!v.isEmpty() && v.length() <= max && v.length() >= min) {
        values.add(v);
      }
    }
    return List.copyOf(values);
  }

  private static Function<Integer, String> drawer(Meaning meaning, Faker f, Random r, Column c) {
    return switch (meaning) {
      case HOST ->
          i ->
              f.word().noun().toLowerCase(Locale.ROOT)
                  + "-"
                  + (1 + r.nextInt(9))
                  + "."
                  + f.internet().domainName();
      case DOMAIN -> i -> f.internet().domainName();
      case PERSONAL -> {
        // a person's name the realistic pools do not recognise (customers_firstname)
        List<String> words = Meanings.compounds(Words.of(c.name()));
        yield words.contains("first") || words.contains("given")
            ? i -> f.name().firstName()
            : words.contains("last") || words.contains("family") || words.contains("surname")
                ? i -> f.name().lastName()
                : i -> f.name().fullName();
      }
      case HANDLE ->
          i ->
              f.name().firstName().toLowerCase(Locale.ROOT).replaceAll("[^a-z]", "")
                  + (r.nextInt(10) < 3 ? Integer.toString(r.nextInt(100)) : "")
                  + "@"
                  + f.internet().domainName();
      case URL -> i -> "https://" + f.internet().domainName() + "/" + slug(f, r);
      case PATH -> i -> "/" + slug(f, r).replace('-', '/');
      case VERSION ->
          i -> r.nextInt(5) + "." + r.nextInt(20) + (r.nextBoolean() ? "." + r.nextInt(10) : "");
      case SLUG -> i -> slug(f, r);
      case COLOR ->
          i -> String.format(Locale.ROOT, c.length() == 6 ? "%06x" : "#%06x", r.nextInt(0x1000000));
      case LANGUAGE -> i -> language(r, c);
      case COUNTRY_CODE ->
          i ->
              c.length() <= 0 || c.length() > 3
                  ? f.address().country()
                  : c.length() == 3
                      ? f.address().countryCode().toUpperCase(Locale.ROOT) + "A"
                      : f.address().countryCode().toUpperCase(Locale.ROOT);
      case CURRENCY ->
          // a list of our own: Datafaker's currency codes come from a set whose order differs
          // from one JVM run to the next, so the same seed drew other codes
          i -> CURRENCIES.get((int) (r.nextDouble() * r.nextDouble() * CURRENCIES.size()));
      case TIMEZONE -> i -> f.address().timeZone();
      case MIME_TYPE -> i -> f.file().mimeType();
      case FILE_EXTENSION -> i -> f.file().extension().toLowerCase(Locale.ROOT);
      case QUERY -> i -> query(f, r);
      case RESOLUTION ->
          i ->
              List.of("1920x1080", "1366x768", "1536x864", "2560x1440", "1440x900", "390x844")
                  .get((int) (r.nextDouble() * r.nextDouble() * 6));
      case SECRET -> i -> secret(r, c);
      case MARKUP ->
          i -> {
            String tag = f.word().noun().toLowerCase(Locale.ROOT).replaceAll("[^a-z]", "");
            return "<" + tag + ">" + sentence(f, r) + "</" + tag + ">";
          };
      case THING_NAME ->
          schemaObject(c)
              ? i -> slug(f, r).replace('-', '_')
              : i -> capitalize(f.word().adjective()) + " " + capitalize(f.word().noun());
      case FREE_TEXT -> i -> sentence(f, r) + (r.nextBoolean() ? " " + sentence(f, r) : "");
      case CODE -> i -> code(vocabularyWord(f, r, c), r, c);
      case IDENTIFIER ->
          Meanings.lastWord(c).equals("id")
              ? i -> token(r, c)
              : i ->
                  String.format(
                      Locale.ROOT,
                      "%c%c-%05d",
                      (char) ('A' + r.nextInt(26)),
                      (char) ('A' + r.nextInt(26)),
                      r.nextInt(100_000));
      default -> i -> vocabularyWord(f, r, c);
    };
  }

  private static String vocabularyWord(Faker f, Random r, Column c) {
    String last = Meanings.lastWord(c);
    String w =
        switch (last) {
          case "action", "method", "op", "event" -> f.word().verb();
          case "gender", "sex" ->
              List.of("male", "female", "female", "male", "other").get(r.nextInt(5));
          case "role" ->
              List.of("admin", "user", "user", "editor", "viewer", "owner", "member", "guest")
                  .get(r.nextInt(8));
          case "reason", "cause" ->
              List.of("timeout", "request", "error", "expired", "cancelled", "reset", "other")
                  .get(r.nextInt(7));
          case "status", "state", "stage", "phase", "result" ->
              List.of(
                      "active",
                      "pending",
                      "completed",
                      "failed",
                      "cancelled",
                      "draft",
                      "open",
                      "closed",
                      "archived",
                      "approved",
                      "rejected",
                      "queued",
                      "running")
                  .get(r.nextInt(13));
          default -> f.word().noun();
        };
    return w.toLowerCase(Locale.ROOT).replaceAll("[^a-z]", "");
  }

  /**
   * Values shaped as the column's DEFAULT is: its case, its hyphens, its length where the column is
   * of fixed width, its operator characters when it has no letters ({@code ==} beside {@code :=}).
   */
  private static Function<Integer, String> likeDefault(
      String byDefault, Faker f, Random r, Column c) {
    if (!byDefault.matches(".*[A-Za-z0-9].*")) {
      String operators = "=:+!<>~";
      return i -> {
        StringBuilder op = new StringBuilder();
        int n = 1 + r.nextInt(Math.max(1, byDefault.length()));
        for (int k = 0; k < n; k++) {
          op.append(operators.charAt(r.nextInt(operators.length())));
        }
        return op.toString();
      };
    }
    boolean fixed =
        c.type() == SqlType.CHAR || c.typeName().toLowerCase(Locale.ROOT).startsWith("char");
    boolean upper = byDefault.equals(byDefault.toUpperCase(Locale.ROOT));
    boolean capitalized = !upper && Character.isUpperCase(byDefault.charAt(0));
    String separator = byDefault.contains("-") ? "-" : byDefault.contains("_") ? "_" : null;
    return i -> {
      String w = f.word().noun().toLowerCase(Locale.ROOT).replaceAll("[^a-z]", "");
      if (fixed && w.length() != byDefault.length()) {
        return "";
      }
      if (separator != null) {
        w = w + separator + f.word().noun().toLowerCase(Locale.ROOT).replaceAll("[^a-z]", "");
      }
      if (upper) {
        return w.toUpperCase(Locale.ROOT);
      }
      if (capitalized) {
        StringBuilder out = new StringBuilder();
        for (String part : w.split(separator == null ? "\\s" : separator)) {
          out.append(out.isEmpty() ? "" : separator).append(capitalize(part));
        }
        return out.toString();
      }
      return w;
    };
  }

  private static String query(Faker f, Random r) {
    String table = f.word().noun().toLowerCase(Locale.ROOT).replaceAll("[^a-z]", "") + "s";
    String column = f.word().noun().toLowerCase(Locale.ROOT).replaceAll("[^a-z]", "");
    int id = 1 + r.nextInt(1000);
    return switch (r.nextInt(4)) {
      case 0 -> "SELECT * FROM `" + table + "` WHERE `id` = " + id;
      case 1 -> "UPDATE `" + table + "` SET `" + column + "` = 'x' WHERE `id` = " + id;
      case 2 -> "DELETE FROM `" + table + "` WHERE `id` = " + id;
      default -> "SELECT `" + column + "`, COUNT(*) FROM `" + table + "` GROUP BY `" + column + "`";
    };
  }

  /**
   * A short code abbreviates the word it stands for: the first letters of one of the column's
   * vocabulary ({@code M} or {@code F} for a {@code char(1)} gender), in upper case, padded with
   * random letters where the word is shorter. With no length to fit, the code is the whole word
   * ({@code NATIVE}).
   */
  private static String code(String word, Random r, Column c) {
    String letters = word.toUpperCase(Locale.ROOT).replaceAll("[^A-Z]", "");
    if (c.length() <= 0) {
      return letters;
    }
    boolean fixed =
        c.type() == SqlType.CHAR || c.typeName().toLowerCase(Locale.ROOT).startsWith("char");
    int width = c.length();
    int length = fixed ? Math.min(4, width) : 1 + r.nextInt(Math.max(1, Math.min(4, width)));
    StringBuilder code =
        new StringBuilder(letters.substring(0, Math.min(length, letters.length())));
    while (code.length() < length) {
      code.append((char) ('A' + r.nextInt(26)));
    }
    return code.toString();
  }

  /** An id written as text by another system: 32 hex digits, or as many as the column holds. */
  private static String token(Random r, Column c) {
    int length = c.length() > 0 ? Math.min(c.length(), 32) : 32;
    StringBuilder hex = new StringBuilder();
    while (hex.length() < length) {
      hex.append(Long.toHexString(r.nextLong() | Long.MIN_VALUE));
    }
    return hex.substring(0, length);
  }

  /** Currency codes (ISO 4217), the most traded first. */
  private static final List<String> CURRENCIES =
      List.of(
          "USD", "EUR", "JPY", "GBP", "CNY", "AUD", "CAD", "CHF", "HKD", "SGD", "SEK", "KRW", "NOK",
          "NZD", "INR", "MXN", "BRL", "ZAR", "PLN", "DKK", "CZK", "TRY", "ILS", "THB");

  private static String language(Random r, Column c) {
    List<String> languages = List.of("en", "de", "fr", "es", "it", "pt", "nl", "ja", "zh", "ru");
    String lang =
        languages.get(Math.min(languages.size() - 1, (int) (r.nextDouble() * r.nextDouble() * 10)));
    if (c.length() > 0 && c.length() < 5) {
      return lang;
    }
    return !Words.of(c.name()).contains("locale") || r.nextBoolean()
        ? lang
        : lang + "-" + List.of("US", "GB", "DE", "FR", "ES").get(r.nextInt(5));
  }

  private static String secret(Random r, Column c) {
    int length = c.length() > 0 ? Math.min(c.length(), 64) : 64;
    if (Words.of(c.name()).stream().anyMatch(w -> w.equals("uuid") || w.equals("guid"))
        || length == 36) {
      return new java.util.UUID(r.nextLong(), r.nextLong())
          .toString()
          .substring(0, Math.min(36, length));
    }
    StringBuilder hex = new StringBuilder();
    while (hex.length() < length) {
      hex.append(Long.toHexString(r.nextLong() | Long.MIN_VALUE));
    }
    return hex.substring(0, length);
  }

  private static String slug(Faker f, Random r) {
    int n = 1 + r.nextInt(3);
    List<String> words = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      words.add(f.word().noun().toLowerCase(Locale.ROOT).replaceAll("[^a-z]", ""));
    }
    return String.join("-", words);
  }

  private static String sentence(Faker f, Random r) {
    String s =
        capitalize(f.word().adjective())
            + " "
            + f.word().noun()
            + " "
            + thirdPerson(f.word().verb())
            + " the "
            + f.word().adjective()
            + " "
            + f.word().noun();
    return s + (r.nextInt(4) == 0 ? "!" : ".");
  }

  /** A verb as "it" does it: {@code fusses}, {@code rallies}, {@code scotches}, {@code wings}. */
  static String thirdPerson(String verb) {
    if (verb.matches(".*(s|x|z|ch|sh)")) {
      return verb + "es";
    }
    if (verb.matches(".*[^aeiou]y")) {
      return verb.substring(0, verb.length() - 1) + "ies";
    }
    return verb + "s";
  }

  private static String capitalize(String w) {
    return w.isEmpty() ? w : Character.toUpperCase(w.charAt(0)) + w.substring(1);
  }
}
