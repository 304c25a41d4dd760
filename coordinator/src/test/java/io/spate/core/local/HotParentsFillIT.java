package io.spate.core.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.worker.testing.TestDatabase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code distribution: zipf} on a foreign-key column makes hot parents: a few customers hold many
 * of the orders, where the uniform default spreads them evenly.
 */
class HotParentsFillIT {

  private static final String SCHEMA =
      """
      CREATE TABLE customer (id int PRIMARY KEY, name text NOT NULL);
      CREATE TABLE orders (id int PRIMARY KEY, customer_id int NOT NULL REFERENCES customer, total numeric(10,2));
      """;

  /** The share of orders that the top 1% of customers (10 of 1,000) hold. */
  private static final String TOP_ONE_PERCENT_SHARE =
      "SELECT sum(n)::float8 / 50000 FROM (SELECT count(*) n FROM orders GROUP BY customer_id ORDER BY n DESC LIMIT 10) top";

  @Test
  void zipfOnAForeignKeyGivesAFewParentsMostChildren(@TempDir Path dir)
      throws IOException, SQLException {
    Path zipf =
        Files.writeString(
            dir.resolve("zipf.yaml"),
            """
        tables:
          customer: {rows: 1000}
          orders:
            rows: 50000
            columns:
              customer_id: {distribution: zipf}
        """);
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(SCHEMA);

      Fills.local(db, "--rows", "customer=1000", "--rows", "orders=50000");
      double uniform = Double.parseDouble(db.queryString(TOP_ONE_PERCENT_SHARE));

      Fills.local(db, "--config", zipf.toString(), "--truncate");
      double skewed = Double.parseDouble(db.queryString(TOP_ONE_PERCENT_SHARE));

      assertTrue(
          uniform < 0.02,
          "uniform: the top 1% of customers hold about 1% of orders, got " + uniform);
      assertTrue(
          skewed > 0.20,
          "zipf: the top 1% of customers hold far more than 1% of orders, got " + skewed);
      assertEquals(0L, Fills.orphans(db).values().stream().mapToLong(Long::longValue).sum());
    }
  }
}
