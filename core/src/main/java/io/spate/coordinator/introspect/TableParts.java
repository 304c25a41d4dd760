package io.spate.coordinator.introspect;

import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.ForeignKey;
import io.spate.protocol.schema.Partition;
import io.spate.protocol.schema.Table;
import io.spate.protocol.schema.TriggerWrite;
import io.spate.protocol.schema.UniqueKey;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * One table's parts while the rows of the catalog queries arrive, filled by one reader per catalog
 * area and then {@linkplain #build built} once.
 *
 * <p>Invariant: {@link #definitions} holds a key for every constraint added, so a constraint that
 * several partitions declare is added once; only {@link PgConstraints} reads and writes it.
 */
final class TableParts {
  final String schema;
  final String name;
  final List<Column> columns = new ArrayList<>();
  UniqueKey primaryKey;
  final List<UniqueKey> uniques = new ArrayList<>();
  final List<ForeignKey> foreignKeys = new ArrayList<>();
  final List<Check> checks = new ArrayList<>();
  final Set<String> definitions = new HashSet<>();

  /** Columns a CHECK, as read, needs never NULL ({@code col IS NOT NULL}): built not nullable. */
  final Set<String> notNull = new HashSet<>();

  final List<Partition> partitions = new ArrayList<>();

  /** Its indexes that are not unique ({@link Table#plainIndexes()}). */
  int plainIndexes;

  /** The triggers of other tables that insert into this one ({@link TriggerTargets}). */
  final List<TriggerWrite> writtenBy = new ArrayList<>();

  /** {@code pg_get_partkeydef}, or null when the table is not partitioned. */
  String partitionKey;

  TableParts(String schema, String name) {
    this.schema = schema;
    this.name = name;
  }

  /**
   * Draws {@code column}'s values no longer than {@code length} characters (bytes for a binary
   * column), as a key on its prefix needs; a shorter length stays.
   */
  void capLength(String column, int length) {
    columns.replaceAll(
        c ->
            c.name().equals(column) && (c.length() < 0 || c.length() > length)
                ? c.with(c.nullable(), length)
                : c);
  }

  /** Whether a column may be NULL, as read so far. */
  boolean nullable(String column) {
    return !notNull.contains(column)
        && columns.stream().anyMatch(c -> c.name().equals(column) && c.nullable());
  }

  Table build() {
    List<Column> built =
        columns.stream()
            .map(c -> notNull.contains(c.name()) ? c.with(false, c.length()) : c)
            .toList();
    return new Table(
        schema,
        name,
        built,
        primaryKey,
        uniques,
        foreignKeys,
        checks,
        partitions,
        plainIndexes,
        writtenBy);
  }
}
