package io.spate.core.profile;

import io.spate.core.profile.Profile.ColumnStats;
import io.spate.core.profile.Profile.Frequent;
import io.spate.core.profile.Profile.TableStats;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * How far two databases' statistics lie apart, column by column ({@code spate compare}): the
 * distances are between their {@link Profile}s, both read with the values themselves, so two
 * databases are compared without reading a row of either.
 */
public final class ProfileDistance {

  private ProfileDistance() {}

  /**
   * One column's distances.
   *
   * @param nullFraction the absolute difference of the null fractions
   * @param distinctRatio the second database's distinct count over the first's (1: equal)
   * @param frequentTvd the total variation distance between the value distributions the frequent
   *     values describe: half the summed differences of their frequencies over both lists, a value
   *     frequent on one side only taken at the other's average frequency of the rest (the planner's
   *     own estimate); null when neither side has frequent values
   * @param histogramKs the Kolmogorov-Smirnov distance of the histograms (the largest difference of
   *     the cumulative shares, linear between the bounds of numbers, dates and times, stepwise
   *     between text bounds); 1 when one side has a histogram and the other none, null when neither
   */
  public record ColumnDistance(
      String table,
      String column,
      double nullFraction,
      double distinctRatio,
      Double frequentTvd,
      Double histogramKs) {

    /** The largest of the distances, the distinct count's as its relative error. */
    public double worst() {
      return Math.max(
          Math.max(nullFraction, Math.abs(distinctRatio - 1)),
          Math.max(frequentTvd == null ? 0 : frequentTvd, histogramKs == null ? 0 : histogramKs));
    }

    /** One line of {@code spate compare}'s report. */
    public String line() {
      return String.format(
          Locale.ROOT,
          "%-40s null %.3f  distinct x%.3f  mcv-tvd %s  hist-ks %s",
          table + "." + column,
          nullFraction,
          distinctRatio,
          frequentTvd == null ? "  -  " : String.format(Locale.ROOT, "%.3f", frequentTvd),
          histogramKs == null ? "  -  " : String.format(Locale.ROOT, "%.3f", histogramKs));
    }
  }

  /**
   * The distances of every column both profiles hold, worst first.
   *
   * @param missing receives a line for each table or column one profile holds and the other not
   */
  public static List<ColumnDistance> compare(Profile a, Profile b, List<String> missing) {
    List<ColumnDistance> out = new ArrayList<>();
    for (var table : a.tables().entrySet()) {
      TableStats other = b.tables().get(table.getKey());
      if (other == null) {
        missing.add(table.getKey() + ": only in the first database");
        continue;
      }
      for (var column : table.getValue().columns().entrySet()) {
        ColumnStats cb = other.columns().get(column.getKey());
        if (cb == null) {
          missing.add(
              table.getKey() + "." + column.getKey() + ": no statistics in the second database");
          continue;
        }
        out.add(column(table.getKey(), column.getKey(), column.getValue(), cb));
      }
    }
    b.tables().keySet().stream()
        .filter(t -> !a.tables().containsKey(t))
        .forEach(t -> missing.add(t + ": only in the second database"));
    out.sort(Comparator.comparingDouble(ColumnDistance::worst).reversed());
    return out;
  }

  static ColumnDistance column(String table, String column, ColumnStats a, ColumnStats b) {
    double ratio =
        a.distinct() == b.distinct() ? 1 : (double) b.distinct() / Math.max(1, a.distinct());
    return new ColumnDistance(
        table,
        column,
        Math.abs(a.nullFraction() - b.nullFraction()),
        ratio,
        tvd(a, b),
        ks(a.histogram(), b.histogram()));
  }

  /** Total variation distance over the union of both sides' frequent values. */
  static Double tvd(ColumnStats a, ColumnStats b) {
    Map<String, Double> fa = frequencies(a);
    Map<String, Double> fb = frequencies(b);
    if (fa.isEmpty() && fb.isEmpty()) {
      return null;
    }
    Set<String> values = new LinkedHashSet<>(fa.keySet());
    values.addAll(fb.keySet());
    double sum = 0;
    for (String v : values) {
      sum += Math.abs(fa.getOrDefault(v, restFrequency(a)) - fb.getOrDefault(v, restFrequency(b)));
    }
    return Math.min(1, sum / 2);
  }

  private static Map<String, Double> frequencies(ColumnStats s) {
    Map<String, Double> out = new HashMap<>();
    for (Frequent f : s.frequentValues() == null ? List.<Frequent>of() : s.frequentValues()) {
      out.put(f.value(), f.frequency());
    }
    return out;
  }

  /** The share of rows of one value not among the frequent ones, as the planner estimates it. */
  private static double restFrequency(ColumnStats s) {
    List<Frequent> frequent = s.frequentValues() == null ? List.of() : s.frequentValues();
    double rest = 1 - s.nullFraction() - frequent.stream().mapToDouble(Frequent::frequency).sum();
    long others = s.distinct() - frequent.size();
    return others <= 0 || rest <= 0 ? 0 : rest / others;
  }

  /** The Kolmogorov-Smirnov distance of two histograms' cumulative shares. */
  static Double ks(List<String> a, List<String> b) {
    boolean hasA = a != null && a.size() >= 2;
    boolean hasB = b != null && b.size() >= 2;
    if (!hasA && !hasB) {
      return null;
    }
    if (hasA != hasB) {
      return 1.0;
    }
    double[] na = numbers(a);
    double[] nb = numbers(b);
    double worst = 0;
    if (na != null && nb != null) {
      for (double x : na) {
        worst = Math.max(worst, Math.abs(share(na, x) - share(nb, x)));
      }
      for (double x : nb) {
        worst = Math.max(worst, Math.abs(share(na, x) - share(nb, x)));
      }
      return worst;
    }
    for (String x : a) {
      worst = Math.max(worst, Math.abs(share(a, x) - share(b, x)));
    }
    for (String x : b) {
      worst = Math.max(worst, Math.abs(share(a, x) - share(b, x)));
    }
    return worst;
  }

  /** The share of a histogram's values below {@code x}, linear inside a bucket. */
  private static double share(double[] bounds, double x) {
    int m = bounds.length - 1;
    if (x <= bounds[0]) {
      return 0;
    }
    if (x >= bounds[m]) {
      return 1;
    }
    int i = 0;
    while (bounds[i + 1] < x) {
      i++;
    }
    double width = bounds[i + 1] - bounds[i];
    return (i + (width == 0 ? 1 : (x - bounds[i]) / width)) / m;
  }

  /** The share of a text histogram's values at or below {@code x}, by whole buckets. */
  private static double share(List<String> bounds, String x) {
    int below = 0;
    while (below < bounds.size() && bounds.get(below).compareTo(x) <= 0) {
      below++;
    }
    return Math.max(0, below - 1) / (double) (bounds.size() - 1);
  }

  /**
   * The bounds as numbers (days and seconds for dates and times), or null when one is not a number,
   * date or time.
   */
  private static double[] numbers(List<String> bounds) {
    double[] out = new double[bounds.size()];
    for (int i = 0; i < out.length; i++) {
      Double v = number(bounds.get(i));
      if (v == null) {
        return null;
      }
      out[i] = v;
    }
    return out;
  }

  private static Double number(String text) {
    try {
      return Double.parseDouble(text);
    } catch (NumberFormatException e) {
      // a date or a time, next
    }
    String iso = text.trim().replace(' ', 'T');
    try {
      return (double) LocalDate.parse(iso).toEpochDay();
    } catch (DateTimeParseException e) {
      // a timestamp, next
    }
    try {
      LocalDateTime t = LocalDateTime.parse(iso);
      return t.toEpochSecond(ZoneOffset.UTC) + t.getNano() / 1e9;
    } catch (DateTimeParseException e) {
      // with a zone, next
    }
    try {
      String zoned = iso.matches(".*[+-]\\d\\d$") ? iso + ":00" : iso;
      OffsetDateTime t = OffsetDateTime.parse(zoned);
      return t.toEpochSecond() + t.getNano() / 1e9;
    } catch (DateTimeParseException e) {
      return null;
    }
  }
}
