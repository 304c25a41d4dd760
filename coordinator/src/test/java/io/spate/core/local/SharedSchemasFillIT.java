package io.spate.core.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.core.config.FillConfig;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.TablePlan;
import io.spate.worker.testing.TestDatabase;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The fixture schemas (examples/schemas) fill with every constraint enforced during the load: row
 * counts equal the plan, and no foreign key finds a missing parent.
 */
class SharedSchemasFillIT {

  @ParameterizedTest(name = "tpcc with {0} warehouse(s)")
  @ValueSource(ints = {1, 2})
  void tpccFillsWithSpecificationCardinalities(int warehouses) throws Exception {
    try (TestDatabase db = TestDatabase.withFixtureSchema("tpcc.sql")) {
      Fills.local(
          db,
          "--config",
          Fills.example("tpcc.yaml").toString(),
          "--rows",
          "warehouse=" + warehouses,
          "--threads",
          "2");

      Map<String, Long> counts = Fills.rowCounts(db);
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
      assertEquals(planned(db, "tpcc.yaml", Map.of("warehouse", (long) warehouses)), counts);
      assertTrue(
          Fills.orphans(db).values().stream().allMatch(n -> n == 0),
          () -> "orphans: " + orphansOf(db));

      // the specification's key ranges: d_id 1..10, c_id and o_id 1..3000, new orders 2101..3000
      assertEquals("1 10", db.queryString("SELECT min(d_id) || ' ' || max(d_id) FROM district"));
      assertEquals("1 3000", db.queryString("SELECT min(c_id) || ' ' || max(c_id) FROM customer"));
      assertEquals("1 3000", db.queryString("SELECT min(o_id) || ' ' || max(o_id) FROM orders"));
      assertEquals(
          "2101 3000", db.queryString("SELECT min(no_o_id) || ' ' || max(no_o_id) FROM new_order"));
      assertEquals(
          "1 15", db.queryString("SELECT min(ol_number) || ' ' || max(ol_number) FROM order_line"));
      assertEquals(
          0L,
          db.queryLong(
              "SELECT count(*) FROM history h JOIN customer c ON (c_w_id, c_d_id, c_id) = (h_c_w_id, h_c_d_id, h_c_id) WHERE (h_w_id, h_d_id) <> (c_w_id, c_d_id)"),
          "history rows sit in their customer's district");
    }
  }

  @Test
  void singleWideAndTripFillWithTheirChecks() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      db.executeFile(TestDatabase.fixtureSchema("single.sql"));
      db.executeFile(TestDatabase.fixtureSchema("wide.sql"));
      db.executeFile(TestDatabase.fixtureSchema("trip.sql"));
      Fills.local(
          db,
          "--default-rows",
          "20000",
          "--rows",
          "big_t=200000",
          "--rows",
          "trip=200000",
          "--task-rows",
          "30000");

      Map<String, Long> counts = Fills.rowCounts(db);
      assertEquals(200_000L, counts.get("big_t"));
      assertEquals(200_000L, counts.get("trip"));
      for (int i = 1; i <= 10; i++) {
        assertEquals(20_000L, counts.get(String.format("wide_t%02d", i)));
      }
      assertEquals(
          0L,
          db.queryLong(
              "SELECT count(*) FROM trip WHERE NOT (stop_time > start_time AND trip_duration > 0)"));
      assertEquals(2L, db.queryLong("SELECT count(DISTINCT user_type) FROM trip"));
      assertEquals(3L, db.queryLong("SELECT count(DISTINCT gender) FROM trip"));
      assertEquals(200_000L, db.queryLong("SELECT count(DISTINCT id) FROM trip"));
      double nullShare =
          db.queryLong("SELECT count(*) FROM big_t WHERE c_name IS NULL") / 200_000.0;
      assertTrue(
          nullShare > 0.005 && nullShare < 0.015,
          "about 1% NULLs in nullable columns: " + nullShare);
      assertTrue(db.queryLong("SELECT max(length(c_desc)) FROM big_t") <= 128);
    }
  }

  @Test
  void exampleConfigsPlanTheirDocumentedSizes() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      db.executeFile(TestDatabase.fixtureSchema("single.sql"));
      db.executeFile(TestDatabase.fixtureSchema("wide.sql"));
      db.executeFile(TestDatabase.fixtureSchema("trip.sql"));
      assertEquals(
          1_000_000L,
          Fills.plan(db, FillConfig.load(Fills.example("single.yaml")), Map.of())
              .table("big_t")
              .rows());
      assertEquals(
          1_000_000L,
          Fills.plan(db, FillConfig.load(Fills.example("trip.yaml")), Map.of())
              .table("trip")
              .rows());
      assertEquals(
          100_000L,
          Fills.plan(db, FillConfig.load(Fills.example("wide.yaml")), Map.of())
              .table("wide_t07")
              .rows());
    }
  }

  private static Map<String, Long> planned(TestDatabase db, String example, Map<String, Long> rows)
      throws Exception {
    FillPlan plan = Fills.plan(db, FillConfig.load(Fills.example(example)), rows);
    Map<String, Long> counts = new TreeMap<>();
    for (TablePlan t : plan.tables()) {
      counts.put(t.name(), t.rows());
    }
    return counts;
  }

  private static Map<String, Long> orphansOf(TestDatabase db) {
    try {
      return Fills.orphans(db);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
