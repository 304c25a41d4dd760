package io.spate.db.sqlite;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.spate.coordinator.Fills;
import io.spate.worker.testing.TestDatabase;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The same seed gives a SQLite file TPC-C's values as it gives PostgreSQL, compared row by row in a
 * canonical text: numbers as exact decimals without trailing zeros (SQLite keeps a whole decimal as
 * an integer), everything else as its driver's text.
 */
class SqliteValuesIT {

  private static final String[] ARGS = {
    "--seed", "7", "--default-rows", "500", "--task-rows", "200"
  };

  @Test
  void tpccInSqliteHoldsTheValuesOfAPostgresFill() throws Exception {
    try (TestDatabase pg = Fills.filled(Files.readString(Fills.example("schemas/tpcc.sql")), ARGS);
        TestSqlite sqlite = TestSqlite.create()) {
      sqlite.execute(Fills.schema("tpcc-sqlite.sql"));
      List<String> args = new ArrayList<>(List.of("local", "--db", sqlite.url()));
      args.addAll(List.of(ARGS));
      Fills.Run run = Fills.cli(args.toArray(String[]::new));
      assertEquals(0, run.exitCode(), () -> run.err() + run.out());
      try (Connection p = pg.connect();
          Connection s = sqlite.connect()) {
        for (String table : tables(p)) {
          List<String> columns = columns(p, table);
          assertEquals(rows(p, table, columns), rows(s, table, columns), table);
        }
      }
    }
  }

  private static List<String> tables(Connection c) throws SQLException {
    List<String> tables = new ArrayList<>();
    try (Statement st = c.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"
                    + " ORDER BY 1")) {
      while (rs.next()) {
        tables.add(rs.getString(1));
      }
    }
    return tables;
  }

  private static List<String> columns(Connection c, String table) throws SQLException {
    List<String> columns = new ArrayList<>();
    try (Statement st = c.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT column_name FROM information_schema.columns WHERE table_name = '"
                    + table
                    + "' ORDER BY ordinal_position")) {
      while (rs.next()) {
        columns.add(rs.getString(1));
      }
    }
    return columns;
  }

  /** The table's rows in canonical text, sorted. */
  private static Map<Integer, List<String>> rows(Connection c, String table, List<String> columns)
      throws SQLException {
    List<String> rows = new ArrayList<>();
    try (Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT " + String.join(", ", columns) + " FROM " + table)) {
      ResultSetMetaData meta = rs.getMetaData();
      while (rs.next()) {
        StringBuilder row = new StringBuilder();
        for (int i = 1; i <= meta.getColumnCount(); i++) {
          row.append(canonical(rs.getString(i))).append('|');
        }
        rows.add(row.toString());
      }
    }
    Collections.sort(rows);
    Map<Integer, List<String>> byCount = new TreeMap<>();
    byCount.put(rows.size(), rows);
    return byCount;
  }

  private static String canonical(String value) {
    if (value == null) {
      return "NULL";
    }
    String text = value.stripTrailing();
    try {
      return new BigDecimal(text).stripTrailingZeros().toPlainString();
    } catch (NumberFormatException e) {
      return text;
    }
  }
}
