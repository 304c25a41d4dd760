package io.spate.api;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.function.Consumer;

/**
 * One table's settings, named as in {@code fill.yaml} ({@code tables.NAME}): a row count, or a
 * count per row of another table, and column overrides. Checked with the whole config when the fill
 * plans.
 */
public final class TableSettings {

  private final ObjectNode node;

  TableSettings(ObjectNode node) {
    this.node = node;
  }

  /** The table's row count ({@code rows}). */
  public TableSettings rows(long rows) {
    node.put("rows", rows);
    return this;
  }

  /**
   * Rows per row of another table ({@code per} and {@code count}): a fixed {@code "10"} or a range
   * {@code "5..15"} drawn per parent row.
   */
  public TableSettings per(String parent, String count) {
    node.put("per", parent);
    node.put("count", count);
    return this;
  }

  /** One column's overrides ({@code columns.NAME}). */
  public TableSettings column(String name, Consumer<ColumnSettings> settings) {
    settings.accept(
        new ColumnSettings(node.withObjectProperty("columns").withObjectProperty(name)));
    return this;
  }
}
