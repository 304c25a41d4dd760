package io.spate.db.mariadb;

import io.spate.core.plan.CheckServer;
import io.spate.core.target.ForeignKeys;
import io.spate.core.target.LoadTriggers;
import io.spate.core.target.OutsideReferences;
import io.spate.core.target.OutsideReferences.Reference;
import io.spate.core.target.TargetSteps;
import io.spate.core.target.TargetTables;
import io.spate.engine.target.SqlErrors;
import io.spate.engine.target.TargetDialect;
import io.spate.engine.target.TargetKind;
import io.spate.engine.target.Triggers;
import io.spate.protocol.error.RetriableException;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.Table;
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
 * MariaDB and MySQL behind the {@link TargetSteps} seam: {@code information_schema} read by {@link
 * MariaDbIntrospector}, the {@code spate.ledger} and {@code TRUNCATE} with the server's foreign-key
 * checks off ({@link TargetTables}), {@code AUTO_INCREMENT} and {@code ANALYZE TABLE} once a table
 * is full; the fills check the foreign keys by the anti-joins of {@link ForeignKeys}.
 *
 * <p>Foreign keys: every load runs with {@code foreign_key_checks=0} (the worker's {@code
 * LoadData}), so the fill always validates every foreign key once the tables are full: the same
 * guarantee as on PostgreSQL. So the insert writes every reference, a cycle's and a
 * self-reference's too: plans for these targets have no second pass. These servers cannot silence
 * triggers for a session: user triggers fire, and {@code --disable-triggers} is refused.
 *
 * <p>CHECKs Spate cannot read are judged by the server ({@link MariaDbServerChecks}), as on
 * PostgreSQL: the columns they name draw from pools of candidates the server accepted.
 */
public final class MariaDbSteps implements TargetSteps {

  /** Times {@link #finish} tries a table whose statements the server rolled back (a deadlock). */
  private static final int FINISH_ATTEMPTS = 5;

  public static final MariaDbSteps INSTANCE = new MariaDbSteps();

  private static final TargetDialect DIALECT = MariaDbDialect.INSTANCE;

  /**
   * For {@link java.util.ServiceLoader}: stateless, so any instance serves as {@link #INSTANCE}.
   */
  public MariaDbSteps() {}

  @Override
  public TargetKind kind() {
    return MariaDbDialect.KIND;
  }

  @Override
  public List<String> chosenSchemas(Connection connection, List<String> requested) {
    return MariaDbIntrospector.chosenSchemas(connection, requested);
  }

  @Override
  public Schema introspect(Connection connection, List<String> schemas) {
    return MariaDbIntrospector.introspect(connection, schemas);
  }

  @Override
  public CheckServer checkServer(Connection connection, Consumer<String> notes) {
    return new MariaDbServerChecks(connection, notes);
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
        MariaDbSteps::truncate);
  }

  /**
   * Empties {@code filled} with {@code TRUNCATE}, the server's foreign-key checks off for it; fails
   * first, emptying nothing, when a table outside the fill that references one of them holds rows.
   */
  private static void truncate(Connection c, List<TablePlan> filled, Consumer<String> notes)
      throws SQLException {
    if (filled.isEmpty()) {
      return;
    }
    String database = currentDatabase(c);
    Set<String> names = new TreeSet<>();
    for (TablePlan t : filled) {
      names.add(schemaOf(t.table(), database) + "." + t.table().name());
    }
    List<Reference> outside = new ArrayList<>();
    try (Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT DISTINCT TABLE_SCHEMA, TABLE_NAME, CONSTRAINT_NAME,"
                    + " REFERENCED_TABLE_SCHEMA, REFERENCED_TABLE_NAME"
                    + " FROM information_schema.KEY_COLUMN_USAGE"
                    + " WHERE REFERENCED_TABLE_NAME IS NOT NULL")) {
      while (rs.next()) {
        String child = rs.getString(1) + "." + rs.getString(2);
        String parent = rs.getString(4) + "." + rs.getString(5);
        if (names.contains(parent) && !names.contains(child)) {
          outside.add(
              new Reference(
                  DIALECT.quote(rs.getString(1)) + "." + DIALECT.quote(rs.getString(2)),
                  child + " references " + parent + " (foreign key " + rs.getString(3) + ")"));
        }
      }
    }
    OutsideReferences.checkBeforeEmptying(c, outside, filled, "TRUNCATE", notes);
    try (Statement s = c.createStatement()) {
      s.execute("SET SESSION foreign_key_checks = 0");
      try {
        for (TablePlan t : filled) {
          s.execute("TRUNCATE TABLE " + DIALECT.tableName(t.table()));
        }
      } finally {
        s.execute("SET SESSION foreign_key_checks = 1");
      }
    }
  }

  @Override
  public LoadTriggers chooseTriggers(
      DataSource dataSource, FillPlan plan, boolean disableTriggers) {
    if (disableTriggers) {
      throw new SpateException(
          "--disable-triggers: MariaDB and MySQL cannot switch triggers off for a session; drop"
              + " --disable-triggers (foreign keys are checked once after the load anyway, and"
              + " user triggers fire)");
    }
    return new LoadTriggers(
        Triggers.Mode.OFF,
        "foreign keys: checked once after the load (loads run with foreign_key_checks=0);"
            + " triggers: fire");
  }

  /**
   * Sets the table's {@code AUTO_INCREMENT} past the largest value of its auto-increment column, so
   * an application insert without an id succeeds, then {@code ANALYZE TABLE}.
   */
  @Override
  public void finish(DataSource dataSource, TablePlan t) {
    // a deadlock with another table's ANALYZE or key check rolls back only this step: both of its
    // statements may run again
    for (int attempt = 1; ; attempt++) {
      try {
        finishOnce(dataSource, t);
        return;
      } catch (RetriableException e) {
        if (attempt == FINISH_ATTEMPTS || SqlErrors.connectionLost(e)) {
          throw e;
        }
        try {
          Thread.sleep(100L * attempt);
        } catch (InterruptedException interrupted) {
          Thread.currentThread().interrupt();
          throw e;
        }
      }
    }
  }

  private static void finishOnce(DataSource dataSource, TablePlan t) {
    String name = DIALECT.tableName(t.table());
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement()) {
      String column = null;
      try (PreparedStatement p =
          c.prepareStatement(
              "SELECT COLUMN_NAME FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ?"
                  + " AND TABLE_NAME = ? AND EXTRA LIKE '%auto_increment%'")) {
        p.setString(1, schemaOf(t.table(), currentDatabase(c)));
        p.setString(2, t.table().name());
        try (ResultSet rs = p.executeQuery()) {
          if (rs.next()) {
            column = rs.getString(1);
          }
        }
      }
      if (column != null) {
        String next;
        try (ResultSet rs =
            s.executeQuery("SELECT MAX(" + DIALECT.quote(column) + ") + 1 FROM " + name)) {
          rs.next();
          next = rs.getString(1);
        }
        if (next != null) {
          s.execute("ALTER TABLE " + name + " AUTO_INCREMENT = " + new java.math.BigInteger(next));
        }
      }
      s.execute("ANALYZE TABLE " + name);
    } catch (SQLException e) {
      throw SqlErrors.classify("setting AUTO_INCREMENT and analyzing " + t.name(), e);
    }
  }

  private static String currentDatabase(Connection c) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT DATABASE()")) {
      rs.next();
      return rs.getString(1);
    }
  }

  /** The database a table is in: {@link Table#DEFAULT_SCHEMA} is the connection's own. */
  private static String schemaOf(Table table, String currentDatabase) {
    return table.schema().equals(Table.DEFAULT_SCHEMA) ? currentDatabase : table.schema();
  }
}
