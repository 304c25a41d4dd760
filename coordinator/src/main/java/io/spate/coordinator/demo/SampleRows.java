package io.spate.coordinator.demo;

import io.spate.engine.target.SqlErrors;
import io.spate.protocol.error.SpateException;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

/**
 * A few rows of a query as an aligned text table, the way psql shows them, and the TPC-C samples
 * the demo prints before its summary. Stateless.
 */
final class SampleRows {

  /** Longer values are cut (with "...") so a row fits a terminal. */
  private static final int MAX_WIDTH = 24;

  /** A sample: the first rows of a table, in key order. */
  private record Sample(String table, String sql) {}

  /** The samples printed before the summary. */
  private static final List<Sample> TPCC =
      List.of(
          new Sample(
              "customer",
              "SELECT c_w_id, c_d_id, c_id, c_first, c_middle, c_last, c_city, c_credit, c_discount, c_since"
                  + " FROM customer ORDER BY c_w_id, c_d_id, c_id LIMIT 3"),
          new Sample(
              "order_line",
              "SELECT ol_w_id, ol_d_id, ol_o_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_delivery_d, ol_dist_info"
                  + " FROM order_line ORDER BY ol_w_id, ol_d_id, ol_o_id, ol_number LIMIT 3"));

  private SampleRows() {}

  /** Prints the TPC-C samples, each under its title ("sample customer rows:"). */
  static void printTpcc(DataSource dataSource, PrintStream out) {
    for (Sample sample : TPCC) {
      print(dataSource, "sample " + sample.table() + " rows:", sample.sql(), out);
    }
  }

  /** Prints {@code title}, then the query's rows under a header of its column names. */
  static void print(DataSource dataSource, String title, String sql, PrintStream out) {
    List<String[]> rows = new ArrayList<>();
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      ResultSetMetaData meta = rs.getMetaData();
      String[] header = new String[meta.getColumnCount()];
      for (int i = 0; i < header.length; i++) {
        header[i] = meta.getColumnLabel(i + 1);
      }
      rows.add(header);
      while (rs.next()) {
        String[] row = new String[header.length];
        for (int i = 0; i < row.length; i++) {
          String value = rs.getString(i + 1);
          row[i] = value == null ? "NULL" : cut(value.strip());
        }
        rows.add(row);
      }
    } catch (SQLException e) {
      throw SqlErrors.classify("reading sample rows (" + sql + ")", e);
    }
    if (rows.size() < 2) {
      throw new SpateException("no sample rows: " + sql + " returned nothing");
    }
    out.println(title);
    for (String line : render(rows)) {
      out.println(line);
    }
    out.println();
  }

  /** Header, a rule, then the rows; every column as wide as its widest value. */
  static List<String> render(List<String[]> rows) {
    int columns = rows.get(0).length;
    int[] width = new int[columns];
    for (String[] row : rows) {
      for (int i = 0; i < columns; i++) {
        width[i] = Math.max(width[i], row[i].length());
      }
    }
    List<String> lines = new ArrayList<>();
    for (int r = 0; r < rows.size(); r++) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < columns; i++) {
        line.append(i == 0 ? " " : " | ")
            .append(String.format("%-" + width[i] + "s", rows.get(r)[i]));
      }
      lines.add(line.toString().stripTrailing());
      if (r == 0) {
        StringBuilder rule = new StringBuilder();
        for (int i = 0; i < columns; i++) {
          rule.append(i == 0 ? "-" : "-+-").append("-".repeat(width[i]));
        }
        lines.add(rule.append('-').toString());
      }
    }
    return lines;
  }

  private static String cut(String value) {
    return value.length() <= MAX_WIDTH ? value : value.substring(0, MAX_WIDTH - 3) + "...";
  }
}
