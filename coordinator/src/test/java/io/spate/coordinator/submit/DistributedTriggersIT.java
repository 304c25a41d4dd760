package io.spate.coordinator.submit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.coordinator.testing.TestBroker;
import io.spate.worker.testing.TestDatabase;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code spate submit --disable-triggers} travels in the job: a worker process loads with triggers
 * off.
 */
class DistributedTriggersIT {

  @Test
  void workersLoadWithTriggersOffWhenTheJobSaysSo() throws Exception {
    String prefix = TestBroker.uniqueTopicPrefix();
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(
          """
          CREATE TABLE customer (id int PRIMARY KEY, name text NOT NULL);
          CREATE TABLE orders (id int PRIMARY KEY, customer_id int NOT NULL REFERENCES customer, note text);
          CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN RAISE EXCEPTION 'rows are created by the application only'; END $$;
          CREATE TRIGGER customer_guard BEFORE INSERT ON customer FOR EACH ROW EXECUTE FUNCTION refuse();
          CREATE TRIGGER orders_guard BEFORE INSERT ON orders FOR EACH ROW EXECUTE FUNCTION refuse();
          """);
      try (SpateProcess worker =
          SpateProcess.start(
              "worker",
              "--bootstrap",
              TestBroker.shared().bootstrapServers(),
              "--topic-prefix",
              prefix,
              "--db",
              db.jdbcUrl(),
              "--user",
              db.user(),
              "--threads",
              "1",
              "--task-partitions",
              "2")) {
        Fills.Run run =
            Fills.cli(
                "submit",
                "--bootstrap",
                TestBroker.shared().bootstrapServers(),
                "--topic-prefix",
                prefix,
                "--task-partitions",
                "2",
                "--db",
                db.jdbcUrl(),
                "--user",
                db.user(),
                "--rows",
                "customer=100",
                "--rows",
                "orders=2000",
                "--task-rows",
                "500",
                "--disable-triggers");

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.err().contains("disable-triggers=true"), run.err());
      }
      assertEquals(
          100L,
          db.queryLong("SELECT count(*) FROM customer"),
          "the refusing triggers did not fire");
      assertEquals(2000L, db.queryLong("SELECT count(*) FROM orders"));
      assertEquals(Map.of("orders.orders_customer_id_fkey", 0L), Fills.orphans(db));
    }
  }
}
