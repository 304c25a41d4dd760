package io.spate.core.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.core.profile.Profile.ColumnStats;
import io.spate.core.profile.Profile.Frequent;
import io.spate.worker.testing.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code spate profile} writes a source's planner statistics, reading no row (issue 14, first
 * step): row counts, null fractions, distinct counts, frequent values with their frequencies and
 * histograms, text synthetic unless {@code --include-values}, and a clear refusal where statistics
 * are missing or hidden.
 */
class ProfileIT {

  /** Skewed, null-heavy data in two schemas, analyzed. */
  private static final String SOURCE =
      """
      CREATE TABLE customer (id int PRIMARY KEY, status text, score int, joined date);
      INSERT INTO customer
        SELECT g,
               CASE WHEN g % 10 < 5 THEN 'active' WHEN g % 10 < 8 THEN 'dormant' ELSE 'closed' END,
               CASE WHEN g % 10 < 3 THEN NULL ELSE g % 7 END,
               date '2020-01-01' + g
        FROM generate_series(1, 1000) g;
      CREATE SCHEMA sales;
      CREATE TABLE sales.orders (id int, customer_id int, tags text[], region text, country text);
      INSERT INTO sales.orders
        SELECT g, CASE WHEN g % 2 = 0 THEN 1 ELSE 2 + g % 98 END, ARRAY['gift', 'n' || g % 3],
               'r' || g % 4, 'c' || g % 20
        FROM generate_series(1, 1000) g;
      CREATE TABLE event (id int, kind text) PARTITION BY RANGE (id);
      CREATE TABLE event_1 PARTITION OF event FOR VALUES FROM (0) TO (600);
      CREATE TABLE event_2 PARTITION OF event FOR VALUES FROM (600) TO (2000);
      INSERT INTO event SELECT g, CASE WHEN g % 4 = 0 THEN 'click' ELSE 'view' END
        FROM generate_series(1, 1000) g;
      CREATE STATISTICS orders_geo (dependencies, ndistinct, mcv) ON region, country
        FROM sales.orders;
      ANALYZE;
      """;

  @TempDir Path dir;

  private Fills.Run profile(TestDatabase db, String user, String... extra) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "profile",
                "--db",
                db.jdbcUrl(),
                "--user",
                user,
                "--out",
                dir.resolve("profile.yaml").toString()));
    args.addAll(List.of(extra));
    return Fills.cli(args.toArray(String[]::new));
  }

  private Profile profiled(TestDatabase db, String... extra) {
    Fills.Run run = profile(db, db.user(), extra);
    assertEquals(0, run.exitCode(), run::err);
    return Profile.read(dir.resolve("profile.yaml"));
  }

  @Test
  void writesRowCountsNullsDistinctsAndFrequentValuesWithTextSynthetic() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(SOURCE);
      Profile profile = profiled(db);

      assertEquals(
          List.of("customer", "event", "sales.orders"), List.copyOf(profile.tables().keySet()));
      assertEquals(1000L, profile.tables().get("event").rows(), "a partitioned table: its parts'");
      assertEquals(
          List.of(0.75, 0.25),
          profile.tables().get("event").columns().get("kind").frequentValues().stream()
              .map(Frequent::frequency)
              .toList(),
          "over the whole partitioned table");
      assertEquals(1000L, profile.tables().get("customer").rows());
      assertEquals(1000L, profile.tables().get("sales.orders").rows());
      ColumnStats id = profile.tables().get("customer").columns().get("id");
      assertEquals(-1.0, id.nDistinct(), "n_distinct as stored: every value distinct");
      assertEquals(1000L, id.distinct(), "resolved against the rows");
      assertEquals(0.3, profile.tables().get("customer").columns().get("score").nullFraction());
      ColumnStats customerId = profile.tables().get("sales.orders").columns().get("customer_id");
      assertEquals(new Frequent("1", 0.5), customerId.frequentValues().get(0), "numbers are kept");
      assertTrue(
          profile
              .tables()
              .get("customer")
              .columns()
              .get("joined")
              .histogram()
              .get(0)
              .startsWith("2020-01"),
          "dates are kept");

      ColumnStats status = profile.tables().get("customer").columns().get("status");
      assertEquals(3L, status.distinct());
      assertEquals(
          List.of(
              new Frequent("axxxxx", 0.5),
              new Frequent("bxxxxxx", 0.3),
              new Frequent("cxxxxx", 0.2)),
          status.frequentValues(),
          "text synthetic: same length, same frequency");
      assertEquals(
          List.of("axxx", "bx"),
          profile.tables().get("sales.orders").columns().get("tags").frequentElements().stream()
              .map(Frequent::value)
              .toList()
              .subList(0, 2),
          "array elements of text too");
      Profile.ExtendedStats geo = profile.tables().get("sales.orders").extended().get(0);
      assertEquals("orders_geo", geo.name());
      assertEquals(List.of("region", "country"), geo.columns());
      assertEquals("{\"region, country\": 20}", geo.nDistinct());
      assertTrue(
          geo.dependencies().contains("\"country => region\": 1.000000"), geo.dependencies());
      assertEquals(20, geo.frequentValues().size());
      assertEquals(
          4L,
          geo.frequentValues().stream().map(c -> c.values().get(0)).distinct().count(),
          "a repeated text value keeps one stand-in");
      String file = Files.readString(dir.resolve("profile.yaml"));
      for (String secret : List.of("active", "dormant", "closed", "gift", "r0", "c0", "click")) {
        assertFalse(file.contains(secret), secret + " is not in the profile:\n" + file);
      }

      Profile withValues = profiled(db, "--include-values");
      assertTrue(withValues.includesValues());
      assertEquals(
          List.of(
              new Frequent("active", 0.5),
              new Frequent("dormant", 0.3),
              new Frequent("closed", 0.2)),
          withValues.tables().get("customer").columns().get("status").frequentValues());
      assertEquals(
          "gift",
          withValues
              .tables()
              .get("sales.orders")
              .columns()
              .get("tags")
              .frequentElements()
              .get(0)
              .value());
      assertTrue(
          withValues.tables().get("sales.orders").extended().get(0).frequentValues().stream()
              .anyMatch(c -> c.values().equals(List.of("r1", "c1")) && c.frequency() == 0.05));
      assertNull(withValues.tables().get("customer").columns().get("status").histogram());
    }
  }

  @Test
  void readsNoRowEvenWithEveryTableLockedAndTellsARoleWithoutSelectWhatToGrant() throws Exception {
    String role = "spate_it_reader_" + UUID.randomUUID().toString().substring(0, 8);
    TestDatabase db = TestDatabase.create();
    try {
      db.execute(SOURCE + "CREATE ROLE " + role + " LOGIN; GRANT pg_read_all_stats TO " + role);
      db.execute("GRANT USAGE ON SCHEMA sales TO " + role);

      Fills.Run hidden = profile(db, role);
      assertEquals(1, hidden.exitCode(), hidden::err);
      assertTrue(
          hidden
              .err()
              .contains(
                  "the statistics of customer, event, sales.orders are hidden from this role: pg_stats"
                      + " shows a column's statistics only to a role that may SELECT it (GRANT"
                      + " SELECT ON those tables"),
          hidden.err());

      db.execute("GRANT SELECT ON customer, event, sales.orders TO " + role);
      try (Connection locker = db.connect();
          Statement s = locker.createStatement()) {
        locker.setAutoCommit(false);
        // any read of a row, or lock on the tables, would wait for this transaction
        s.execute("LOCK TABLE customer, event, sales.orders IN ACCESS EXCLUSIVE MODE");
        String url =
            db.jdbcUrl()
                + (db.jdbcUrl().contains("?") ? "&" : "?")
                + "options=-c%20lock_timeout=3000";
        Fills.Run run =
            Fills.cli(
                "profile",
                "--db",
                url,
                "--user",
                role,
                "--out",
                dir.resolve("locked.yaml").toString());
        assertEquals(0, run.exitCode(), run::err);
        locker.rollback();
      }
      Profile profile = Profile.read(dir.resolve("locked.yaml"));
      assertEquals(1000L, profile.tables().get("customer").rows());
      assertEquals(
          0.5,
          profile
              .tables()
              .get("customer")
              .columns()
              .get("status")
              .frequentValues()
              .get(0)
              .frequency());
    } finally {
      db.close();
      try (TestDatabase other = TestDatabase.create()) {
        other.execute("DROP ROLE IF EXISTS " + role);
      }
    }
  }

  @Test
  void tablesNeverAnalyzedAreNamedWithTheFix() {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(
          """
          CREATE TABLE seen (id int);
          INSERT INTO seen SELECT generate_series(1, 100);
          ANALYZE seen;
          CREATE TABLE fresh (id int) WITH (autovacuum_enabled = false);
          INSERT INTO fresh SELECT generate_series(1, 100);
          CREATE SCHEMA s;
          CREATE TABLE s.empty_one (id int) WITH (autovacuum_enabled = false);
          """);
      Fills.Run run = profile(db, db.user());
      assertEquals(1, run.exitCode(), run::err);
      assertTrue(
          run.err()
              .contains(
                  "spate: error: cannot profile: no statistics for fresh, s.empty_one: never"
                      + " analyzed; run ANALYZE on them"),
          run.err());
    }
  }
}
