package io.spate.coordinator.config;

import java.util.Map;
import java.util.TreeMap;

/**
 * Per-table settings: either a row count ({@code rows}) or a count per row of another table ({@code
 * per} + {@code count}, fixed {@code 10} or ranged {@code 5..15}), and column overrides.
 */
public record TableConfig(Long rows, String per, String count, Map<String, ColumnConfig> columns) {
  public TableConfig {
    columns = columns == null ? Map.of() : new TreeMap<>(columns);
  }
}
