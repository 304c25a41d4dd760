package io.spate.protocol.schema;

import java.util.List;

/**
 * A foreign key: {@code columns[i]} references {@code refColumns[i]} of {@code refTable}. Composite
 * keys keep the declared column pairing.
 *
 * @param refTable the referenced table's {@link Table#id()}, schema-qualified unless it is in
 *     {@code public}
 */
public record ForeignKey(
    String name, List<String> columns, String refTable, List<String> refColumns) {
  public ForeignKey {
    columns = List.copyOf(columns);
    refColumns = List.copyOf(refColumns);
    if (columns.size() != refColumns.size()) {
      throw new IllegalArgumentException(
          "foreign key " + name + " pairs " + columns + " with " + refColumns);
    }
  }
}
