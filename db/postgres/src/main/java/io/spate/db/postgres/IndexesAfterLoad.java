package io.spate.db.postgres;

import io.spate.engine.target.RowLoad;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.Task;
import io.spate.protocol.schema.Table;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * A whole table's rows loaded with its indexes built once after them ({@link
 * io.spate.protocol.plan.TablePlan#indexesAfter}), inside the caller's one transaction, the task's,
 * which also writes the ledger row: lock the table, check it is empty, {@code TRUNCATE} it where
 * that is allowed (so the rows go in with {@code COPY ... FREEZE}), drop the indexes it may
 * rebuild, copy the rows, create those indexes again from their own definitions, then read the
 * table's indexes and constraints back and fail unless they are what they were. The rows copied
 * into a plain table without user triggers that was empty under the lock are then all it holds at
 * the commit ({@link RowLoad.Written#wholeTable()}).
 *
 * <p>The one rule: a load stopped at any point, by an error, a killed client or a killed server,
 * never leaves the schema weaker than it was. PostgreSQL's DDL is transactional, so every step
 * rolls back with the transaction: the table is empty again and its indexes and constraints are the
 * ones it had. Nothing is ever done outside that transaction, and a table holding rows is never
 * truncated.
 *
 * <p>An index is rebuilt only when nothing but its own constraint depends on it (no foreign key
 * uses it), it is valid, ready, not the clustered one nor the replica identity, in the default
 * tablespace, no partition of another index, with no comment and no column statistics target of its
 * own, and it is a plain index or backs a {@code PRIMARY KEY} or {@code UNIQUE} constraint of its
 * own name (never an exclusion constraint). Where the whole table cannot be handled so (it holds
 * rows, the role does not own it), its rows go in by a plain {@code COPY}.
 */
final class IndexesAfterLoad {

  /** Copies the task's rows, with {@code FREEZE} or without; returns the rows copied. */
  @FunctionalInterface
  interface Copy {
    long rows(boolean freeze) throws SQLException;
  }

  /**
   * Whether the role owns the table (is a member of its owner): only then may it lock, truncate and
   * change it. Asked before the lock, which a role that may only insert may not take.
   */
  private static final String OWNED_SQL =
      "SELECT pg_has_role(relowner, 'USAGE') FROM pg_class WHERE oid = ?::regclass";

  /**
   * The table as this transaction finds it once it holds the table's lock: whether it is empty,
   * whether it may be truncated first, and whether the load alone writes it (a plain table, no user
   * trigger).
   */
  private static final String TABLE_SQL =
      """
      SELECT c.oid, NOT EXISTS (SELECT FROM %s) AS empty,
             NOT EXISTS (SELECT FROM pg_constraint f WHERE f.confrelid = c.oid AND f.contype = 'f')
               AND NOT EXISTS (SELECT FROM pg_trigger t
                               WHERE t.tgrelid = c.oid AND (t.tgtype & 32) <> 0)
               AND NOT EXISTS (SELECT FROM pg_publication_tables p
                               WHERE p.schemaname = n.nspname AND p.tablename = c.relname)
               AS truncatable,
             c.relkind = 'r' AND NOT EXISTS (SELECT FROM pg_trigger t
                                             WHERE t.tgrelid = c.oid AND NOT t.tgisinternal)
               AS alone
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.oid = ?::regclass
      """;

  /** The indexes a load may drop and build again, as the class comment says, oldest first. */
  private static final String REBUILDABLE_SQL =
      """
      SELECT ic.relname, pg_get_indexdef(i.indexrelid) AS index_def, con.conname,
             pg_get_constraintdef(con.oid) AS constraint_def
      FROM pg_index i
      JOIN pg_class ic ON ic.oid = i.indexrelid
      LEFT JOIN pg_constraint con ON con.conindid = i.indexrelid AND con.conrelid = i.indrelid
                                 AND con.contype IN ('p', 'u', 'x')
      WHERE i.indrelid = ?::oid
        AND i.indisvalid AND i.indisready AND i.indislive
        AND NOT i.indisclustered AND NOT i.indisreplident
        AND ic.reltablespace = 0 AND NOT ic.relispartition
        AND obj_description(i.indexrelid, 'pg_class') IS NULL
        AND NOT EXISTS (SELECT FROM pg_depend d WHERE d.refclassid = 'pg_class'::regclass
                        AND d.refobjid = i.indexrelid)
        AND NOT EXISTS (SELECT FROM pg_attribute a WHERE a.attrelid = i.indexrelid
                        AND coalesce(a.attstattarget, -1) >= 0)
        AND (con.oid IS NULL
             OR con.contype IN ('p', 'u') AND con.conname = ic.relname
                AND obj_description(con.oid, 'pg_constraint') IS NULL
                AND NOT EXISTS (SELECT FROM pg_depend d
                                WHERE d.refclassid = 'pg_constraint'::regclass
                                  AND d.refobjid = con.oid
                                  AND NOT (d.classid = 'pg_class'::regclass
                                           AND d.objid = i.indexrelid)))
      ORDER BY i.indexrelid
      """;

  /**
   * What the load must leave as it found: every index of the table (definition and flags), every
   * constraint on it or pointing at it, its columns' NOT NULL and its replica identity, one line
   * each, sorted. No oid: a rebuilt index has a new one.
   */
  private static final String FINGERPRINT_SQL =
      """
      SELECT line FROM (
        SELECT format('index %s: %s valid=%s ready=%s live=%s clustered=%s replident=%s'
                      || ' immediate=%s tablespace=%s comment=%s',
                      ic.relname, pg_get_indexdef(i.indexrelid), i.indisvalid, i.indisready,
                      i.indislive, i.indisclustered, i.indisreplident, i.indimmediate,
                      ic.reltablespace, obj_description(i.indexrelid, 'pg_class')) AS line
        FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid WHERE i.indrelid = $1
        UNION ALL
        SELECT format('constraint %s on %s: %s deferrable=%s deferred=%s validated=%s index=%s'
                      || ' comment=%s',
                      con.conname, con.conrelid::regclass, pg_get_constraintdef(con.oid),
                      con.condeferrable, con.condeferred, con.convalidated, ci.relname,
                      obj_description(con.oid, 'pg_constraint'))
        FROM pg_constraint con LEFT JOIN pg_class ci ON ci.oid = con.conindid
        WHERE con.conrelid = $1 OR con.confrelid = $1
        UNION ALL
        SELECT format('column %s: notnull=%s', a.attname, a.attnotnull)
        FROM pg_attribute a WHERE a.attrelid = $1 AND a.attnum > 0 AND NOT a.attisdropped
        UNION ALL
        SELECT format('table: replident=%s', c.relreplident) FROM pg_class c WHERE c.oid = $1
      ) lines ORDER BY line
      """
          .replace("$1", "?::oid");

  /** An index to drop and build again: by its constraint when it backs one, else by itself. */
  private record Rebuild(String index, String indexDef, String constraint, String constraintDef) {}

  private IndexesAfterLoad() {}

  /**
   * Loads {@code task}, every row of {@code table}, by {@code copy} in {@code connection}'s open
   * transaction, with the indexes it may rebuild built after the rows; returns the rows copied,
   * which are the whole table's where it was empty under the lock and has no user trigger.
   */
  static RowLoad.Written load(Connection connection, Table table, Task task, Copy copy)
      throws SQLException {
    String name = table.qualifiedName();
    try (PreparedStatement s = connection.prepareStatement(OWNED_SQL)) {
      s.setString(1, name);
      try (ResultSet rs = s.executeQuery()) {
        rs.next();
        if (!rs.getBoolean(1)) {
          return RowLoad.Written.rows(copy.rows(false));
        }
      }
    }
    execute(connection, "LOCK TABLE " + name + " IN ACCESS EXCLUSIVE MODE");
    long oid;
    boolean truncatable;
    boolean alone;
    try (PreparedStatement s = connection.prepareStatement(TABLE_SQL.formatted(name))) {
      s.setString(1, name);
      try (ResultSet rs = s.executeQuery()) {
        rs.next();
        if (!rs.getBoolean("empty")) {
          return RowLoad.Written.rows(copy.rows(false)); // never truncate rows
        }
        oid = rs.getLong("oid");
        truncatable = rs.getBoolean("truncatable");
        alone = rs.getBoolean("alone");
      }
    }
    List<Rebuild> rebuilds = rebuildable(connection, oid);
    List<String> before = fingerprint(connection, oid);
    if (truncatable) {
      execute(connection, "TRUNCATE ONLY " + name); // a new, empty file: COPY may FREEZE its rows
    }
    for (Rebuild r : rebuilds) {
      execute(
          connection,
          r.constraint() == null
              ? "DROP INDEX " + Table.quote(table.schema()) + "." + Table.quote(r.index())
              : "ALTER TABLE " + name + " DROP CONSTRAINT " + Table.quote(r.constraint()));
    }
    long rows = copy.rows(truncatable);
    for (Rebuild r : rebuilds) {
      execute(
          connection,
          r.constraint() == null
              ? r.indexDef()
              : "ALTER TABLE "
                  + name
                  + " ADD CONSTRAINT "
                  + Table.quote(r.constraint())
                  + " "
                  + r.constraintDef());
    }
    List<String> after = fingerprint(connection, oid);
    if (!after.equals(before)) {
      List<String> lost = new ArrayList<>(before);
      lost.removeAll(after);
      List<String> gained = new ArrayList<>(after);
      gained.removeAll(before);
      throw new SpateException(
          "task "
              + task
              + " - the indexes and constraints of "
              + name
              + " rebuilt after the load differ from the table's own, so the load is rolled back:"
              + " had "
              + lost
              + ", now "
              + gained);
    }
    return new RowLoad.Written(rows, alone);
  }

  private static List<Rebuild> rebuildable(Connection connection, long oid) throws SQLException {
    List<Rebuild> rebuilds = new ArrayList<>();
    try (PreparedStatement s = connection.prepareStatement(REBUILDABLE_SQL)) {
      s.setLong(1, oid);
      try (ResultSet rs = s.executeQuery()) {
        while (rs.next()) {
          rebuilds.add(
              new Rebuild(
                  rs.getString("relname"),
                  rs.getString("index_def"),
                  rs.getString("conname"),
                  rs.getString("constraint_def")));
        }
      }
    }
    return rebuilds;
  }

  private static List<String> fingerprint(Connection connection, long oid) throws SQLException {
    List<String> lines = new ArrayList<>();
    try (PreparedStatement s = connection.prepareStatement(FINGERPRINT_SQL)) {
      for (int i = 1; i <= 5; i++) {
        s.setLong(i, oid);
      }
      try (ResultSet rs = s.executeQuery()) {
        while (rs.next()) {
          lines.add(rs.getString(1));
        }
      }
    }
    return lines;
  }

  private static void execute(Connection connection, String sql) throws SQLException {
    try (Statement s = connection.createStatement()) {
      s.execute(sql);
    }
  }
}
