package io.spate.protocol.schema;

import java.util.List;

/**
 * A leaf partition of a partitioned table, with what its bounds and those of every partitioned
 * table above it ask of the partition-key columns. A row whose key columns meet every bound lands
 * in this leaf. Hash levels ask nothing of the values (every remainder has a partition).
 *
 * @param name the leaf's table name
 * @param bounds one entry per constrained partition-key column
 */
public record Partition(String name, List<Bound> bounds) {

  public Partition {
    bounds = List.copyOf(bounds);
  }

  /**
   * What one column must hold: one of {@code values} (a list partition), or a value in [{@code
   * from}, {@code to}) (a range partition; a null end is unbounded). Literals are in PostgreSQL's
   * input syntax for the column's type.
   */
  public record Bound(String column, List<String> values, String from, String to) {
    public Bound {
      values = List.copyOf(values);
    }
  }
}
