package io.spate.db.sqlite;

import io.spate.core.introspect.TableParts;
import io.spate.core.introspect.TriggerTargets;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.ForeignKey;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.Table;
import io.spate.protocol.schema.UniqueKey;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

/**
 * Reads the tables of a SQLite file into the same {@link Schema} model the other introspectors
 * fill, so the planner plans them unchanged: tables from {@code PRAGMA table_list}, their columns
 * from {@code table_xinfo} (types by {@link SqliteTypes}), keys from {@code index_list} and {@code
 * index_info}, foreign keys from {@code foreign_key_list}, CHECKs from the {@code CREATE TABLE}
 * text ({@link CheckClauses}) through the shared CHECK parser, insert triggers from {@code
 * sqlite_master}.
 *
 * <p>Invariants: the main database's tables are reported in {@link Table#DEFAULT_SCHEMA}, so they
 * keep their bare names as ids; SQLite's own tables ({@code sqlite_%}), Spate's ({@code
 * spate_ledger}, {@code spate_claims}), views, virtual tables and their shadow tables are skipped.
 * SQLite's names are case-insensitive: a foreign key's or a CHECK's spelling of a name is resolved
 * to the name as declared. A rowid alias ({@code INTEGER PRIMARY KEY}) is an identity column, as
 * SQLite numbers it when an insert omits it.
 */
final class SqliteIntrospector {

  private static final List<String> SPATE_TABLES = List.of(SqliteLedger.TABLE, "spate_claims");

  private SqliteIntrospector() {}

  /**
   * Reads the main database's tables.
   *
   * @throws IllegalStateException wrapping the {@link SQLException} of a failed read
   */
  static Schema introspect(Connection conn) {
    try {
      Map<String, TableParts> tables = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
      Map<String, String> ddl = new LinkedHashMap<>();
      Map<String, Boolean> withoutRowid = new LinkedHashMap<>();
      try (PreparedStatement s =
              conn.prepareStatement(
                  "SELECT t.name, m.sql, t.wr FROM pragma_table_list t"
                      + " JOIN sqlite_master m ON m.name = t.name AND m.type = 'table'"
                      + " WHERE t.schema = 'main' AND t.type = 'table' ORDER BY t.name");
          ResultSet rs = s.executeQuery()) {
        while (rs.next()) {
          String name = rs.getString(1);
          if (name.toLowerCase(Locale.ROOT).startsWith("sqlite_") || SPATE_TABLES.contains(name)) {
            continue;
          }
          tables.put(name, new TableParts(Table.DEFAULT_SCHEMA, name));
          ddl.put(name, rs.getString(2));
          withoutRowid.put(name, rs.getBoolean(3));
        }
      }
      for (TableParts t : tables.values()) {
        readColumns(conn, t, ddl.get(t.name), withoutRowid.get(t.name));
        readIndexes(conn, t);
      }
      for (TableParts t : tables.values()) {
        readForeignKeys(conn, t, tables);
        for (CheckClauses.Clause c :
            CheckClauses.read(
                t.name, ddl.get(t.name), t.columns.stream().map(Column::name).toList())) {
          t.addCheck(c.name(), c.definition(), c.columns(), UnaryOperator.identity());
        }
      }
      readTriggers(conn, tables);
      return new Schema(
          tables.values().stream()
              .map(TableParts::build)
              .sorted(Comparator.comparing(Table::id))
              .toList());
    } catch (SQLException e) {
      throw new IllegalStateException("cannot read the SQLite schema: " + e.getMessage(), e);
    }
  }

  private static void readColumns(Connection conn, TableParts t, String ddl, boolean withoutRowid)
      throws SQLException {
    boolean autoincrement =
        CheckClauses.tokenize(ddl).stream().anyMatch(k -> k.isWord("autoincrement"));
    Map<Integer, String> pk = new TreeMap<>();
    List<String[]> rows = new ArrayList<>();
    try (PreparedStatement s =
        conn.prepareStatement(
            "SELECT name, type, \"notnull\", dflt_value, pk, hidden FROM pragma_table_xinfo(?)"
                + " ORDER BY cid")) {
      s.setString(1, t.name);
      try (ResultSet rs = s.executeQuery()) {
        while (rs.next()) {
          if (rs.getInt(6) == 1) {
            continue; // a virtual table's hidden column
          }
          rows.add(
              new String[] {
                rs.getString(1),
                rs.getString(2),
                rs.getString(3),
                rs.getString(4),
                rs.getString(5),
                rs.getString(6)
              });
          if (rs.getInt(5) > 0) {
            pk.put(rs.getInt(5), rs.getString(1));
          }
        }
      }
    }
    for (String[] r : rows) {
      boolean rowidAlias =
          pk.size() == 1
              && pk.containsValue(r[0])
              && r[1].equalsIgnoreCase("INTEGER")
              && !withoutRowid;
      boolean generated = r[5].equals("2") || r[5].equals("3");
      // a primary key column is never NULL, but SQLite (for a legacy quirk) does not say so
      boolean notNull = r[2].equals("1") || pk.containsValue(r[0]);
      t.columns.add(
          SqliteTypes.map(
              new SqliteTypes.Declared(r[0], r[1], notNull, r[3], rowidAlias, generated)));
    }
    if (!pk.isEmpty()) {
      t.primaryKey =
          new UniqueKey(
              t.name + (autoincrement ? "_pkey_autoincrement" : "_pkey"),
              List.copyOf(pk.values()),
              true,
              null,
              List.of());
    }
  }

  /** Unique indexes (UNIQUE constraints among them) as keys; the other indexes counted. */
  private static void readIndexes(Connection conn, TableParts t) throws SQLException {
    List<String[]> indexes = new ArrayList<>();
    try (PreparedStatement s =
        conn.prepareStatement(
            "SELECT name, \"unique\", origin FROM pragma_index_list(?) ORDER BY name")) {
      s.setString(1, t.name);
      try (ResultSet rs = s.executeQuery()) {
        while (rs.next()) {
          indexes.add(new String[] {rs.getString(1), rs.getString(2), rs.getString(3)});
        }
      }
    }
    for (String[] index : indexes) {
      if (index[2].equals("pk")) {
        continue; // the primary key, read from the columns
      }
      if (!index[1].equals("1")) {
        t.plainIndexes++;
        continue;
      }
      List<String> columns = new ArrayList<>();
      List<String> expressions = new ArrayList<>();
      try (PreparedStatement s =
          conn.prepareStatement("SELECT name FROM pragma_index_info(?) ORDER BY seqno")) {
        s.setString(1, index[0]);
        try (ResultSet rs = s.executeQuery()) {
          while (rs.next()) {
            if (rs.getString(1) == null) {
              expressions.add("(an expression)");
            } else {
              columns.add(rs.getString(1));
            }
          }
        }
      }
      t.uniques.add(
          new UniqueKey(
              index[0],
              columns,
              false,
              expressions.isEmpty() ? null : "UNIQUE INDEX " + index[0],
              expressions));
    }
  }

  /**
   * Foreign keys, named and ordered as PostgreSQL would ({@code orders_customer_id_fkey}): SQLite's
   * catalog keeps no constraint names. A key without parent columns references the parent's primary
   * key.
   */
  private static void readForeignKeys(Connection conn, TableParts t, Map<String, TableParts> tables)
      throws SQLException {
    Map<Integer, List<String[]>> keys = new TreeMap<>();
    try (PreparedStatement s =
        conn.prepareStatement(
            "SELECT id, \"table\", \"from\", \"to\" FROM pragma_foreign_key_list(?)"
                + " ORDER BY id, seq")) {
      s.setString(1, t.name);
      try (ResultSet rs = s.executeQuery()) {
        while (rs.next()) {
          keys.computeIfAbsent(rs.getInt(1), k -> new ArrayList<>())
              .add(new String[] {rs.getString(2), rs.getString(3), rs.getString(4)});
        }
      }
    }
    for (List<String[]> parts : keys.values()) {
      TableParts parent = tables.get(parts.getFirst()[0]);
      if (parent == null) {
        continue; // a table outside the fill (or none at all, which SQLite allows)
      }
      List<String> columns = new ArrayList<>();
      List<String> refColumns = new ArrayList<>();
      for (int i = 0; i < parts.size(); i++) {
        columns.add(declared(t, parts.get(i)[1]));
        String to = parts.get(i)[2];
        refColumns.add(
            to != null
                ? declared(parent, to)
                : parent.primaryKey == null ? "rowid" : parent.primaryKey.columns().get(i));
      }
      t.foreignKeys.add(
          new ForeignKey(
              t.name + "_" + String.join("_", columns) + "_fkey",
              columns,
              Table.id(Table.DEFAULT_SCHEMA, parent.name),
              refColumns));
    }
    // in name order, as PostgreSQL lists them: the order decides how a key built of references
    // enumerates its pairs, so the same DDL gives the same rows on either
    t.foreignKeys.sort(java.util.Comparator.comparing(ForeignKey::name));
  }

  /** Records which tables the insert triggers write ({@link TriggerTargets}). */
  private static void readTriggers(Connection conn, Map<String, TableParts> tables)
      throws SQLException {
    Map<String, TableParts> byId = TriggerTargets.byId(tables.values());
    try (PreparedStatement s =
            conn.prepareStatement(
                "SELECT name, tbl_name, sql FROM sqlite_master WHERE type = 'trigger'"
                    + " ORDER BY name");
        ResultSet rs = s.executeQuery()) {
      while (rs.next()) {
        TableParts table = tables.get(rs.getString(2));
        String sql = rs.getString(3);
        List<CheckClauses.Token> tokens = CheckClauses.tokenize(sql);
        int on = 0;
        while (on < tokens.size() && !tokens.get(on).isWord("on")) {
          on++;
        }
        boolean onInsert = tokens.subList(0, on).stream().anyMatch(k -> k.isWord("insert"));
        int begin = indexOfWord(sql, "begin");
        if (table != null && onInsert && begin >= 0) {
          TriggerTargets.record(
              rs.getString(1),
              Table.DEFAULT_SCHEMA,
              table.name,
              sql.substring(begin),
              tokens.stream().noneMatch(k -> k.isWord("when")),
              byId,
              schema -> schema.equalsIgnoreCase("main") ? Table.DEFAULT_SCHEMA : schema);
        }
      }
    }
  }

  /** The position of {@code word} as a whole word in {@code sql}, ignoring case; -1 if none. */
  private static int indexOfWord(String sql, String word) {
    String lower = sql.toLowerCase(Locale.ROOT);
    for (int i = lower.indexOf(word); i >= 0; i = lower.indexOf(word, i + 1)) {
      boolean before = i == 0 || !Character.isLetterOrDigit(lower.charAt(i - 1));
      int end = i + word.length();
      boolean after = end == lower.length() || !Character.isLetterOrDigit(lower.charAt(end));
      if (before && after) {
        return i;
      }
    }
    return -1;
  }

  /** {@code name} as {@code t} declares it (SQLite's names are case-insensitive). */
  private static String declared(TableParts t, String name) {
    return t.columns.stream()
        .map(Column::name)
        .filter(c -> c.equalsIgnoreCase(name))
        .findFirst()
        .orElse(name);
  }
}
