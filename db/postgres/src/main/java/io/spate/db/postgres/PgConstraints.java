package io.spate.db.postgres;

import static io.spate.db.postgres.CatalogQuery.names;

import io.spate.core.introspect.CheckParser;
import io.spate.core.introspect.TableParts;
import io.spate.protocol.schema.ForeignKey;
import io.spate.protocol.schema.LoadBarrier;
import io.spate.protocol.schema.Table;
import io.spate.protocol.schema.UniqueKey;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Reads the primary keys, unique constraints, foreign keys and CHECKs of the introspected tables
 * and of their partitions, in one query; CHECK texts go through {@link CheckParser}. An exclusion
 * constraint is a {@link LoadBarrier}: Spate does not draw rows to keep one, so the table may only
 * be left empty. A foreign key names the table it references by {@linkplain Table#id() id},
 * schema-qualified outside {@code public}. Constraint columns are resolved to names in SQL (keeping
 * {@code conkey}/{@code confkey} order, so composite foreign keys keep their pairing), which also
 * works when a foreign key references a table outside the requested schemas.
 *
 * <p>Invariant: a table has at most one primary key, its own when it declares one (a partition's
 * primary key under it becomes a unique key), and a constraint several partitions declare is added
 * once.
 */
final class PgConstraints {

  /**
   * Keys, foreign keys and checks, of the tables and of their partitions (reported as the root's: a
   * constraint declared on partitions only is honoured as if declared on the table). {@code
   * conparentid = 0} and {@code conislocal} drop the copies PostgreSQL makes of a parent's
   * constraints on its partitions and of foreign keys that reference a partitioned table.
   */
  private static final String CONSTRAINTS_SQL =
      CatalogQuery.TABLES_AND_PARTITIONS
          + """
          SELECT rels.root AS conrelid, con.conname, con.contype, con.condeferrable,
                 refns.nspname AS ref_schema, ref.relname AS ref_table,
                 pg_get_constraintdef(con.oid) AS definition,
                 ARRAY(SELECT a.attname::text
                       FROM unnest(con.conkey) WITH ORDINALITY AS k(attnum, ord)
                       JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum
                       ORDER BY k.ord) AS columns,
                 ARRAY(SELECT a.attname::text
                       FROM unnest(con.confkey) WITH ORDINALITY AS k(attnum, ord)
                       JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum
                       ORDER BY k.ord) AS ref_columns
          FROM rels
          JOIN pg_constraint con ON con.conrelid = rels.oid
          LEFT JOIN pg_class ref ON ref.oid = con.confrelid
          LEFT JOIN pg_namespace refns ON refns.oid = ref.relnamespace
          WHERE con.contype IN ('p', 'u', 'f', 'c', 'x') AND con.conparentid = 0 AND con.conislocal
          ORDER BY rels.root, rels.oid <> rels.root, con.conname
          """;

  private PgConstraints() {}

  /** Adds their constraints to the tables of {@code tables}, the tables' own first. */
  static void read(CatalogQuery catalog, Map<Long, TableParts> tables) {
    catalog.runPerTable(
        CONSTRAINTS_SQL, "constraints", "conrelid", tables, PgConstraints::addConstraint);
  }

  /**
   * An exclusion constraint as a barrier: whether two rows conflict depends on operators over all
   * rows ({@code during WITH &&}), which no rule of a row's own values keeps, so the first
   * conflicting pair would fail the load.
   */
  private static LoadBarrier exclusion(TableParts table, String name, String definition) {
    return new LoadBarrier(
        "exclusion constraint " + Table.quote(name) + " (" + definition + ")",
        "Spate does not draw rows to keep an exclusion constraint, so the load would fail at the"
            + " first two rows that conflict; drop the constraint if the filled rows need not"
            + " keep it (ALTER TABLE "
            + Table.quote(table.schema)
            + "."
            + Table.quote(table.name)
            + " DROP CONSTRAINT "
            + Table.quote(name)
            + ")");
  }

  private static void addConstraint(TableParts table, ResultSet rs) throws SQLException {
    String name = rs.getString("conname");
    List<String> columns = names(rs.getArray("columns"));
    List<String> refColumns = names(rs.getArray("ref_columns"));
    String contype = rs.getString("contype");
    String refTable =
        contype.equals("f")
            ? Table.id(rs.getString("ref_schema"), rs.getString("ref_table"))
            : null;
    // Several partitions may declare the same constraint; the table's own come first.
    String definition = contype.equals("u") ? "p" : contype;
    definition +=
        contype.equals("c") || contype.equals("x")
            ? rs.getString("definition")
            : columns + " " + refTable + refColumns;
    if (!table.definitions.add(definition)) {
      return;
    }
    if (contype.equals("p") && table.primaryKey != null) {
      contype = "u"; // a partition's primary key under a table that has its own
    }
    switch (contype) {
      case "p" -> table.primaryKey = new UniqueKey(name, columns, true);
      case "u" -> table.uniques.add(new UniqueKey(name, columns, false));
      case "f" ->
          table.foreignKeys.add(
              new ForeignKey(name, columns, refTable, refColumns, rs.getBoolean("condeferrable")));
      case "c" ->
          table.addCheck(name, rs.getString("definition"), columns, UnaryOperator.identity());
      case "x" -> table.barriers.add(exclusion(table, name, rs.getString("definition")));
      default -> throw new IllegalStateException("unexpected constraint type for " + name);
    }
  }
}
