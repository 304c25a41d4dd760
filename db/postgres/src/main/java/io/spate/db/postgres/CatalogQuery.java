package io.spate.db.postgres;

import io.spate.core.introspect.TableParts;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Runs the catalog queries of one introspection: each is {@link #TABLES} followed by its own {@code
 * SELECT}, and takes the requested schema names as its one parameter.
 *
 * <p>Invariant: every query sees the same set of relations ({@code tabs}), so rows join in memory
 * by table oid; a row of a table created after the tables query was read has no table and is
 * skipped ({@link #runPerTable}). A failed read names what it read and the schemas.
 */
record CatalogQuery(Connection connection, List<String> schemas) {

  /**
   * Whether relation {@code c} is a table a fill fills: an ordinary or partitioned table, not a
   * partition (its root is), and no extension's own (a member through {@code pg_depend} deptype
   * {@code 'e'}, such as PostGIS's {@code spatial_ref_sys}).
   */
  static final String USER_TABLE =
      """
      c.relkind IN ('r', 'p') AND NOT c.relispartition
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass
                        AND d.objid = c.oid AND d.deptype = 'e')
      """;

  /** The introspected relations; its one parameter is the text[] of schema names. */
  static final String TABLES =
      """
      WITH tabs AS (
        SELECT c.oid, n.nspname, c.relname
        FROM pg_class c
        JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = ANY (?) AND %s)
      """
          .formatted(USER_TABLE);

  /**
   * {@link #TABLES} and {@code rels}: the introspected tables and their partitions at any depth,
   * each with its {@code root} (a table is its own), for what partitions may declare themselves.
   */
  static final String TABLES_AND_PARTITIONS =
      TABLES
          + """
          , rels AS (
            SELECT oid, oid AS root FROM tabs
            UNION ALL
            SELECT c.oid, pg_partition_root(c.oid)::oid FROM pg_class c
            WHERE c.relispartition AND pg_partition_root(c.oid)::oid IN (SELECT oid FROM tabs)
          )
          """;

  /** Handles one result row. */
  @FunctionalInterface
  interface RowHandler {
    void handle(ResultSet rs) throws SQLException;
  }

  /** Handles one result row that belongs to {@code table}. */
  @FunctionalInterface
  interface TableRowHandler {
    void handle(TableParts table, ResultSet rs) throws SQLException;
  }

  /** Runs one catalog query for the schemas, naming {@code what} it read if it fails. */
  void run(String sql, String what, RowHandler handler) {
    try (PreparedStatement statement = connection.prepareStatement(sql)) {
      statement.setArray(1, connection.createArrayOf("text", schemas.toArray(String[]::new)));
      try (ResultSet rs = statement.executeQuery()) {
        while (rs.next()) {
          handler.handle(rs);
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException(
          "cannot read " + what + " of schemas " + schemas + " from pg_catalog: " + e.getMessage(),
          e);
    }
  }

  /**
   * Like {@link #run}, handing each row to the table whose oid is in its column {@code oidColumn};
   * rows of tables not in {@code tables} (created after the tables query) are skipped.
   */
  void runPerTable(
      String sql,
      String what,
      String oidColumn,
      Map<Long, TableParts> tables,
      TableRowHandler handler) {
    run(
        sql,
        what,
        rs -> {
          TableParts table = tables.get(rs.getLong(oidColumn));
          if (table != null) {
            handler.handle(table, rs);
          }
        });
  }

  /** The elements of a text[] column; empty for NULL. */
  static List<String> names(Array array) throws SQLException {
    return array == null ? List.of() : List.of((String[]) array.getArray());
  }

  /** Like {@link #names} but keeping NULL elements. */
  static List<String> nullableNames(Array array) throws SQLException {
    return array == null ? List.of() : Arrays.asList((String[]) array.getArray());
  }
}
