package io.spate.core.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.coordinator.submit.SpateProcess;
import io.spate.coordinator.testing.TestMariaDb;
import io.spate.worker.testing.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Two fills at once, as real {@code spate local} processes of the packaged jar, on PostgreSQL and
 * MariaDB: the same fill into two databases of one server fills both, and two different fills of
 * one table leave exactly one fill's rows, the other refused naming the job that holds the table.
 * So too on PostgreSQL for a table one task loads whole, whose count that task gives.
 */
class ConcurrentFillsIT {

  private static final int ROWS = 400_000;

  /** {@link IndexesAfterLoadIT#ACCOUNT}'s rows: one task loads them, its indexes built after. */
  private static final long ACCOUNTS = 200_000;

  private static final Pattern FINGERPRINT = Pattern.compile("fingerprint ([0-9a-f]{12}) \\(plan");

  @Test
  void theSameFillIntoTwoMariaDbDatabasesOfOneServerAtOnceFillsBoth() throws Exception {
    try (TestMariaDb a = TestMariaDb.withSchema(TestDatabase.fixtureSchema("single-mysql.sql"));
        TestMariaDb b = TestMariaDb.withSchema(TestDatabase.fixtureSchema("single-mysql.sql"))) {
      List<SpateProcess> runs = startTogether(mariaDbArgs(a, "7"), mariaDbArgs(b, "7"));

      List<String> outputs = awaitAll(runs, 0, 0);

      assertEquals(ROWS, count(a.connect()));
      assertEquals(ROWS, count(b.connect()));
      assertEquals(fingerprint(outputs.get(0)), fingerprint(outputs.get(1)), "the same fill");
    }
  }

  @Test
  void twoFillsOfOneMariaDbTableAtOnceLeaveOneFillAndNameTheOther() throws Exception {
    try (TestMariaDb db = TestMariaDb.withSchema(TestDatabase.fixtureSchema("single-mysql.sql"))) {
      List<SpateProcess> runs = startTogether(mariaDbArgs(db, "1"), mariaDbArgs(db, "2"));

      String refusal = oneRefused(runs);

      assertEquals(ROWS, count(db.connect()), "one fill's rows, not two");
      assertRefusalNamesTheOther(refusal);
    }
  }

  @Test
  void theSameFillIntoTwoPostgresDatabasesAtOnceFillsBoth() throws Exception {
    try (TestDatabase a = TestDatabase.withFixtureSchema("single.sql");
        TestDatabase b = TestDatabase.withFixtureSchema("single.sql")) {
      List<SpateProcess> runs = startTogether(pgArgs(a, "7"), pgArgs(b, "7"));

      List<String> outputs = awaitAll(runs, 0, 0);

      assertEquals(ROWS, a.queryLong("SELECT count(*) FROM big_t"));
      assertEquals(ROWS, b.queryLong("SELECT count(*) FROM big_t"));
      assertEquals(fingerprint(outputs.get(0)), fingerprint(outputs.get(1)), "the same fill");
    }
  }

  @Test
  void twoFillsOfOnePostgresTableAtOnceLeaveOneFillAndNameTheOther() throws Exception {
    try (TestDatabase db = TestDatabase.withFixtureSchema("single.sql")) {
      List<SpateProcess> runs = startTogether(pgArgs(db, "1"), pgArgs(db, "2"));

      String refusal = oneRefused(runs);

      assertEquals(ROWS, db.queryLong("SELECT count(*) FROM big_t"), "one fill's rows, not two");
      assertRefusalNamesTheOther(refusal);
      assertEquals(
          0L, db.queryLong("SELECT count(*) FROM spate.claims"), "the claim ended with its fill");
    }
  }

  @Test
  void theSameWholeTableFillIntoTwoPostgresDatabasesAtOnceFillsBoth() throws Exception {
    try (TestDatabase a = TestDatabase.create();
        TestDatabase b = TestDatabase.create()) {
      a.execute(IndexesAfterLoadIT.ACCOUNT);
      b.execute(IndexesAfterLoadIT.ACCOUNT);
      List<SpateProcess> runs = startTogether(accountArgs(a, "7"), accountArgs(b, "7"));

      List<String> outputs = awaitAll(runs, 0, 0);

      assertTrue(outputs.get(0).contains(", 1 tasks"), "loaded whole: " + outputs.get(0));
      assertEquals(ACCOUNTS, a.queryLong("SELECT count(*) FROM account"));
      assertEquals(ACCOUNTS, b.queryLong("SELECT count(*) FROM account"));
      assertEquals(fingerprint(outputs.get(0)), fingerprint(outputs.get(1)), "the same fill");
    }
  }

  /**
   * A table loaded whole, by one task holding it alone, is counted by that task, not read again:
   * two fills of it at once, the same or different, still leave exactly one fill's rows.
   */
  @Test
  void twoFillsOfOneWholeTableAtOnceLeaveOneFillsRows() throws Exception {
    for (String otherSeed : List.of("7", "8")) {
      try (TestDatabase db = TestDatabase.create()) {
        db.execute(IndexesAfterLoadIT.ACCOUNT);
        List<SpateProcess> runs = startTogether(accountArgs(db, "7"), accountArgs(db, otherSeed));

        List<String> succeeded = new ArrayList<>();
        for (SpateProcess run : runs) {
          try (run) {
            if (run.waitFor(Duration.ofMinutes(3)) == 0) {
              succeeded.add(run.output());
            } else {
              assertRefusalNamesTheOther(run.output());
            }
          }
        }

        assertTrue(!succeeded.isEmpty(), "seed " + otherSeed + ": one fill at least");
        if (otherSeed.equals("8")) {
          assertEquals(1, succeeded.size(), "different fills: one wins");
        }
        assertEquals(
            ACCOUNTS, db.queryLong("SELECT count(*) FROM account"), "one fill's rows, not two");
        succeeded.forEach(
            out -> assertEquals(fingerprint(succeeded.get(0)), fingerprint(out), "one fill"));
      }
    }
  }

  /**
   * The second fill is refused by the first's claim (named, or, when both claim at the same moment,
   * as "another fill right now"), or, where the first had already ended, by the rows it left;
   * either way before writing, saying why.
   */
  private static void assertRefusalNamesTheOther(String refusal) {
    assertTrue(
        refusal.contains("is being filled by job local-")
            || refusal.contains("is being claimed by another fill right now")
            || refusal.contains("already hold rows; rerun with --truncate"),
        refusal);
  }

  private static String[] pgArgs(TestDatabase db, String seed) {
    return Fills.localArgs(db, "--rows", "big_t=" + ROWS, "--seed", seed, "--threads", "1");
  }

  private static String[] accountArgs(TestDatabase db, String seed) {
    return Fills.localArgs(db, "--rows", "account=" + ACCOUNTS, "--seed", seed, "--threads", "2");
  }

  private static String[] mariaDbArgs(TestMariaDb db, String seed) {
    return new String[] {
      "local",
      "--db",
      db.jdbcUrl(),
      "--user",
      "root",
      "--rows",
      "big_t=" + ROWS,
      "--seed",
      seed,
      "--threads",
      "1"
    };
  }

  private static List<SpateProcess> startTogether(String[]... args) throws Exception {
    List<SpateProcess> runs = new ArrayList<>();
    for (String[] a : args) {
      runs.add(SpateProcess.start(a));
    }
    return runs;
  }

  /** Waits for every run, asserting each exit status; returns their outputs. */
  private static List<String> awaitAll(List<SpateProcess> runs, int... exits) throws Exception {
    List<String> outputs = new ArrayList<>();
    for (int i = 0; i < runs.size(); i++) {
      try (SpateProcess run = runs.get(i)) {
        int exit = run.waitFor(Duration.ofMinutes(3));
        assertEquals(exits[i], exit, run.output());
        outputs.add(run.output());
      }
    }
    return outputs;
  }

  /** Exactly one of two runs succeeded; returns the other's output. */
  private static String oneRefused(List<SpateProcess> runs) throws Exception {
    List<String> failed = new ArrayList<>();
    int succeeded = 0;
    for (SpateProcess run : runs) {
      try (run) {
        if (run.waitFor(Duration.ofMinutes(3)) == 0) {
          succeeded++;
        } else {
          failed.add(run.output());
        }
      }
    }
    assertEquals(1, succeeded, "outputs of the failed: " + failed);
    return failed.get(0);
  }

  private static String fingerprint(String output) {
    Matcher m = FINGERPRINT.matcher(output);
    assertTrue(m.find(), output);
    return m.group(1);
  }

  private static long count(Connection c) throws Exception {
    try (c;
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT count(*) FROM big_t")) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
