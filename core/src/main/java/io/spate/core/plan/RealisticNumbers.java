package io.spate.core.plan;

import io.spate.protocol.plan.Distribution;
import io.spate.protocol.plan.ValueSpec;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * Number columns whose name says what they count get a range that fits it, in place of the type's
 * default domain (0..1,000,000): a flag 0..1, a month 1..12, a latitude -90..90, a quantity 1..20
 * skewed to small ones; money ({@code price}, {@code amount}, ...) a pool of amounts drawn
 * log-normally around a median of the kind, at the column's scale and within its precision. Each
 * {@link Rule} is named and matched by the words of the column's name ({@link Words}).
 *
 * <p>Invariants: only integer, numeric, floating point and money columns are read; a column the
 * CHECKs bound on both sides keeps their range, and one bounded on one side gets its rule's range
 * or pool kept inside that bound (or keeps its spec when the two do not meet); the pool is drawn
 * from the column's realistic-pool stream, so every cell stays a pure function of (seed, table,
 * column, row).
 */
final class RealisticNumbers {

  /** Amounts drawn per money column. */
  static final int POOL_SIZE = 500;

  /** A recognised kind of number: a range, or (when {@code median > 0}) a money pool. */
  enum Rule {
    FLAG(0, 1, null),
    MONTH(1, 12, null),
    DAY_OF_MONTH(1, 28, null),
    DAY_OF_WEEK(1, 7, null),
    HOUR(0, 23, null),
    MINUTE(0, 59, null),
    YEAR(1990, 2025, null),
    BIRTH_YEAR(1940, 2006, null),
    AGE(18, 90, null),
    PERCENT(0, 100, null),
    FRAME_RATE(1, 60, null),
    /** A password hash's iterations. */
    WORK_FACTOR(4096, 100_000, null),
    RATING(1, 5, null),
    SCORE(0, 100, null),
    LATITUDE(-90, 90, null),
    LONGITUDE(-180, 180, null),
    QUANTITY(1, 20, Distribution.ZIPF),
    COUNT(0, 1000, Distribution.ZIPF),
    STOCK(0, 500, null),
    PRICE(20),
    AMOUNT(80),
    SMALL_CHARGE(8, 99), // a tax, a fee, a tip: under a hundred
    SALARY(60_000);

    final long min;
    final long max;
    final Distribution distribution;

    /** The median of a money kind; 0 for a range. */
    final double median;

    /** The largest amount of a money kind. */
    final double top;

    Rule(long min, long max, Distribution distribution) {
      this.min = min;
      this.max = max;
      this.distribution = distribution;
      this.median = 0;
      this.top = 0;
    }

    Rule(double median) {
      this(median, median * 1000);
    }

    Rule(double median, double top) {
      this.min = 0;
      this.max = 0;
      this.distribution = null;
      this.median = median;
      this.top = top;
    }
  }

  private RealisticNumbers() {}

  /**
   * The words with an "of" phrase turned around, so the thing named comes last as in {@code
   * birth_year}: {@code year_of_birth} reads {@code [birth, year]}, {@code day_of_week} {@code
   * [week, day]}.
   */
  private static List<String> headLast(List<String> words) {
    int of = words.indexOf("of");
    if (of <= 0 || of == words.size() - 1) {
      return words;
    }
    List<String> turned = new java.util.ArrayList<>(words.subList(of + 1, words.size()));
    turned.addAll(words.subList(0, of));
    return turned;
  }

  /** The rule a number column's name asks for, or null. */
  static Rule rule(String columnName) {
    List<String> words = headLast(Words.of(columnName));
    if (words.isEmpty()) {
      return null;
    }
    String first = words.getFirst();
    String last = words.getLast();
    String all = Words.joined(words);
    if (words.size() > 1 && Set.of("is", "has", "can", "should", "was", "allow").contains(first)) {
      return Rule.FLAG;
    }
    if (words.contains("birth") && last.equals("year")) {
      return Rule.BIRTH_YEAR;
    }
    if (words.contains("cents")) {
      return null; // an amount in cents: its own scale, not guessed
    }
    if (all.equals("dayofweek") || all.equals("weekday") || last.equals("dow")) {
      return Rule.DAY_OF_WEEK;
    }
    if (all.equals("dayofmonth")) {
      return Rule.DAY_OF_MONTH;
    }
    return switch (last) {
      case "active",
          "enabled",
          "disabled",
          "deleted",
          "archived",
          "verified",
          "visible",
          "hidden",
          "published",
          "flag",
          "locked",
          "approved",
          "confirmed",
          "subscribed" ->
          Rule.FLAG;
      case "month", "mon" -> Rule.MONTH;
      case "day", "dom" -> Rule.DAY_OF_MONTH;
      case "hour" -> Rule.HOUR;
      case "minute" -> Rule.MINUTE;
      case "year", "yr" -> Rule.YEAR;
      case "age" -> Rule.AGE;
      case "percent", "pct", "percentage" -> Rule.PERCENT;
      case "rate" ->
          words.stream().anyMatch(w -> Set.of("tax", "vat", "interest", "commission").contains(w))
              ? Rule.PERCENT
              : null;
      case "fps", "framerate" -> Rule.FRAME_RATE;
      case "iterations", "iterationcount", "rounds" -> Rule.WORK_FACTOR;
      case "rating", "stars" -> Rule.RATING;
      case "score" -> Rule.SCORE;
      case "lat", "latitude" -> Rule.LATITUDE;
      case "lon", "lng", "long", "longitude" -> Rule.LONGITUDE;
      case "quantity", "qty" -> Rule.QUANTITY;
      case "count", "cnt" -> Rule.COUNT;
      case "stock", "inventory" -> Rule.STOCK;
      case "price", "cost", "fee", "fees" -> Rule.PRICE;
      case "amount",
          "amt",
          "total",
          "subtotal",
          "balance",
          "payment",
          "charge",
          "revenue",
          "budget",
          "spend",
          "income" ->
          Rule.AMOUNT;
      case "tax", "freight", "shipping", "tip", "discount" -> Rule.SMALL_CHARGE;
      case "salary", "wage", "wages", "compensation" -> Rule.SALARY;
      default -> null;
    };
  }

  /**
   * The spec of a number column the config and CHECKs leave without a value list: its rule's range
   * or pool, kept inside {@code spec}'s bounds, or {@code spec} itself when no rule fits.
   *
   * @param keepDistribution the config chose the distribution, so a rule's own is not used
   */
  static ValueSpec apply(long seed, Table t, Column c, ValueSpec spec, boolean keepDistribution) {
    Rule rule = number(c.type()) ? rule(c.name()) : null;
    if (rule == null || (rule == Rule.FLAG && scale(c) > 0)) {
      return spec;
    }
    if (spec.min() != null && spec.max() != null) {
      return spec; // the CHECKs bound it on both sides: they say what it holds
    }
    BigDecimal lo = bound(spec.min());
    BigDecimal hi = bound(spec.max());
    if ((spec.min() != null && lo == null) || (spec.max() != null && hi == null)) {
      return spec; // a bound Spate does not read as a number: the CHECK decides alone
    }
    BigDecimal limit = limit(c);
    if (rule.median > 0) {
      int scale = scale(c);
      String bounds =
          (spec.minExclusive() ? "(" : "[") + lo + "," + hi + (spec.maxExclusive() ? ")" : "]");
      List<String> pool =
          Pools.shared(
              seed,
              "amounts/" + rule,
              "%d/%s/%s".formatted(scale, limit.toPlainString(), bounds),
              random ->
                  pool(random, scale, rule.median, rule.top, limit).stream()
                      .filter(v -> inside(v, lo, spec.minExclusive(), hi, spec.maxExclusive()))
                      .map(BigDecimal::toPlainString)
                      .toList());
      return pool.isEmpty()
          ? spec
          : new ValueSpec(
              pool,
              List.of(),
              null,
              null,
              false,
              false,
              spec.minLength(),
              spec.maxLength(),
              spec.distribution(),
              spec.nullRatio());
    }
    BigDecimal min = BigDecimal.valueOf(rule.min).max(limit.negate());
    BigDecimal max = BigDecimal.valueOf(rule.max).min(limit);
    boolean minExclusive = false;
    boolean maxExclusive = false;
    if (lo != null && lo.compareTo(min) >= 0) {
      min = lo;
      minExclusive = spec.minExclusive();
    }
    if (hi != null && hi.compareTo(max) <= 0) {
      max = hi;
      maxExclusive = spec.maxExclusive();
    }
    if (min.compareTo(max) > 0 || (min.compareTo(max) == 0 && (minExclusive || maxExclusive))) {
      return spec;
    }
    Distribution distribution =
        keepDistribution || rule.distribution == null ? spec.distribution() : rule.distribution;
    return new ValueSpec(
        List.of(),
        List.of(),
        min.toPlainString(),
        max.toPlainString(),
        minExclusive,
        maxExclusive,
        spec.minLength(),
        spec.maxLength(),
        distribution,
        spec.nullRatio());
  }

  /**
   * {@link #POOL_SIZE} distinct amounts (fewer when the column has room for fewer), log-normal
   * around {@code median} (a sigma of one: a tenth of the amounts under a quarter of the median, a
   * tenth over 3.6 times it), with {@code scale} digits after the point, positive and at most
   * {@code top} and the column's limit.
   */
  static List<BigDecimal> pool(
      Random random, int scale, double median, double top, BigDecimal limit) {
    double most = Math.min(limit.doubleValue(), top);
    BigDecimal unit = BigDecimal.ONE.movePointLeft(scale);
    Set<BigDecimal> values = new LinkedHashSet<>();
    for (int i = 0; i < 4 * POOL_SIZE && values.size() < POOL_SIZE; i++) {
      double v = Math.min(most, median * Math.exp(random.nextGaussian()));
      BigDecimal amount = BigDecimal.valueOf(v).setScale(scale, RoundingMode.HALF_UP);
      values.add(amount.max(unit).min(limit));
    }
    return new ArrayList<>(values);
  }

  private static boolean number(SqlType type) {
    return switch (type) {
      case SMALLINT, INTEGER, BIGINT, NUMERIC, REAL, DOUBLE, MONEY -> true;
      default -> false;
    };
  }

  /** The digits after the point a column keeps: 0 for integers, 2 for money and floats. */
  static int scale(Column c) {
    return switch (c.type()) {
      case NUMERIC -> c.scale() >= 0 ? c.scale() : 2;
      case REAL, DOUBLE, MONEY -> 2;
      default -> 0;
    };
  }

  /** The largest value the column holds (a numeric's precision; smallint's 32767). */
  static BigDecimal limit(Column c) {
    return switch (c.type()) {
      case SMALLINT -> BigDecimal.valueOf(Short.MAX_VALUE);
      case BIGINT -> BigDecimal.valueOf(Long.MAX_VALUE);
      case NUMERIC -> {
        int s = scale(c);
        int digits = c.precision() > 0 ? c.precision() - s : 16;
        yield BigDecimal.TEN.pow(Math.max(0, digits)).subtract(BigDecimal.ONE.movePointLeft(s));
      }
      default -> BigDecimal.valueOf(Integer.MAX_VALUE);
    };
  }

  /** A bound's literal as a number ({@code $1,000.00} too), or null when it is none. */
  static BigDecimal bound(String literal) {
    if (literal == null) {
      return null;
    }
    try {
      return new BigDecimal(literal.trim().replace("$", "").replace(",", ""));
    } catch (NumberFormatException e) {
      return null;
    }
  }

  private static boolean inside(
      BigDecimal v, BigDecimal lo, boolean loExclusive, BigDecimal hi, boolean hiExclusive) {
    return (lo == null || (loExclusive ? v.compareTo(lo) > 0 : v.compareTo(lo) >= 0))
        && (hi == null || (hiExclusive ? v.compareTo(hi) < 0 : v.compareTo(hi) <= 0));
  }
}
