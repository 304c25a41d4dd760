package io.spate.db.postgres;

import io.spate.core.introspect.TableParts;
import io.spate.protocol.schema.Column;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Map;

/**
 * Reads the columns of the introspected tables, in attribute order, describing each one's type with
 * {@link PgTypes}.
 *
 * <p>Invariant: a column is nullable only if neither it nor any domain of its type is NOT NULL, and
 * it is an identity when declared so or when its default draws from a sequence ({@code nextval}).
 */
final class PgColumns {

  private static final String COLUMNS_SQL =
      CatalogQuery.TABLES
          + """
          SELECT a.attrelid, a.attname, a.atttypid,
                 format_type(a.atttypid, a.atttypmod) AS type_name, a.atttypmod, a.attnotnull,
                 a.attgenerated <> '' AS is_generated, a.attidentity <> '' AS is_identity,
                 pg_get_expr(d.adbin, d.adrelid) AS default_expr
          FROM tabs
          JOIN pg_attribute a ON a.attrelid = tabs.oid
          LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
          WHERE a.attnum > 0 AND NOT a.attisdropped
          ORDER BY a.attrelid, a.attnum
          """;

  private PgColumns() {}

  /** Adds its columns to every table of {@code tables}. */
  static void read(CatalogQuery catalog, Map<Long, TableParts> tables, PgTypes types) {
    catalog.runPerTable(
        COLUMNS_SQL,
        "columns",
        "attrelid",
        tables,
        (table, rs) -> table.columns.add(column(rs, types)));
  }

  private static Column column(ResultSet rs, PgTypes types) throws SQLException {
    String defaultExpr = rs.getString("default_expr");
    boolean identity =
        rs.getBoolean("is_identity") || (defaultExpr != null && defaultExpr.contains("nextval("));
    Column type =
        types.resolve(
            rs.getString("attname"),
            rs.getLong("atttypid"),
            rs.getInt("atttypmod"), // -1: no modifier declared
            rs.getString("type_name"));
    return new Column(
        type.name(),
        type.type(),
        type.typeName(),
        type.length(),
        type.precision(),
        type.scale(),
        !rs.getBoolean("attnotnull") && type.nullable(),
        rs.getBoolean("is_generated"),
        identity,
        defaultExpr,
        type.typeOid(),
        type.element(),
        type.enumLabels(),
        type.domainChecks());
  }
}
