package com.example.shop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.api.FillResult;
import io.spate.junit.Fill;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/** The shop's queries, on 1250 constraint-valid rows that Spate writes before the tests run. */
@Fill(config = "fill.yaml", seed = 7)
class OrdersTest {

  static final DataSource db = ShopDatabase.dataSource();

  @Test
  void everyTableHoldsWhatTheConfigAsks(FillResult fill) throws SQLException {
    assertEquals(100, count("SELECT count(*) FROM customer"));
    assertEquals(300, count("SELECT count(*) FROM orders")); // 3 per customer
    assertEquals(600, count("SELECT count(*) FROM order_line")); // 2 per order
    assertEquals(1250, fill.totalRows());
  }

  @Test
  void noOrderLineLacksItsOrderOrProduct() throws SQLException {
    assertEquals(
        0,
        count(
            "SELECT count(*) FROM order_line l"
                + " LEFT JOIN orders o ON o.id = l.order_id"
                + " LEFT JOIN product p ON p.id = l.product_id"
                + " WHERE o.id IS NULL OR p.id IS NULL"));
  }

  @Test
  void revenueByStatusCoversEveryStatus() throws SQLException {
    String revenue =
        "SELECT o.status, sum(l.quantity * p.price) FROM orders o"
            + " JOIN order_line l ON l.order_id = o.id JOIN product p ON p.id = l.product_id"
            + " GROUP BY o.status";
    int statuses = 0;
    try (Connection c = db.getConnection();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(revenue)) {
      while (rs.next()) {
        statuses++;
        assertTrue(rs.getBigDecimal(2).signum() > 0, rs.getString(1));
      }
    }
    assertEquals(4, statuses); // new, paid, shipped, cancelled
  }

  private static long count(String sql) throws SQLException {
    try (Connection c = db.getConnection();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
