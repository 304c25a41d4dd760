package io.spate.db.mariadb;

import io.spate.core.target.TableCheckServer;
import io.spate.engine.generate.SlotCursor;
import io.spate.engine.generate.TableEngine;
import io.spate.engine.target.TargetDialect;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.Table;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * MariaDB or MySQL judging candidate rows for a CHECK Spate cannot read: the worker's engine writes
 * the candidates with the fill's own {@code LOAD DATA LOCAL INFILE} ({@link LoadData}) into a
 * temporary table of the checked columns' own types, and one query returns, in slot order, the rows
 * for which the condition is not false.
 *
 * <p>Why a table rather than a {@code VALUES} list or a {@code UNION ALL} of {@code SELECT}s: the
 * server turns each candidate into the column's own type exactly as the fill's load will (unsigned
 * ranges, {@code ENUM} and {@code SET} labels, the column's collation, {@code json}), which no
 * {@code CAST} in a query reproduces; no value is ever spliced into SQL; and the same statements
 * run on MariaDB 10.6+ and MySQL 8 (whose table value constructor needs {@code VALUES ROW(...)}).
 *
 * <p>Invariant: nothing outlives the call. {@code CREATE TEMPORARY TABLE ... SELECT} copies the
 * columns' types and nullability but no CHECK, key, foreign key nor trigger; the table is dropped,
 * its rows rolled back ({@link TableCheckServer}), and the session's time zone put back. The
 * judging runs at {@code time_zone '+00:00'}, as loads do, so a timestamp reads back as it was
 * written.
 */
final class MariaDbServerChecks extends TableCheckServer {

  private static final String CANDIDATES = "spate_check_candidates";
  private static final String ORDINAL = "spate_check_ordinal";
  private static final TargetDialect DIALECT = MariaDbDialect.INSTANCE;

  /**
   * @param connection the target, where the schema was read (its current database is the one
   *     introspected as {@link Table#DEFAULT_SCHEMA})
   * @param notes where the planner's lines about pools go
   */
  MariaDbServerChecks(Connection connection, Consumer<String> notes) {
    super(connection, notes);
  }

  @Override
  protected List<String[]> judge(TableEngine engine, List<Column> columns, String condition)
      throws SQLException {
    Table checked = engine.plan().table();
    // beside the checked table, so a connection without a current database works too
    String table =
        checked.schema().equals(Table.DEFAULT_SCHEMA)
            ? CANDIDATES
            : DIALECT.quote(checked.schema()) + "." + CANDIDATES;
    try (Statement s = connection.createStatement()) {
      String zone = timeZone(s);
      s.execute("SET SESSION time_zone = '+00:00'");
      try {
        s.execute(
            "CREATE TEMPORARY TABLE "
                + table
                + " ("
                + ORDINAL
                + " bigint NOT NULL AUTO_INCREMENT PRIMARY KEY) SELECT "
                + columns.stream()
                    .map(c -> DIALECT.quote(c.name()))
                    .collect(Collectors.joining(", "))
                + " FROM "
                + DIALECT.tableName(checked)
                + " LIMIT 0");
        try {
          load(engine, table);
          return selectPassing(
              s,
              columns.stream().map(MariaDbServerChecks::asText).toList(),
              table,
              condition,
              ORDINAL);
        } finally {
          s.execute("DROP TEMPORARY TABLE IF EXISTS " + table);
        }
      } finally {
        try (PreparedStatement p = connection.prepareStatement("SET SESSION time_zone = ?")) {
          p.setString(1, zone);
          p.execute();
        }
      }
    }
  }

  /** The candidates, in slot order: the ordinal counts up as the rows arrive. */
  private void load(TableEngine engine, String table) throws SQLException {
    long rows = engine.plan().rows();
    SlotCursor cursor = new SlotCursor(0, rows);
    RowSource source = (out, maxBytes) -> cursor.done() ? 0 : engine.fill(cursor, out, maxBytes);
    LoadData.loadInto(
        connection,
        "judging " + rows + " candidate rows of " + engine.plan().name(),
        table,
        engine.columnNames(),
        LoadData.inet6Columns(engine.plan().table()),
        source,
        0); // a temporary table of its own: no lock to wait on
  }

  private static String timeZone(Statement s) throws SQLException {
    try (ResultSet rs = s.executeQuery("SELECT @@session.time_zone")) {
      rs.next();
      return rs.getString(1);
    }
  }

  /**
   * A column's value as text the engine reads back, made by the server so that it does not hang on
   * how the driver maps a type ({@code YEAR}, {@code TINYINT(1)}): a float through double, as
   * MariaDB prints a float with six digits only; bits as exactly as many binary digits.
   */
  private static String asText(Column c) {
    String column = DIALECT.quote(c.name());
    return switch (c.type()) {
      case REAL -> "CAST(CAST(" + column + " AS DOUBLE) AS CHAR)";
      case BIT -> "LPAD(BIN(" + column + "), " + c.length() + ", '0')";
      default -> "CAST(" + column + " AS CHAR)";
    };
  }
}
