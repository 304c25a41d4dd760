package io.spate.protocol.schema;

import java.util.List;
import java.util.Optional;

/** The tables of one fill, as introspected from the database. */
public record Schema(List<Table> tables) {
  public Schema {
    tables = List.copyOf(tables);
  }

  public Optional<Table> table(String name) {
    return tables.stream().filter(t -> t.name().equals(name)).findFirst();
  }
}
