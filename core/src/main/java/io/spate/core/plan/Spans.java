package io.spate.core.plan;

import io.spate.core.config.TableConfig;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.plan.ValueSpec;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A duration beside a start and an end of the same row is the time between them ({@code
 * acctsessiontime} beside {@code acctstarttime} and {@code acctstoptime}, {@code Length} beside
 * {@code StartDateTime} and {@code EndDateTime}): the duration becomes {@link ColumnPlan.Derived}
 * with {@code since}, {@code (end - start) / per} in its own unit (milliseconds, minutes, hours or
 * days where its name says so, else seconds).
 *
 * <p>Invariant: only a duration the config and CHECKs leave open, of an integer or numeric type
 * that holds the longest span, beside two timestamps of one type whose later is derived from the
 * earlier by deltas that are never negative, so each row's duration is at least 0.
 */
final class Spans {

  private static final long MICROS_PER_SECOND = 1_000_000L;

  /**
   * Words of a duration that is a setting, not a span the row measures: how often (an interim
   * update's {@code acctinterval}), how long to wait or to keep.
   */
  private static final java.util.Set<String> SETTINGS =
      java.util.Set.of(
          "interval",
          "timeout",
          "ttl",
          "delay",
          "period",
          "wait",
          "latency",
          "lifetime",
          "frequency");

  private Spans() {}

  /** Replaces, in {@code plans}, each duration that has a start and an end beside it. */
  static void apply(
      Table t,
      Map<String, ColumnPlan> plans,
      Map<String, Meanings.Inferred> meanings,
      TableConfig tc) {
    java.util.Set<String> measured = new java.util.HashSet<>();
    for (Column c : t.columns()) {
      if (meanings.get(c.name()).meaning() != Meaning.DURATION
          || !(c.type().isIntegral() || c.type() == SqlType.NUMERIC)
          || Meanings.compounds(Words.of(c.name())).stream().anyMatch(SETTINGS::contains)
          || !DerivedColumns.open(t, plans, tc, c)) {
        continue;
      }
      String[] pair = pair(t, plans, meanings, c);
      if (pair == null || !measured.add(pair[1])) {
        continue; // one duration measures a pair
      }
      long per = per(c);
      BigInteger longest = BigInteger.valueOf(maxSpan(plans, pair[1], pair[0]) / Math.max(1, per));
      if (per < 1 || longest.compareTo(RealisticNumbers.limit(c).toBigInteger()) > 0) {
        continue;
      }
      ValueSpec own = ((ColumnPlan.Values) plans.get(c.name())).spec();
      shorten(plans, pair, own, per, c.scale());
      double nulls = own.nullRatio();
      plans.put(
          c.name(), new ColumnPlan.Derived(c.name(), pair[1], 0, 0, nulls, null, 0, pair[0], per));
    }
  }

  /**
   * Keeps the end within the longest duration the column's own domain holds ({@code 1..3600}
   * seconds: a session of up to an hour), where the end is derived from the start directly and
   * would otherwise run longer.
   */
  private static void shorten(
      Map<String, ColumnPlan> plans, String[] pair, ValueSpec own, long per, int scale) {
    if (!(plans.get(pair[1]) instanceof ColumnPlan.Derived end)
        || !end.base().equals(pair[0])
        || own.max() == null) {
      return;
    }
    long cap;
    try {
      // the domain's top in the column's smallest step (240.00 of a decimal(10,2) is 24000)
      long top =
          new BigDecimal(own.max().trim()).movePointRight(Math.max(0, scale)).longValueExact();
      cap = Math.multiplyExact(top, per);
    } catch (NumberFormatException | ArithmeticException e) {
      return;
    }
    if (cap > end.minDelta() && cap < end.maxDelta()) {
      plans.put(
          pair[1],
          new ColumnPlan.Derived(
              end.column(),
              end.base(),
              end.minDelta(),
              cap,
              end.nullRatio(),
              end.foreignKey(),
              end.step()));
    }
  }

  /**
   * The (start, end) of the row that {@code duration} measures: a pair of timestamps the names
   * order, the end derived from the start; the pair that shares a word with the duration first.
   */
  private static String[] pair(
      Table t,
      Map<String, ColumnPlan> plans,
      Map<String, Meanings.Inferred> meanings,
      Column duration) {
    List<String> words = Meanings.compounds(Words.of(duration.name()));
    List<String[]> pairs = new ArrayList<>(OrderedPairs.pairs(t));
    for (Column start : t.columns()) {
      for (Column end : t.columns()) {
        Meaning m = meanings.get(end.name()).meaning();
        if (meanings.get(start.name()).meaning() == Meaning.STARTED
            && (m == Meaning.ENDED || m == Meaning.EXPIRES)) {
          pairs.add(new String[] {start.name(), end.name()}); // acctstarttime, acctstoptime
        }
      }
    }
    String[] found = null;
    for (String[] p : pairs) {
      Column earlier = t.column(p[0]).orElseThrow();
      Column later = t.column(p[1]).orElseThrow();
      boolean timestamps =
          (earlier.type() == SqlType.TIMESTAMP || earlier.type() == SqlType.TIMESTAMPTZ)
              && later.type() == earlier.type();
      if (!timestamps || maxSpan(plans, p[1], p[0]) < 0) {
        continue;
      }
      if (found == null || Meanings.compounds(Words.of(p[0])).stream().anyMatch(words::contains)) {
        found = p;
      }
    }
    return found;
  }

  /**
   * The most {@code later} may exceed {@code earlier}, in the times' unit, when {@code later} is
   * derived from it (directly or through others of the row) by deltas never negative; else -1.
   */
  private static long maxSpan(Map<String, ColumnPlan> plans, String later, String earlier) {
    long most = 0;
    String at = later;
    for (int hops = 0; hops <= plans.size(); hops++) {
      if (at.equals(earlier)) {
        return most;
      }
      if (!(plans.get(at) instanceof ColumnPlan.Derived d)
          || d.foreignKey() != null
          || d.since() != null
          || d.minDelta() < 0) {
        return -1;
      }
      most += d.maxDelta();
      at = d.base();
    }
    return -1;
  }

  /**
   * Microseconds per one of the duration's units (its numeric's smallest step): milliseconds,
   * minutes, hours or days where its name says so, else seconds; 0 when that is not a whole number.
   */
  private static long per(Column duration) {
    List<String> words = Words.of(duration.name());
    long micros;
    if (words.contains("ms") || words.contains("millis") || words.contains("milliseconds")) {
      micros = 1_000;
    } else if (words.contains("minutes") || words.contains("mins")) {
      micros = 60 * MICROS_PER_SECOND;
    } else if (words.contains("hours")) {
      micros = 3_600 * MICROS_PER_SECOND;
    } else if (words.contains("days")) {
      micros = 86_400 * MICROS_PER_SECOND;
    } else {
      micros = MICROS_PER_SECOND;
    }
    for (int i = 0; i < Math.max(0, duration.scale()); i++) {
      if (micros % 10 != 0) {
        return 0;
      }
      micros /= 10;
    }
    return micros;
  }
}
