package io.spate.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.Set;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

/**
 * The builder on an in-memory H2 database, which lives only in the JVM that created it: the use an
 * in-memory target has (a test's own database, no server). The shop's tables in H2's idiom, and a
 * table of H2's own types (ENUM, arrays, JSON, UUID, TINYINT, an identity column). H2 keeps
 * unquoted names in upper case, and so does a fill: its tables are {@code CUSTOMER}, {@code
 * ORDERS}.
 */
class SpateOnH2InMemoryTest {

  private static final String SHOP =
      """
      CREATE TABLE customer (id BIGINT PRIMARY KEY, email VARCHAR(120) NOT NULL UNIQUE,
        name VARCHAR(80) NOT NULL, created_at TIMESTAMP WITH TIME ZONE NOT NULL);
      CREATE TABLE orders (id BIGINT PRIMARY KEY,
        customer_id BIGINT NOT NULL REFERENCES customer (id),
        status VARCHAR(10) NOT NULL CHECK (status IN ('new', 'paid', 'shipped')),
        amount NUMERIC(10, 2) NOT NULL CHECK (amount > 0), placed_at TIMESTAMP NOT NULL);
      CREATE TABLE kinds (id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        mood ENUM('sad', 'ok', 'happy') NOT NULL, tags VARCHAR(10) ARRAY[3],
        scores INTEGER ARRAY, doc JSON, token UUID NOT NULL, level TINYINT NOT NULL,
        born DATE, ratio DOUBLE PRECISION, blob VARBINARY(16));
      CREATE TABLE node (id BIGINT PRIMARY KEY, parent_id BIGINT REFERENCES node (id),
        a INTEGER NOT NULL, b INTEGER NOT NULL, CHECK (a >= 0 AND b >= 0), CHECK (MOD(a, 7) = 3))
      """;

  private static void create(Connection c) throws SQLException {
    try (Statement s = c.createStatement()) {
      for (String statement : SHOP.split(";")) {
        s.execute(statement);
      }
    }
  }

  private static long count(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  @Test
  void anInMemoryDatabaseFillsThroughItsUrlFromTheJvmHoldingIt() throws SQLException {
    String url = "jdbc:h2:mem:spate-api-url;DB_CLOSE_DELAY=-1";
    try (Connection c = DriverManager.getConnection(url, "sa", "")) {
      create(c);
      FillResult result =
          Spate.on(url, "sa", "")
              .seed(7)
              .rows("CUSTOMER", 200)
              .rows("KINDS", 300)
              .threads(2)
              .fill();
      assertEquals(200, count(c, "SELECT count(*) FROM customer"));
      assertEquals(300, count(c, "SELECT count(*) FROM kinds"));
      assertEquals(result.rows("ORDERS"), count(c, "SELECT count(*) FROM orders"));
      assertEquals(
          0,
          count(
              c,
              "SELECT count(*) FROM orders o LEFT JOIN customer u ON u.id = o.customer_id"
                  + " WHERE u.id IS NULL"));
      // every drawn value is one H2 takes in its own type
      Set<String> moods = new HashSet<>();
      try (Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT mood, CARDINALITY(tags), level FROM kinds")) {
        while (rs.next()) {
          moods.add(rs.getString(1));
          assertTrue(rs.getObject(2) == null || rs.getInt(2) <= 3, "at most 3 tags");
          assertTrue(rs.getInt(3) >= -128 && rs.getInt(3) <= 127, "a TINYINT's range");
        }
      }
      assertEquals(Set.of("sad", "ok", "happy"), moods);
      // an application's insert after the fill gets a key past the filled ones
      try (Statement s = c.createStatement()) {
        s.execute("INSERT INTO kinds (mood, token, level) VALUES ('ok', RANDOM_UUID(), 1)");
      }
      assertEquals(301, count(c, "SELECT max(id) FROM kinds"));
      // a self-reference (H2 checks it on every row: written by a second pass) and a CHECK only
      // H2 can judge
      assertEquals(1000, count(c, "SELECT count(*) FROM node WHERE MOD(a, 7) = 3"));
      assertTrue(count(c, "SELECT count(*) FROM node WHERE parent_id IS NOT NULL") > 0);
    }
  }

  @Test
  void anInMemoryDataSourceFillsAsItsUrlDoes() throws SQLException {
    JdbcDataSource ds = new JdbcDataSource();
    ds.setURL("jdbc:h2:mem:spate-api-ds;DB_CLOSE_DELAY=-1");
    ds.setUser("sa");
    try (Connection c = ds.getConnection()) {
      create(c);
      FillResult result = Spate.on(ds).seed(7).rows("CUSTOMER", 50).fill();
      assertEquals(50, count(c, "SELECT count(*) FROM customer"));
      assertEquals(result.rows("ORDERS"), count(c, "SELECT count(*) FROM orders"));
    }
  }
}
