package io.spate.coordinator.introspect;

import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.ForeignKey;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import io.spate.protocol.schema.UniqueKey;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the tables of some PostgreSQL schemas from {@code pg_catalog} into the {@link Schema}
 * model.
 *
 * <p>Design: four set-based queries (tables, types, columns, constraints) for all requested schemas
 * at once, each restricted by the same {@link #TABLES} common table expression, instead of one
 * query per table; results are joined in memory by table (or type) oid. Types are read as a graph
 * (domain to base type, array to element, range to subtype) and resolved in memory, so a column of
 * an array of a domain over an enum needs no extra round trip. Constraint columns are resolved to
 * names in SQL (keeping {@code conkey}/{@code confkey} order, so composite foreign keys keep their
 * pairing), which also works when a foreign key references a table outside the requested schemas.
 *
 * <p>Scope: ordinary and partitioned tables; a partitioned table carries its leaf partitions'
 * bounds ({@link Partitions}) and its partitions' own constraints. Partitions are not tables of
 * their own here; views, materialized views and foreign tables are skipped. A unique index that
 * backs no constraint ({@code CREATE UNIQUE INDEX}, partial or not) is a unique key too, read by
 * its own query; see {@link UniqueKey} for its expressions. The statements each see their own
 * snapshot; run inside a REPEATABLE READ transaction if DDL may run concurrently.
 */
public final class PgIntrospector {

  /** PostgreSQL's varlena header size, added to every char/varchar/numeric type modifier. */
  private static final int VARHDRSZ = 4;

  /** Built-in base types by their {@code pg_catalog} name. */
  private static final Map<String, SqlType> TYPES_BY_TYPNAME =
      Map.ofEntries(
          Map.entry("int2", SqlType.SMALLINT),
          Map.entry("int4", SqlType.INTEGER),
          Map.entry("int8", SqlType.BIGINT),
          Map.entry("numeric", SqlType.NUMERIC),
          Map.entry("float4", SqlType.REAL),
          Map.entry("float8", SqlType.DOUBLE),
          Map.entry("bool", SqlType.BOOLEAN),
          Map.entry("bpchar", SqlType.CHAR),
          Map.entry("varchar", SqlType.VARCHAR),
          Map.entry("text", SqlType.TEXT),
          Map.entry("date", SqlType.DATE),
          Map.entry("time", SqlType.TIME),
          Map.entry("timestamp", SqlType.TIMESTAMP),
          Map.entry("timestamptz", SqlType.TIMESTAMPTZ),
          Map.entry("uuid", SqlType.UUID),
          Map.entry("bytea", SqlType.BYTEA),
          Map.entry("json", SqlType.JSON),
          Map.entry("jsonb", SqlType.JSONB),
          Map.entry("inet", SqlType.INET),
          Map.entry("cidr", SqlType.CIDR),
          Map.entry("macaddr", SqlType.MACADDR),
          Map.entry("interval", SqlType.INTERVAL),
          Map.entry("timetz", SqlType.TIMETZ),
          Map.entry("money", SqlType.MONEY),
          Map.entry("bit", SqlType.BIT),
          Map.entry("varbit", SqlType.VARBIT),
          Map.entry("xml", SqlType.XML),
          Map.entry("tsvector", SqlType.TSVECTOR));

  /** The introspected relations; its one parameter is the text[] of schema names. */
  private static final String TABLES =
      """
      WITH tabs AS (
        SELECT c.oid, n.nspname, c.relname
        FROM pg_class c
        JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition AND n.nspname = ANY (?)
      )
      """;

  private static final String TABLES_SQL =
      TABLES + "SELECT oid, nspname, relname, pg_get_partkeydef(oid) AS partkey FROM tabs";

  /**
   * Every partition below the introspected partitioned tables, at any depth: its parent, its bound
   * ({@code FOR VALUES ...} or {@code DEFAULT}) and, when it is partitioned itself, its key.
   */
  private static final String PARTITIONS_SQL =
      TABLES
          + """
          SELECT pg_partition_root(c.oid)::oid AS root, c.oid, c.relname, i.inhparent AS parent, c.relkind,
                 pg_get_expr(c.relpartbound, c.oid) AS bound, pg_get_partkeydef(c.oid) AS partkey
          FROM pg_class c
          JOIN pg_inherits i ON i.inhrelid = c.oid
          WHERE c.relispartition AND c.relkind IN ('r', 'p')
            AND pg_partition_root(c.oid)::oid IN (SELECT oid FROM tabs)
          ORDER BY c.relname
          """;

  private static final String COLUMNS_SQL =
      TABLES
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

  /**
   * Every type the columns use, and recursively the base types of domains, the element types of
   * arrays and the subtypes of ranges: with enum labels in sort order and domain CHECKs by name.
   * Arrays are the types received by {@code array_recv} (not {@code int2vector} and the like).
   */
  private static final String TYPES_SQL =
      "WITH RECURSIVE"
          + TABLES.substring("WITH".length()).stripTrailing()
          + """
          ,
          types AS (
            SELECT DISTINCT a.atttypid AS oid
            FROM tabs JOIN pg_attribute a ON a.attrelid = tabs.oid
            WHERE a.attnum > 0 AND NOT a.attisdropped
            UNION
            SELECT x.oid
            FROM types
            JOIN pg_type t ON t.oid = types.oid
            LEFT JOIN pg_range r ON r.rngtypid = t.oid
            CROSS JOIN LATERAL (VALUES (t.typbasetype),
                                       (CASE WHEN t.typreceive = 'array_recv'::regproc THEN t.typelem END),
                                       (r.rngsubtype)) AS x(oid)
            WHERE x.oid <> 0
          )
          SELECT t.oid, n.nspname, t.typname, t.typtype, t.typbasetype, t.typtypmod, t.typnotnull,
                 t.typreceive = 'array_recv'::regproc AS is_array, t.typelem, r.rngsubtype,
                 format_type(t.oid, NULL) AS type_name,
                 ARRAY(SELECT e.enumlabel::text FROM pg_enum e
                       WHERE e.enumtypid = t.oid ORDER BY e.enumsortorder) AS labels,
                 ARRAY(SELECT c.conname::text FROM pg_constraint c
                       WHERE c.contypid = t.oid AND c.contype = 'c' ORDER BY c.conname) AS check_names,
                 ARRAY(SELECT pg_get_constraintdef(c.oid) FROM pg_constraint c
                       WHERE c.contypid = t.oid AND c.contype = 'c' ORDER BY c.conname) AS check_defs
          FROM types
          JOIN pg_type t ON t.oid = types.oid
          JOIN pg_namespace n ON n.oid = t.typnamespace
          LEFT JOIN pg_range r ON r.rngtypid = t.oid
          """;

  /**
   * Keys, foreign keys and checks, of the tables and of their partitions (reported as the root's: a
   * constraint declared on partitions only is honoured as if declared on the table). {@code
   * conparentid = 0} and {@code conislocal} drop the copies PostgreSQL makes of a parent's
   * constraints on its partitions and of foreign keys that reference a partitioned table.
   */
  private static final String CONSTRAINTS_SQL =
      TABLES
          + """
          , rels AS (
            SELECT oid, oid AS root FROM tabs
            UNION ALL
            SELECT c.oid, pg_partition_root(c.oid)::oid FROM pg_class c
            WHERE c.relispartition AND pg_partition_root(c.oid)::oid IN (SELECT oid FROM tabs)
          )
          SELECT rels.root AS conrelid, con.conname, con.contype, ref.relname AS ref_table,
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
          WHERE con.contype IN ('p', 'u', 'f', 'c') AND con.conparentid = 0 AND con.conislocal
          ORDER BY rels.root, rels.oid <> rels.root, con.conname
          """;

  /**
   * Unique indexes that back no constraint (a primary key, unique or exclusion constraint has its
   * own row in {@code pg_constraint}), with each key part as {@code pg_get_indexdef} prints it
   * (INCLUDE columns are not key parts) and its column, or null for an expression. The predicate of
   * a partial index is ignored: unconditional uniqueness is stricter.
   */
  private static final String UNIQUE_INDEXES_SQL =
      TABLES
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
    Map<Long, TableParts> tables = new LinkedHashMap<>();
    query(
        conn,
        TABLES_SQL,
        schemas,
        "tables",
        rs -> {
          long oid = rs.getLong("oid");
          TableParts table = new TableParts(rs.getString("nspname"), rs.getString("relname"));
          table.partitionKey = rs.getString("partkey");
          tables.put(oid, table);
        });
    Map<Long, Partitions.Node> nodes = new LinkedHashMap<>();
    query(
        conn,
        PARTITIONS_SQL,
        schemas,
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
    Map<Long, PgType> types = new HashMap<>();
    query(
        conn,
        TYPES_SQL,
        schemas,
        "types",
        rs -> {
          PgType type = PgType.read(rs);
          types.put(type.oid(), type);
        });
    query(
        conn,
        COLUMNS_SQL,
        schemas,
        "columns",
        rs -> {
          TableParts table = tables.get(rs.getLong("attrelid"));
          if (table != null) { // null: created after the tables query
            table.columns.add(column(rs, types));
          }
        });
    query(
        conn,
        CONSTRAINTS_SQL,
        schemas,
        "constraints",
        rs -> {
          TableParts table = tables.get(rs.getLong("conrelid"));
          if (table != null) {
            addConstraint(table, rs);
          }
        });
    query(
        conn,
        UNIQUE_INDEXES_SQL,
        schemas,
        "unique indexes",
        rs -> {
          TableParts table = tables.get(rs.getLong("indrelid"));
          if (table != null) {
            table.uniques.add(uniqueIndex(rs));
          }
        });
    return new Schema(
        tables.values().stream()
            .map(TableParts::build)
            .sorted(Comparator.comparing(Table::name).thenComparing(Table::schema))
            .toList());
  }

  private static Column column(ResultSet rs, Map<Long, PgType> types) throws SQLException {
    String defaultExpr = rs.getString("default_expr");
    boolean identity =
        rs.getBoolean("is_identity") || (defaultExpr != null && defaultExpr.contains("nextval("));
    Column type =
        resolve(
            rs.getString("attname"),
            rs.getLong("atttypid"),
            rs.getInt("atttypmod"), // -1: no modifier declared
            rs.getString("type_name"),
            types);
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

  /**
   * Describes a value of type {@code oid} with modifier {@code typmod} as a nullable column named
   * {@code name}: a domain resolves to its base type with its checks and NOT NULL (of every domain
   * in the chain), an array and a range to their element and subtype. The OID stays the declared
   * one, a domain's own, as binary arrays require of their element type.
   */
  private static Column resolve(
      String name, long oid, int typmod, String typeName, Map<Long, PgType> types) {
    PgType t = types.get(oid);
    if (t == null) { // created after the types query
      return value(name, SqlType.UNSUPPORTED, typeName, oid, null, List.of());
    }
    if (t.kind().equals("d")) {
      Column base = resolve(name, t.baseType(), t.typmod(), typeName, types);
      List<Check> checks = new ArrayList<>(base.domainChecks());
      for (int i = 0; i < t.checkNames().size(); i++) {
        checks.addAll(
            CheckParser.parse(
                t.checkNames().get(i), t.checkDefinitions().get(i), List.of(Column.DOMAIN_VALUE)));
      }
      return new Column(
          name,
          base.type(),
          typeName,
          base.length(),
          base.precision(),
          base.scale(),
          base.nullable() && !t.notNull(),
          false,
          false,
          null,
          oid,
          base.element(),
          base.enumLabels(),
          checks);
    }
    if (t.kind().equals("e")) {
      return value(name, SqlType.ENUM, typeName, oid, null, t.labels());
    }
    if (t.kind().equals("r")) {
      Column subtype =
          resolve(name, t.rangeSubtype(), -1, typeName(types, t.rangeSubtype()), types);
      return value(name, SqlType.RANGE, typeName, oid, subtype, List.of());
    }
    if (t.array()) {
      // The array's modifier is its elements': varchar(7)[] holds varchar(7).
      String elementName =
          typeName.endsWith("[]")
              ? typeName.substring(0, typeName.length() - 2)
              : typeName(types, t.element());
      return value(
          name,
          SqlType.ARRAY,
          typeName,
          oid,
          resolve(name, t.element(), typmod, elementName, types),
          List.of());
    }
    SqlType type = SqlType.UNSUPPORTED;
    if (t.kind().equals("b") && t.schema().equals("pg_catalog")) {
      type = TYPES_BY_TYPNAME.getOrDefault(t.name(), SqlType.UNSUPPORTED);
    } else if (t.kind().equals("b") && t.name().equals("citext")) {
      type = SqlType.CITEXT; // the extension's type, in whatever schema it was created
    }
    int length = -1;
    int precision = -1;
    int scale = -1;
    if ((type == SqlType.CHAR || type == SqlType.VARCHAR) && typmod >= 0) {
      length = typmod - VARHDRSZ;
    } else if (type == SqlType.BIT || type == SqlType.VARBIT) {
      length = typmod; // bit counts carry no header; plain bit is bit(1)
    } else if (type == SqlType.NUMERIC && typmod >= 0) {
      int packed = typmod - VARHDRSZ;
      precision = (packed >> 16) & 0xffff;
      // The low 11 bits hold the scale as a signed number (negative scales exist since PG 15).
      scale = ((packed & 0x7ff) ^ 1024) - 1024;
    }
    return new Column(
        name, type, typeName, length, precision, scale, true, false, false, null, oid, null,
        List.of(), List.of());
  }

  /** A nullable value of a type without length, precision or domain. */
  private static Column value(
      String name, SqlType type, String typeName, long oid, Column element, List<String> labels) {
    return new Column(
        name, type, typeName, -1, -1, -1, true, false, false, null, oid, element, labels,
        List.of());
  }

  private static String typeName(Map<Long, PgType> types, long oid) {
    PgType t = types.get(oid);
    return t == null ? "oid " + oid : t.typeName();
  }

  private static void addConstraint(TableParts table, ResultSet rs) throws SQLException {
    String name = rs.getString("conname");
    List<String> columns = names(rs.getArray("columns"));
    String contype = rs.getString("contype");
    // Several partitions may declare the same constraint; the table's own come first.
    String definition = contype.equals("u") ? "p" : contype;
    definition +=
        contype.equals("c")
            ? rs.getString("definition")
            : columns + " " + rs.getString("ref_table") + names(rs.getArray("ref_columns"));
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
              new ForeignKey(
                  name, columns, rs.getString("ref_table"), names(rs.getArray("ref_columns"))));
      case "c" -> table.checks.addAll(CheckParser.parse(name, rs.getString("definition"), columns));
      default -> throw new IllegalStateException("unexpected constraint type for " + name);
    }
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

  /** Like {@link #names} but keeping NULL elements. */
  private static List<String> nullableNames(Array array) throws SQLException {
    return array == null ? List.of() : java.util.Arrays.asList((String[]) array.getArray());
  }

  private static List<String> names(Array array) throws SQLException {
    return array == null ? List.of() : List.of((String[]) array.getArray());
  }

  /** Handles one result row. */
  @FunctionalInterface
  private interface RowHandler {
    void handle(ResultSet rs) throws SQLException;
  }

  /** Runs one catalog query for the schemas, naming {@code what} it read if it fails. */
  private static void query(
      Connection conn, String sql, List<String> schemas, String what, RowHandler handler) {
    try (PreparedStatement statement = conn.prepareStatement(sql)) {
      statement.setArray(1, conn.createArrayOf("text", schemas.toArray(String[]::new)));
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

  /** One row of the types query. */
  private record PgType(
      long oid,
      String schema,
      String name,
      String kind,
      long baseType,
      int typmod,
      boolean notNull,
      boolean array,
      long element,
      long rangeSubtype,
      String typeName,
      List<String> labels,
      List<String> checkNames,
      List<String> checkDefinitions) {

    static PgType read(ResultSet rs) throws SQLException {
      return new PgType(
          rs.getLong("oid"),
          rs.getString("nspname"),
          rs.getString("typname"),
          rs.getString("typtype"),
          rs.getLong("typbasetype"),
          rs.getInt("typtypmod"),
          rs.getBoolean("typnotnull"),
          rs.getBoolean("is_array"),
          rs.getLong("typelem"),
          rs.getLong("rngsubtype"), // 0 when not a range
          rs.getString("type_name"),
          names(rs.getArray("labels")),
          names(rs.getArray("check_names")),
          names(rs.getArray("check_defs")));
    }
  }

  /** One table's parts while its rows arrive. */
  private static final class TableParts {
    private final String schema;
    private final String name;
    private final List<Column> columns = new ArrayList<>();
    private UniqueKey primaryKey;
    private final List<UniqueKey> uniques = new ArrayList<>();
    private final List<ForeignKey> foreignKeys = new ArrayList<>();
    private final List<Check> checks = new ArrayList<>();
    private final java.util.Set<String> definitions = new java.util.HashSet<>();
    private final List<io.spate.protocol.schema.Partition> partitions = new ArrayList<>();
    private String partitionKey;

    TableParts(String schema, String name) {
      this.schema = schema;
      this.name = name;
    }

    Table build() {
      return new Table(schema, name, columns, primaryKey, uniques, foreignKeys, checks, partitions);
    }
  }
}
