package io.spate.coordinator.introspect;

import io.spate.coordinator.plan.CheckServer;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import io.spate.worker.encode.CopyBinaryWriter;
import io.spate.worker.generate.Engine;
import io.spate.worker.generate.SlotCursor;
import io.spate.worker.generate.TableEngine;
import io.spate.worker.target.SqlErrors;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

/**
 * The target database judging candidate rows for a CHECK Spate cannot read: the worker's engine
 * writes the candidates, in binary COPY, into a temporary table of the checked columns' own types,
 * and one query returns, in slot order, the rows for which the condition is not false.
 *
 * <p>Invariant: nothing outlives the call. All of it runs in one transaction that is rolled back
 * (back to a savepoint, inside a caller's transaction; the temporary table is also dropped on
 * commit), so the target's tables are never written. The transaction pins the settings that shape
 * text output (UTC, ISO dates, exact floats), so the returned text is the same on any session and
 * reads back as the same value.
 */
public final class ServerChecks implements CheckServer {

  private static final String CANDIDATES = "spate_check_candidates";
  private static final String ORDINAL = "spate_check_ordinal";

  private final Connection connection;
  private final Consumer<String> notes;

  /**
   * @param connection the target, where the schema was read (so a CHECK's text names its functions
   *     as this session's search path resolves them)
   * @param notes where the planner's lines about pools go
   */
  public ServerChecks(Connection connection, Consumer<String> notes) {
    this.connection = connection;
    this.notes = notes;
  }

  @Override
  public void note(String line) {
    notes.accept(line);
  }

  @Override
  public List<String[]> passing(FillPlan candidates, String condition) {
    TablePlan plan = candidates.tables().getFirst();
    TableEngine engine = new Engine(candidates).table(plan.name());
    List<Column> columns =
        engine.columnNames().stream().map(c -> plan.table().column(c).orElseThrow()).toList();
    String names =
        columns.stream().map(c -> Table.quote(c.name())).collect(Collectors.joining(", "));
    try {
      // a caller's open transaction goes on: only what follows its savepoint is undone
      boolean autoCommit = connection.getAutoCommit();
      connection.setAutoCommit(false);
      Savepoint callers = autoCommit ? null : connection.setSavepoint();
      try (Statement s = connection.createStatement()) {
        s.execute("SET LOCAL TimeZone = 'UTC'");
        s.execute("SET LOCAL DateStyle = 'ISO, YMD'");
        s.execute("SET LOCAL IntervalStyle = 'postgres'");
        s.execute("SET LOCAL extra_float_digits = 3");
        s.execute(
            "CREATE TEMPORARY TABLE "
                + CANDIDATES
                + " ON COMMIT DROP AS SELECT "
                + names
                + " FROM "
                + plan.table().qualifiedName()
                + " WITH NO DATA");
        s.execute(
            "ALTER TABLE "
                + CANDIDATES
                + " ADD COLUMN "
                + ORDINAL
                + " bigint GENERATED ALWAYS AS IDENTITY");
        copy(engine, plan.rows(), names);
        List<String[]> rows = new ArrayList<>();
        try (ResultSet rs =
            s.executeQuery(
                "SELECT "
                    + columns.stream().map(ServerChecks::asText).collect(Collectors.joining(", "))
                    + " FROM "
                    + CANDIDATES
                    + " WHERE "
                    + condition
                    + " ORDER BY "
                    + ORDINAL)) {
          while (rs.next()) {
            String[] row = new String[columns.size()];
            for (int i = 0; i < row.length; i++) {
              row[i] = rs.getString(i + 1);
            }
            rows.add(row);
          }
        }
        return rows;
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

  private void copy(TableEngine engine, long rows, String names) throws SQLException {
    CopyBinaryWriter out = new CopyBinaryWriter(64 * 1024);
    out.writeHeader();
    SlotCursor cursor = new SlotCursor(0, rows);
    while (!cursor.done()) {
      engine.fill(cursor, out, Integer.MAX_VALUE);
    }
    out.writeTrailer();
    CopyIn in =
        connection
            .unwrap(PGConnection.class)
            .getCopyAPI()
            .copyIn("COPY " + CANDIDATES + " (" + names + ") FROM STDIN (FORMAT binary)");
    long copied;
    try {
      in.writeToCopy(out.array(), 0, out.size());
      copied = in.endCopy();
    } finally {
      if (in.isActive()) {
        in.cancelCopy();
      }
    }
    if (copied != rows) {
      throw new SQLException("the server copied " + copied + " candidate rows of " + rows);
    }
  }

  /** A column's value as text the engine reads back: money without its currency symbol. */
  private static String asText(Column c) {
    String column = Table.quote(c.name());
    return c.type() == SqlType.MONEY ? column + "::numeric::text" : column + "::text";
  }
}
