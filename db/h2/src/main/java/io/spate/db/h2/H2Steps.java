package io.spate.db.h2;

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
import io.spate.protocol.schema.Column;
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
 * An H2 database behind the {@link TargetSteps} seam: its schema read by {@link H2Introspector},
 * {@code DELETE} for {@code --truncate} (children first, in one transaction: H2 refuses {@code
 * TRUNCATE} of a table a foreign key references), identity columns restarted past the largest key
 * and {@code ANALYZE TABLE} once a table is full (H2 checks every foreign key as it loads).
 *
 * <p>What these steps write besides the rows, said here because the database is the user's: the
 * schema {@code SPATE} with its tables {@code LEDGER}, {@code CLAIMS} and {@code CLAIM_LOCKS}, the
 * statistics {@code ANALYZE} keeps, and the next value of each filled identity column. Nothing
 * changes the database's settings.
 *
 * <p>CHECKs Spate cannot read are judged by H2 itself ({@link H2ServerChecks}).
 */
public final class H2Steps implements TargetSteps {

  public static final H2Steps INSTANCE = new H2Steps();

  private static final H2Dialect DIALECT = H2Dialect.INSTANCE;

  /**
   * For {@link java.util.ServiceLoader}: stateless, so any instance serves as {@link #INSTANCE}.
   */
  public H2Steps() {}

  @Override
  public TargetKind kind() {
    return H2Dialect.KIND;
  }

  /** {@code requested}, each of which must exist; none: the session's schema ({@code PUBLIC}). */
  @Override
  public List<String> chosenSchemas(Connection connection, List<String> requested) {
    try (Statement s = connection.createStatement()) {
      Set<String> existing = new TreeSet<>();
      String current;
      try (ResultSet rs = s.executeQuery("SELECT SCHEMA()")) {
        rs.next();
        current = rs.getString(1);
      }
      if (requested.isEmpty()) {
        return List.of(current);
      }
      try (ResultSet rs = s.executeQuery("SELECT SCHEMA_NAME FROM INFORMATION_SCHEMA.SCHEMATA")) {
        while (rs.next()) {
          existing.add(rs.getString(1));
        }
      }
      List<String> missing = requested.stream().filter(r -> !existing.contains(r)).toList();
      if (!missing.isEmpty()) {
        throw new SpateException(
            "no schema "
                + String.join(", ", missing)
                + " in the H2 database (its schemas: "
                + String.join(", ", existing)
                + "; H2 stores an unquoted name in upper case)");
      }
      return List.copyOf(requested);
    } catch (SQLException e) {
      throw SqlErrors.classify("reading the H2 database's schemas", e);
    }
  }

  @Override
  public Schema introspect(Connection connection, List<String> schemas) {
    return H2Introspector.introspect(connection, schemas);
  }

  @Override
  public CheckServer checkServer(Connection connection, Consumer<String> notes) {
    return new H2ServerChecks(connection, notes);
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
        H2Steps::empty);
  }

  /**
   * Empties {@code filled} with {@code DELETE}, children first, in one transaction; fails first,
   * emptying nothing, when a table outside the fill that references one of them holds rows.
   */
  private static void empty(Connection c, List<TablePlan> filled, Consumer<String> notes)
      throws SQLException {
    if (filled.isEmpty()) {
      return;
    }
    Set<String> names = new TreeSet<>();
    filled.forEach(t -> names.add(t.table().name()));
    List<Reference> outside = new ArrayList<>();
    try (Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT DISTINCT fk.TABLE_SCHEMA, fk.TABLE_NAME, pk.TABLE_NAME"
                    + " FROM INFORMATION_SCHEMA.REFERENTIAL_CONSTRAINTS r"
                    + " JOIN INFORMATION_SCHEMA.TABLE_CONSTRAINTS fk"
                    + " ON fk.CONSTRAINT_SCHEMA = r.CONSTRAINT_SCHEMA"
                    + " AND fk.CONSTRAINT_NAME = r.CONSTRAINT_NAME"
                    + " JOIN INFORMATION_SCHEMA.TABLE_CONSTRAINTS pk"
                    + " ON pk.CONSTRAINT_SCHEMA = r.UNIQUE_CONSTRAINT_SCHEMA"
                    + " AND pk.CONSTRAINT_NAME = r.UNIQUE_CONSTRAINT_NAME")) {
      while (rs.next()) {
        if (names.contains(rs.getString(3)) && !names.contains(rs.getString(2))) {
          outside.add(
              new Reference(
                  DIALECT.quote(rs.getString(1)) + "." + DIALECT.quote(rs.getString(2)),
                  rs.getString(2) + " references " + rs.getString(3)));
        }
      }
    }
    OutsideReferences.checkBeforeEmptying(c, outside, filled, "DELETE", notes);
    boolean autoCommit = c.getAutoCommit();
    c.setAutoCommit(false);
    try (Statement s = c.createStatement()) {
      for (TablePlan t : filled.reversed()) { // the plan puts parents first
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
      DIALECT.checkTriggersAllowed(dataSource);
    }
    return new LoadTriggers(
        Triggers.Mode.ON,
        "foreign keys: checked by H2 on every row (tables loaded parents first); triggers: fire;"
            + " concurrent writers (H2's row locks)");
  }

  /**
   * Each identity column restarted past the largest value written (so an application's insert
   * without a key gets a new one), then {@code ANALYZE TABLE}.
   */
  @Override
  public void finish(DataSource dataSource, TablePlan t) {
    String name = DIALECT.tableName(t.table());
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement()) {
      for (Column column : t.table().columns()) {
        if (!column.identity()) {
          continue;
        }
        String quoted = DIALECT.quote(column.name());
        long next;
        try (ResultSet rs = s.executeQuery("SELECT MAX(" + quoted + ") FROM " + name)) {
          rs.next();
          long max = rs.getLong(1);
          if (rs.wasNull()) {
            continue; // nothing written: the generator stays where it was
          }
          next = max + 1;
        }
        try (PreparedStatement p =
            c.prepareStatement(
                "ALTER TABLE " + name + " ALTER COLUMN " + quoted + " RESTART WITH " + next)) {
          p.execute();
        }
      }
      s.execute("ANALYZE TABLE " + name);
    } catch (SQLException e) {
      throw SqlErrors.classify("restarting the identity and analyzing " + t.name(), e);
    }
  }
}
