package io.spate.db.postgres;

import static io.spate.db.postgres.CatalogQuery.names;
import static io.spate.db.postgres.CatalogQuery.nullableNames;

import io.spate.core.introspect.CheckParser;
import io.spate.core.introspect.TableParts;
import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.UniqueKey;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Reads the unique indexes that back no constraint ({@code CREATE UNIQUE INDEX}, partial or not) as
 * unique keys, the tables' own and their partitions'; see {@link UniqueKey} for its expressions. A
 * boolean unique over its true rows only is read as a check that writes it false instead.
 *
 * <p>Invariant: an index that backs a primary key, unique or exclusion constraint is never read
 * here ({@link PgConstraints} has it), and a key's columns hold each column once, in key order. A
 * unique index declared on partitions only is honoured as if declared on the table (unique across
 * the table is stricter than within each partition), once for all the partitions that declare it
 * and not at all when the table already has a key over the same parts.
 */
final class PgUniqueIndexes {

  /**
   * Unique indexes that back no constraint (a primary key, unique or exclusion constraint has its
   * own row in {@code pg_constraint}), of the tables and of their partitions (reported as the
   * root's, the table's own first), with each key part as {@code pg_get_indexdef} prints it
   * (INCLUDE columns are not key parts) and its column, or null for an expression. The predicate of
   * a partial index is ignored (unconditional uniqueness is stricter) but on one boolean column. An
   * index that is a partition of a partitioned table's index ({@code relispartition}) is that
   * index's copy, and skipped.
   */
  private static final String UNIQUE_INDEXES_SQL =
      CatalogQuery.TABLES_AND_PARTITIONS
          + """
          SELECT rels.root AS indrelid, rels.oid <> rels.root AS on_partition,
                 ic.relname AS index_name, pg_get_indexdef(i.indexrelid) AS definition,
                 ARRAY(SELECT pg_get_indexdef(i.indexrelid, k.n, true)
                       FROM generate_series(1, i.indnkeyatts) AS k(n) ORDER BY k.n) AS parts,
                 ARRAY(SELECT a.attname::text
                       FROM generate_series(1, i.indnkeyatts) AS k(n)
                       LEFT JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[k.n - 1]
                       ORDER BY k.n) AS part_columns,
                 (SELECT a.atttypid = 'bool'::regtype
                         AND regexp_replace(pg_get_expr(i.indpred, i.indrelid), '^\\((.*)\\)$', '\\1')
                             IN (quote_ident(a.attname), quote_ident(a.attname) || ' = true',
                                 quote_ident(a.attname) || ' IS TRUE')
                  FROM pg_attribute a
                  WHERE i.indnkeyatts = 1 AND a.attrelid = i.indrelid AND a.attnum = i.indkey[0])
                   AS one_true_row
          FROM rels
          JOIN pg_index i ON i.indrelid = rels.oid
          JOIN pg_class ic ON ic.oid = i.indexrelid
          WHERE i.indisunique AND NOT ic.relispartition
            AND NOT EXISTS (SELECT 1 FROM pg_constraint con
                            WHERE con.conindid = i.indexrelid AND con.contype IN ('p', 'u', 'x'))
          ORDER BY rels.root, rels.oid <> rels.root, ic.relname
          """;

  private PgUniqueIndexes() {}

  /** Adds their unique indexes, by name, to the unique keys of the tables of {@code tables}. */
  static void read(CatalogQuery catalog, Map<Long, TableParts> tables) {
    catalog.runPerTable(
        UNIQUE_INDEXES_SQL,
        "unique indexes",
        "indrelid",
        tables,
        (table, rs) -> {
          Check noneTrue = noneTrue(rs);
          if (noneTrue != null) {
            if (!table.checks.contains(noneTrue)) { // once for the partitions that declare it
              table.checks.add(noneTrue);
            }
            return;
          }
          UniqueKey key = uniqueIndex(rs);
          if (!rs.getBoolean("on_partition") || !hasKeyOver(table, key)) {
            table.uniques.add(key);
          }
        });
  }

  /**
   * A unique index on one boolean column over the rows where it is true ({@code UNIQUE (is_default)
   * WHERE is_default}, {@code = true} or {@code IS TRUE}: at most one default row) is kept by
   * writing no row true: a check {@code column = false} under the index's name. Null otherwise.
   */
  private static Check noneTrue(ResultSet rs) throws SQLException {
    return rs.getBoolean("one_true_row")
        ? new Check.CompareLiteral(
            rs.getString("index_name"),
            nullableNames(rs.getArray("part_columns")).getFirst(),
            "=",
            "false")
        : null;
  }

  /** Whether the table already has a key over the same columns and expressions as {@code key}. */
  private static boolean hasKeyOver(TableParts table, UniqueKey key) {
    return Stream.concat(Stream.ofNullable(table.primaryKey), table.uniques.stream())
        .anyMatch(
            k ->
                Set.copyOf(k.columns()).equals(Set.copyOf(key.columns()))
                    && Set.copyOf(k.expressions()).equals(Set.copyOf(key.expressions())));
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
