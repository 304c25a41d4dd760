package io.spate.core.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.worker.testing.TestDatabase;
import org.junit.jupiter.api.Test;

/**
 * With no config, the values Spate writes look like what their columns mean: flags, months and
 * coordinates in range, amounts skewed and small, a shipment after its order, ip addresses, json
 * documents shaped by name, unique emails and times that look real, and uuid keys of version 4 that
 * share nothing across rows or tables.
 */
class SaneValuesFillIT {

  private static final long ROWS = 5000;

  private static long count(TestDatabase db, String sql) {
    return db.queryLong("SELECT count(*) FROM " + sql);
  }

  @Test
  void aShopFilledWithNoConfigLooksLikeOne() {
    try (TestDatabase db =
        Fills.filled(
            Fills.schema("sane_values.sql"),
            new String[] {"--default-rows", String.valueOf(ROWS)})) {
      assertEquals(ROWS, count(db, "orders"));
      assertEquals(0, count(db, "orders WHERE active NOT IN (0, 1)"), "a flag is 0 or 1");
      assertTrue(count(db, "orders WHERE active = 1") > ROWS / 4, "and both");
      assertEquals(0, count(db, "orders WHERE month NOT BETWEEN 1 AND 12"));
      assertEquals(0, count(db, "orders WHERE latitude NOT BETWEEN -90 AND 90"));
      assertEquals(0, count(db, "orders WHERE longitude NOT BETWEEN -180 AND 180"));
      assertEquals(0, count(db, "orders WHERE quantity NOT BETWEEN 1 AND 20"));
      assertTrue(count(db, "orders WHERE quantity <= 5") > ROWS / 2, "mostly a few items");
      assertEquals(0, count(db, "people WHERE age NOT BETWEEN 18 AND 90"));

      assertEquals(0, count(db, "orders WHERE amount <= 0 OR amount > 100000"), "no millions");
      double median =
          Double.parseDouble(
              db.queryString(
                  "SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY amount) FROM orders"));
      double p99 =
          Double.parseDouble(
              db.queryString(
                  "SELECT percentile_cont(0.99) WITHIN GROUP (ORDER BY amount) FROM orders"));
      assertTrue(median > 20 && median < 400, "median amount " + median);
      assertTrue(p99 > 4 * median, "skewed: p99 " + p99 + " over median " + median);
      assertEquals(0, count(db, "products WHERE price <= 0"), "the CHECK still holds");

      assertEquals(
          0,
          count(
              db,
              "orders WHERE shipped_at < ordered_at OR shipped_at > ordered_at + interval '14 days'"),
          "shipped after ordered, within two weeks");
      assertEquals(0, count(db, "people WHERE updated_at < created_at"));
      assertEquals(
          0,
          count(
              db,
              "people WHERE created_at < '2016-01-01 00:00+00' OR created_at >= '2026-01-01 00:00+00'"),
          "a creation time in the ten years up to 2026, never in the future");
      assertTrue(
          db.queryLong(
                  "SELECT count(DISTINCT extract(year FROM ordered_at AT TIME ZONE 'UTC'))"
                      + " FROM orders")
              >= 10,
          "ordered over all ten years");
      assertEquals(0, count(db, "orders WHERE ordered_at > now()"), "none in the future");

      assertEquals(
          0,
          count(db, "orders WHERE ip_address !~ '^[0-9]{1,3}(\\.[0-9]{1,3}){3}$'"),
          "an ip address, not a street");
      db.queryLong("SELECT count(ip_address::inet) FROM orders"); // every one parses
      assertEquals(0, count(db, "orders WHERE billing_city ~ '[0-9]'"), "a city");
      assertEquals(
          1,
          db.queryLong(
              "SELECT count(DISTINCT (SELECT string_agg(k, ',' ORDER BY k)"
                  + " FROM jsonb_object_keys(meta) k)) FROM orders WHERE meta IS NOT NULL"),
          "a json column's documents share the keys it chose");
      assertEquals(
          0, count(db, "products WHERE attributes IS NOT NULL AND NOT attributes ? 'color'"));
      assertEquals(
          0,
          count(db, "products p JOIN people h ON p.name = h.first_name || ' ' || h.last_name"),
          "a product's name is no person's");

      assertEquals(ROWS, db.queryLong("SELECT count(DISTINCT email) FROM accounts"));
      assertEquals(
          0,
          count(db, "accounts WHERE email !~ '^[a-z]+\\.[a-z]+[0-9]+@example\\.(com|org|net)$'"),
          "a unique email alone looks like a person's, not 1, 2, ...");
      assertEquals(ROWS, db.queryLong("SELECT count(DISTINCT last_login) FROM accounts"));
      assertEquals(
          0,
          count(
              db,
              "accounts WHERE last_login < '2020-01-01' OR last_login >= '2026-01-01'"
                  + " OR last_login <> date_trunc('second', last_login)"),
          "unique times spread over 2020..2025 in whole seconds");
      assertTrue(
          db.queryLong("SELECT count(DISTINCT date_trunc('month', last_login)) FROM accounts") > 60,
          "over six years, not microseconds apart");

      for (String table : new String[] {"products", "orders"}) {
        assertEquals(
            0,
            count(
                db,
                table
                    + " WHERE substr(id::text, 15, 1) <> '4' OR substr(id::text, 20, 1) NOT IN ('8', '9', 'a', 'b')"),
            table + ": version 4 uuids");
        assertEquals(
            db.queryLong("SELECT count(*) FROM " + table),
            db.queryLong("SELECT count(DISTINCT left(id::text, 18)) FROM " + table),
            table + ": no two keys share their first 64 bits");
      }
      assertEquals(
          0,
          count(db, "orders o JOIN products p ON left(o.id::text, 18) = left(p.id::text, 18)"),
          "row n of two tables gets two unrelated uuids");
    }
  }
}
