package io.spate.protocol.schema;

import java.util.List;
import java.util.Optional;

/** The tables of one fill, as introspected from the database. */
public record Schema(List<Table> tables) {
  public Schema {
    tables = List.copyOf(tables);
  }

  /** The table whose {@link Table#id()} is {@code id}. */
  public Optional<Table> table(String id) {
    return tables.stream().filter(t -> t.id().equals(id)).findFirst();
  }
}
