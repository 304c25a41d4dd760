package io.spate.db.mariadb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.coordinator.testing.TestMariaDb;
import io.spate.core.config.FillConfig;
import io.spate.core.local.LocalJob;
import io.spate.core.plan.FillSettings;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.ValueSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * CHECKs Spate cannot read are decided by the MariaDB server as by PostgreSQL (issues 13 and 15):
 * with no config, the columns they mention draw from pools of candidates the server accepted, every
 * row satisfies every CHECK, each pool's size and acceptance rate is reported, and a CHECK too few
 * candidates pass is refused naming the table, column, constraint and the config that fixes it.
 */
class MariaDbServerChecksFillIT {

  /** A pool's report: the passing candidates, the rate, and the pool of as many. */
  private static final Pattern REPORT =
      Pattern.compile(
          "CHECK (\\S+) on '(\\w+)', decided by the server: (\\d+) of 1000 candidate"
              + " (?:values of \\w+|rows of \\[[\\w, ]+\\]) pass on the server \\((\\d+\\.\\d)%\\),"
              + " a pool of (\\d+) (?:values|tuples)");

  @TempDir Path tmp;

  @Test
  void checksTheParserCannotReadFillWithNoConfigAndEveryRowSatisfiesThem() throws Exception {
    try (TestMariaDb db = TestMariaDb.withSchema(schema())) {
      List<String> constraints = MariaDbFill.constraints(db);

      Fills.Run run = MariaDbFill.local(db);

      Map<String, Integer> pools = new LinkedHashMap<>();
      Matcher report = REPORT.matcher(run.err());
      while (report.find()) {
        int passing = Integer.parseInt(report.group(3));
        assertEquals(passing, Integer.parseInt(report.group(5)), report.group());
        assertEquals(
            String.format(Locale.ROOT, "%.1f", passing / 10.0), report.group(4), report.group());
        pools.put(report.group(2) + "." + report.group(1), passing);
      }
      assertEquals(
          List.of(
              "product.product_attrs_object",
              "product.product_code_digits",
              "product.product_leap_year",
              "product.product_sku_even",
              "product.product_sum_small",
              "shipment.shipment_office_hours",
              "shipment.shipment_qty_mod",
              "shipment.shipment_weekday",
              "shipment.shipment_weight_even"),
          pools.keySet().stream().sorted().toList(),
          run::err);
      assertTrue(run.err().contains("candidate rows of [a, b] pass on the server"), run::err);
      // mod(qty, 7) = 3 passes for about a seventh of the candidates
      int qty = pools.get("shipment.shipment_qty_mod");
      assertTrue(qty > 90 && qty < 200, "about 1 in 7 pass: " + qty);

      Map<String, Long> counts = MariaDbFill.rowCounts(db);
      assertEquals(1000L, counts.get("product"));
      assertEquals(1000L, counts.get("shipment"));
      assertEquals(Map.of("shipment.shipment_product", 0L), MariaDbFill.orphans(db));
      assertEquals(constraints, MariaDbFill.constraints(db), "every constraint as it was");
      try (Connection c = db.connect()) {
        Map<String, Long> failing = rowsFailingEachCheck(c);
        assertEquals(10, failing.size(), failing::toString); // and json's own json_valid(attrs)
        assertTrue(failing.values().stream().allMatch(n -> n == 0), failing::toString);
        // pools, not one value: the cells still vary, and a nullable column keeps its NULLs
        assertTrue(MariaDbFill.queryLong(c, "SELECT COUNT(DISTINCT sku) FROM product") > 100);
        assertTrue(MariaDbFill.queryLong(c, "SELECT COUNT(DISTINCT a, b) FROM product") > 100);
        // a quantity drawn as one: 3, 10, 17 of 1..20 pass mod(qty, 7) = 3
        assertTrue(MariaDbFill.queryLong(c, "SELECT COUNT(DISTINCT qty) FROM shipment") >= 3);
        assertTrue(MariaDbFill.queryLong(c, "SELECT COUNT(*) FROM shipment WHERE qty IS NULL") > 0);

        try (Statement s = c.createStatement()) {
          s.execute(
              "INSERT INTO product (sku, code, a, b, attrs, model_year) VALUES"
                  + " ('b-new', 'x12', 1, 2, '{}', 2024)");
          s.execute(
              "INSERT INTO shipment (product_id, qty, shipped_on, weight) VALUES"
                  + " (1, 10, '2024-01-08', 2.5)");
        }
        assertEquals(1001L, MariaDbFill.queryLong(c, "SELECT COUNT(*) FROM shipment"));
      }
    }
  }

  @Test
  void thePoolsAreTheSameOnEveryPlanningAndACallersTransactionGoesOn() throws Exception {
    try (TestMariaDb db = TestMariaDb.withSchema(schema())) {
      FillSettings settings = FillSettings.of(FillConfig.EMPTY, null, null, null, Map.of());
      List<String> notes = new ArrayList<>();
      FillPlan plan;
      FillPlan again;
      try (Connection c = db.connect()) {
        plan =
            LocalJob.plan(
                c, MariaDbSteps.INSTANCE.chosenSchemas(c, List.of()), settings, notes::add);
        c.setAutoCommit(false); // inside a caller's transaction, which goes on
        try (Statement s = c.createStatement()) {
          s.execute(
              "INSERT INTO product (sku, code, a, b, model_year) VALUES ('b', '12', 1, 2, 2024)");
        }
        again =
            LocalJob.plan(
                c, MariaDbSteps.INSTANCE.chosenSchemas(c, List.of()), settings, notes::add);
        assertEquals(1L, MariaDbFill.queryLong(c, "SELECT COUNT(*) FROM product"));
        SQLException gone =
            assertThrows(
                SQLException.class,
                () -> MariaDbFill.queryLong(c, "SELECT COUNT(*) FROM spate_check_candidates"));
        assertEquals(1146, gone.getErrorCode(), gone::getMessage); // no such table
        c.rollback();
      }

      assertEquals(plan, again);
      assertEquals(
          18, notes.stream().filter(n -> REPORT.matcher(n).find()).count(), notes::toString);
      ValueSpec a = ((ColumnPlan.Values) plan.table("product").column("a")).spec();
      ValueSpec b = ((ColumnPlan.Values) plan.table("product").column("b")).spec();
      assertEquals(a.values().size(), b.values().size());
      for (int i = 0; i < a.values().size(); i++) {
        long sum = Long.parseLong(a.values().get(i)) + Long.parseLong(b.values().get(i));
        assertTrue(sum < 1_000_000, "tuple " + i + " satisfies a + b < 1000000: " + sum);
      }
    }
  }

  @Test
  void aCheckNoCandidatePassesIsRefusedNamingTableColumnConstraintAndTheConfigThatFixesIt()
      throws Exception {
    try (TestMariaDb db = TestMariaDb.create()) {
      db.execute(
          "CREATE TABLE gadget (id int NOT NULL AUTO_INCREMENT PRIMARY KEY,"
              + " serial_no varchar(30) NOT NULL, CONSTRAINT gadget_registered"
              + " CHECK (concat('REG-', substr(serial_no, 5)) = serial_no))");
      Fills.Run refused =
          Fills.cli("local", "--db", db.jdbcUrl(), "--user", "root", "--rows", "gadget=50");

      assertEquals(1, refused.exitCode(), refused::out);
      String error = refused.err();
      assertContains(error, "CHECK gadget_registered on 'gadget'");
      assertContains(error, "only 0 of 1000 candidate values of serial_no pass on the server");
      assertContains(error, "concat('REG-',substr(`serial_no`,5)) = `serial_no`");
      assertContains(error, "`tables: {gadget: {columns: {serial_no: {values: [...]}}}}`");
      assertFalse(error.contains("\tat "), error);
      try (Connection c = db.connect()) {
        assertEquals(0L, MariaDbFill.queryLong(c, "SELECT COUNT(*) FROM gadget"));
      }

      Path config =
          Files.writeString(
              tmp.resolve("gadget.yaml"),
              "tables: {gadget: {columns: {serial_no: {values: [REG-1, REG-2]}}}}\n");
      MariaDbFill.local(db, "--rows", "gadget=50", "--config", config.toString());
      try (Connection c = db.connect()) {
        assertEquals(50L, MariaDbFill.queryLong(c, "SELECT COUNT(*) FROM gadget"));
      }
    }
  }

  /**
   * Per CHECK of the database ({@code table.constraint}), the rows for which the server finds its
   * expression false: asked of the server, not of Spate's reading.
   */
  private static Map<String, Long> rowsFailingEachCheck(Connection c) throws SQLException {
    Map<String, String> checks = new LinkedHashMap<>();
    try (Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT TABLE_NAME, CONSTRAINT_NAME, CHECK_CLAUSE FROM"
                    + " information_schema.CHECK_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = DATABASE()")) {
      while (rs.next()) {
        checks.put(rs.getString(1) + "." + rs.getString(2), rs.getString(3));
      }
    }
    Map<String, Long> failing = new LinkedHashMap<>();
    for (Map.Entry<String, String> check : checks.entrySet()) {
      String table = check.getKey().substring(0, check.getKey().indexOf('.'));
      failing.put(
          check.getKey(),
          MariaDbFill.queryLong(
              c, "SELECT COUNT(*) FROM `" + table + "` WHERE (" + check.getValue() + ") IS FALSE"));
    }
    return failing;
  }

  private static Path schema() throws Exception {
    return Path.of(
        MariaDbServerChecksFillIT.class.getResource("/schemas/mariadb-server-checks.sql").toURI());
  }

  private static void assertContains(String text, String expected) {
    assertTrue(text.contains(expected), () -> "expected '" + expected + "' in:\n" + text);
  }
}
