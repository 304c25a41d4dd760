package io.spate.db.postgres;

import io.spate.core.introspect.Partitions;
import io.spate.core.introspect.TableParts;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads the partition trees below the introspected partitioned tables and gives each its leaves
 * ({@link Partitions} does the flattening, without a database).
 *
 * <p>Invariant: partitions are never tables of their own; every partition found, at any depth, is
 * attributed to its root, and a table without a partition key gets no partitions.
 */
final class PgPartitions {

  /**
   * Every partition below the introspected partitioned tables, at any depth: its parent, its bound
   * ({@code FOR VALUES ...} or {@code DEFAULT}) and, when it is partitioned itself, its key.
   */
  private static final String PARTITIONS_SQL =
      CatalogQuery.TABLES
          + """
          SELECT pg_partition_root(c.oid)::oid AS root, c.oid, c.relname, i.inhparent AS parent, c.relkind,
                 pg_get_expr(c.relpartbound, c.oid) AS bound, pg_get_partkeydef(c.oid) AS partkey
          FROM pg_class c
          JOIN pg_inherits i ON i.inhrelid = c.oid
          WHERE c.relispartition AND c.relkind IN ('r', 'p')
            AND pg_partition_root(c.oid)::oid IN (SELECT oid FROM tabs)
          ORDER BY c.relname
          """;

  private PgPartitions() {}

  /** Adds its leaf partitions to every partitioned table of {@code tables}. */
  static void read(CatalogQuery catalog, Map<Long, TableParts> tables) {
    Map<Long, Partitions.Node> nodes = new LinkedHashMap<>();
    catalog.run(
        PARTITIONS_SQL,
        "partitions",
        rs ->
            nodes.put(
                rs.getLong("oid"),
                new Partitions.Node(
                    rs.getLong("root"),
                    rs.getString("relname"),
                    rs.getLong("parent"),
                    rs.getString("relkind").equals("p"),
                    rs.getString("bound"),
                    rs.getString("partkey"))));
    tables.forEach(
        (oid, table) -> {
          if (table.partitionKey != null) {
            table.partitions.addAll(Partitions.leaves(table.name, table.partitionKey, oid, nodes));
          }
        });
  }
}
