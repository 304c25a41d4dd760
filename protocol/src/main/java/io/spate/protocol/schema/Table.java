package io.spate.protocol.schema;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Optional;

/**
 * A table with its columns (in attribute order) and constraints. A BETWEEN check arrives as two
 * {@link Check.CompareLiteral}s. A fill names a table by its {@link #id()}, never by its bare
 * {@code name}: two schemas may each hold a table of that name.
 *
 * @param primaryKey the primary key, or null when the table has none
 * @param uniques unique constraints other than the primary key, then unique indexes that back no
 *     constraint (see {@link UniqueKey})
 * @param partitions for a partitioned table, its leaf partitions (rows are written through the
 *     table itself, and each must land in one of them); empty otherwise
 * @param plainIndexes how many of its indexes are not unique (its unique ones are its keys): with
 *     the keys, the indexes a load keeps up to date; left out of the JSON when 0
 * @param writtenBy the triggers of other tables that insert into this one (they fire during the
 *     load); left out of the JSON when empty
 * @param barriers the rules of its own the rows of a fill would break at load (the table may only
 *     be left empty); left out of the JSON when empty
 */
public record Table(
    String schema,
    String name,
    List<Column> columns,
    UniqueKey primaryKey,
    List<UniqueKey> uniques,
    List<ForeignKey> foreignKeys,
    List<Check> checks,
    List<Partition> partitions,
    @JsonInclude(JsonInclude.Include.NON_DEFAULT) int plainIndexes,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<TriggerWrite> writtenBy,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<LoadBarrier> barriers) {

  public Table {
    columns = List.copyOf(columns);
    uniques = List.copyOf(uniques);
    foreignKeys = List.copyOf(foreignKeys);
    checks = List.copyOf(checks);
    partitions = partitions == null ? List.of() : List.copyOf(partitions);
    writtenBy = writtenBy == null ? List.of() : List.copyOf(writtenBy);
    barriers = barriers == null ? List.of() : List.copyOf(barriers);
  }

  /** A table no rule of which keeps a fill's rows out. */
  public Table(
      String schema,
      String name,
      List<Column> columns,
      UniqueKey primaryKey,
      List<UniqueKey> uniques,
      List<ForeignKey> foreignKeys,
      List<Check> checks,
      List<Partition> partitions,
      int plainIndexes,
      List<TriggerWrite> writtenBy) {
    this(
        schema,
        name,
        columns,
        primaryKey,
        uniques,
        foreignKeys,
        checks,
        partitions,
        plainIndexes,
        writtenBy,
        List.of());
  }

  /** A table no other table's trigger writes into. */
  public Table(
      String schema,
      String name,
      List<Column> columns,
      UniqueKey primaryKey,
      List<UniqueKey> uniques,
      List<ForeignKey> foreignKeys,
      List<Check> checks,
      List<Partition> partitions,
      int plainIndexes) {
    this(
        schema,
        name,
        columns,
        primaryKey,
        uniques,
        foreignKeys,
        checks,
        partitions,
        plainIndexes,
        List.of());
  }

  /** A table with no index but its keys' (as far as the planner knows). */
  public Table(
      String schema,
      String name,
      List<Column> columns,
      UniqueKey primaryKey,
      List<UniqueKey> uniques,
      List<ForeignKey> foreignKeys,
      List<Check> checks,
      List<Partition> partitions) {
    this(schema, name, columns, primaryKey, uniques, foreignKeys, checks, partitions, 0);
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

  /** This table, written by {@code writers} instead of its own. */
  public Table withWrittenBy(List<TriggerWrite> writers) {
    return new Table(
        schema,
        name,
        columns,
        primaryKey,
        uniques,
        foreignKeys,
        checks,
        partitions,
        plainIndexes,
        writers,
        barriers);
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

  /** The schema whose tables an {@link #id()} names without their schema. */
  public static final String DEFAULT_SCHEMA = "public";

  /**
   * The table's name in a fill: what plans, task ids (so the ledger), events, progress and messages
   * call it, and what {@link ForeignKey#refTable()} holds. See {@link #id(String, String)}.
   */
  public String id() {
    return id(schema, name);
  }

  /**
   * The id of table {@code name} in {@code schema}: the bare name in {@code public} (so public
   * tables keep the names they always had), {@code schema.name} elsewhere. A part holding a {@code
   * .}, a {@code "} or a {@code #} is double-quoted, quotes doubled, so the first dot outside
   * quotes always ends the schema and a second pass's {@code #refs} suffix never ends a table's own
   * id.
   */
  public static String id(String schema, String name) {
    return schema.equals(DEFAULT_SCHEMA) ? idPart(name) : idPart(schema) + "." + idPart(name);
  }

  private static String idPart(String identifier) {
    boolean plain =
        !identifier.isEmpty()
            && identifier.chars().noneMatch(c -> c == '.' || c == '"' || c == '#');
    return plain ? identifier : quote(identifier);
  }

  /** The name SQL statements use: schema-qualified and quoted. */
  public String qualifiedName() {
    return quote(schema) + "." + quote(name);
  }

  public static String quote(String identifier) {
    return "\"" + identifier.replace("\"", "\"\"") + "\"";
  }
}
