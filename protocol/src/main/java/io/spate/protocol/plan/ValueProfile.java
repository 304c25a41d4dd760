package io.spate.protocol.plan;

import java.util.List;

/**
 * A column's non-null values as a source database's planner statistics describe them: the frequent
 * values at their frequencies, the rest spread over a histogram of equal-mass buckets with a set
 * number of distinct values. Literals are in the column's input syntax (for a foreign key's pick:
 * parent slot numbers).
 *
 * <p>A row's value comes from its quantile {@code u} in [0, 1): a keyed bijection of the row slot
 * ({@code ordered}: the slot itself), so frequencies and distinct counts hold exactly, not just on
 * average. {@code u} below the frequent values' total picks one by the cumulative frequencies; the
 * rest is cut into {@code distinct} equal steps, the k-th step's value read at its middle by linear
 * interpolation between the histogram's {@code bounds} (text: the bucket's lower bound followed by
 * k in letters, which sorts inside the bucket).
 *
 * @param values the frequent values, most frequent first
 * @param frequencies their shares of the non-null rows (summing to at most 1)
 * @param bounds histogram bounds (at least two) splitting the other values into groups of equal
 *     size; empty when every value is a frequent one
 * @param distinct how many distinct values the rest takes
 * @param ordered the source's values follow its physical row order (correlation near 1): the
 *     quantile grows with the slot, so the copy keeps that order
 */
public record ValueProfile(
    List<String> values,
    List<Double> frequencies,
    List<String> bounds,
    long distinct,
    boolean ordered) {

  public ValueProfile {
    values = List.copyOf(values);
    frequencies = List.copyOf(frequencies);
    bounds = List.copyOf(bounds);
    if (values.size() != frequencies.size()) {
      throw new IllegalArgumentException(
          "frequencies " + frequencies + " do not match values " + values);
    }
    if (bounds.size() == 1 || (!bounds.isEmpty() && distinct < 1)) {
      throw new IllegalArgumentException(
          "a histogram needs two bounds or more and a distinct count of 1 or more, got "
              + bounds.size()
              + " bounds and "
              + distinct);
    }
    if (values.isEmpty() && bounds.isEmpty()) {
      throw new IllegalArgumentException("a value profile needs frequent values or a histogram");
    }
  }

  /** The share of non-null rows the frequent values take. */
  public double frequentShare() {
    double sum = 0;
    for (double f : frequencies) {
      sum += f;
    }
    return bounds.isEmpty() ? 1 : Math.min(1, sum);
  }
}
