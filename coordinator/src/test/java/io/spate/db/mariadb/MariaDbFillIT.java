package io.spate.db.mariadb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.coordinator.testing.TestMariaDb;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code spate local} on the real MariaDB server: TPC-C's MySQL twin with {@code
 * examples/tpcc.yaml} unchanged, text that needs every escape, AUTO_INCREMENT after the fill.
 */
class MariaDbFillIT {

  @ParameterizedTest(name = "tpcc-mysql with {0} warehouse(s)")
  @ValueSource(ints = {1, 2})
  void tpccMysqlFillsWithSpecificationCardinalitiesNoOrphansAndItsConstraints(int warehouses)
      throws Exception {
    try (TestMariaDb db = TestMariaDb.withSchema(Fills.example("schemas/tpcc-mysql.sql"))) {
      List<String> constraintsBefore = MariaDbFill.constraints(db);
      Fills.Run run =
          MariaDbFill.local(
              db,
              "--config",
              Fills.example("tpcc.yaml").toString(),
              "--rows",
              "warehouse=" + warehouses,
              "--threads",
              "2");

      Map<String, Long> counts = MariaDbFill.rowCounts(db);
      assertEquals(warehouses, counts.get("warehouse"));
      assertEquals(10L * warehouses, counts.get("district"));
      assertEquals(30_000L * warehouses, counts.get("customer"));
      assertEquals(30_000L * warehouses, counts.get("history"));
      assertEquals(30_000L * warehouses, counts.get("orders"));
      assertEquals(9_000L * warehouses, counts.get("new_order"));
      assertEquals(100_000L, counts.get("item"));
      assertEquals(100_000L * warehouses, counts.get("stock"));
      long orderLines = counts.get("order_line");
      assertTrue(
          orderLines >= 150_000L * warehouses && orderLines <= 450_000L * warehouses,
          "5..15 lines per order: " + orderLines);

      Map<String, Long> orphans = MariaDbFill.orphans(db);
      assertTrue(orphans.size() >= 9, "every foreign key counted: " + orphans);
      assertTrue(orphans.values().stream().allMatch(n -> n == 0), () -> "orphans: " + orphans);
      assertEquals(constraintsBefore, MariaDbFill.constraints(db), "constraints as before");
      assertTrue(
          constraintsBefore.stream().anyMatch(c -> c.contains(" CHECK ")),
          "the CHECKs are there: " + constraintsBefore);

      // the specification's key ranges and the CHECKs' values
      assertEquals(
          "1 10",
          MariaDbFill.queryString(db, "SELECT CONCAT(MIN(d_id), ' ', MAX(d_id)) FROM district"));
      assertEquals(
          "1 3000",
          MariaDbFill.queryString(db, "SELECT CONCAT(MIN(o_id), ' ', MAX(o_id)) FROM orders"));
      assertEquals(
          "2101 3000",
          MariaDbFill.queryString(
              db, "SELECT CONCAT(MIN(no_o_id), ' ', MAX(no_o_id)) FROM new_order"));
      assertEquals(
          "BC GC",
          MariaDbFill.queryString(
              db,
              "SELECT GROUP_CONCAT(DISTINCT c_credit ORDER BY c_credit SEPARATOR ' ') FROM customer"));
      assertEquals(
          "50000.00",
          MariaDbFill.queryString(db, "SELECT GROUP_CONCAT(DISTINCT c_credit_lim) FROM customer"));
      assertTrue(
          run.out().contains("foreign_key_checks=0") || run.err().contains("foreign_key_checks=0"),
          () -> "says how foreign keys are checked:\n" + run.out() + run.err());
    }
  }

  @Test
  void textWithTabsNewlinesBackslashesNullsAnd4ByteUtf8ArrivesByteExactAndAutoIncrementMovesOn()
      throws Exception {
    try (TestMariaDb db = TestMariaDb.create()) {
      db.execute(
          "CREATE TABLE note (id bigint NOT NULL AUTO_INCREMENT PRIMARY KEY,"
              + " body varchar(100) CHARACTER SET utf8mb4 NULL, amount decimal(8,2) NOT NULL)");
      List<String> values =
          List.of(
              "tab\there",
              "line\nbreak",
              "back\\slash",
              "cr\rlf",
              "emoji \uD83D\uDE00 ok",
              "\\N",
              "NULL",
              "q'\"`");
      Path config = Files.createTempFile("spate-mariadb", ".yaml");
      StringBuilder yaml =
          new StringBuilder(
              "tables:\n  note:\n    rows: 2000\n    columns:\n      body:\n        values: [");
      for (int i = 0; i < values.size(); i++) {
        yaml.append(i == 0 ? "" : ", ").append(yamlQuote(values.get(i)));
      }
      yaml.append("]\n        nullRatio: 0.2\n      amount: {values: [\"1.50\", \"-2.25\"]}\n");
      Files.writeString(config, yaml);
      try {
        MariaDbFill.local(db, "--config", config.toString());
      } finally {
        Files.delete(config);
      }

      List<String> seen = new ArrayList<>();
      long nulls;
      try (Connection c = db.connect();
          Statement s = c.createStatement()) {
        try (ResultSet rs =
            s.executeQuery("SELECT DISTINCT body FROM note WHERE body IS NOT NULL")) {
          while (rs.next()) {
            seen.add(rs.getString(1));
          }
        }
        nulls = MariaDbFill.queryLong(c, "SELECT COUNT(*) FROM note WHERE body IS NULL");
        assertEquals(
            "-2.25 1.50",
            MariaDbFill.queryString(
                db,
                "SELECT GROUP_CONCAT(DISTINCT amount ORDER BY amount SEPARATOR ' ') FROM note"));
        assertEquals(2000, MariaDbFill.queryLong(c, "SELECT COUNT(*) FROM note"));
        s.executeUpdate("INSERT INTO note (body, amount) VALUES ('application', 1)");
        assertEquals(
            MariaDbFill.queryLong(
                    c, "SELECT MAX(id) FROM note WHERE body <> 'application' OR body IS NULL")
                + 1,
            MariaDbFill.queryLong(c, "SELECT id FROM note WHERE body = 'application'"),
            "an application insert without an id gets the next one");
      }
      assertTrue(nulls > 200 && nulls < 600, "about 20% NULL: " + nulls);
      assertEquals(values.stream().sorted().toList(), seen.stream().sorted().toList());
    }
  }

  @Test
  void inet4AndInet6ColumnsFillWithIpv4HostAddressesAndKeepTheirNulls() throws Exception {
    try (TestMariaDb db = TestMariaDb.create()) {
      db.execute(
          "CREATE TABLE host (id int NOT NULL PRIMARY KEY, v4 inet4 NOT NULL, v6 inet6 NULL)");
      MariaDbFill.local(db, "--rows", "host=2000");

      try (Connection c = db.connect()) {
        assertEquals(2000, MariaDbFill.queryLong(c, "SELECT COUNT(*) FROM host"));
        long nulls = MariaDbFill.queryLong(c, "SELECT COUNT(*) FROM host WHERE v6 IS NULL");
        assertTrue(nulls > 0 && nulls < 100, "about 1% NULL, the default: " + nulls);
        assertEquals(
            0,
            MariaDbFill.queryLong(
                c,
                "SELECT COUNT(*) FROM host WHERE v6 IS NOT NULL"
                    + " AND CAST(v6 AS CHAR) NOT LIKE '::ffff:%.%.%.%'"),
            "every inet6 is an IPv4-mapped host");
        assertTrue(
            MariaDbFill.queryLong(c, "SELECT COUNT(DISTINCT v4) FROM host") > 1900,
            "inet4 addresses vary");
      }
    }
  }

  private static String yamlQuote(String s) {
    StringBuilder out = new StringBuilder("\"");
    s.codePoints()
        .forEach(
            cp -> {
              switch (cp) {
                case '\t' -> out.append("\\t");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\\' -> out.append("\\\\");
                case '"' -> out.append("\\\"");
                default -> out.appendCodePoint(cp);
              }
            });
    return out.append('"').toString();
  }
}
