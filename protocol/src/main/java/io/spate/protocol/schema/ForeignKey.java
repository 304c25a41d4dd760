package io.spate.protocol.schema;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * A foreign key: {@code columns[i]} references {@code refColumns[i]} of {@code refTable}. Composite
 * keys keep the declared column pairing.
 *
 * @param refTable the referenced table's {@link Table#id()}, schema-qualified unless it is in
 *     {@code public}
 * @param deferrable declared {@code DEFERRABLE}: a transaction may put its check off to the commit
 *     ({@code SET CONSTRAINTS ALL DEFERRED}), so rows may reference rows the same transaction
 *     writes later; left out of the JSON when false, so the plans of other schemas read as before
 */
public record ForeignKey(
    String name,
    List<String> columns,
    String refTable,
    List<String> refColumns,
    @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean deferrable) {
  public ForeignKey {
    columns = List.copyOf(columns);
    refColumns = List.copyOf(refColumns);
    if (columns.size() != refColumns.size()) {
      throw new IllegalArgumentException(
          "foreign key " + name + " pairs " + columns + " with " + refColumns);
    }
  }

  /** A foreign key checked as each statement ends ({@code NOT DEFERRABLE}, the default). */
  public ForeignKey(String name, List<String> columns, String refTable, List<String> refColumns) {
    this(name, columns, refTable, refColumns, false);
  }
}
