package io.spate.db.postgres;

import io.spate.core.introspect.Partitions;
import io.spate.core.introspect.TableParts;
import io.spate.core.introspect.TriggerTargets;
import io.spate.protocol.schema.LoadBarrier;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.Table;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

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
 * bounds ({@link Partitions}) and its partitions' own constraints and unique indexes. Partitions
 * are not tables of their own here; views, materialized views and foreign tables are skipped. A
 * unique index that backs no constraint is a unique key too. The statements each see their own
 * snapshot; run inside a REPEATABLE READ transaction if DDL may run concurrently.
 */
public final class PgIntrospector {

  /**
   * The tables, with whether row-level security applies to this session's role: enabled ({@code
   * relrowsecurity}), and the role is no superuser, has no {@code BYPASSRLS} and is not the owner
   * of a table that does not force it ({@code relforcerowsecurity}), as {@code row_security_active}
   * decides.
   */
  private static final String TABLES_SQL =
      CatalogQuery.TABLES
          + """
          SELECT tabs.oid, nspname, tabs.relname, pg_get_partkeydef(tabs.oid) AS partkey,
                 (SELECT count(*) FROM pg_index i WHERE i.indrelid = tabs.oid AND NOT i.indisunique)
                   AS plain_indexes,
                 c.relrowsecurity AND row_security_active(tabs.oid) AS row_security,
                 c.relforcerowsecurity AS forced
          FROM tabs JOIN pg_class c ON c.oid = tabs.oid
          """;

  /**
   * The schemas that hold a table a fill fills ({@link CatalogQuery#USER_TABLE}), but the system's
   * ({@code pg_*}, {@code information_schema}), the ledger's ({@code spate}) and those an extension
   * owns.
   */
  private static final String SCHEMAS_SQL =
      """
      SELECT n.nspname FROM pg_namespace n
      WHERE n.nspname NOT LIKE 'pg\\_%%' AND n.nspname NOT IN ('information_schema', 'spate')
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_namespace'::regclass
                        AND d.objid = n.oid AND d.deptype = 'e')
        AND EXISTS (SELECT 1 FROM pg_class c WHERE c.relnamespace = n.oid AND %s)
      ORDER BY n.nspname
      """
          .formatted(CatalogQuery.USER_TABLE);

  /**
   * The insert triggers that fire on the tables in a fill (enabled, or {@code ALWAYS}), with their
   * functions' bodies ({@link TriggerTargets}) and whether each fires for every inserted row (a
   * row-level trigger with no WHEN condition).
   */
  private static final String TRIGGERS_SQL =
      CatalogQuery.TABLES
          + """
          SELECT t.tgname, tabs.nspname, tabs.relname, p.prosrc,
                 (t.tgtype & 1) <> 0 AND t.tgqual IS NULL
          FROM pg_trigger t
          JOIN tabs ON tabs.oid = t.tgrelid
          JOIN pg_proc p ON p.oid = t.tgfoid
          WHERE NOT t.tgisinternal AND t.tgenabled IN ('O', 'A') AND (t.tgtype & 4) <> 0
          ORDER BY t.tgname
          """;

  private PgIntrospector() {}

  /**
   * Row-level security that applies to the role as a barrier: PostgreSQL refuses {@code COPY FROM},
   * which every load uses, into such a table, whatever its policies admit.
   */
  private static LoadBarrier rowSecurity(TableParts table, boolean forced) {
    String name = Table.quote(table.schema) + "." + Table.quote(table.name);
    return new LoadBarrier(
        "row-level security" + (forced ? " (forced, so even for the table's owner)" : ""),
        "it applies to this role, and PostgreSQL refuses COPY FROM, which Spate loads with, into"
            + " such a table; fill as a role that bypasses it (a superuser, or one with"
            + " BYPASSRLS), or have the table's owner turn it off for the fill (ALTER TABLE "
            + name
            + " DISABLE ROW LEVEL SECURITY, then ENABLE it again)");
  }

  /**
   * The schemas a fill takes: {@code requested} when it names any (as given), else every schema
   * that holds a table of the application's own: not the system's, not the ledger's ({@code
   * spate}), and no table or schema an extension owns. Sorted by name.
   *
   * @throws IllegalStateException wrapping the {@link SQLException} of a failed catalog read
   */
  public static List<String> chosenSchemas(Connection conn, List<String> requested) {
    if (!requested.isEmpty()) {
      return List.copyOf(requested);
    }
    List<String> schemas = new ArrayList<>();
    try (Statement s = conn.createStatement();
        ResultSet rs = s.executeQuery(SCHEMAS_SQL)) {
      while (rs.next()) {
        schemas.add(rs.getString(1));
      }
    } catch (SQLException e) {
      throw new IllegalStateException(
          "cannot list the schemas that hold tables from pg_catalog: " + e.getMessage(), e);
    }
    return schemas;
  }

  /**
   * Reads the tables of the given schemas.
   *
   * @param conn an open connection; left open and otherwise untouched
   * @param schemas schema names ({@code nspname}, case-sensitive)
   * @return tables sorted by {@linkplain Table#id() id}, columns in attribute order, constraints
   *     sorted by name
   * @throws IllegalStateException wrapping the {@link SQLException} of a failed catalog read
   */
  public static Schema introspect(Connection conn, List<String> schemas) {
    try (JitOff off = JitOff.on(conn)) {
      return read(conn, schemas);
    }
  }

  /**
   * The server's JIT switched off for this session while the catalog is read, then put back as it
   * was. The catalog queries are small, but a recursive one is costed high enough that a server
   * with JIT on compiled it each time: 30-70 ms on TPC-C's nine tables, 0.36 s on 500 tables. Only
   * a saving: where the setting cannot be read or set (a broken connection), the reads go on and
   * fail, or not, on their own.
   *
   * @param previous the session's setting before, null when it was not switched (a server without
   *     JIT, before 11, or a failure)
   */
  private record JitOff(Connection conn, String previous) implements AutoCloseable {

    static JitOff on(Connection conn) {
      return new JitOff(conn, set(conn, "off"));
    }

    @Override
    public void close() {
      if (previous != null) {
        set(conn, previous);
      }
    }

    /** Sets {@code jit} for the session; returns what it was, or null when it was not set. */
    private static String set(Connection conn, String value) {
      try (var statement =
          conn.prepareStatement(
              // OFFSET 0 keeps the subquery apart, so the old value is read before the new is set
              "SELECT o.jit, set_config('jit', ?, false)"
                  + " FROM (SELECT current_setting('jit', true) AS jit OFFSET 0) o"
                  + " WHERE o.jit IS NOT NULL")) {
        statement.setString(1, value);
        try (ResultSet rs = statement.executeQuery()) {
          return rs.next() ? rs.getString(1) : null;
        }
      } catch (SQLException e) {
        return null; // see above: the catalog reads report a broken connection themselves
      }
    }
  }

  private static Schema read(Connection conn, List<String> schemas) {
    CatalogQuery catalog = new CatalogQuery(conn, schemas);
    Map<Long, TableParts> tables = new LinkedHashMap<>();
    catalog.run(
        TABLES_SQL,
        "tables",
        rs -> {
          long oid = rs.getLong("oid");
          TableParts table = new TableParts(rs.getString("nspname"), rs.getString("relname"));
          table.partitionKey = rs.getString("partkey");
          table.plainIndexes = rs.getInt("plain_indexes");
          if (rs.getBoolean("row_security")) {
            table.barriers.add(rowSecurity(table, rs.getBoolean("forced")));
          }
          tables.put(oid, table);
        });
    PgPartitions.read(catalog, tables);
    PgTypes types = PgTypes.read(catalog);
    PgColumns.read(catalog, tables, types);
    PgConstraints.read(catalog, tables);
    PgUniqueIndexes.read(catalog, tables);
    Map<String, TableParts> byId = TriggerTargets.byId(tables.values());
    catalog.run(
        TRIGGERS_SQL,
        "insert triggers",
        rs ->
            TriggerTargets.record(
                rs.getString(1),
                rs.getString(2),
                rs.getString(3),
                rs.getString(4),
                rs.getBoolean(5),
                byId,
                UnaryOperator.identity()));
    return new Schema(
        tables.values().stream()
            .map(TableParts::build)
            .sorted(Comparator.comparing(Table::id))
            .toList());
  }
}
