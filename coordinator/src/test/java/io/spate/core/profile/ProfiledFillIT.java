package io.spate.core.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.core.profile.ProfileDistance.ColumnDistance;
import io.spate.worker.testing.TestDatabase;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code spate local --profile} fills an empty copy of a source's schema whose statistics and query
 * plans match the source's (issue 14, must-show 1 and 2), as {@code spate compare} measures them.
 */
class ProfiledFillIT {

  /** The source's schema, which the copy gets empty. */
  static final String SCHEMA =
      """
      CREATE TABLE customer (
        id serial PRIMARY KEY, name text NOT NULL, segment text,
        region_code int NOT NULL, region_name text NOT NULL,
        score double precision, signup date NOT NULL,
        postal_code int NOT NULL, city_code int NOT NULL);
      CREATE TABLE orders (
        id bigserial PRIMARY KEY, customer_id int NOT NULL REFERENCES customer (id),
        status text NOT NULL, amount numeric(10, 2) NOT NULL, discount numeric(5, 2),
        placed_at timestamp NOT NULL, note text);
      CREATE INDEX ON orders (customer_id);
      CREATE INDEX ON orders (status);
      CREATE INDEX ON orders (placed_at);
      CREATE INDEX ON customer (region_code);
      CREATE TABLE event (id bigint NOT NULL, at timestamptz NOT NULL, kind text NOT NULL,
        PRIMARY KEY (id, at)) PARTITION BY RANGE (at);
      CREATE TABLE event_q1 PARTITION OF event FOR VALUES FROM ('2024-01-01') TO ('2024-04-01');
      CREATE TABLE event_q2 PARTITION OF event FOR VALUES FROM ('2024-04-01') TO ('2024-07-01');
      CREATE TABLE event_h2 PARTITION OF event FOR VALUES FROM ('2024-07-01') TO ('2025-01-01');
      CREATE INDEX ON event (kind);
      CREATE STATISTICS customer_region (dependencies, mcv) ON region_code, region_name
        FROM customer;
      CREATE STATISTICS customer_postal (dependencies) ON postal_code, city_code FROM customer;
      """;

  /**
   * Skewed, correlated, null-heavy data: a zipf-like foreign key (customer 1 takes 4% of the
   * orders), 30% NULL discounts, a status of 5 frequent values, bimodal amounts, a timestamp range
   * growing with the id, a region name functionally dependent on its code (with the combinations of
   * the two as frequent values), a city (of 40) dependent on a postal code of 2,000 values (with a
   * dependency alone in the extended statistics), a partitioned table.
   */
  static final String DATA =
      """
      SET TIME ZONE 'UTC';
      SELECT setseed(0.14);
      INSERT INTO customer (name, segment, region_code, region_name, score, signup, postal_code,
                            city_code)
        SELECT 'name ' || (g % 15000),
               CASE WHEN random() < 0.5 THEN NULL WHEN random() < 0.7 THEN 'retail' ELSE 'b2b' END,
               r, 'region-' || r,
               CASE WHEN random() < 0.1 THEN NULL ELSE random() * 100 END,
               date '2015-01-01' + (random() * 3000)::int, p, p / 50
        FROM generate_series(1, 20000) g,
             LATERAL (SELECT 1 + floor(50 * power(random(), 2))::int + g * 0 AS r) x,
             LATERAL (SELECT 10000 + floor(2000 * random())::int + g * 0 AS p) y;
      INSERT INTO orders (customer_id, status, amount, discount, placed_at, note)
        SELECT 1 + floor(20000 * power(random(), 3))::int,
               CASE WHEN s < 0.6 THEN 'delivered' WHEN s < 0.8 THEN 'shipped'
                    WHEN s < 0.9 THEN 'pending' WHEN s < 0.97 THEN 'cancelled' ELSE 'returned' END,
               round((CASE WHEN random() < 0.6 THEN 20 + 5 * z ELSE 200 + 30 * z END)::numeric, 2),
               CASE WHEN random() < 0.3 THEN NULL ELSE round((random() * 50)::numeric, 2) END,
               timestamp '2023-01-01' + g * interval '8 minutes' + random() * interval '5 minutes',
               CASE WHEN random() < 0.8 THEN NULL ELSE 'note ' || md5(g::text) END
        FROM generate_series(1, 60000) g,
             LATERAL (SELECT random() + g * 0 AS s,
                             sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random()) + g * 0 AS z) x;
      INSERT INTO event
        SELECT g, timestamptz '2024-01-01 00:00:00+00' + random() * interval '365 days',
               CASE WHEN random() < 0.7 THEN 'view' WHEN random() < 0.8 THEN 'click' ELSE 'buy' END
        FROM generate_series(1, 20000) g;
      ANALYZE;
      """;

  /** Filters on skewed and rare values, joins through hot parents, range scans, group-bys. */
  static final List<String> QUERIES =
      List.of(
          "SELECT * FROM orders WHERE status = 'returned'",
          "SELECT * FROM orders WHERE status = 'delivered'",
          "SELECT * FROM orders WHERE customer_id = 1",
          "SELECT * FROM orders WHERE customer_id = 19000",
          "SELECT * FROM orders WHERE placed_at BETWEEN '2023-03-01' AND '2023-03-02'",
          "SELECT * FROM orders WHERE placed_at > '2023-02-01'",
          "SELECT * FROM orders WHERE discount IS NULL",
          "SELECT * FROM orders WHERE amount > 300",
          "SELECT status, count(*) FROM orders GROUP BY status",
          "SELECT customer_id, count(*) FROM orders GROUP BY customer_id ORDER BY 2 DESC LIMIT 10",
          "SELECT o.* FROM orders o JOIN customer c ON c.id = o.customer_id WHERE c.region_code = 1",
          "SELECT c.name, sum(o.amount) FROM customer c JOIN orders o ON o.customer_id = c.id"
              + " WHERE c.id < 5 GROUP BY c.name",
          "SELECT region_name, count(*) FROM customer WHERE region_code = 3 GROUP BY region_name",
          "SELECT * FROM event WHERE at >= '2024-03-01' AND at < '2024-03-08'",
          "SELECT kind, count(*) FROM event WHERE kind = 'buy' GROUP BY kind",
          "SELECT * FROM customer WHERE segment IS NULL AND score > 90");

  @TempDir Path dir;

  @Test
  void aProfiledCopyMatchesTheSourcesStatisticsAndPlans() throws Exception {
    try (TestDatabase source = TestDatabase.create();
        TestDatabase copy = TestDatabase.create();
        TestDatabase small = TestDatabase.create()) {
      // Both sides as autovacuum leaves them, every page all-visible (which index-only scans
      // weigh): a table whose indexes Spate builds after its rows is frozen by its COPY already.
      source.execute(SCHEMA + DATA);
      source.execute("VACUUM ANALYZE");
      copy.execute(SCHEMA);
      small.execute(SCHEMA);
      Path profile = dir.resolve("profile.yaml");
      Fills.Run profiled =
          Fills.cli(
              "profile",
              "--db",
              source.jdbcUrl(),
              "--user",
              source.user(),
              "--include-values",
              "--out",
              profile.toString());
      assertEquals(0, profiled.exitCode(), profiled::err);

      Fills.local(copy, "--profile", profile.toString(), "--scale", "1");
      copy.execute("VACUUM ANALYZE");
      Fills.Run compared =
          Fills.cli(
              "compare", "--db", source.jdbcUrl(), "--db", copy.jdbcUrl(), "--user", source.user());
      assertEquals(0, compared.exitCode(), compared::err);
      System.out.println(compared.out());

      List<ColumnDistance> distances = distances(source, copy);
      assertEquals(19, distances.size(), "every column compared: " + distances);
      List<String> far = new ArrayList<>();
      for (ColumnDistance d : distances) {
        if (d.nullFraction() > 0.02
            || Math.abs(d.distinctRatio() - 1) > 0.1
            || (d.frequentTvd() != null && d.frequentTvd() >= 0.1)
            || (d.histogramKs() != null && d.histogramKs() >= 0.05)) {
          far.add(d.line());
        }
      }
      assertEquals(List.of(), far, "columns past the bounds:\n" + compared.out());

      String broken =
          "SELECT count(*) FROM (SELECT region_code FROM customer GROUP BY region_code"
              + " HAVING count(DISTINCT region_name) > 1) x";
      assertEquals(0, copy.queryLong(broken), "region_code => region_name holds, as in the source");
      String city =
          "SELECT count(*) FROM (SELECT postal_code FROM customer GROUP BY postal_code"
              + " HAVING count(DISTINCT city_code) > 1) x";
      assertEquals(0, copy.queryLong(city), "postal_code => city_code holds by the dependency");

      List<String> differing = new ArrayList<>();
      for (String q : QUERIES) {
        String a = explain(source, q);
        String b = explain(copy, q);
        if (!a.equals(b)) {
          differing.add(q + "\nsource:\n" + a + "\ncopy:\n" + b);
        }
      }
      assertEquals(List.of(), differing, "plans that differ");

      Fills.local(small, "--profile", profile.toString(), "--scale", "0.1");
      small.execute("ANALYZE");
      assertEquals(2000, small.queryLong("SELECT count(*) FROM customer"));
      assertEquals(6000, small.queryLong("SELECT count(*) FROM orders"));
      assertEquals(2000, small.queryLong("SELECT count(*) FROM event"));
      // keys are numbered 1..n at any scale, and a foreign key's parents are 10x fewer: their
      // values are not the source's; the hot parent keeps its share
      Set<String> keys = Set.of("customer.id", "orders.id", "orders.customer_id", "event.id");
      List<String> changed = new ArrayList<>();
      for (ColumnDistance d : distances(source, small)) {
        boolean key = keys.contains(d.table() + "." + d.column());
        if (d.nullFraction() > 0.02
            || (!key && d.frequentTvd() != null && d.frequentTvd() >= 0.1)
            || (!key && d.histogramKs() != null && d.histogramKs() >= 0.1)) {
          changed.add(d.line());
        }
      }
      assertEquals(List.of(), changed, "distributions changed at --scale 0.1");
      String hot = "SELECT avg((customer_id = 1)::int)::float8 FROM orders";
      double sourceShare = Double.parseDouble(source.queryString(hot));
      assertTrue(sourceShare > 0.03, "customer 1 is hot in the source: " + sourceShare);
      assertEquals(sourceShare, Double.parseDouble(small.queryString(hot)), 0.005, "hot parent");
    }
  }

  /**
   * A default profile makes its frequent text up, and a fill gives the made-up values the planner's
   * values for the column (a recognised kind's pool, a CHECK's list) at the same frequencies: a
   * column under a CHECK other than a bound or a list keeps the planner's rule, so the fill passes
   * every CHECK; a bounded number is still drawn by its profile, and a listed column by a profile
   * with the source's values.
   */
  @Test
  void madeUpTextNeverBreaksACheck() throws Exception {
    String schema =
        """
        CREATE TABLE account (
          id serial PRIMARY KEY,
          status text NOT NULL CHECK (status IN ('active', 'trial', 'churned')),
          code text NOT NULL CHECK (code ~ '^[A-Z]{2}-[0-9]{3}$'),
          balance numeric(10, 2) NOT NULL CHECK (balance >= 0),
          city text NOT NULL);
        """;
    try (TestDatabase source = TestDatabase.create();
        TestDatabase copy = TestDatabase.create()) {
      source.execute(
          schema
              + "INSERT INTO account (status, code, balance, city) SELECT (ARRAY['active',"
              + " 'active', 'trial', 'churned'])[1 + g % 4], 'AB-' || lpad((g % 1000)::text, 3,"
              + " '0'), (g % 500) * 1.5, (ARRAY['Springfield', 'Riverside', 'Franklin',"
              + " 'Greenville', 'Bristol'])[1 + g % 5] FROM generate_series(1, 5000) g; ANALYZE;");
      copy.execute(schema);
      Path profile = dir.resolve("synthetic.yaml");
      Fills.Run profiled =
          Fills.cli(
              "profile",
              "--db",
              source.jdbcUrl(),
              "--user",
              source.user(),
              "--out",
              profile.toString());
      assertEquals(0, profiled.exitCode(), profiled::err);

      Fills.local(copy, "--profile", profile.toString(), "--scale", "1");
      assertEquals(5000, copy.queryLong("SELECT count(*) FROM account"));
      assertEquals(
          0,
          copy.queryLong(
              "SELECT count(*) FROM account WHERE status NOT IN ('active', 'trial', 'churned')"
                  + " OR code !~ '^[A-Z]{2}-[0-9]{3}$' OR balance < 0"));
      double max = Double.parseDouble(copy.queryString("SELECT max(balance) FROM account"));
      String largest = "SELECT max(n) FROM (SELECT count(*) n FROM account GROUP BY %s) x";
      assertEquals(
          2500,
          copy.queryLong(largest.formatted("status")),
          "made-up frequent values take the CHECK's listed values, at the source's frequencies");
      assertEquals(1000, copy.queryLong(largest.formatted("city")), "five cities, as frequent");
      assertEquals(5, copy.queryLong("SELECT count(DISTINCT city) FROM account"));
      assertEquals(
          0,
          copy.queryLong("SELECT count(*) FROM account WHERE city !~ '^[A-Z][a-z]'"),
          "a city's made-up frequent values are city names, not axxxx stand-ins");
      // The same with the source's values: a list holding every frequent value keeps the profile.
      try (TestDatabase withValues = TestDatabase.create()) {
        withValues.execute(schema);
        Path real = dir.resolve("values.yaml");
        assertEquals(
            0,
            Fills.cli(
                    "profile",
                    "--db",
                    source.jdbcUrl(),
                    "--user",
                    source.user(),
                    "--include-values",
                    "--out",
                    real.toString())
                .exitCode());
        Fills.local(withValues, "--profile", real.toString(), "--scale", "1");
        assertEquals(
            2500,
            withValues.queryLong("SELECT count(*) FROM account WHERE status = 'active'"),
            "the source's status frequencies, exact");
      }
      assertTrue(
          max > 700 && max <= 748.5, "the bounded number keeps the source's 0..748.5: " + max);
    }
  }

  /**
   * A profile {@code spate profile} wrote of boolean and enum columns fills a copy: their frequent
   * values are read as a boolean's and an enum's own literals, at the source's frequencies.
   */
  @Test
  void booleanAndEnumColumnsFillFromTheProfileSpateWrote() throws Exception {
    String schema =
        """
        CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy');
        CREATE TABLE person (
          id serial PRIMARY KEY, active boolean NOT NULL, feeling mood NOT NULL);
        """;
    try (TestDatabase source = TestDatabase.create();
        TestDatabase copy = TestDatabase.create()) {
      source.execute(
          schema
              + "INSERT INTO person (active, feeling) SELECT g % 4 = 0,"
              + " (ARRAY['sad', 'ok', 'ok', 'happy'])[1 + g % 4]::mood"
              + " FROM generate_series(1, 4000) g; ANALYZE;");
      copy.execute(schema);
      Path profile = dir.resolve("flags.yaml");
      Fills.Run profiled =
          Fills.cli(
              "profile",
              "--db",
              source.jdbcUrl(),
              "--user",
              source.user(),
              "--out",
              profile.toString());
      assertEquals(0, profiled.exitCode(), profiled::err);

      Fills.local(copy, "--profile", profile.toString(), "--scale", "1");
      assertEquals(4000, copy.queryLong("SELECT count(*) FROM person"));
      assertEquals(1000, copy.queryLong("SELECT count(*) FROM person WHERE active"), 10);
      assertEquals(2000, copy.queryLong("SELECT count(*) FROM person WHERE feeling = 'ok'"), 10);
      assertEquals(1000, copy.queryLong("SELECT count(*) FROM person WHERE feeling = 'sad'"), 10);
    }
  }

  /** The distances between two databases' statistics, through the compare code. */
  private static List<ColumnDistance> distances(TestDatabase a, TestDatabase b) throws Exception {
    try (Connection ca = a.connect();
        Connection cb = b.connect()) {
      List<String> missing = new ArrayList<>();
      List<ColumnDistance> d =
          ProfileDistance.compare(
              StatisticsReader.read(ca, List.of("public"), true),
              StatisticsReader.read(cb, List.of("public"), true),
              missing);
      assertEquals(List.of(), missing);
      return d;
    }
  }

  private static String explain(TestDatabase db, String query) throws Exception {
    StringBuilder plan = new StringBuilder();
    try (Connection c = db.connect();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("EXPLAIN (COSTS OFF) " + query)) {
      while (rs.next()) {
        plan.append(rs.getString(1)).append('\n');
      }
    }
    return plan.toString();
  }
}
