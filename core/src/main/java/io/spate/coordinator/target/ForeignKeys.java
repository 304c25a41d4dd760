package io.spate.coordinator.target;

import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.schema.ForeignKey;
import io.spate.protocol.schema.Table;
import io.spate.worker.target.SqlErrors;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import javax.sql.DataSource;

/**
 * The safety net of a load with triggers off ({@code session_replication_role = replica} stops the
 * server's foreign-key checks too): once every table is full, each foreign key of the filled tables
 * is checked with one anti-join count, the way the server would have checked it row by row (MATCH
 * SIMPLE: a row with a NULL in the key is not checked). The generator computes references and never
 * writes an orphan, so a failure here is a bug in Spate, reported with the key and the count.
 */
public final class ForeignKeys {

  private ForeignKeys() {}

  /**
   * Counts the orphans of every foreign key of the plan's filled tables; throws naming each key
   * that has any. Returns the number of keys checked.
   */
  public static int validate(DataSource dataSource, FillPlan plan) {
    return validate(dataSource, plan, Table::qualifiedName, Table::quote);
  }

  /**
   * {@link #validate(DataSource, FillPlan)} on a database whose SQL names a table {@code name} and
   * quotes a column with {@code quote}.
   */
  public static int validate(
      DataSource dataSource,
      FillPlan plan,
      Function<Table, String> name,
      UnaryOperator<String> quote) {
    List<String> broken = new ArrayList<>();
    int checked = 0;
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement()) {
      for (TablePlan t : plan.tables()) {
        if (t.rows() == 0) {
          continue;
        }
        for (ForeignKey fk : t.table().foreignKeys()) {
          long orphans;
          try (ResultSet rs =
              s.executeQuery(
                  orphanCount(t.table(), fk, plan.table(fk.refTable()).table(), name, quote))) {
            rs.next();
            orphans = rs.getLong(1);
          }
          checked++;
          if (orphans > 0) {
            broken.add(
                "foreign key "
                    + fk.name()
                    + " of "
                    + t.name()
                    + " "
                    + fk.columns()
                    + " -> "
                    + fk.refTable()
                    + " "
                    + fk.refColumns()
                    + ": "
                    + orphans
                    + " rows reference no "
                    + fk.refTable()
                    + " row");
          }
        }
      }
    } catch (SQLException e) {
      throw SqlErrors.classify("validating the foreign keys after a load with triggers off", e);
    }
    if (!broken.isEmpty()) {
      throw new SpateException(
          "loaded with triggers off, but "
              + broken.size()
              + " foreign key"
              + (broken.size() == 1 ? "" : "s")
              + " do not hold (the rows are committed; a bug in Spate, please report it): "
              + String.join("; ", broken));
    }
    return checked;
  }

  /** {@code SELECT count(*)} of the child rows with a non-NULL key that no parent row matches. */
  static String orphanCount(
      Table child,
      ForeignKey fk,
      Table parent,
      Function<Table, String> name,
      UnaryOperator<String> quote) {
    String notNull =
        fk.columns().stream()
            .map(col -> "c." + quote.apply(col) + " IS NOT NULL")
            .collect(Collectors.joining(" AND "));
    String join =
        IntStream.range(0, fk.columns().size())
            .mapToObj(
                i ->
                    "p."
                        + quote.apply(fk.refColumns().get(i))
                        + " = c."
                        + quote.apply(fk.columns().get(i)))
            .collect(Collectors.joining(" AND "));
    return "SELECT count(*) FROM "
        + name.apply(child)
        + " c WHERE "
        + notNull
        + " AND NOT EXISTS (SELECT 1 FROM "
        + name.apply(parent)
        + " p WHERE "
        + join
        + ")";
  }
}
