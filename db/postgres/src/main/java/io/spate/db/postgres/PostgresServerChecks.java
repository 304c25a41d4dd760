package io.spate.db.postgres;

import io.spate.core.target.TableCheckServer;
import io.spate.engine.encode.CopyBinaryWriter;
import io.spate.engine.generate.SlotCursor;
import io.spate.engine.generate.TableEngine;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

/**
 * PostgreSQL judging candidate rows for a CHECK Spate cannot read: the worker's engine writes the
 * candidates, in binary COPY, into a temporary table of the checked columns' own types, and one
 * query returns, in slot order, the rows for which the condition is not false.
 *
 * <p>Invariant: nothing outlives the call. All of it runs in one transaction that is rolled back
 * ({@link TableCheckServer}; the temporary table is also dropped on commit), so the target's tables
 * are never written. The transaction pins the settings that shape text output (UTC, ISO dates,
 * exact floats), so the returned text is the same on any session and reads back as the same value.
 */
public final class PostgresServerChecks extends TableCheckServer {

  private static final String CANDIDATES = "spate_check_candidates";
  private static final String ORDINAL = "spate_check_ordinal";

  /**
   * @param connection the target, where the schema was read (so a CHECK's text names its functions
   *     as this session's search path resolves them)
   * @param notes where the planner's lines about pools go
   */
  public PostgresServerChecks(Connection connection, Consumer<String> notes) {
    super(connection, notes);
  }

  @Override
  protected List<String[]> judge(TableEngine engine, List<Column> columns, String condition)
      throws SQLException {
    String names =
        columns.stream().map(c -> Table.quote(c.name())).collect(Collectors.joining(", "));
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
              + engine.plan().table().qualifiedName()
              + " WITH NO DATA");
      s.execute(
          "ALTER TABLE "
              + CANDIDATES
              + " ADD COLUMN "
              + ORDINAL
              + " bigint GENERATED ALWAYS AS IDENTITY");
      copy(engine, engine.plan().rows(), names);
      return selectPassing(
          s,
          columns.stream().map(PostgresServerChecks::asText).toList(),
          CANDIDATES,
          condition,
          ORDINAL);
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
