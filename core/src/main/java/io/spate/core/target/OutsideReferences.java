package io.spate.core.target;

import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.TablePlan;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * {@code --truncate} on a database that empties the tables to fill one by one ({@code DELETE}, or
 * {@code TRUNCATE} with its checks off) rather than in PostgreSQL's one {@code TRUNCATE} ({@link
 * Truncation}): a table outside the fill that references one of them must hold no rows, else
 * emptying would leave its rows referencing nothing. Each database finds such references in its own
 * catalog; this checks them, before anything is emptied, and names every one that holds rows.
 */
public final class OutsideReferences {

  /**
   * A foreign key of a table outside the fill to one of the tables to fill.
   *
   * @param table the referencing table as the database's SQL names it
   * @param description the reference as a message names it ({@code a references b})
   */
  public record Reference(String table, String description) {}

  private OutsideReferences() {}

  /**
   * Fails naming each of {@code references} whose table holds rows; otherwise tells {@code notes}
   * that {@code filled} are about to be emptied, and {@code how}.
   */
  public static void checkBeforeEmptying(
      Connection c,
      List<Reference> references,
      List<TablePlan> filled,
      String how,
      Consumer<String> notes)
      throws SQLException {
    List<String> holding = new ArrayList<>();
    try (Statement s = c.createStatement()) {
      for (Reference r : references) {
        try (ResultSet any = s.executeQuery("SELECT EXISTS (SELECT 1 FROM " + r.table() + ")")) {
          any.next();
          if (any.getBoolean(1)) {
            holding.add(r.description());
          }
        }
      }
    }
    if (!holding.isEmpty()) {
      throw new SpateException(
          "--truncate would leave rows of tables outside the fill referencing nothing: "
              + String.join("; ", holding)
              + " (empty them first, or fill them too)");
    }
    notes.accept(
        "emptying "
            + filled.stream().map(TablePlan::name).collect(Collectors.joining(", "))
            + " with "
            + how);
  }
}
