package io.spate.protocol.schema;

import java.util.List;
import java.util.Optional;

/**
 * A table with its columns (in attribute order) and constraints. A BETWEEN check arrives as two
 * {@link Check.CompareLiteral}s.
 *
 * @param primaryKey the primary key, or null when the table has none
 * @param uniques unique constraints other than the primary key, then unique indexes that back no
 *     constraint (see {@link UniqueKey})
 * @param partitions for a partitioned table, its leaf partitions (rows are written through the
 *     table itself, and each must land in one of them); empty otherwise
 */
public record Table(
    String schema,
    String name,
    List<Column> columns,
    UniqueKey primaryKey,
    List<UniqueKey> uniques,
    List<ForeignKey> foreignKeys,
    List<Check> checks,
    List<Partition> partitions) {

  public Table {
    columns = List.copyOf(columns);
    uniques = List.copyOf(uniques);
    foreignKeys = List.copyOf(foreignKeys);
    checks = List.copyOf(checks);
    partitions = partitions == null ? List.of() : List.copyOf(partitions);
  }

  /** A table that is not partitioned. */
  public Table(
      String schema,
      String name,
      List<Column> columns,
      UniqueKey primaryKey,
      List<UniqueKey> uniques,
      List<ForeignKey> foreignKeys,
      List<Check> checks) {
    this(schema, name, columns, primaryKey, uniques, foreignKeys, checks, List.of());
  }

  /** Whether rows must be routed to partitions by the values of {@code column}. */
  public boolean partitionsBy(String column) {
    return partitions.stream()
        .anyMatch(p -> p.bounds().stream().anyMatch(b -> b.column().equals(column)));
  }

  public Optional<Column> column(String columnName) {
    return columns.stream().filter(c -> c.name().equals(columnName)).findFirst();
  }

  /** The primary key followed by the other unique keys. */
  public List<UniqueKey> keys() {
    return primaryKey == null
        ? uniques
        : java.util.stream.Stream.concat(java.util.stream.Stream.of(primaryKey), uniques.stream())
            .toList();
  }

  /** The name SQL statements use: schema-qualified and quoted. */
  public String qualifiedName() {
    return quote(schema) + "." + quote(name);
  }

  public static String quote(String identifier) {
    return "\"" + identifier.replace("\"", "\"\"") + "\"";
  }
}
