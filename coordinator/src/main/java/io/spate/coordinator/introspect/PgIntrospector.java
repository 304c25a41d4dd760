package io.spate.coordinator.introspect;

import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.Table;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the tables of some PostgreSQL schemas from {@code pg_catalog} into the {@link Schema}
 * model.
 *
 * <p>Design: a few set-based queries for all requested schemas at once, one per catalog area
 * (tables here, then {@link PgPartitions}, {@link PgTypes}, {@link PgColumns}, {@link
 * PgConstraints}, {@link PgUniqueIndexes}), each restricted by the same {@link CatalogQuery#TABLES}
 * common table expression, instead of one query per table; results are joined in memory by table
 * (or type) oid into one {@link TableParts} per table.
 *
 * <p>Scope: ordinary and partitioned tables; a partitioned table carries its leaf partitions'
 * bounds ({@link Partitions}) and its partitions' own constraints. Partitions are not tables of
 * their own here; views, materialized views and foreign tables are skipped. A unique index that
 * backs no constraint is a unique key too. The statements each see their own snapshot; run inside a
 * REPEATABLE READ transaction if DDL may run concurrently.
 */
public final class PgIntrospector {

  private static final String TABLES_SQL =
      CatalogQuery.TABLES
          + "SELECT oid, nspname, relname, pg_get_partkeydef(oid) AS partkey FROM tabs";

  private PgIntrospector() {}

  /**
   * Reads the tables of the given schemas.
   *
   * @param conn an open connection; left open and otherwise untouched
   * @param schemas schema names ({@code nspname}, case-sensitive)
   * @return tables sorted by name (then schema), columns in attribute order, constraints sorted by
   *     name
   * @throws IllegalStateException wrapping the {@link SQLException} of a failed catalog read
   */
  public static Schema introspect(Connection conn, List<String> schemas) {
    CatalogQuery catalog = new CatalogQuery(conn, schemas);
    Map<Long, TableParts> tables = new LinkedHashMap<>();
    catalog.run(
        TABLES_SQL,
        "tables",
        rs -> {
          long oid = rs.getLong("oid");
          TableParts table = new TableParts(rs.getString("nspname"), rs.getString("relname"));
          table.partitionKey = rs.getString("partkey");
          tables.put(oid, table);
        });
    PgPartitions.read(catalog, tables);
    PgTypes types = PgTypes.read(catalog);
    PgColumns.read(catalog, tables, types);
    PgConstraints.read(catalog, tables);
    PgUniqueIndexes.read(catalog, tables);
    return new Schema(
        tables.values().stream()
            .map(TableParts::build)
            .sorted(Comparator.comparing(Table::name).thenComparing(Table::schema))
            .toList());
  }
}
