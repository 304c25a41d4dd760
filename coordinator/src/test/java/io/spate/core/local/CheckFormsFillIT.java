package io.spate.core.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.worker.testing.TestDatabase;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The CHECK forms of issue 13 fill with no config ({@code schemas/check-forms.sql}): OR, NOT, NOT
 * IN, equalities joined by OR, lists over {@code upper(col)} and over varchar with PostgreSQL's
 * casts, {@code (x IS NULL) = (y IS NULL)}, LIKE and the clock as a bound. The server checks every
 * row as it is written; afterwards no row is an orphan, every constraint is as it was and valid,
 * and the application inserts into every table without naming its key.
 */
class CheckFormsFillIT {

  @Test
  void everyCheckFormFillsWithNoConfigAndTheApplicationInsertsAfterwards() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(Fills.schema("check-forms.sql"));
      List<String> constraints = Fills.constraints(db);

      Fills.local(db);

      Map<String, Long> orphans = Fills.orphans(db);
      assertEquals(
          0L, orphans.values().stream().mapToLong(Long::longValue).sum(), orphans::toString);
      List<String> after = Fills.constraints(db);
      assertEquals(constraints, after, "the fill left every constraint as it was");
      assertFalse(
          after.stream().anyMatch(c -> c.contains("NOT VALID") || c.endsWith(" INVALID")),
          after::toString);
      for (String table : List.of("booking", "product", "shipment")) {
        assertEquals(1000L, db.queryLong("SELECT count(*) FROM " + table), table);
      }
      // A branch that allows NULL beside one that bounds the value keeps both NULLs and values.
      assertTrue(db.queryLong("SELECT count(discount) FROM booking") > 0);
      assertTrue(db.queryLong("SELECT count(*) FROM booking WHERE discount IS NULL") > 0);
      assertTrue(db.queryLong("SELECT count(end_at) FROM booking") > 0);
      assertTrue(db.queryLong("SELECT count(expires_at) FROM booking") > 0);
      assertEquals(3L, db.queryLong("SELECT count(DISTINCT priority) FROM booking"));
      assertEquals(1000L, db.queryLong("SELECT count(label) FROM product"));
      assertEquals(3L, db.queryLong("SELECT count(DISTINCT grade) FROM product"));
      assertEquals(2L, db.queryLong("SELECT count(DISTINCT lowest_grade) FROM product"));
      assertTrue(db.queryLong("SELECT count(tracking) FROM shipment") > 0);

      db.execute(
          "INSERT INTO booking (start_at, status, priority, created_at, booked_on)"
              + " VALUES (now(), 'open', 1, now(), current_date)");
      db.execute(
          "INSERT INTO product (code, sku, currency, grade, lowest_grade, quantity, label)"
              + " VALUES ('AB-new', 'SK-0001', 'usd', 'A', 'B', 5, 'new')");
      db.execute("INSERT INTO shipment (product_id, kind) VALUES (1, 'air')");
      for (String table : List.of("booking", "product", "shipment")) {
        assertEquals(1001L, db.queryLong("SELECT count(*) FROM " + table), table);
      }
    }
  }
}
