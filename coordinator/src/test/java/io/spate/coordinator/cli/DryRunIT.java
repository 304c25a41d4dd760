package io.spate.coordinator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.coordinator.testing.TestMariaDb;
import io.spate.db.mariadb.MariaDbFill;
import io.spate.worker.testing.TestDatabase;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code spate local --dry-run} on real servers: it generates every row of the plan, in the
 * target's load format, and writes nothing at all (no row, no ledger row, no sequence step); the
 * rows it reports are those a real fill with the same arguments then commits.
 */
class DryRunIT {

  private static final String SCHEMA =
      "CREATE TABLE customer (id serial PRIMARY KEY, name text NOT NULL, email varchar(80) UNIQUE);"
          + " CREATE TABLE orders (id bigserial PRIMARY KEY,"
          + " customer_id int NOT NULL REFERENCES customer (id), total numeric(10, 2),"
          + " placed timestamp)";

  private static final String[] ARGS = {
    "--rows", "customer=3000", "--rows", "orders=20000", "--task-rows", "1500", "--threads", "2"
  };

  private static final Pattern SUMMARY =
      Pattern.compile("dry run: generated (\\d+) rows, (\\d+) bytes of (\\S+) load data");

  private record Generated(long rows, long bytes, String format) {}

  @Test
  void postgresDryRunGeneratesEveryRowAndWritesNothing() {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(SCHEMA);

      Generated dry = generated(Fills.local(db, with("--dry-run")));

      assertEquals("PostgreSQL", dry.format());
      assertEquals(0, db.queryLong("SELECT count(*) FROM customer"), "customer stays empty");
      assertEquals(0, db.queryLong("SELECT count(*) FROM orders"), "orders stays empty");
      assertEquals(
          0,
          db.queryLong("SELECT count(*) FROM pg_namespace WHERE nspname = 'spate'"),
          "no ledger: the spate schema is not even created");
      assertEquals(
          "f", db.queryString("SELECT is_called FROM customer_id_seq"), "sequence not stepped");
      assertTrue(dry.bytes() > dry.rows() * 10, "binary COPY bytes: " + dry);

      Fills.local(db, ARGS);
      assertEquals(
          db.queryLong("SELECT (SELECT count(*) FROM customer) + (SELECT count(*) FROM orders)"),
          dry.rows(),
          "the dry run generated the rows the fill commits");
    }
  }

  @Test
  void mariaDbDryRunEncodesLoadDataTextAndWritesNothing() throws Exception {
    try (TestMariaDb db = TestMariaDb.create()) {
      db.execute(
          "CREATE TABLE customer (id int AUTO_INCREMENT PRIMARY KEY, name text NOT NULL,"
              + " email varchar(80) UNIQUE)");
      db.execute(
          "CREATE TABLE orders (id bigint AUTO_INCREMENT PRIMARY KEY, customer_id int NOT NULL,"
              + " total decimal(10, 2), placed datetime,"
              + " FOREIGN KEY (customer_id) REFERENCES customer (id))");

      Generated dry = generated(MariaDbFill.local(db, with("--dry-run")));

      assertEquals("MariaDB/MySQL", dry.format());
      assertEquals(Map.of("customer", 0L, "orders", 0L), MariaDbFill.rowCounts(db));

      MariaDbFill.local(db, ARGS);
      Map<String, Long> counts = MariaDbFill.rowCounts(db);
      assertEquals(counts.get("customer") + counts.get("orders"), dry.rows());
    }
  }

  /** A joint group's leader task generates every table of the group, as its load writes them. */
  @Test
  void aJointGroupsRowsAreAllGenerated() {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(Fills.schema("cycle-deferrable.sql"));

      Generated dry = generated(Fills.local(db, "--dry-run", "--task-rows", "300"));

      Fills.local(db, "--task-rows", "300");
      assertEquals(
          db.queryLong(
              "SELECT (SELECT count(*) FROM store) + (SELECT count(*) FROM staff)"
                  + " + (SELECT count(*) FROM rental)"),
          dry.rows());
    }
  }

  @Test
  void dryRunRefusesTruncateAndResume() {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(SCHEMA);
      for (String writing : new String[] {"--truncate", "--resume"}) {
        Fills.Run run =
            Fills.cli("local", "--db", db.jdbcUrl(), "--user", db.user(), "--dry-run", writing);
        assertNotEquals(0, run.exitCode(), writing);
        assertTrue(
            run.err().contains("--dry-run writes nothing") && run.err().contains(writing),
            run.err());
      }
    }
  }

  private static String[] with(String extra) {
    String[] args = java.util.Arrays.copyOf(ARGS, ARGS.length + 1);
    args[ARGS.length] = extra;
    return args;
  }

  private static Generated generated(Fills.Run run) {
    Matcher m = SUMMARY.matcher(run.out());
    assertTrue(m.find(), () -> "no dry-run summary in:\n" + run.out() + run.err());
    long rows = Long.parseLong(m.group(1));
    assertTrue(rows > 0, run.out());
    return new Generated(rows, Long.parseLong(m.group(2)), m.group(3));
  }
}
