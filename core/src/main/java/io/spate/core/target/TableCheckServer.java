package io.spate.core.target;

import io.spate.core.plan.CheckServer;
import io.spate.engine.generate.Engine;
import io.spate.engine.generate.TableEngine;
import io.spate.engine.target.SqlErrors;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.schema.Column;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * A {@link CheckServer} that judges candidate rows in a table of the checked columns' own types:
 * what every target shares. The worker's engine generates the candidates; a target writes them into
 * its table the way its fill writes rows ({@link #judge}), and one query returns, in slot order,
 * the rows for which the condition is not false ({@link #selectPassing}).
 *
 * <p>Invariant: nothing outlives a call. {@link #judge} runs in a transaction that is then rolled
 * back; inside a caller's open transaction only back to a savepoint taken first, so the caller's
 * transaction goes on. Auto-commit is as it was after.
 */
public abstract class TableCheckServer implements CheckServer {

  /** The target, where the schema was read. */
  protected final Connection connection;

  private final Consumer<String> notes;

  /**
   * @param connection the target, where the schema was read (so a CHECK's text names what this
   *     session resolves)
   * @param notes where the planner's lines about pools go
   */
  protected TableCheckServer(Connection connection, Consumer<String> notes) {
    this.connection = connection;
    this.notes = notes;
  }

  @Override
  public final void note(String line) {
    notes.accept(line);
  }

  @Override
  public final List<String[]> passing(FillPlan candidates, String condition) {
    TablePlan plan = candidates.tables().getFirst();
    TableEngine engine = new Engine(candidates).table(plan.name());
    List<Column> columns =
        engine.columnNames().stream().map(c -> plan.table().column(c).orElseThrow()).toList();
    try {
      boolean autoCommit = connection.getAutoCommit();
      connection.setAutoCommit(false);
      Savepoint callers = autoCommit ? null : connection.setSavepoint();
      try {
        return judge(engine, columns, condition);
      } finally {
        if (callers == null) {
          connection.rollback();
          connection.setAutoCommit(true);
        } else {
          connection.rollback(callers);
        }
      }
    } catch (SQLException e) {
      throw SqlErrors.classify("judging " + plan.rows() + " candidate rows", e);
    }
  }

  /**
   * Writes the rows of {@code engine} (its plan's rows are the candidates, its written columns
   * {@code columns}) into a table of those columns' types, and returns the passing ones ({@link
   * #selectPassing}). Runs in an open transaction, rolled back after.
   */
  protected abstract List<String[]> judge(
      TableEngine engine, List<Column> columns, String condition) throws SQLException;

  /**
   * The rows of {@code table} that satisfy {@code condition}, in the order of {@code ordinal}: per
   * row, the value of each of {@code texts} (expressions giving a column as text the engine reads
   * back), null for NULL.
   */
  protected static List<String[]> selectPassing(
      Statement s, List<String> texts, String table, String condition, String ordinal)
      throws SQLException {
    List<String[]> rows = new ArrayList<>();
    try (ResultSet rs =
        s.executeQuery(
            "SELECT "
                + String.join(", ", texts)
                + " FROM "
                + table
                + " WHERE "
                + condition
                + " ORDER BY "
                + ordinal)) {
      while (rs.next()) {
        String[] row = new String[texts.size()];
        for (int i = 0; i < row.length; i++) {
          row[i] = rs.getString(i + 1);
        }
        rows.add(row);
      }
    }
    return rows;
  }
}
