package io.spate.coordinator.introspect;

import static io.spate.coordinator.introspect.CatalogQuery.names;
import static io.spate.coordinator.introspect.CatalogQuery.nullableNames;

import io.spate.protocol.schema.UniqueKey;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads the unique indexes that back no constraint ({@code CREATE UNIQUE INDEX}, partial or not) as
 * unique keys; see {@link UniqueKey} for its expressions.
 *
 * <p>Invariant: an index that backs a primary key, unique or exclusion constraint is never read
 * here ({@link PgConstraints} has it), and a key's columns hold each column once, in key order.
 */
final class PgUniqueIndexes {

  /**
   * Unique indexes that back no constraint (a primary key, unique or exclusion constraint has its
   * own row in {@code pg_constraint}), with each key part as {@code pg_get_indexdef} prints it
   * (INCLUDE columns are not key parts) and its column, or null for an expression. The predicate of
   * a partial index is ignored: unconditional uniqueness is stricter.
   */
  private static final String UNIQUE_INDEXES_SQL =
      CatalogQuery.TABLES
          + """
          SELECT i.indrelid, ic.relname AS index_name, pg_get_indexdef(i.indexrelid) AS definition,
                 ARRAY(SELECT pg_get_indexdef(i.indexrelid, k.n, true)
                       FROM generate_series(1, i.indnkeyatts) AS k(n) ORDER BY k.n) AS parts,
                 ARRAY(SELECT a.attname::text
                       FROM generate_series(1, i.indnkeyatts) AS k(n)
                       LEFT JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[k.n - 1]
                       ORDER BY k.n) AS part_columns
          FROM tabs
          JOIN pg_index i ON i.indrelid = tabs.oid
          JOIN pg_class ic ON ic.oid = i.indexrelid
          WHERE i.indisunique
            AND NOT EXISTS (SELECT 1 FROM pg_constraint con
                            WHERE con.conindid = i.indexrelid AND con.contype IN ('p', 'u', 'x'))
          ORDER BY i.indrelid, ic.relname
          """;

  private PgUniqueIndexes() {}

  /** Adds their unique indexes, by name, to the unique keys of the tables of {@code tables}. */
  static void read(CatalogQuery catalog, Map<Long, TableParts> tables) {
    catalog.runPerTable(
        UNIQUE_INDEXES_SQL,
        "unique indexes",
        "indrelid",
        tables,
        (table, rs) -> table.uniques.add(uniqueIndex(rs)));
  }

  /**
   * A unique index as a key: plain columns and {@code lower(col)} / {@code upper(col)} become
   * columns (distinct values stay distinct after case folding only if they differ in more than
   * case, which key values do: see the planner); other expressions are kept as printed.
   */
  private static UniqueKey uniqueIndex(ResultSet rs) throws SQLException {
    List<String> parts = names(rs.getArray("parts"));
    List<String> partColumns = nullableNames(rs.getArray("part_columns"));
    List<String> columns = new ArrayList<>();
    List<String> expressions = new ArrayList<>();
    for (int i = 0; i < parts.size(); i++) {
      String column =
          partColumns.get(i) != null
              ? partColumns.get(i)
              : CheckParser.indexKeyColumn(parts.get(i));
      if (column == null) {
        expressions.add(parts.get(i));
      } else if (!columns.contains(column)) {
        columns.add(column);
      }
    }
    return new UniqueKey(
        rs.getString("index_name"), columns, false, rs.getString("definition"), expressions);
  }
}
