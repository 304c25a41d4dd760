package io.spate.core.config;

import io.spate.protocol.plan.Distribution;
import java.util.ArrayList;
import java.util.List;

/**
 * Per-column overrides. Literals use PostgreSQL's input syntax for the column's type.
 *
 * @param value a fixed value for every row
 * @param values a list to draw from, with optional {@code weights}
 * @param min lowest value (numbers, dates, times)
 * @param max highest value, inclusive
 * @param length text length, {@code N} or {@code MIN..MAX} characters
 * @param nullRatio share of NULLs (nullable columns only)
 * @param distribution uniform (default), zipf or normal, over the range or the list
 * @param skip leave the column out: the database's default (or NULL) fills it
 * @param meaning what the column holds, overriding what the planner reads from the schema (a {@code
 *     Meaning} label such as {@code end-of-life-time}, {@code flag}, {@code vocabulary})
 * @param block number the blocks of this many consecutive rows: the first {@code block} rows hold
 *     {@code min} (default 1), the next ones {@code min + 1}, and so on (pgbench's {@code bid}:
 *     100,000 accounts to a branch); an integer column outside keys and foreign keys
 */
public record ColumnConfig(
    String value,
    List<String> values,
    List<Double> weights,
    String min,
    String max,
    String length,
    Double nullRatio,
    Distribution distribution,
    Boolean skip,
    String meaning,
    Long block) {

  public ColumnConfig {
    values = values == null ? List.of() : List.copyOf(values);
    weights = weights == null ? List.of() : List.copyOf(weights);
  }

  /** An override that leaves the meaning to the planner. */
  public ColumnConfig(
      String value,
      List<String> values,
      List<Double> weights,
      String min,
      String max,
      String length,
      Double nullRatio,
      Distribution distribution,
      Boolean skip) {
    this(value, values, weights, min, max, length, nullRatio, distribution, skip, null, null);
  }

  /** An override with no {@code block}. */
  public ColumnConfig(
      String value,
      List<String> values,
      List<Double> weights,
      String min,
      String max,
      String length,
      Double nullRatio,
      Distribution distribution,
      Boolean skip,
      String meaning) {
    this(value, values, weights, min, max, length, nullRatio, distribution, skip, meaning, null);
  }

  public boolean skipped() {
    return Boolean.TRUE.equals(skip);
  }

  /**
   * Whether this override decides the column's values (so a CHECK on it need not be understood).
   */
  public boolean decidesValues() {
    return value != null
        || !values.isEmpty()
        || min != null
        || max != null
        || block != null
        || skipped();
  }

  /** The names of the settings this override sets, in declaration order, {@code skip} aside. */
  public List<String> settings() {
    List<String> set = new ArrayList<>();
    if (value != null) {
      set.add("value");
    }
    if (!values.isEmpty()) {
      set.add("values");
    }
    if (!weights.isEmpty()) {
      set.add("weights");
    }
    if (min != null) {
      set.add("min");
    }
    if (max != null) {
      set.add("max");
    }
    if (length != null) {
      set.add("length");
    }
    if (nullRatio != null) {
      set.add("nullRatio");
    }
    if (distribution != null) {
      set.add("distribution");
    }
    if (meaning != null) {
      set.add("meaning");
    }
    if (block != null) {
      set.add("block");
    }
    return set;
  }
}
