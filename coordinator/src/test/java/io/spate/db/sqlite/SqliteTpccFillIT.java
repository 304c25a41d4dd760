package io.spate.db.sqlite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * TPC-C's nine tables ({@code schemas/tpcc-sqlite.sql}, {@code examples/schemas/tpcc.sql} in
 * SQLite's idiom) filled into a SQLite file by {@code spate local}: every table gets its rows,
 * every composite foreign key holds by SQLite's own check, and four threads writing one file (one
 * writer at a time) give the same rows as one.
 */
class SqliteTpccFillIT {

  private static final List<String> TABLES =
      List.of(
          "customer",
          "district",
          "history",
          "item",
          "new_order",
          "order_line",
          "orders",
          "stock",
          "warehouse");

  @Test
  void tpccFillsEveryTableWithValidForeignKeysAndTheSameRowsForAnyThreadCount() throws Exception {
    Map<String, String> fourThreads = fill("--threads", "4", "--task-rows", "500");
    Map<String, String> oneThread = fill("--threads", "1", "--task-rows", "2000");
    assertEquals(TABLES, List.copyOf(fourThreads.keySet()));
    assertEquals(oneThread, fourThreads, "four threads wrote other rows than one");
  }

  /** Fills a new file with seed 7 and 2000 rows a table; returns its checksums. */
  private static Map<String, String> fill(String... extra) throws Exception {
    try (TestSqlite db = TestSqlite.create()) {
      db.execute(Fills.schema("tpcc-sqlite.sql"));
      List<String> args =
          new ArrayList<>(
              List.of("local", "--db", db.url(), "--seed", "7", "--default-rows", "2000"));
      args.addAll(List.of(extra));
      Fills.Run run = Fills.cli(args.toArray(String[]::new));
      assertEquals(0, run.exitCode(), () -> run.err() + run.out());
      for (String table : TABLES) {
        assertEquals(2000, db.count(table), table);
      }
      try (Connection c = db.connect();
          Statement s = c.createStatement()) {
        try (ResultSet rs = s.executeQuery("PRAGMA foreign_key_check")) {
          assertTrue(!rs.next(), () -> "an orphan row: " + rowText(rs));
        }
        try (ResultSet rs = s.executeQuery("PRAGMA integrity_check")) {
          rs.next();
          assertEquals("ok", rs.getString(1));
        }
      }
      return db.checksums();
    }
  }

  private static String rowText(ResultSet rs) {
    try {
      return rs.getString(1) + " row " + rs.getLong(2) + " -> " + rs.getString(3);
    } catch (java.sql.SQLException e) {
      return e.getMessage();
    }
  }
}
