package io.spate.db.sqlite;

import io.spate.core.plan.CheckServer;
import io.spate.core.target.LoadTriggers;
import io.spate.core.target.OutsideReferences;
import io.spate.core.target.OutsideReferences.Reference;
import io.spate.core.target.TargetSteps;
import io.spate.core.target.TargetTables;
import io.spate.engine.target.SqlErrors;
import io.spate.engine.target.TargetKind;
import io.spate.engine.target.Triggers;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.schema.Schema;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import javax.sql.DataSource;

/**
 * A SQLite file behind the {@link TargetSteps} seam: its schema read by {@link SqliteIntrospector},
 * {@code DELETE} for {@code --truncate} (SQLite has no {@code TRUNCATE}; a {@code DELETE} without
 * {@code WHERE} drops the pages at once), {@code sqlite_sequence} and {@code ANALYZE} once a table
 * is full (the fills check the foreign keys by the anti-joins of {@code ForeignKeys}).
 *
 * <p>What these steps write besides the rows, said here because the file is the user's: the tables
 * {@code spate_ledger} and {@code spate_claims}, {@code ANALYZE}'s {@code sqlite_stat1}, {@code
 * sqlite_sequence} for an {@code AUTOINCREMENT} table (SQLite's own bookkeeping), and the side file
 * {@code FILE.spate-claims} the claims lock ({@link ClaimLocks}). Nothing changes the file's
 * settings ({@code journal_mode}, {@code page_size}, {@code user_version}).
 *
 * <p>CHECKs Spate cannot read are judged by SQLite itself ({@link SqliteServerChecks}).
 */
public final class SqliteSteps implements TargetSteps {

  public static final SqliteSteps INSTANCE = new SqliteSteps();

  private static final SqliteDialect DIALECT = SqliteDialect.INSTANCE;

  /**
   * For {@link java.util.ServiceLoader}: stateless, so any instance serves as {@link #INSTANCE}.
   */
  public SqliteSteps() {}

  @Override
  public TargetKind kind() {
    return SqliteDialect.KIND;
  }

  /** The main database, the file itself: the only one Spate's connections see. */
  @Override
  public List<String> chosenSchemas(Connection connection, List<String> requested) {
    for (String schema : requested) {
      if (!schema.equals("main")) {
        throw new SpateException(
            "a SQLite file has one database to fill, main; got schema '" + schema + "'");
      }
    }
    return List.of("main");
  }

  @Override
  public Schema introspect(Connection connection, List<String> schemas) {
    return SqliteIntrospector.introspect(connection);
  }

  @Override
  public CheckServer checkServer(Connection connection, Consumer<String> notes) {
    return new SqliteServerChecks(connection, notes);
  }

  @Override
  public int prepare(
      DataSource dataSource,
      FillPlan plan,
      String jobId,
      TargetTables.Start start,
      Consumer<String> notes) {
    return TargetTables.prepare(
        dataSource,
        plan,
        jobId,
        start,
        notes,
        DIALECT.ledger(),
        DIALECT::tableName,
        SqliteSteps::empty);
  }

  /**
   * Empties {@code filled} with {@code DELETE} in one transaction; fails first, emptying nothing,
   * when a table outside the fill that references one of them holds rows.
   */
  private static void empty(Connection c, List<TablePlan> filled, Consumer<String> notes)
      throws SQLException {
    if (filled.isEmpty()) {
      return;
    }
    Set<String> names = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
    filled.forEach(t -> names.add(t.table().name()));
    List<Reference> outside = new ArrayList<>();
    try (Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT m.name, f.\"table\" FROM sqlite_master m, pragma_foreign_key_list(m.name) f"
                    + " WHERE m.type = 'table' GROUP BY m.name, f.\"table\"")) {
      while (rs.next()) {
        if (names.contains(rs.getString(2)) && !names.contains(rs.getString(1))) {
          outside.add(
              new Reference(
                  DIALECT.quote(rs.getString(1)),
                  rs.getString(1) + " references " + rs.getString(2)));
        }
      }
    }
    OutsideReferences.checkBeforeEmptying(c, outside, filled, "DELETE", notes);
    boolean autoCommit = c.getAutoCommit();
    c.setAutoCommit(false);
    try (Statement s = c.createStatement()) {
      DIALECT.beginLoad(c, Triggers.Mode.OFF, null, "emptying the tables");
      for (TablePlan t : filled) {
        s.execute("DELETE FROM " + DIALECT.tableName(t.table()));
      }
      c.commit();
    } catch (SQLException | RuntimeException e) {
      c.rollback();
      throw e;
    } finally {
      c.setAutoCommit(autoCommit);
    }
  }

  @Override
  public LoadTriggers chooseTriggers(
      DataSource dataSource, FillPlan plan, boolean disableTriggers) {
    if (disableTriggers) {
      throw new SpateException(
          "--disable-triggers: SQLite cannot switch triggers off; drop --disable-triggers"
              + " (foreign keys are checked after the load anyway, and user triggers fire)");
    }
    return new LoadTriggers(
        Triggers.Mode.OFF,
        "foreign keys: checked once after the load (loads run with"
            + " foreign_keys off); triggers: fire; one writer at a time (SQLite's write lock)");
  }

  /**
   * For an {@code AUTOINCREMENT} table, {@code sqlite_sequence} past the largest rowid written (so
   * an application's insert without an id gets a new one; SQLite keeps it so itself, this makes
   * sure), then {@code ANALYZE} of the table.
   */
  @Override
  public void finish(DataSource dataSource, TablePlan t) {
    String name = DIALECT.tableName(t.table());
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement()) {
      String ddl;
      try (PreparedStatement p =
          c.prepareStatement("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?")) {
        p.setString(1, t.table().name());
        try (ResultSet rs = p.executeQuery()) {
          ddl = rs.next() ? rs.getString(1) : "";
        }
      }
      if (CheckClauses.tokenize(ddl).stream().anyMatch(k -> k.isWord("autoincrement"))) {
        try (PreparedStatement p =
            c.prepareStatement(
                "INSERT INTO sqlite_sequence (name, seq) SELECT ?, max(rowid) FROM "
                    + name
                    + " WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = ?)"
                    + " AND EXISTS (SELECT 1 FROM "
                    + name
                    + ")")) {
          p.setString(1, t.table().name());
          p.setString(2, t.table().name());
          p.executeUpdate();
        }
        try (PreparedStatement p =
            c.prepareStatement(
                "UPDATE sqlite_sequence SET seq = max(seq, coalesce((SELECT max(rowid) FROM "
                    + name
                    + "), 0)) WHERE name = ?")) {
          p.setString(1, t.table().name());
          p.executeUpdate();
        }
      }
      s.execute("ANALYZE " + name);
    } catch (SQLException e) {
      throw SqlErrors.classify("setting sqlite_sequence and analyzing " + t.name(), e);
    }
  }
}
