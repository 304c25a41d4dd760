package io.spate.coordinator.target;

import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.Table;
import io.spate.worker.target.SqlErrors;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import javax.sql.DataSource;

/**
 * What the coordinator does to the target's tables around the loads, in local and distributed mode
 * alike: make sure they start empty, and once a table is full advance its sequences and ANALYZE it.
 * It never writes rows.
 */
public final class TargetTables {

  private TargetTables() {}

  /**
   * Makes sure every table to fill is empty: truncates them when asked, else refuses a non-empty
   * one before anything is written.
   */
  public static void prepare(DataSource dataSource, FillPlan plan, boolean truncate) {
    List<TablePlan> filled =
        plan.tables().stream().filter(t -> t.rows() > 0 && !t.secondPass()).toList();
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement()) {
      if (truncate) {
        s.execute(
            "TRUNCATE "
                + filled.stream()
                    .map(t -> t.table().qualifiedName())
                    .collect(Collectors.joining(", ")));
        return;
      }
      List<String> nonEmpty = new ArrayList<>();
      for (TablePlan t : filled) {
        try (ResultSet rs =
            s.executeQuery("SELECT EXISTS (SELECT 1 FROM " + t.table().qualifiedName() + ")")) {
          rs.next();
          if (rs.getBoolean(1)) {
            nonEmpty.add(t.name());
          }
        }
      }
      if (!nonEmpty.isEmpty()) {
        throw new SpateException(
            "tables "
                + nonEmpty
                + " already hold rows; rerun with --truncate to empty them first (or fill another database)");
      }
    } catch (SQLException e) {
      throw SqlErrors.classify(
          truncate ? "emptying the tables with TRUNCATE" : "checking that the tables are empty", e);
    }
  }

  /**
   * Once a table has all its rows: moves the sequence behind every identity or serial column past
   * the largest value written (so the application's next insert gets a fresh key), then ANALYZEs
   * the table, as a load tool should. Runs beside the loads of other tables.
   */
  public static void finish(DataSource dataSource, TablePlan t) {
    String setval =
        "SELECT setval(pg_get_serial_sequence(?, ?), max_value) FROM (SELECT max(%s) AS max_value FROM %s) m"
            + " WHERE max_value IS NOT NULL AND pg_get_serial_sequence(?, ?) IS NOT NULL";
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement()) {
      for (Column column : t.table().columns()) {
        if (!column.identity() || t.column(column.name()) instanceof ColumnPlan.Skip) {
          continue;
        }
        try (PreparedStatement statement =
            c.prepareStatement(
                String.format(setval, Table.quote(column.name()), t.table().qualifiedName()))) {
          statement.setString(1, t.table().qualifiedName());
          statement.setString(2, column.name());
          statement.setString(3, t.table().qualifiedName());
          statement.setString(4, column.name());
          statement.execute();
        }
      }
      s.execute("ANALYZE " + t.table().qualifiedName());
    } catch (SQLException e) {
      throw SqlErrors.classify(
          "advancing sequences and ANALYZE of " + t.name() + " after its fill", e);
    }
  }
}
