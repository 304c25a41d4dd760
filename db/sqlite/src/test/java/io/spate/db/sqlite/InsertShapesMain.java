package io.spate.db.sqlite;

import io.spate.core.config.FillConfig;
import io.spate.core.local.LocalJob;
import io.spate.core.plan.FillSettings;
import io.spate.engine.generate.Engine;
import io.spate.engine.generate.SlotCursor;
import io.spate.engine.generate.TableEngine;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.Task;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;

/**
 * Measures the shapes of SQLite's insert on {@code examples/schemas/single.sql}'s table: a batch of
 * single-row statements against multi-row {@code VALUES} of several sizes, and the generation
 * alone, each filling the same rows in tasks of one transaction. Not a test: run by hand, as
 * docs/sqlite.md shows.
 *
 * <p>Arguments: the DDL file, the rows, the task size, the journal mode ({@code delete} or {@code
 * wal}), the repetitions.
 */
public final class InsertShapesMain {

  private InsertShapesMain() {}

  public static void main(String[] args) throws Exception {
    String ddl = Files.readString(Path.of(args[0]));
    long rows = Long.parseLong(args[1]);
    long taskRows = Long.parseLong(args[2]);
    String journal = args[3];
    int repetitions = Integer.parseInt(args[4]);
    Path file = Files.createTempFile("spate-shapes", ".db");
    String url = "jdbc:sqlite:" + file;
    try (Connection c = DriverManager.getConnection(url);
        Statement s = c.createStatement()) {
      s.execute("PRAGMA journal_mode = " + journal);
      s.executeUpdate(ddl);
    }
    FillPlan plan;
    try (Connection c = DriverManager.getConnection(url)) {
      plan =
          LocalJob.plan(
              c,
              List.of("main"),
              FillSettings.of(FillConfig.EMPTY, 1L, null, null, Map.of("big_t", rows)),
              note -> {});
    }
    TableEngine table = new Engine(plan).table("big_t");
    for (int r = 0; r < repetitions; r++) {
      System.out.printf("generation alone: %,.0f rows/s%n", generate(table, rows));
      System.out.printf(
          "batch of 1-row INSERTs: %,.0f rows/s%n", batched(url, table, rows, taskRows));
      for (int k : new int[] {10, 50, 100, 200, 500}) {
        System.out.printf(
            "%d rows a statement: %,.0f rows/s%n", k, multiRow(url, table, rows, taskRows, k));
      }
    }
    Files.deleteIfExists(file);
  }

  private static double generate(TableEngine table, long rows) {
    long start = System.nanoTime();
    SqliteRows out = new SqliteRows(4096, new boolean[8]);
    SlotCursor cursor = new SlotCursor(0, rows);
    while (!cursor.done()) {
      out.reset();
      table.fill(cursor, out, 256 * 1024);
    }
    return rows / ((System.nanoTime() - start) / 1e9);
  }

  private static double multiRow(String url, TableEngine table, long rows, long taskRows, int k)
      throws SQLException {
    try (Connection c = DriverManager.getConnection(url)) {
      empty(c);
      long start = System.nanoTime();
      c.setAutoCommit(false);
      SqliteLoad load = new SqliteLoad(n -> {}, k);
      for (long from = 0; from < rows; from += taskRows) {
        SqliteDialect.INSTANCE.beginLoad(c, null, null, "measuring");
        load.write(c, table, new Task("big_t", from, Math.min(rows, from + taskRows)), n -> {});
        c.commit();
      }
      return rows / ((System.nanoTime() - start) / 1e9);
    }
  }

  /** The rows bound to one single-row statement, added to a batch, sent a buffer at a time. */
  private static double batched(String url, TableEngine table, long rows, long taskRows)
      throws SQLException {
    try (Connection c = DriverManager.getConnection(url)) {
      empty(c);
      long start = System.nanoTime();
      c.setAutoCommit(false);
      int fields = table.columnNames().size();
      try (PreparedStatement s =
          c.prepareStatement(SqliteLoad.sql("\"big_t\"", table.columnNames(), 1))) {
        SqliteRows out = new SqliteRows(4096, SqliteLoad.binaryFields(table));
        for (long from = 0; from < rows; from += taskRows) {
          SqliteDialect.INSTANCE.beginLoad(c, null, null, "measuring");
          SlotCursor cursor = new SlotCursor(from, Math.min(rows, from + taskRows));
          while (!cursor.done()) {
            out.reset();
            int n = table.fill(cursor, out, 256 * 1024);
            Object[] values = out.values();
            for (int row = 0; row < n; row++) {
              for (int f = 0; f < fields; f++) {
                s.setObject(f + 1, values[row * fields + f]);
              }
              s.addBatch();
            }
            s.executeBatch();
          }
          c.commit();
        }
      }
      return rows / ((System.nanoTime() - start) / 1e9);
    }
  }

  private static void empty(Connection c) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("DELETE FROM big_t");
    }
  }
}
