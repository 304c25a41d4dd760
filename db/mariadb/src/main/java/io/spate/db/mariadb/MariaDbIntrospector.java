package io.spate.db.mariadb;

import io.spate.core.introspect.CheckParser;
import io.spate.core.introspect.TableParts;
import io.spate.core.introspect.TriggerTargets;
import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.ForeignKey;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.Table;
import io.spate.protocol.schema.UniqueKey;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the tables of some MariaDB (10.6+) or MySQL (8.0+) databases from {@code
 * information_schema} into the same {@link Schema} model {@link PgIntrospector} fills, so the
 * planner plans them unchanged.
 *
 * <p>Design: one set-based query per area (tables, columns, unique indexes, foreign keys, CHECKs,
 * partitions) for all requested databases at once, joined in memory into one {@link TableParts} per
 * table. Types map in {@link MariaDbTypes} (a narrower integer carries its range as CHECKs),
 * partitions in {@link MariaDbPartitions}; CHECK texts go through the same {@link CheckParser},
 * which reads MariaDB's backticks and infix words, and {@link #mysqlCheck} maps what means
 * something else there.
 *
 * <p>Invariant: a MariaDB "schema" is a database. The connection's current database is reported as
 * {@link Table#DEFAULT_SCHEMA} so its tables keep their bare names as ids (the names a config file
 * gives them, as for PostgreSQL's {@code public}); any other requested database keeps its name.
 * Generated columns are read as generated (never written); views are skipped.
 */
public final class MariaDbIntrospector {

  /** Databases that hold no application tables: the server's own and the ledger's. */
  private static final Set<String> SYSTEM_SCHEMAS =
      Set.of("information_schema", "mysql", "performance_schema", "sys", "spate");

  private static final Pattern JSON_VALID = Pattern.compile("(?i)json_valid\\(`((?:[^`]|``)+)`\\)");
  private static final Pattern NAME = Pattern.compile("`((?:[^`]|``)+)`");

  private MariaDbIntrospector() {}

  /**
   * The databases a fill takes: {@code requested} when it names any (as given), else the
   * connection's current database.
   *
   * @throws IllegalStateException when none is requested and the connection has no current
   *     database, or wrapping the {@link SQLException} of a failed read
   */
  public static List<String> chosenSchemas(Connection conn, List<String> requested) {
    if (!requested.isEmpty()) {
      return List.copyOf(requested);
    }
    String current = currentDatabase(conn);
    if (current == null) {
      throw new IllegalStateException(
          "the MariaDB/MySQL connection names no database: add one to the URL (jdbc:mariadb://host:3306/mydb) or list the databases to fill");
    }
    return List.of(current);
  }

  /**
   * Reads the tables of the given databases (system databases are skipped).
   *
   * @param conn an open connection; left open and otherwise untouched
   * @param schemas database names, as the server spells them
   * @return tables sorted by {@linkplain Table#id() id}, columns in ordinal order, keys and foreign
   *     keys sorted by name
   * @throws IllegalStateException wrapping the {@link SQLException} of a failed read
   */
  public static Schema introspect(Connection conn, List<String> schemas) {
    List<String> databases = schemas.stream().filter(s -> !SYSTEM_SCHEMAS.contains(s)).toList();
    if (databases.isEmpty()) {
      return new Schema(List.of());
    }
    String current = currentDatabase(conn);
    Reader reader = new Reader(conn, databases, current);
    Map<String, TableParts> tables = new LinkedHashMap<>();
    reader.run(
        "SELECT TABLE_SCHEMA, TABLE_NAME FROM information_schema.TABLES"
            + " WHERE TABLE_TYPE = 'BASE TABLE' AND TABLE_SCHEMA IN (%s)"
            + " ORDER BY TABLE_SCHEMA, TABLE_NAME",
        "tables",
        rs -> {
          String db = rs.getString(1);
          tables.put(key(db, rs.getString(2)), new TableParts(reader.schema(db), rs.getString(2)));
        });
    readColumns(reader, tables);
    readKeys(reader, tables);
    readForeignKeys(reader, tables);
    readChecks(reader, tables, conn);
    readPartitions(reader, tables);
    readTriggers(reader, tables);
    return new Schema(
        tables.values().stream()
            .map(TableParts::build)
            .sorted(Comparator.comparing(Table::id))
            .toList());
  }

  private static void readColumns(Reader reader, Map<String, TableParts> tables) {
    reader.run(
        "SELECT c.TABLE_SCHEMA, c.TABLE_NAME, c.COLUMN_NAME, c.DATA_TYPE, c.COLUMN_TYPE,"
            + " c.CHARACTER_MAXIMUM_LENGTH, c.CHARACTER_OCTET_LENGTH, cs.MAXLEN,"
            + " c.NUMERIC_PRECISION, c.NUMERIC_SCALE, c.IS_NULLABLE, c.EXTRA, c.COLUMN_DEFAULT"
            + " FROM information_schema.COLUMNS c"
            + " LEFT JOIN information_schema.CHARACTER_SETS cs"
            + " ON cs.CHARACTER_SET_NAME = c.CHARACTER_SET_NAME"
            + " WHERE c.TABLE_SCHEMA IN (%s)"
            + " ORDER BY c.TABLE_SCHEMA, c.TABLE_NAME, c.ORDINAL_POSITION",
        "columns",
        rs -> {
          TableParts table = tables.get(key(rs.getString(1), rs.getString(2)));
          if (table == null) {
            return; // a view's
          }
          MariaDbTypes.Mapped mapped =
              MariaDbTypes.map(
                  new MariaDbTypes.Row(
                      rs.getString(3),
                      rs.getString(4),
                      rs.getString(5),
                      orMinus1(rs, 6),
                      orMinus1(rs, 7),
                      (int) Math.max(1, orMinus1(rs, 8)),
                      orMinus1(rs, 9),
                      orMinus1(rs, 10),
                      rs.getString(11).equals("YES"),
                      rs.getString(12),
                      rs.getString(13)));
          table.columns.add(mapped.column());
          table.checks.addAll(mapped.checks());
        });
  }

  /**
   * Primary keys, unique constraints and unique indexes: all are unique indexes here. A key part on
   * a column's prefix ({@code `url`(190)}) keys the column, whose values are then drawn no longer
   * than the prefix ({@link TableParts#capLength}), so distinct values stay distinct in it.
   */
  private static void readKeys(Reader reader, Map<String, TableParts> tables) {
    Map<String, Map<String, UniqueKey>> keys = new LinkedHashMap<>();
    reader.run(
        "SELECT TABLE_SCHEMA, TABLE_NAME, INDEX_NAME, COLUMN_NAME, SUB_PART"
            + " FROM information_schema.STATISTICS"
            + " WHERE NON_UNIQUE = 0 AND TABLE_SCHEMA IN (%s)"
            + " ORDER BY TABLE_SCHEMA, TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX",
        "unique indexes",
        rs -> {
          String table = key(rs.getString(1), rs.getString(2));
          if (!tables.containsKey(table)) {
            return;
          }
          String index = rs.getString(3);
          String column = rs.getString(4);
          long prefix = orMinus1(rs, 5);
          UniqueKey key =
              keys.computeIfAbsent(table, t -> new LinkedHashMap<>())
                  .getOrDefault(
                      index,
                      new UniqueKey(index, List.of(), index.equals("PRIMARY"), null, List.of()));
          List<String> columns = new ArrayList<>(key.columns());
          List<String> expressions = new ArrayList<>(key.expressions());
          if (column == null) {
            expressions.add("(an expression)"); // MySQL's functional key part
          } else {
            columns.add(column);
            if (prefix >= 0) {
              tables.get(table).capLength(column, (int) prefix);
            }
          }
          String definition =
              key.primary() || expressions.isEmpty()
                  ? null
                  : "UNIQUE KEY " + quote(index) + " (" + String.join(", ", expressions) + ")";
          keys.get(table)
              .put(index, new UniqueKey(index, columns, key.primary(), definition, expressions));
        });
    keys.forEach(
        (table, byName) ->
            byName
                .values()
                .forEach(
                    k -> {
                      if (k.primary()) {
                        tables.get(table).primaryKey = k;
                      } else {
                        tables.get(table).uniques.add(k);
                      }
                    }));
  }

  /** Foreign keys, composite ones with their columns paired by ordinal position. */
  private static void readForeignKeys(Reader reader, Map<String, TableParts> tables) {
    Map<String, Map<String, ForeignKey>> fks = new LinkedHashMap<>();
    reader.run(
        "SELECT k.TABLE_SCHEMA, k.TABLE_NAME, k.CONSTRAINT_NAME, k.COLUMN_NAME,"
            + " k.REFERENCED_TABLE_SCHEMA, k.REFERENCED_TABLE_NAME, k.REFERENCED_COLUMN_NAME"
            + " FROM information_schema.KEY_COLUMN_USAGE k"
            + " JOIN information_schema.REFERENTIAL_CONSTRAINTS r"
            + " ON r.CONSTRAINT_SCHEMA = k.CONSTRAINT_SCHEMA"
            + " AND r.CONSTRAINT_NAME = k.CONSTRAINT_NAME AND r.TABLE_NAME = k.TABLE_NAME"
            + " WHERE k.TABLE_SCHEMA IN (%s) AND k.REFERENCED_TABLE_NAME IS NOT NULL"
            + " ORDER BY k.TABLE_SCHEMA, k.TABLE_NAME, k.CONSTRAINT_NAME, k.ORDINAL_POSITION",
        "foreign keys",
        rs -> {
          String table = key(rs.getString(1), rs.getString(2));
          if (!tables.containsKey(table)) {
            return;
          }
          String name = rs.getString(3);
          String refTable = Table.id(reader.schema(rs.getString(5)), rs.getString(6));
          ForeignKey old =
              fks.computeIfAbsent(table, t -> new LinkedHashMap<>())
                  .getOrDefault(name, new ForeignKey(name, List.of(), refTable, List.of()));
          List<String> columns = new ArrayList<>(old.columns());
          List<String> refColumns = new ArrayList<>(old.refColumns());
          columns.add(rs.getString(4));
          refColumns.add(rs.getString(7));
          fks.get(table).put(name, new ForeignKey(name, columns, refTable, refColumns));
        });
    fks.forEach((table, byName) -> tables.get(table).foreignKeys.addAll(byName.values()));
  }

  /**
   * CHECK constraints, through {@link CheckParser}. MariaDB names a column's CHECK after the
   * column, so the same name may recur across tables: it is joined by table where the server says
   * it (MariaDB's {@code CHECK_CONSTRAINTS.TABLE_NAME}), else by name alone (MySQL's are unique in
   * a database).
   */
  private static void readChecks(Reader reader, Map<String, TableParts> tables, Connection conn) {
    boolean byTable = hasColumn(conn, "CHECK_CONSTRAINTS", "TABLE_NAME");
    reader.run(
        "SELECT tc.TABLE_SCHEMA, tc.TABLE_NAME, tc.CONSTRAINT_NAME, cc.CHECK_CLAUSE"
            + " FROM information_schema.TABLE_CONSTRAINTS tc"
            + " JOIN information_schema.CHECK_CONSTRAINTS cc"
            + " ON cc.CONSTRAINT_SCHEMA = tc.CONSTRAINT_SCHEMA"
            + " AND cc.CONSTRAINT_NAME = tc.CONSTRAINT_NAME"
            + (byTable ? " AND cc.TABLE_NAME = tc.TABLE_NAME" : "")
            + " WHERE tc.CONSTRAINT_TYPE = 'CHECK' AND tc.TABLE_SCHEMA IN (%s)"
            + " ORDER BY tc.TABLE_SCHEMA, tc.TABLE_NAME, tc.CONSTRAINT_NAME",
        "checks",
        rs -> {
          TableParts table = tables.get(key(rs.getString(1), rs.getString(2)));
          if (table != null) {
            addCheck(table, rs.getString(3), rs.getString(4));
          }
        });
  }

  private static void addCheck(TableParts table, String name, String clause) {
    Matcher json = JSON_VALID.matcher(clause.strip());
    if (json.matches()) {
      // MariaDB's json is longtext with this CHECK: a json column
      String column = json.group(1).replace("``", "`");
      table.columns.replaceAll(c -> c.name().equals(column) ? MariaDbTypes.asJson(c) : c);
      return;
    }
    List<String> mentioned = new ArrayList<>();
    Matcher names = NAME.matcher(clause);
    while (names.find()) {
      String column = names.group(1).replace("``", "`");
      if (!mentioned.contains(column)) {
        mentioned.add(column);
      }
    }
    table.addCheck(name, clause, mentioned, MariaDbIntrospector::mysqlCheck);
  }

  /** A check as PostgreSQL would mean it: MySQL's {@code length} counts bytes. */
  static Check mysqlCheck(Check check) {
    if (check instanceof Check.Length l && l.function().equalsIgnoreCase("length")) {
      return new Check.Length(l.name(), l.column(), "octet_length", l.op(), l.literal());
    }
    return check;
  }

  private static void readPartitions(Reader reader, Map<String, TableParts> tables) {
    Map<String, List<MariaDbPartitions.Row>> rows = new LinkedHashMap<>();
    reader.run(
        "SELECT TABLE_SCHEMA, TABLE_NAME, PARTITION_NAME, SUBPARTITION_NAME, PARTITION_METHOD,"
            + " PARTITION_EXPRESSION, PARTITION_DESCRIPTION"
            + " FROM information_schema.PARTITIONS"
            + " WHERE PARTITION_NAME IS NOT NULL AND TABLE_SCHEMA IN (%s)"
            + " ORDER BY TABLE_SCHEMA, TABLE_NAME, PARTITION_ORDINAL_POSITION,"
            + " SUBPARTITION_ORDINAL_POSITION",
        "partitions",
        rs -> {
          String table = key(rs.getString(1), rs.getString(2));
          if (tables.containsKey(table)) {
            rows.computeIfAbsent(table, t -> new ArrayList<>())
                .add(
                    new MariaDbPartitions.Row(
                        rs.getString(3),
                        rs.getString(4),
                        rs.getString(5),
                        rs.getString(6),
                        rs.getString(7)));
          }
        });
    rows.forEach(
        (table, parts) -> {
          TableParts t = tables.get(table);
          t.partitions.addAll(MariaDbPartitions.leaves(Table.id(t.schema, t.name), parts));
        });
  }

  /**
   * Records which tables the insert triggers on the tables write into ({@link TriggerTargets}):
   * MariaDB's are row-level, with no condition of their own.
   */
  private static void readTriggers(Reader reader, Map<String, TableParts> tables) {
    Map<String, TableParts> byId = TriggerTargets.byId(tables.values());
    reader.run(
        "SELECT TRIGGER_NAME, EVENT_OBJECT_SCHEMA, EVENT_OBJECT_TABLE, ACTION_STATEMENT"
            + " FROM information_schema.TRIGGERS"
            + " WHERE EVENT_MANIPULATION = 'INSERT' AND EVENT_OBJECT_SCHEMA IN (%s)"
            + " ORDER BY TRIGGER_NAME",
        "insert triggers",
        rs ->
            TriggerTargets.record(
                rs.getString(1),
                reader.schema(rs.getString(2)),
                rs.getString(3),
                rs.getString(4),
                true,
                byId,
                reader::schema));
  }

  private static String currentDatabase(Connection conn) {
    try (PreparedStatement s = conn.prepareStatement("SELECT DATABASE()");
        ResultSet rs = s.executeQuery()) {
      rs.next();
      return rs.getString(1);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot read the current database: " + e.getMessage(), e);
    }
  }

  private static boolean hasColumn(Connection conn, String table, String column) {
    try (PreparedStatement s =
        conn.prepareStatement(
            "SELECT COUNT(*) FROM information_schema.COLUMNS WHERE TABLE_SCHEMA ="
                + " 'information_schema' AND TABLE_NAME = ? AND COLUMN_NAME = ?")) {
      s.setString(1, table);
      s.setString(2, column);
      try (ResultSet rs = s.executeQuery()) {
        rs.next();
        return rs.getLong(1) > 0;
      }
    } catch (SQLException e) {
      throw new IllegalStateException(
          "cannot read information_schema.COLUMNS: " + e.getMessage(), e);
    }
  }

  private static long orMinus1(ResultSet rs, int column) throws SQLException {
    long value = rs.getLong(column);
    return rs.wasNull() ? -1 : value;
  }

  private static String key(String database, String table) {
    return database + "\u0000" + table;
  }

  private static String quote(String identifier) {
    return "`" + identifier.replace("`", "``") + "`";
  }

  /** Runs the per-area queries with the databases as parameters. */
  private record Reader(Connection conn, List<String> databases, String current) {

    interface RowHandler {
      void row(ResultSet rs) throws SQLException;
    }

    /** The schema a table of {@code database} is reported in. */
    String schema(String database) {
      return database.equals(current) ? Table.DEFAULT_SCHEMA : database;
    }

    void run(String sql, String what, RowHandler handler) {
      String placeholders = String.join(", ", Collections.nCopies(databases.size(), "?"));
      try (PreparedStatement s = conn.prepareStatement(sql.formatted(placeholders))) {
        for (int i = 0; i < databases.size(); i++) {
          s.setString(i + 1, databases.get(i));
        }
        try (ResultSet rs = s.executeQuery()) {
          while (rs.next()) {
            handler.row(rs);
          }
        }
      } catch (SQLException e) {
        throw new IllegalStateException(
            "cannot read the "
                + what
                + " of databases "
                + databases
                + " from information_schema: "
                + e.getMessage(),
            e);
      }
    }
  }
}
