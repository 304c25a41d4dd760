package io.spate.core.target;

import io.spate.engine.target.SqlErrors;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.schema.ForeignKey;
import io.spate.protocol.schema.Table;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import javax.sql.DataSource;

/**
 * The safety net of a load with triggers off ({@code session_replication_role = replica} stops the
 * server's foreign-key checks too): each foreign key of the filled tables is checked with one
 * anti-join count once its table and the table it references are full, the way the server would
 * have checked it row by row (MATCH SIMPLE: a row with a NULL in the key is not checked). The
 * generator computes references and never writes an orphan, so a failure here is a bug in Spate,
 * reported with every key that has orphans and their counts.
 */
public final class ForeignKeys {

  /**
   * A foreign key of a filled table.
   *
   * @param child the plan that inserts the key's table (not a second pass)
   * @param parent the plan of the table it references
   */
  public record Key(TablePlan child, ForeignKey fk, TablePlan parent) {}

  /** A key checked, and how many rows of its table reference no row of its parent. */
  public record Checked(Key key, long orphans) {}

  private ForeignKeys() {}

  /** Every foreign key of the plan's filled tables, once each, in the plan's order. */
  public static List<Key> keys(FillPlan plan) {
    List<Key> keys = new ArrayList<>();
    for (TablePlan t : plan.tables()) {
      if (t.rows() > 0 && !t.secondPass()) {
        for (ForeignKey fk : t.table().foreignKeys()) {
          keys.add(new Key(t, fk, plan.table(fk.refTable())));
        }
      }
    }
    return keys;
  }

  /** The rows of {@code key}'s table with a non-NULL key that no row of its parent matches. */
  public static long orphans(
      DataSource dataSource, Key key, Function<Table, String> name, UnaryOperator<String> quote) {
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                orphanCount(key.child().table(), key.fk(), key.parent().table(), name, quote))) {
      rs.next();
      return rs.getLong(1);
    } catch (SQLException e) {
      throw SqlErrors.classify(
          "validating foreign key "
              + key.fk().name()
              + " of "
              + key.child().name()
              + " after a load with triggers off",
          e);
    }
  }

  /**
   * Throws naming each key of {@code checked} with orphans, in {@code plan}'s order (the keys are
   * checked as their tables fill, in whatever order that is): a load with triggers off ends with
   * the guarantee of one with them on, or fails.
   */
  public static void requireNone(FillPlan plan, Collection<Checked> checked) {
    List<Key> order = keys(plan);
    List<String> broken = new ArrayList<>();
    for (Checked c :
        checked.stream().sorted(Comparator.comparingInt(c -> order.indexOf(c.key()))).toList()) {
      if (c.orphans() > 0) {
        ForeignKey fk = c.key().fk();
        broken.add(
            "foreign key "
                + fk.name()
                + " of "
                + c.key().child().name()
                + " "
                + fk.columns()
                + " -> "
                + fk.refTable()
                + " "
                + fk.refColumns()
                + ": "
                + c.orphans()
                + " rows reference no "
                + fk.refTable()
                + " row");
      }
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
