package io.spate.protocol.plan;

import java.util.List;

/**
 * How a non-key column's values are drawn. Literals are text in PostgreSQL's input syntax for the
 * column's type; the engine parses them once per fill.
 *
 * @param values when non-empty, every value is one of these (a single entry is a fixed value)
 * @param weights relative weights of {@code values}, or empty for equal weights
 * @param min lowest value (numbers, dates, times, money), or null for the type's default range
 * @param max highest value, inclusive, or null
 * @param minExclusive {@code min} itself is not allowed (from a CHECK {@code col > literal})
 * @param maxExclusive {@code max} itself is not allowed
 * @param minLength shortest text, in characters; fewest bits of a bit string; fewest elements of an
 *     array
 * @param maxLength longest text, in characters; most bits; most elements
 * @param nullRatio share of NULLs, 0 for NOT NULL columns
 * @param element how each element of an array is drawn; null for other types
 * @param group the correlated group this column belongs to, or null: the columns of one table that
 *     name the same group draw one shared index per row (from the group's stream, not their own)
 *     into value lists of equal length whose entries at an index render one record (a person's
 *     first name, last name and email; a city, its state and a zip code of that state)
 * @param slotSuffix each value gets the row's slot number inserted before its first {@code @} (at
 *     its end when it has none): unique per row when the values hold no digits, for a text column
 *     in a unique key
 * @param binary each of {@code values} is the hex of a field's binary form (the type's send
 *     function's output, asked of the server at plan time), written as it is: for types whose input
 *     syntax Spate does not read
 */
public record ValueSpec(
    List<String> values,
    List<Double> weights,
    String min,
    String max,
    boolean minExclusive,
    boolean maxExclusive,
    int minLength,
    int maxLength,
    Distribution distribution,
    double nullRatio,
    ValueSpec element,
    String group,
    boolean slotSuffix,
    boolean binary) {

  public ValueSpec {
    values = List.copyOf(values);
    weights = List.copyOf(weights);
    if (!weights.isEmpty() && weights.size() != values.size()) {
      throw new IllegalArgumentException("weights " + weights + " do not match values " + values);
    }
    if (nullRatio < 0 || nullRatio > 1) {
      throw new IllegalArgumentException("null ratio must be in [0, 1], got " + nullRatio);
    }
    if (slotSuffix && values.isEmpty()) {
      throw new IllegalArgumentException("a slot suffix needs values to suffix");
    }
    if (binary && (slotSuffix || values.isEmpty())) {
      throw new IllegalArgumentException("binary values are a non-empty list, never suffixed");
    }
  }

  /** A spec of literals in the type's input syntax. */
  public ValueSpec(
      List<String> values,
      List<Double> weights,
      String min,
      String max,
      boolean minExclusive,
      boolean maxExclusive,
      int minLength,
      int maxLength,
      Distribution distribution,
      double nullRatio,
      ValueSpec element,
      String group,
      boolean slotSuffix) {
    this(
        values,
        weights,
        min,
        max,
        minExclusive,
        maxExclusive,
        minLength,
        maxLength,
        distribution,
        nullRatio,
        element,
        group,
        slotSuffix,
        false);
  }

  /** A spec of a column drawn on its own (no group, no suffix). */
  public ValueSpec(
      List<String> values,
      List<Double> weights,
      String min,
      String max,
      boolean minExclusive,
      boolean maxExclusive,
      int minLength,
      int maxLength,
      Distribution distribution,
      double nullRatio,
      ValueSpec element) {
    this(
        values,
        weights,
        min,
        max,
        minExclusive,
        maxExclusive,
        minLength,
        maxLength,
        distribution,
        nullRatio,
        element,
        null,
        false);
  }

  /** A spec for a value that is not an array. */
  public ValueSpec(
      List<String> values,
      List<Double> weights,
      String min,
      String max,
      boolean minExclusive,
      boolean maxExclusive,
      int minLength,
      int maxLength,
      Distribution distribution,
      double nullRatio) {
    this(
        values,
        weights,
        min,
        max,
        minExclusive,
        maxExclusive,
        minLength,
        maxLength,
        distribution,
        nullRatio,
        null);
  }
}
