package io.spate.db.sqlite;

import io.spate.engine.generate.SlotCursor;
import io.spate.engine.generate.TableEngine;
import io.spate.engine.target.RowLoad;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.plan.Task;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.StringJoiner;
import java.util.function.LongConsumer;

/**
 * SQLite's {@link RowLoad}: a task's rows generated a buffer at a time into {@link SqliteRows} and
 * bound to one prepared multi-row {@code INSERT ... VALUES (?, ...), (?, ...), ...} of {@link
 * #ROWS_PER_STATEMENT} rows (fewer when a row has so many columns that SQLite's limit of 32766
 * parameters is reached), the task's last rows through a statement of their own count, all in the
 * caller's open transaction. The multi-row statement steps the VM once per statement instead of
 * once per row; with the binds it is the fastest insert sqlite-jdbc offers (measured in
 * docs/sqlite.md: a batch of single-row statements is slower). Plans for this target have no second
 * pass: loads run with the foreign-key checks off ({@link SqliteDialect}).
 */
final class SqliteLoad implements RowLoad {

  /** Rows a statement inserts; see the class comment. */
  static final int ROWS_PER_STATEMENT = 200;

  /** SQLite's largest parameter number (SQLITE_MAX_VARIABLE_NUMBER, 32766 since 3.32). */
  private static final int MAX_PARAMETERS = 32_766;

  /** The estimated bytes a buffer of rows holds before it is bound ({@link SqliteRows#size}). */
  private static final int BUFFER_BYTES = 256 * 1024;

  private final LongConsumer bytesSent;
  private final int rowsPerStatement;

  SqliteLoad(LongConsumer bytesSent, int rowsPerStatement) {
    this.bytesSent = bytesSent;
    this.rowsPerStatement = rowsPerStatement;
  }

  @Override
  public String verb(TablePlan plan) {
    return "INSERT";
  }

  @Override
  public Written write(Connection connection, TableEngine table, Task task, LongConsumer progress)
      throws SQLException {
    return Written.rows(rows(connection, table, task, progress));
  }

  private long rows(Connection connection, TableEngine table, Task task, LongConsumer progress)
      throws SQLException {
    TablePlan plan = table.plan();
    if (plan.secondPass()) {
      throw new SpateException(
          "task " + task + " - SQLite plans have no second pass (loads run with foreign keys off)");
    }
    return insert(
        connection,
        "task " + task,
        SqliteDialect.INSTANCE.tableName(plan.table()),
        table,
        new SlotCursor(task.start(), task.end()),
        progress);
  }

  /**
   * Inserts the rows of {@code cursor}'s slots into {@code into} in the caller's open transaction;
   * returns how many.
   *
   * @param where the task or step, for messages
   */
  long insert(
      Connection connection,
      String where,
      String into,
      TableEngine table,
      SlotCursor cursor,
      LongConsumer progress)
      throws SQLException {
    List<String> columns = table.columnNames();
    int fields = columns.size();
    int perStatement =
        fields == 0 ? 1 : Math.max(1, Math.min(rowsPerStatement, MAX_PARAMETERS / fields));
    SqliteRows rows = new SqliteRows(perStatement * fields * 4, binaryFields(table));
    long written = 0;
    try (PreparedStatement full = connection.prepareStatement(sql(into, columns, perStatement))) {
      while (!cursor.done()) {
        if (Thread.currentThread().isInterrupted()) {
          throw new SpateException(where + " - cancelled, transaction rolled back");
        }
        rows.reset();
        int generated = table.fill(cursor, rows, BUFFER_BYTES);
        if (generated == 0) {
          continue;
        }
        Object[] values = rows.values();
        int row = 0;
        long inserted = 0;
        for (; row + perStatement <= generated; row += perStatement) {
          bind(full, values, row * fields, perStatement * fields);
          inserted += full.executeUpdate();
        }
        if (row < generated) {
          int rest = generated - row;
          try (PreparedStatement tail = connection.prepareStatement(sql(into, columns, rest))) {
            bind(tail, values, row * fields, rest * fields);
            inserted += tail.executeUpdate();
          }
        }
        if (inserted != generated) {
          throw new SpateException(
              where + " - SQLite took " + inserted + " of " + generated + " rows generated");
        }
        written += generated;
        bytesSent.accept(rows.size());
        progress.accept(generated);
      }
    }
    return written;
  }

  private static void bind(PreparedStatement s, Object[] values, int from, int count)
      throws SQLException {
    for (int i = 0; i < count; i++) {
      Object v = values[from + i];
      switch (v) {
        case null -> s.setNull(i + 1, java.sql.Types.NULL);
        case Long l -> s.setLong(i + 1, l);
        case String t -> s.setString(i + 1, t);
        case Double d -> s.setDouble(i + 1, d);
        case byte[] b -> s.setBytes(i + 1, b);
        default -> s.setObject(i + 1, v);
      }
    }
  }

  /** {@code INSERT INTO t (a, b) VALUES (?, ?), ...} for {@code rows} rows. */
  static String sql(String into, List<String> columns, int rows) {
    if (columns.isEmpty()) {
      return "INSERT INTO " + into + " DEFAULT VALUES"; // every column generated or defaulted
    }
    StringJoiner names = new StringJoiner(", ", " (", ")");
    columns.forEach(c -> names.add(SqliteDialect.INSTANCE.quote(c)));
    String one = "(" + "?, ".repeat(columns.size() - 1) + "?)";
    StringBuilder s =
        new StringBuilder("INSERT INTO ").append(into).append(names).append(" VALUES ");
    for (int i = 0; i < rows; i++) {
      s.append(i == 0 ? "" : ", ").append(one);
    }
    return s.toString();
  }

  /** Which written columns hold bytes: their values bind as BLOBs. */
  static boolean[] binaryFields(TableEngine table) {
    Table t = table.plan().table();
    List<ColumnPlan> written = table.plan().writtenColumns();
    boolean[] binary = new boolean[written.size()];
    for (int i = 0; i < binary.length; i++) {
      binary[i] =
          t.column(written.get(i).column()).map(c -> c.type() == SqlType.BYTEA).orElse(false);
    }
    return binary;
  }
}
