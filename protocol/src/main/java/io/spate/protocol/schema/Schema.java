package io.spate.protocol.schema;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The tables of one fill, as introspected from the database.
 *
 * <p>A value, like a record of its {@link #tables()}, with its tables indexed by id once: the
 * planner looks a table up by id for every foreign key and column it plans, so a schema of
 * thousands of tables would otherwise be scanned thousands of times.
 */
public final class Schema {

  private final List<Table> tables;

  /** Each table by its id, the first where two share one (as a scan in order would find). */
  private final Map<String, Table> byId;

  @JsonCreator
  public Schema(@JsonProperty("tables") List<Table> tables) {
    this.tables = List.copyOf(tables);
    Map<String, Table> index = new HashMap<>();
    this.tables.forEach(t -> index.putIfAbsent(t.id(), t));
    this.byId = index;
  }

  @JsonProperty("tables")
  public List<Table> tables() {
    return tables;
  }

  /** The table whose {@link Table#id()} is {@code id}. */
  public Optional<Table> table(String id) {
    return Optional.ofNullable(byId.get(id));
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Schema s && tables.equals(s.tables);
  }

  @Override
  public int hashCode() {
    return tables.hashCode();
  }

  @Override
  public String toString() {
    return "Schema[tables=" + tables + "]";
  }
}
