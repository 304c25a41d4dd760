package io.spate.db.h2;

import io.spate.core.config.FillConfig;
import io.spate.core.local.LocalJob;
import io.spate.core.plan.FillSettings;
import io.spate.engine.encode.CsvWriter;
import io.spate.engine.generate.Engine;
import io.spate.engine.generate.SlotCursor;
import io.spate.engine.generate.TableEngine;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.Task;
import io.spate.protocol.schema.Column;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Measures the shapes of H2's load on {@code examples/schemas/single.sql}'s table, on a file
 * database: a JDBC batch of single-row statements, multi-row {@code VALUES} of several sizes, and
 * {@code INSERT ... SELECT FROM CSVREAD} of a temporary file the engine's {@link CsvWriter} writes
 * per task, against the generation alone; each fills the same rows in tasks of one transaction. Not
 * a test: run by hand, as docs/h2.md shows.
 *
 * <p>Arguments: the DDL file, the rows, the task size, the repetitions.
 */
public final class InsertShapesMain {

  private InsertShapesMain() {}

  public static void main(String[] args) throws Exception {
    String ddl = Files.readString(Path.of(args[0]));
    long rows = Long.parseLong(args[1]);
    long taskRows = Long.parseLong(args[2]);
    int repetitions = Integer.parseInt(args[3]);
    Path dir = Files.createTempDirectory("spate-h2-shapes");
    String url = "jdbc:h2:" + dir.resolve("db") + ";DATABASE_TO_LOWER=TRUE";
    try (Connection c = DriverManager.getConnection(url, "sa", "");
        Statement s = c.createStatement()) {
      s.execute(ddl.replaceAll("(?m)^--.*$", ""));
    }
    FillPlan plan;
    try (Connection c = DriverManager.getConnection(url, "sa", "")) {
      plan =
          LocalJob.plan(
              c,
              List.of("public"),
              FillSettings.of(FillConfig.EMPTY, 1L, null, null, Map.of("big_t", rows)),
              note -> {});
    }
    TableEngine table = new Engine(plan).table("big_t");
    try (Connection c = DriverManager.getConnection(url, "sa", "")) {
      for (int r = 0; r < repetitions; r++) {
        System.out.printf("generation alone: %,.0f rows/s%n", generate(table, rows));
        System.out.printf(
            "batch of 1-row INSERTs: %,.0f rows/s%n", batched(c, table, rows, taskRows));
        for (int k : new int[] {10, 50, 100, 200, 500}) {
          System.out.printf(
              "%d rows a statement: %,.0f rows/s%n", k, multiRow(c, table, rows, taskRows, k));
        }
        System.out.printf(
            "CSVREAD of a task's CSV file: %,.0f rows/s%n", csvRead(c, table, dir, rows, taskRows));
      }
    }
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(f);
      }
    }
  }

  private static double generate(TableEngine table, long rows) {
    long start = System.nanoTime();
    H2Rows out = new H2Rows(4096, H2Load.fields(table.plan()));
    SlotCursor cursor = new SlotCursor(0, rows);
    while (!cursor.done()) {
      out.reset();
      table.fill(cursor, out, 256 * 1024);
    }
    return rows / ((System.nanoTime() - start) / 1e9);
  }

  private static double multiRow(Connection c, TableEngine table, long rows, long taskRows, int k)
      throws SQLException {
    empty(c);
    long start = System.nanoTime();
    c.setAutoCommit(false);
    H2Load load = new H2Load(n -> {}, k);
    for (long from = 0; from < rows; from += taskRows) {
      load.write(c, table, new Task("big_t", from, Math.min(rows, from + taskRows)), n -> {});
      c.commit();
    }
    c.setAutoCommit(true);
    return rows / ((System.nanoTime() - start) / 1e9);
  }

  /** The rows bound to one single-row statement, added to a batch, sent a buffer at a time. */
  private static double batched(Connection c, TableEngine table, long rows, long taskRows)
      throws SQLException {
    empty(c);
    long start = System.nanoTime();
    c.setAutoCommit(false);
    int fields = table.columnNames().size();
    try (PreparedStatement s =
        c.prepareStatement(H2Load.sql("\"big_t\"", table.columnNames(), 1, false))) {
      H2Rows out = new H2Rows(4096, H2Load.fields(table.plan()));
      for (long from = 0; from < rows; from += taskRows) {
        SlotCursor cursor = new SlotCursor(from, Math.min(rows, from + taskRows));
        while (!cursor.done()) {
          out.reset();
          int n = table.fill(cursor, out, 256 * 1024);
          Object[] values = out.values();
          for (int row = 0; row < n; row++) {
            H2Load.bind(s, values, row * fields, fields);
            s.addBatch();
          }
          s.executeBatch();
        }
        c.commit();
      }
    }
    c.setAutoCommit(true);
    return rows / ((System.nanoTime() - start) / 1e9);
  }

  /**
   * Each task's rows written by {@link CsvWriter} to a temporary file (H2 reads CSV from a file or
   * URL only, not from a stream), then one {@code INSERT ... SELECT * FROM CSVREAD(...)}; the time
   * includes writing the file.
   */
  private static double csvRead(Connection c, TableEngine table, Path dir, long rows, long taskRows)
      throws Exception {
    empty(c);
    List<Column> columns =
        table.plan().writtenColumns().stream()
            .map(p -> table.plan().table().column(p.column()).orElseThrow())
            .toList();
    Path file = dir.resolve("task.csv");
    long start = System.nanoTime();
    c.setAutoCommit(false);
    for (long from = 0; from < rows; from += taskRows) {
      CsvWriter out = new CsvWriter(columns, 1 << 20);
      try (OutputStream o = Files.newOutputStream(file)) {
        o.write(CsvWriter.header(table.columnNames()));
        SlotCursor cursor = new SlotCursor(from, Math.min(rows, from + taskRows));
        while (!cursor.done()) {
          out.reset();
          table.fill(cursor, out, 1 << 20);
          o.write(out.array(), 0, out.size());
        }
      }
      try (Statement s = c.createStatement()) {
        s.executeUpdate(
            "INSERT INTO \"big_t\" SELECT * FROM CSVREAD('" + file + "', NULL, 'charset=UTF-8')");
      }
      c.commit();
    }
    c.setAutoCommit(true);
    return rows / ((System.nanoTime() - start) / 1e9);
  }

  private static void empty(Connection c) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("TRUNCATE TABLE \"big_t\"");
    }
  }
}
