package io.spate.db.sqlite;

import io.spate.core.target.TableCheckServer;
import io.spate.engine.generate.SlotCursor;
import io.spate.engine.generate.TableEngine;
import io.spate.protocol.schema.Column;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * SQLite judging candidate rows for a CHECK Spate cannot read ({@code GLOB}, {@code typeof},
 * arithmetic, ...): the engine's candidates go with the fill's own {@link SqliteLoad} into a
 * temporary table whose columns are declared as the checked ones are (so each value takes the same
 * affinity as in the fill), and one query returns, in slot order, the rows for which the condition
 * is not false.
 *
 * <p>Invariant: nothing outlives the call. The table is in the connection's {@code temp} database,
 * which no other connection sees and whose writes take no lock on the file; it is dropped, its rows
 * rolled back ({@link TableCheckServer}).
 */
final class SqliteServerChecks extends TableCheckServer {

  private static final String CANDIDATES = "temp.spate_check_candidates";
  private static final String ORDINAL = "spate_check_ordinal";

  SqliteServerChecks(Connection connection, Consumer<String> notes) {
    super(connection, notes);
  }

  @Override
  protected List<String[]> judge(TableEngine engine, List<Column> columns, String condition)
      throws SQLException {
    SqliteDialect dialect = SqliteDialect.INSTANCE;
    try (Statement s = connection.createStatement()) {
      s.execute(
          "CREATE TABLE "
              + CANDIDATES
              + " ("
              + ORDINAL
              + " INTEGER PRIMARY KEY, "
              + columns.stream()
                  .map(c -> dialect.quote(c.name()) + " " + declared(c))
                  .collect(Collectors.joining(", "))
              + ")");
      try {
        long rows = engine.plan().rows();
        new SqliteLoad(n -> {}, SqliteLoad.ROWS_PER_STATEMENT)
            .insert(
                connection,
                "judging " + rows + " candidate rows of " + engine.plan().name(),
                CANDIDATES,
                engine,
                new SlotCursor(0, rows),
                n -> {});
        return selectPassing(
            s,
            columns.stream().map(c -> dialect.quote(c.name())).toList(),
            CANDIDATES,
            condition,
            ORDINAL);
      } finally {
        s.execute("DROP TABLE IF EXISTS " + CANDIDATES);
      }
    }
  }

  /** The column's declared type as SQLite read it, for the same affinity. */
  private static String declared(Column c) {
    return c.typeName().equals("(no type)") ? "" : c.typeName();
  }
}
