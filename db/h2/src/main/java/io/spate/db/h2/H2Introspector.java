package io.spate.db.h2;

import io.spate.core.introspect.TableParts;
import io.spate.protocol.schema.ForeignKey;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.Table;
import io.spate.protocol.schema.UniqueKey;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

/**
 * Reads the tables of H2 schemas into the same {@link Schema} model the other introspectors fill,
 * from H2 2.x's {@code INFORMATION_SCHEMA}: {@code TABLES}, {@code COLUMNS} (types by {@link
 * H2Types}, with {@code ENUM_VALUES} and {@code ELEMENT_TYPES}), {@code TABLE_CONSTRAINTS} with
 * {@code KEY_COLUMN_USAGE} and {@code REFERENTIAL_CONSTRAINTS} for keys, {@code CHECK_CONSTRAINTS}
 * with {@code CONSTRAINT_COLUMN_USAGE} for CHECKs (their text through the shared CHECK parser),
 * {@code INDEXES} and {@code INDEX_COLUMNS} for unique indexes no constraint declares.
 *
 * <p>Invariants: the session's schema ({@code PUBLIC}, or {@code public} in a database with {@code
 * DATABASE_TO_LOWER}) is reported as {@link Table#DEFAULT_SCHEMA}, so its tables keep their bare
 * names as ids; names are as H2 stores them (upper case for unquoted names, unless the database
 * folds them to lower case); base tables only (no views, linked or temporary tables); Spate's own
 * schema ({@code SPATE}) is never read. A foreign key to a table outside the schemas read is left
 * out. H2's triggers are Java classes whose writes cannot be read: none is recorded.
 */
final class H2Introspector {

  private H2Introspector() {}

  /**
   * Reads the tables of {@code schemas}.
   *
   * @throws IllegalStateException wrapping the {@link SQLException} of a failed read
   */
  static Schema introspect(Connection conn, List<String> schemas) {
    try {
      String current;
      try (Statement s = conn.createStatement();
          ResultSet rs = s.executeQuery("SELECT SCHEMA()")) {
        rs.next();
        current = rs.getString(1);
      }
      UnaryOperator<String> asSchema = s -> s.equals(current) ? Table.DEFAULT_SCHEMA : s;
      Map<String, TableParts> tables = new LinkedHashMap<>();
      for (String schema : schemas) {
        if (schema.equals(H2Ledger.SCHEMA)) {
          continue;
        }
        readTables(conn, schema, asSchema, tables);
      }
      readColumns(conn, schemas, asSchema, tables);
      readConstraints(conn, schemas, asSchema, tables);
      readUniqueIndexes(conn, schemas, asSchema, tables);
      return new Schema(
          tables.values().stream()
              .map(TableParts::build)
              .sorted(Comparator.comparing(Table::id))
              .toList());
    } catch (SQLException e) {
      throw new IllegalStateException("cannot read the H2 schema: " + e.getMessage(), e);
    }
  }

  private static String key(String schema, String table) {
    return schema + "\u0000" + table;
  }

  private static void readTables(
      Connection conn, String schema, UnaryOperator<String> asSchema, Map<String, TableParts> out)
      throws SQLException {
    try (PreparedStatement s =
        conn.prepareStatement(
            "SELECT TABLE_NAME FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_SCHEMA = ?"
                + " AND TABLE_TYPE = 'BASE TABLE' ORDER BY TABLE_NAME")) {
      s.setString(1, schema);
      try (ResultSet rs = s.executeQuery()) {
        while (rs.next()) {
          String name = rs.getString(1);
          out.put(key(schema, name), new TableParts(asSchema.apply(schema), name));
        }
      }
    }
  }

  private static void readColumns(
      Connection conn,
      List<String> schemas,
      UnaryOperator<String> asSchema,
      Map<String, TableParts> tables)
      throws SQLException {
    for (String schema : schemas) {
      Map<String, List<String>> labels = new HashMap<>();
      try (PreparedStatement s =
          conn.prepareStatement(
              "SELECT OBJECT_NAME, ENUM_IDENTIFIER, VALUE_NAME FROM INFORMATION_SCHEMA.ENUM_VALUES"
                  + " WHERE OBJECT_SCHEMA = ? AND OBJECT_TYPE = 'TABLE'"
                  + " ORDER BY OBJECT_NAME, ENUM_IDENTIFIER, VALUE_ORDINAL")) {
        s.setString(1, schema);
        try (ResultSet rs = s.executeQuery()) {
          while (rs.next()) {
            labels
                .computeIfAbsent(key(rs.getString(1), rs.getString(2)), k -> new ArrayList<>())
                .add(rs.getString(3));
          }
        }
      }
      Map<String, H2Types.Row> elements = new HashMap<>();
      try (PreparedStatement s =
          conn.prepareStatement(
              "SELECT OBJECT_NAME, COLLECTION_TYPE_IDENTIFIER, DATA_TYPE, CHARACTER_MAXIMUM_LENGTH,"
                  + " NUMERIC_PRECISION, NUMERIC_SCALE FROM INFORMATION_SCHEMA.ELEMENT_TYPES"
                  + " WHERE OBJECT_SCHEMA = ? AND OBJECT_TYPE = 'TABLE'")) {
        s.setString(1, schema);
        try (ResultSet rs = s.executeQuery()) {
          while (rs.next()) {
            elements.put(
                key(rs.getString(1), rs.getString(2)),
                new H2Types.Row(
                    "element",
                    rs.getString(3),
                    number(rs, 4),
                    number(rs, 5),
                    number(rs, 6),
                    true,
                    false,
                    false,
                    null,
                    List.of(),
                    null));
          }
        }
      }
      try (PreparedStatement s =
          conn.prepareStatement(
              "SELECT TABLE_NAME, COLUMN_NAME, DATA_TYPE, CASE DATA_TYPE WHEN 'ARRAY' THEN"
                  + " MAXIMUM_CARDINALITY ELSE CHARACTER_MAXIMUM_LENGTH END,"
                  + " NUMERIC_PRECISION, NUMERIC_SCALE, IS_NULLABLE, IS_IDENTITY, IS_GENERATED,"
                  + " COLUMN_DEFAULT, DTD_IDENTIFIER FROM INFORMATION_SCHEMA.COLUMNS"
                  + " WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME, ORDINAL_POSITION")) {
        s.setString(1, schema);
        try (ResultSet rs = s.executeQuery()) {
          while (rs.next()) {
            TableParts t = tables.get(key(schema, rs.getString(1)));
            if (t == null) {
              continue; // a view's or a system table's
            }
            String dtd = key(rs.getString(1), rs.getString(11));
            H2Types.Mapped mapped =
                H2Types.map(
                    new H2Types.Row(
                        rs.getString(2),
                        rs.getString(3),
                        number(rs, 4),
                        number(rs, 5),
                        number(rs, 6),
                        rs.getString(7).equals("YES"),
                        rs.getString(8).equals("YES"),
                        !rs.getString(9).equals("NEVER"),
                        rs.getString(10),
                        labels.getOrDefault(dtd, List.of()),
                        elements.get(dtd)));
            t.columns.add(mapped.column());
            t.checks.addAll(mapped.checks());
          }
        }
      }
    }
  }

  /** Primary keys, UNIQUE constraints, foreign keys and CHECKs, each once. */
  private static void readConstraints(
      Connection conn,
      List<String> schemas,
      UnaryOperator<String> asSchema,
      Map<String, TableParts> tables)
      throws SQLException {
    // every key's columns in order, by (schema, constraint), for the references' targets too
    Map<String, List<String>> keyColumns = new HashMap<>();
    Map<String, String[]> keyTables = new HashMap<>();
    // a foreign key's columns' positions in the key they reference, 1-based, in the same order
    Map<String, List<Integer>> positions = new HashMap<>();
    try (PreparedStatement s =
            conn.prepareStatement(
                "SELECT CONSTRAINT_SCHEMA, CONSTRAINT_NAME, TABLE_SCHEMA, TABLE_NAME, COLUMN_NAME,"
                    + " POSITION_IN_UNIQUE_CONSTRAINT FROM INFORMATION_SCHEMA.KEY_COLUMN_USAGE"
                    + " ORDER BY CONSTRAINT_SCHEMA, CONSTRAINT_NAME, ORDINAL_POSITION");
        ResultSet rs = s.executeQuery()) {
      while (rs.next()) {
        String k = key(rs.getString(1), rs.getString(2));
        keyColumns.computeIfAbsent(k, x -> new ArrayList<>()).add(rs.getString(5));
        keyTables.put(k, new String[] {rs.getString(3), rs.getString(4)});
        positions.computeIfAbsent(k, x -> new ArrayList<>()).add(rs.getInt(6));
      }
    }
    Map<String, String> referenced = new HashMap<>();
    try (PreparedStatement s =
            conn.prepareStatement(
                "SELECT CONSTRAINT_SCHEMA, CONSTRAINT_NAME, UNIQUE_CONSTRAINT_SCHEMA,"
                    + " UNIQUE_CONSTRAINT_NAME FROM INFORMATION_SCHEMA.REFERENTIAL_CONSTRAINTS");
        ResultSet rs = s.executeQuery()) {
      while (rs.next()) {
        referenced.put(
            key(rs.getString(1), rs.getString(2)), key(rs.getString(3), rs.getString(4)));
      }
    }
    Map<String, String> clauses = new HashMap<>();
    try (PreparedStatement s =
            conn.prepareStatement(
                "SELECT CONSTRAINT_SCHEMA, CONSTRAINT_NAME, CHECK_CLAUSE"
                    + " FROM INFORMATION_SCHEMA.CHECK_CONSTRAINTS");
        ResultSet rs = s.executeQuery()) {
      while (rs.next()) {
        clauses.put(key(rs.getString(1), rs.getString(2)), rs.getString(3));
      }
    }
    Map<String, List<String>> checkColumns = new HashMap<>();
    try (PreparedStatement s =
            conn.prepareStatement(
                "SELECT CONSTRAINT_SCHEMA, CONSTRAINT_NAME, COLUMN_NAME"
                    + " FROM INFORMATION_SCHEMA.CONSTRAINT_COLUMN_USAGE"
                    + " ORDER BY CONSTRAINT_SCHEMA, CONSTRAINT_NAME, COLUMN_NAME");
        ResultSet rs = s.executeQuery()) {
      while (rs.next()) {
        checkColumns
            .computeIfAbsent(key(rs.getString(1), rs.getString(2)), x -> new ArrayList<>())
            .add(rs.getString(3));
      }
    }
    for (String schema : schemas) {
      try (PreparedStatement s =
          conn.prepareStatement(
              "SELECT CONSTRAINT_SCHEMA, CONSTRAINT_NAME, CONSTRAINT_TYPE, TABLE_NAME"
                  + " FROM INFORMATION_SCHEMA.TABLE_CONSTRAINTS WHERE TABLE_SCHEMA = ?"
                  + " ORDER BY TABLE_NAME, CONSTRAINT_NAME")) {
        s.setString(1, schema);
        try (ResultSet rs = s.executeQuery()) {
          while (rs.next()) {
            TableParts t = tables.get(key(schema, rs.getString(4)));
            if (t == null) {
              continue;
            }
            String k = key(rs.getString(1), rs.getString(2));
            List<String> columns = keyColumns.getOrDefault(k, List.of());
            String name =
                named(
                    rs.getString(2),
                    t.name,
                    rs.getString(3),
                    rs.getString(3).equals("CHECK")
                        ? checkColumns.getOrDefault(k, List.of())
                        : columns);
            switch (rs.getString(3)) {
              case "PRIMARY KEY" ->
                  t.primaryKey = new UniqueKey(name, columns, true, null, List.of());
              case "UNIQUE" -> t.uniques.add(new UniqueKey(name, columns, false, null, List.of()));
              case "FOREIGN KEY" -> {
                String target = referenced.get(k);
                String[] parent = target == null ? null : keyTables.get(target);
                if (parent != null && tables.containsKey(key(parent[0], parent[1]))) {
                  List<String> parentKey = keyColumns.get(target);
                  List<String> refColumns =
                      positions.get(k).stream().map(p -> parentKey.get(p - 1)).toList();
                  t.foreignKeys.add(
                      new ForeignKey(
                          name,
                          columns,
                          Table.id(asSchema.apply(parent[0]), parent[1]),
                          refColumns));
                }
              }
              case "CHECK" -> {
                String clause = clauses.get(k);
                if (clause != null) {
                  t.addCheck(
                      name,
                      H2Types.checkDefinition(clause),
                      checkColumns.getOrDefault(k, List.of()),
                      UnaryOperator.identity());
                }
              }
              default -> {}
            }
          }
        }
      }
    }
  }

  /**
   * Unique indexes no constraint declares ({@code CREATE UNIQUE INDEX}) as keys; the indexes that
   * are not unique, and not a constraint's, counted.
   */
  private static void readUniqueIndexes(
      Connection conn,
      List<String> schemas,
      UnaryOperator<String> asSchema,
      Map<String, TableParts> tables)
      throws SQLException {
    for (String schema : schemas) {
      Map<String, List<String>> columns = new TreeMap<>();
      Map<String, String> tableOf = new HashMap<>();
      try (PreparedStatement s =
          conn.prepareStatement(
              "SELECT i.TABLE_NAME, i.INDEX_NAME, i.INDEX_TYPE_NAME, c.COLUMN_NAME"
                  + " FROM INFORMATION_SCHEMA.INDEXES i JOIN INFORMATION_SCHEMA.INDEX_COLUMNS c"
                  + " ON c.INDEX_SCHEMA = i.INDEX_SCHEMA AND c.INDEX_NAME = i.INDEX_NAME"
                  + " WHERE i.INDEX_SCHEMA = ? AND NOT EXISTS (SELECT 1"
                  + " FROM INFORMATION_SCHEMA.TABLE_CONSTRAINTS k"
                  + " WHERE k.INDEX_SCHEMA = i.INDEX_SCHEMA AND k.INDEX_NAME = i.INDEX_NAME)"
                  + " ORDER BY i.TABLE_NAME, i.INDEX_NAME, c.ORDINAL_POSITION")) {
        s.setString(1, schema);
        try (ResultSet rs = s.executeQuery()) {
          while (rs.next()) {
            TableParts t = tables.get(key(schema, rs.getString(1)));
            if (t == null) {
              continue;
            }
            if (!rs.getString(3).equals("UNIQUE INDEX")) {
              if (tableOf.put(rs.getString(2), "plain") == null) {
                t.plainIndexes++;
              }
              continue;
            }
            tableOf.put(rs.getString(2), rs.getString(1));
            columns.computeIfAbsent(rs.getString(2), x -> new ArrayList<>()).add(rs.getString(4));
          }
        }
      }
      columns.forEach(
          (index, cols) ->
              tables
                  .get(key(schema, tableOf.get(index)))
                  .uniques
                  .add(new UniqueKey(index, cols, false, null, List.of())));
    }
  }

  /** The names H2 makes up for a constraint declared without one: {@code CONSTRAINT_4B}. */
  private static final java.util.regex.Pattern GENERATED =
      java.util.regex.Pattern.compile("CONSTRAINT_[0-9A-F]+(_[0-9]+)?");

  /**
   * A constraint's name: its own, or for one H2 named itself, the name PostgreSQL gives it ({@code
   * orders_pkey}, {@code orders_email_key}, {@code orders_customer_id_fkey}, {@code
   * orders_amount_check}, {@code orders_check}), as the SQLite target names them. A reference's
   * stream derives from its key's name, so the same DDL fills the same values here as there.
   */
  static String named(String name, String table, String type, List<String> columns) {
    if (!GENERATED.matcher(name).matches()) {
      return name;
    }
    String cols = String.join("_", columns);
    return switch (type) {
      case "PRIMARY KEY" -> table + "_pkey";
      case "UNIQUE" -> table + "_" + cols + "_key";
      case "FOREIGN KEY" -> table + "_" + cols + "_fkey";
      default -> columns.size() == 1 ? table + "_" + cols + "_check" : table + "_check";
    };
  }

  private static long number(ResultSet rs, int column) throws SQLException {
    long v = rs.getLong(column);
    return rs.wasNull() ? -1 : v;
  }
}
