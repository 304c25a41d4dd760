package io.spate.core.config;

import java.util.Map;
import java.util.TreeMap;

/**
 * Per-table settings: either a row count ({@code rows}) or a count per row of another table ({@code
 * per} + {@code count}, fixed {@code 10} or ranged {@code 5..15}), the foreign key a cycle is
 * broken at ({@code breakCycleAt}: a nullable one of this table, left NULL by the insert and set by
 * a second pass), when its indexes are built ({@code indexes}: {@code after} the load or {@code
 * during} it; unset, the planner chooses) and column overrides.
 */
public record TableConfig(
    Long rows,
    String per,
    String count,
    String breakCycleAt,
    String indexes,
    Map<String, ColumnConfig> columns) {
  public TableConfig {
    columns = columns == null ? Map.of() : new TreeMap<>(columns);
  }

  public TableConfig(
      Long rows, String per, String count, String breakCycleAt, Map<String, ColumnConfig> columns) {
    this(rows, per, count, breakCycleAt, null, columns);
  }

  public TableConfig(Long rows, String per, String count, Map<String, ColumnConfig> columns) {
    this(rows, per, count, null, columns);
  }
}
