package io.spate.engine.generate;

import io.spate.engine.encode.RowWriter;
import io.spate.protocol.plan.ReferencePlan;
import io.spate.protocol.plan.ValueProfile;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.seed.Seeds;

/**
 * Values drawn to match a source's statistics ({@link ValueProfile}). A row's quantile is a keyed
 * bijection of its slot over the table's slots, so over a whole table every quantile step is taken
 * once: NULLs, frequent values and distinct counts come out exact rather than on average, and two
 * columns of a row stay independent (each has its own key).
 */
final class ProfiledCells {

  private ProfiledCells() {}

  /** The types whose histogram bounds {@link Column} values interpolate between. */
  static boolean interpolates(Column column) {
    return switch (column.type()) {
      case SMALLINT, INTEGER, BIGINT, DATE, TIME, TIMESTAMP, TIMESTAMPTZ, MONEY, NUMERIC -> true;
      case REAL, DOUBLE, CHAR, VARCHAR, TEXT, CITEXT -> true;
      default -> false;
    };
  }

  /**
   * A row's quantile in [0, 1): the middle of its step among {@code slots} steps, the step a keyed
   * bijection of the slot (the slot itself when {@code ordered}).
   */
  static double quantile(long slot, long slots, long key, boolean ordered) {
    long step = ordered ? slot : permute(slot, slots, key);
    return (step + 0.5) / slots;
  }

  /**
   * A bijection of [0, n) keyed by {@code key}: a four-round Feistel network over the smallest even
   * number of bits holding n - 1, walked until the result falls below n (under four steps on
   * average, as the network's domain is under 4n).
   */
  static long permute(long x, long n, long key) {
    if (n <= 1) {
      return 0;
    }
    int bits = 64 - Long.numberOfLeadingZeros(n - 1);
    int half = (bits + 1) / 2;
    long mask = (1L << half) - 1;
    long y = x;
    do {
      long left = y >>> half;
      long right = y & mask;
      for (int round = 0; round < 4; round++) {
        long next = left ^ (Seeds.mix(key + round * 0x9E3779B97F4A7C15L ^ right) & mask);
        left = right;
        right = next;
      }
      y = (left << half) | right;
    } while (y >= n);
    return y;
  }

  /** The frequent value a share {@code v} of the non-null rows falls on. */
  private static int frequentIndex(double v, double[] cumulative) {
    int i = 0;
    while (i < cumulative.length - 1 && v >= cumulative[i]) {
      i++;
    }
    return i;
  }

  /**
   * The values past the frequent ones: each histogram bucket takes an equal share of the rows and a
   * number of distinct steps, the distinct count spread over the buckets as evenly as their room
   * allows (a bucket of discrete values, integers or carried dates, times and unscaled numerics,
   * holds no more steps than values; a bucket holds no more steps than rows), so the count comes
   * out whatever the buckets' widths. A step's value is read at its middle, linear inside the
   * bucket.
   */
  static final class Rest {
    private final double[] bounds;
    private final long[] steps; // per bucket
    private final long[] firstStep; // per bucket: steps of the buckets before it

    /**
     * @param bounds the histogram's bounds as numbers (text: their positions 0..m)
     * @param discrete whether the values are whole numbers (a bucket holds as many as its width)
     * @param rows the rows that take a rest value, about
     */
    Rest(double[] bounds, boolean discrete, long distinct, double rows) {
      this.bounds = bounds;
      int m = bounds.length - 1;
      double[] room = new double[m];
      for (int b = 0; b < m; b++) {
        double values =
            discrete
                ? Math.max(
                    1, Math.floor(bounds[b + 1]) - Math.ceil(bounds[b]) + (b == m - 1 ? 1 : 0))
                : Double.POSITIVE_INFINITY;
        room[b] = Math.max(1, Math.min(values, Math.floor(rows / m)));
      }
      double level = level(room, distinct);
      this.steps = new long[m];
      this.firstStep = new long[m];
      long total = 0;
      for (int b = 0; b < m; b++) {
        steps[b] = Math.max(1, Math.round(Math.min(room[b], level)));
        firstStep[b] = total;
        total += steps[b];
      }
    }

    /** The level L at which the buckets' steps, min(room, L) each, add up to {@code distinct}. */
    private static double level(double[] room, long distinct) {
      double lo = 0;
      double hi = distinct;
      for (int i = 0; i < 100; i++) {
        double mid = (lo + hi) / 2;
        double sum = 0;
        for (double r : room) {
          sum += Math.min(r, mid);
        }
        if (sum < distinct) {
          lo = mid;
        } else {
          hi = mid;
        }
      }
      return hi;
    }

    int bucket(double q) {
      return Math.min(steps.length - 1, (int) (q * steps.length));
    }

    /** The step a rest quantile {@code q} in [0, 1) falls on inside its bucket. */
    long step(double q, int bucket) {
      double within = q * steps.length - bucket;
      return Math.min(steps[bucket] - 1, (long) (within * steps[bucket]));
    }

    /** The middle of the step a rest quantile {@code q} falls on, as a rest quantile. */
    double middle(double q) {
      int b = bucket(q);
      return (b + (step(q, b) + 0.5) / steps[b]) / steps.length;
    }

    /**
     * The rest quantile at which the histogram's linear interpolation reaches {@code x}: the
     * inverse of {@link #value}, for a value moved off its step.
     */
    double at(double x) {
      int m = steps.length;
      int b = 0;
      while (b < m - 1 && x >= bounds[b + 1]) {
        b++;
      }
      double width = bounds[b + 1] - bounds[b];
      double within = width > 0 ? Math.clamp((x - bounds[b]) / width, 0.0, 1.0) : 0.5;
      return Math.min(Math.nextDown(1.0), (b + within) / m);
    }

    /** The value of a rest quantile {@code q}: the middle of its step, linear in the bucket. */
    double value(double q) {
      int b = bucket(q);
      double at = (step(q, b) + 0.5) / steps[b];
      return bounds[b] + at * (bounds[b + 1] - bounds[b]);
    }

    /** The steps of all buckets. */
    long total() {
      return firstStep[steps.length - 1] + steps[steps.length - 1];
    }

    /** A number of the rest quantile's step unique over all buckets. */
    long index(double q) {
      int b = bucket(q);
      return firstStep[b] + step(q, b);
    }
  }

  /** A rest quantile in [0, 1) from a non-null share {@code v} at or past the frequent values. */
  private static double restQuantile(double v, double frequentShare) {
    return Math.min(Math.nextDown(1.0), (v - frequentShare) / (1 - frequentShare));
  }

  /** Text bounds as their positions, for a {@link Rest} that only counts steps. */
  private static double[] positions(int n) {
    double[] out = new double[n];
    for (int i = 0; i < n; i++) {
      out[i] = i;
    }
    return out;
  }

  private static double[] cumulative(ValueProfile profile) {
    int n = profile.values().size();
    double[] cumulative = new double[n];
    double sum = 0;
    for (int i = 0; i < n; i++) {
      sum += profile.frequencies().get(i);
      cumulative[i] = sum;
    }
    if (profile.bounds().isEmpty() && n > 0) {
      cumulative[n - 1] = 1; // every value is a frequent one: they share the whole
    }
    return cumulative;
  }

  /**
   * A foreign key's parent slot in [0, size) by a profile over the source's parent slots: a hot
   * parent of the source is hot here.
   */
  static final class ParentSlots {
    private final long key;
    private final long slots;
    private final long size;
    private final boolean ordered;
    private final long[] frequent;
    private final double[] cumulative;
    private final double frequentShare;
    private final Rest rest;

    /**
     * @param slots the child table's slots
     * @param size the parent slots to pick from
     */
    ParentSlots(ReferencePlan plan, long stream, long slots, long size) {
      ValueProfile profile = plan.profile();
      this.key = stream;
      this.slots = Math.max(1, slots);
      this.size = size;
      this.ordered = profile.ordered();
      this.frequent = profile.values().stream().mapToLong(Long::parseLong).toArray();
      this.cumulative = cumulative(profile);
      this.frequentShare = profile.frequentShare();
      this.rest =
          profile.bounds().isEmpty()
              ? null
              : new Rest(
                  profile.bounds().stream().mapToDouble(Double::parseDouble).toArray(),
                  true,
                  profile.distinct(),
                  this.slots * (1 - plan.nullRatio()) * (1 - frequentShare));
    }

    long pick(long slot) {
      double v = quantile(slot, slots, key, ordered);
      long parent =
          v < frequentShare
              ? frequent[frequentIndex(v, cumulative)]
              : Math.round(rest.value(restQuantile(v, frequentShare)));
      return Math.floorMod(parent, size);
    }
  }

  /**
   * A profiled column's generator. A column a functional dependency determines takes, where its
   * determinant is not NULL, the middle of the quantiles of the determinant's value as its own
   * quantile ({@link #valueMiddle}): equal determinants give equal values, and as those middles are
   * spread like the determinant's rows, the column's own shares still hold as closely as its
   * determinant's values allow. The column then follows its determinant's order (frequent values
   * first, then the histogram upwards), as a code and the name it determines do.
   */
  static final class Drawn extends CellGen {
    private final Drawn determinant; // null: every row draws its own quantile
    private final Column column;
    private final long key;
    private final long slots;
    private final double nullRatio;
    private final boolean ordered;
    private final byte[][] frequent;
    private final double[] cumulative; // running shares of the non-null rows
    private final double frequentShare;
    private final int scale;
    private final boolean whole; // values are whole numbers (integers, carried dates and times)
    private final java.util.Set<Long> frequentCarried; // the frequent values as rounded numbers
    private final Rest rest; // null when every value is a frequent one
    private final String[] textBounds; // text: the bounds as they are
    private final int suffixWidth;
    private final int maxLength;
    private final char[] scratch;

    /**
     * @param determinant the generator of the column that determines this one (of the same table),
     *     or null
     */
    Drawn(
        Column column,
        double nullRatio,
        ValueProfile profile,
        long stream,
        long slots,
        Drawn determinant) {
      this.determinant = determinant;
      this.column = column;
      this.key = stream;
      this.slots = Math.max(1, slots);
      this.nullRatio = nullRatio;
      this.ordered = profile.ordered();
      int n = profile.values().size();
      this.frequent = new byte[n][];
      for (int i = 0; i < n; i++) {
        frequent[i] = Engine.encodeLiteral(column, profile.values().get(i));
      }
      this.cumulative = cumulative(profile);
      this.frequentShare = profile.frequentShare();
      long distinct = profile.distinct();
      this.scale = Literals.numericScale(column);
      boolean text = column.type().isText();
      if (!profile.bounds().isEmpty() && !interpolates(column)) {
        throw new IllegalArgumentException(
            "a histogram cannot be drawn for type " + column.typeName());
      }
      int m = profile.bounds().size();
      boolean floating = column.type() == SqlType.REAL || column.type() == SqlType.DOUBLE;
      this.textBounds = text ? profile.bounds().toArray(String[]::new) : null;
      double[] bounds = text ? positions(m) : new double[m];
      for (int i = 0; !text && i < m; i++) {
        String bound = profile.bounds().get(i);
        bounds[i] = floating ? Literals.toDouble(column, bound) : Literals.toLong(column, bound);
      }
      // only interpolated numbers are carried as longs; a boolean's or an enum's values stay
      // literals
      this.whole = interpolates(column) && !text && !floating;
      this.frequentCarried = new java.util.HashSet<>();
      for (int i = 0; whole && i < n; i++) {
        frequentCarried.add(Literals.toLong(column, profile.values().get(i)));
      }
      this.rest =
          m == 0
              ? null
              : new Rest(
                  bounds, whole, distinct, this.slots * (1 - nullRatio) * (1 - frequentShare));
      int width = 1;
      for (long d = 26; rest != null && d < rest.total(); d *= 26) {
        width++;
      }
      this.suffixWidth = width;
      this.maxLength = column.length() > 0 ? column.length() : Integer.MAX_VALUE;
      this.scratch = new char[width];
    }

    /** A row's quantile: its determinant's value's middle, else its own. */
    private double rowQuantile(long slot) {
      double at = determinant == null ? -1 : determinant.valueMiddle(slot);
      return at >= 0 ? at : ProfiledCells.quantile(slot, slots, key, ordered);
    }

    /**
     * The middle of the non-null shares whose rows take the value row {@code slot} takes, or -1
     * where it takes NULL: one number per value, in [0, 1), spread like the non-null rows (so a
     * column it determines, whose rows with a NULL determinant draw their own quantiles, still has
     * its quantiles spread evenly).
     */
    double valueMiddle(long slot) {
      double u = rowQuantile(slot);
      if (u < nullRatio) {
        return -1;
      }
      double v = (u - nullRatio) / (1 - nullRatio);
      double middle;
      if (v < frequentShare) {
        int i = frequentIndex(v, cumulative);
        middle = ((i == 0 ? 0 : cumulative[i - 1]) + cumulative[i]) / 2;
      } else {
        double q = restQuantile(v, frequentShare);
        // a whole number may be moved off its step onto another's: then read back from the value
        middle =
            frequentShare
                + (1 - frequentShare)
                    * (whole ? rest.at(besideFrequent(Math.round(rest.value(q)))) : rest.middle(q));
      }
      return middle;
    }

    @Override
    void write(long slot, RowWriter out) {
      double u = rowQuantile(slot);
      if (u < nullRatio) {
        out.writeNull();
        return;
      }
      double v = (u - nullRatio) / (1 - nullRatio);
      if (v < frequentShare) {
        byte[] field = frequent[frequentIndex(v, cumulative)];
        out.writeBytes(field, 0, field.length);
        return;
      }
      double q = restQuantile(v, frequentShare);
      if (textBounds != null) {
        out.writeText(text(rest.bucket(q), rest.index(q)));
        return;
      }
      double value = rest.value(q);
      switch (column.type()) {
        case REAL -> out.writeFloat4((float) value);
        case DOUBLE -> out.writeFloat8(value);
        case NUMERIC -> out.writeNumeric(besideFrequent(Math.round(value)), scale);
        default -> Cells.writeIntegral(column.type(), besideFrequent(Math.round(value)), out);
      }
    }

    /**
     * A rest value moved off the frequent values (to the nearest value that is none), so a frequent
     * value keeps its own frequency.
     */
    private long besideFrequent(long value) {
      for (long d = 0; d < 64; d++) {
        if (!frequentCarried.contains(value + d)) {
          return value + d;
        }
        if (!frequentCarried.contains(value - d)) {
          return value - d;
        }
      }
      return value;
    }

    /**
     * The k-th rest value: its bucket's lower bound, a space (below every printable character, so
     * the value sorts before the next bound even when that one extends this), then k in letters.
     */
    private String text(int b, long k) {
      long digits = k;
      for (int p = suffixWidth - 1; p >= 0; p--) {
        scratch[p] = (char) ('a' + (digits % 26));
        digits /= 26;
      }
      String lower = textBounds[b];
      int room = Math.max(0, maxLength - suffixWidth - 1);
      if (lower.codePointCount(0, lower.length()) > room) {
        lower = lower.substring(0, lower.offsetByCodePoints(0, room));
      }
      return (lower + " " + new String(scratch, 0, suffixWidth))
          .substring(0, Math.min(lower.length() + 1 + suffixWidth, maxLength));
    }
  }
}
