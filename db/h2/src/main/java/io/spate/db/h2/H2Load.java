package io.spate.db.h2;

import io.spate.engine.generate.SlotCursor;
import io.spate.engine.generate.TableEngine;
import io.spate.engine.target.RowLoad;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.plan.Task;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.StringJoiner;
import java.util.function.LongConsumer;

/**
 * H2's {@link RowLoad}: a task's rows generated a buffer at a time into {@link H2Rows} and bound to
 * one prepared multi-row {@code INSERT ... VALUES (?, ...), (?, ...), ...} of {@link
 * #ROWS_PER_STATEMENT} rows, the task's last rows through a statement of their own count, all in
 * the caller's open transaction. Measured against a JDBC batch of single-row statements and against
 * {@code INSERT ... SELECT FROM CSVREAD} of the engine's CSV in docs/h2.md: the multi-row statement
 * is the fastest.
 *
 * <p>A second pass ({@link TablePlan#secondPass()}: loads run with H2's foreign-key checks on, so
 * the planner breaks a cycle by writing a reference after its rows) is a batch of {@code UPDATE ...
 * SET deferred = ? WHERE key = ?}, each of which must match one row. An identity column written by
 * the plan goes in with {@code OVERRIDING SYSTEM VALUE}, which a {@code GENERATED ALWAYS} column
 * needs.
 */
final class H2Load implements RowLoad {

  /** Rows a statement inserts; see the class comment and docs/h2.md. */
  static final int ROWS_PER_STATEMENT = 100;

  /** H2's largest parameter index (Constants.MAX_PARAMETER_INDEX). */
  private static final int MAX_PARAMETERS = 100_000;

  /** The estimated bytes a buffer of rows holds before it is bound ({@link H2Rows#size}). */
  private static final int BUFFER_BYTES = 256 * 1024;

  private final LongConsumer bytesSent;
  private final int rowsPerStatement;

  H2Load(LongConsumer bytesSent, int rowsPerStatement) {
    this.bytesSent = bytesSent;
    this.rowsPerStatement = rowsPerStatement;
  }

  @Override
  public String verb(TablePlan plan) {
    return plan.secondPass() ? "UPDATE" : "INSERT";
  }

  @Override
  public Written write(Connection connection, TableEngine table, Task task, LongConsumer progress)
      throws SQLException {
    return Written.rows(rows(connection, table, task, progress));
  }

  private long rows(Connection connection, TableEngine table, Task task, LongConsumer progress)
      throws SQLException {
    TablePlan plan = table.plan();
    SlotCursor cursor = new SlotCursor(task.start(), task.end());
    String into = H2Dialect.INSTANCE.tableName(plan.table());
    return plan.secondPass()
        ? update(connection, "task " + task, into, table, cursor, progress)
        : insert(connection, "task " + task, into, table, cursor, progress);
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
    boolean overriding = writesIdentity(table.plan());
    H2Rows rows = new H2Rows(perStatement * fields * 4, fields(table.plan()));
    long written = 0;
    try (PreparedStatement full =
        connection.prepareStatement(sql(into, columns, perStatement, overriding))) {
      while (!cursor.done()) {
        checkInterrupted(where);
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
          try (PreparedStatement tail =
              connection.prepareStatement(sql(into, columns, rest, overriding))) {
            bind(tail, values, row * fields, rest * fields);
            inserted += tail.executeUpdate();
          }
        }
        if (inserted != generated) {
          throw new SpateException(
              where + " - H2 took " + inserted + " of " + generated + " rows generated");
        }
        written += generated;
        bytesSent.accept(rows.size());
        progress.accept(generated);
      }
    }
    return written;
  }

  /**
   * A second pass: each row's deferred columns set on the row its key matches, a batch of {@code
   * UPDATE}s a buffer at a time; every row must match exactly one.
   */
  private long update(
      Connection connection,
      String where,
      String into,
      TableEngine table,
      SlotCursor cursor,
      LongConsumer progress)
      throws SQLException {
    TablePlan plan = table.plan();
    List<String> columns = table.columnNames();
    int fields = columns.size();
    StringJoiner set = new StringJoiner(", ");
    StringJoiner key = new StringJoiner(" AND ");
    int[] order = new int[fields];
    int at = 0;
    for (int i = 0; i < fields; i++) {
      if (!plan.updateKey().contains(columns.get(i))) {
        set.add(H2Dialect.INSTANCE.quote(columns.get(i)) + " = ?");
        order[at++] = i;
      }
    }
    for (int i = 0; i < fields; i++) {
      if (plan.updateKey().contains(columns.get(i))) {
        key.add(H2Dialect.INSTANCE.quote(columns.get(i)) + " = ?");
        order[at++] = i;
      }
    }
    H2Rows rows = new H2Rows(1024, fields(plan));
    long written = 0;
    try (PreparedStatement s =
        connection.prepareStatement("UPDATE " + into + " SET " + set + " WHERE " + key)) {
      while (!cursor.done()) {
        checkInterrupted(where);
        rows.reset();
        int generated = table.fill(cursor, rows, BUFFER_BYTES);
        Object[] values = rows.values();
        for (int row = 0; row < generated; row++) {
          for (int p = 0; p < fields; p++) {
            s.setObject(p + 1, values[row * fields + order[p]]);
          }
          s.addBatch();
        }
        int[] counts = s.executeBatch();
        for (int c : counts) {
          if (c != 1) {
            throw new SpateException(
                where
                    + " - the second pass matched "
                    + c
                    + " rows by "
                    + plan.updateKey()
                    + ", expected 1 each");
          }
        }
        written += generated;
        bytesSent.accept(rows.size());
        progress.accept(generated);
      }
    }
    return written;
  }

  private static void checkInterrupted(String where) {
    if (Thread.currentThread().isInterrupted()) {
      throw new SpateException(where + " - cancelled, transaction rolled back");
    }
  }

  static void bind(PreparedStatement s, Object[] values, int from, int count) throws SQLException {
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

  /** {@code INSERT INTO t (a, b) [OVERRIDING SYSTEM VALUE] VALUES (?, ?), ...} for {@code rows}. */
  static String sql(String into, List<String> columns, int rows, boolean overriding) {
    if (columns.isEmpty()) {
      return "INSERT INTO " + into + " DEFAULT VALUES"; // every column generated or defaulted
    }
    StringJoiner names = new StringJoiner(", ", " (", ")");
    columns.forEach(c -> names.add(H2Dialect.INSTANCE.quote(c)));
    String one = "(" + "?, ".repeat(columns.size() - 1) + "?)";
    StringBuilder s =
        new StringBuilder("INSERT INTO ")
            .append(into)
            .append(names)
            .append(overriding ? " OVERRIDING SYSTEM VALUE" : "")
            .append(" VALUES ");
    for (int i = 0; i < rows; i++) {
      s.append(i == 0 ? "" : ", ").append(one);
    }
    return s.toString();
  }

  /** Whether the plan writes an identity column's values. */
  static boolean writesIdentity(TablePlan plan) {
    Table t = plan.table();
    return plan.writtenColumns().stream()
        .anyMatch(c -> t.column(c.column()).map(Column::identity).orElse(false));
  }

  /** Each written column's kind, which decides the Java object its values bind as. */
  static H2Rows.Field[] fields(TablePlan plan) {
    Table t = plan.table();
    List<ColumnPlan> written = plan.writtenColumns();
    H2Rows.Field[] kinds = new H2Rows.Field[written.size()];
    for (int i = 0; i < kinds.length; i++) {
      SqlType type = t.column(written.get(i).column()).map(Column::type).orElse(SqlType.TEXT);
      kinds[i] =
          switch (type) {
            case BYTEA -> H2Rows.Field.BINARY;
            case JSON, JSONB -> H2Rows.Field.JSON;
            case TIMESTAMPTZ -> H2Rows.Field.ZONED;
            default -> H2Rows.Field.PLAIN;
          };
    }
    return kinds;
  }
}
