package io.spate.coordinator.submit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.testing.TestBroker;
import io.spate.coordinator.testing.TestMariaDb;
import io.spate.worker.testing.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The same fill submitted twice at once, as two real {@code spate submit} processes with a worker
 * on the shared broker, on PostgreSQL and MariaDB: one job fills the table, the other submit stops
 * before writing, naming the job that holds the table, and the table holds the rows once.
 */
class ConcurrentSubmitsIT {

  private static final int ROWS = 200_000;

  @Test
  void theSameFillSubmittedTwiceAtOnceFillsPostgresOnce() throws Exception {
    try (TestDatabase db = TestDatabase.withFixtureSchema("single.sql")) {
      String prefix = TestBroker.uniqueTopicPrefix();
      String refusal = oneRefused(prefix, db.jdbcUrl(), db.user());
      assertEquals(ROWS, db.queryLong("SELECT count(*) FROM big_t"), "the rows once, not twice");
      assertRefusalNamesTheOther(refusal);
    }
  }

  @Test
  void theSameFillSubmittedTwiceAtOnceFillsMariaDbOnce() throws Exception {
    try (TestMariaDb db = TestMariaDb.withSchema(TestDatabase.fixtureSchema("single-mysql.sql"))) {
      String prefix = TestBroker.uniqueTopicPrefix();
      String refusal = oneRefused(prefix, db.jdbcUrl(), "root");
      try (Connection c = db.connect();
          Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM big_t")) {
        rs.next();
        assertEquals(ROWS, rs.getLong(1), "the rows once, not twice");
      }
      assertRefusalNamesTheOther(refusal);
    }
  }

  @Test
  void twoDifferentFillsOfOneDatabaseSubmittedAtOnceLeaveTheWinnersRowsOnly() throws Exception {
    try (TestDatabase db = TestDatabase.withFixtureSchema("single.sql")) {
      String prefix = TestBroker.uniqueTopicPrefix();
      String[] big =
          SharedBrokerRuns.submitArgs(
              prefix, db.jdbcUrl(), db.user(), "--rows", "big_t=" + ROWS, "--seed", "3");
      String[] small =
          SharedBrokerRuns.submitArgs(
              prefix, db.jdbcUrl(), db.user(), "--rows", "big_t=" + ROWS / 4, "--seed", "4");
      try (SpateProcess worker =
              SpateProcess.start(SharedBrokerRuns.worker(prefix, db.jdbcUrl(), db.user()));
          SpateProcess first = SpateProcess.start(big);
          SpateProcess second = SpateProcess.start(small)) {
        int bigExit = first.waitFor(Duration.ofMinutes(3));
        int smallExit = second.waitFor(Duration.ofMinutes(3));
        String outputs = first.output() + "\n---\n" + second.output() + "\n---\n" + worker.output();
        assertTrue((bigExit == 0) != (smallExit == 0), "exactly one succeeds: " + outputs);
        assertRefusalNamesTheOther(bigExit == 0 ? second.output() : first.output());
        assertEquals(
            bigExit == 0 ? ROWS : ROWS / 4,
            db.queryLong("SELECT count(*) FROM big_t"),
            "the winner's rows, none of the refused fill's: " + outputs);
      }
    }
  }

  /**
   * One worker serving two databases of one server (its default and a named target), a fill of each
   * submitted at once: each job claims and checks its own database, so both fill, once.
   */
  @Test
  void fillsOfTwoDatabasesOnOneServerSubmittedAtOnceFillEachOnce() throws Exception {
    try (TestDatabase a = TestDatabase.withFixtureSchema("single.sql");
        TestDatabase b = TestDatabase.withFixtureSchema("single.sql")) {
      String prefix = TestBroker.uniqueTopicPrefix();
      try (SpateProcess worker =
              SpateProcess.start(
                  SharedBrokerRuns.worker(
                      prefix, a.jdbcUrl(), a.user(), "--target", "second=" + b.jdbcUrl()));
          SpateProcess toA =
              SpateProcess.start(
                  SharedBrokerRuns.submitArgs(
                      prefix, a.jdbcUrl(), a.user(), "--rows", "big_t=" + ROWS, "--seed", "3"));
          SpateProcess toB =
              SpateProcess.start(
                  SharedBrokerRuns.submitArgs(
                      prefix,
                      b.jdbcUrl(),
                      b.user(),
                      "--target",
                      "second",
                      "--rows",
                      "big_t=" + ROWS,
                      "--seed",
                      "3"))) {
        int exitA = toA.waitFor(Duration.ofMinutes(3));
        int exitB = toB.waitFor(Duration.ofMinutes(3));
        String outputs = toA.output() + "\n---\n" + toB.output() + "\n---\n" + worker.output();
        assertEquals(0, exitA, outputs);
        assertEquals(0, exitB, outputs);
        assertEquals(ROWS, a.queryLong("SELECT count(*) FROM big_t"), "once in a: " + outputs);
        assertEquals(ROWS, b.queryLong("SELECT count(*) FROM big_t"), "once in b: " + outputs);
      }
    }
  }

  /**
   * Starts a worker and two identical submits together; asserts exactly one submit succeeds and
   * returns the other's output.
   */
  private static String oneRefused(String prefix, String url, String user) throws Exception {
    String[] submit =
        SharedBrokerRuns.submitArgs(prefix, url, user, "--rows", "big_t=" + ROWS, "--seed", "3");
    try (SpateProcess worker = SpateProcess.start(SharedBrokerRuns.worker(prefix, url, user))) {
      List<SpateProcess> submits = new ArrayList<>();
      submits.add(SpateProcess.start(submit));
      submits.add(SpateProcess.start(submit));
      List<String> failed = new ArrayList<>();
      int succeeded = 0;
      for (SpateProcess run : submits) {
        try (run) {
          if (run.waitFor(Duration.ofMinutes(3)) == 0) {
            succeeded++;
          } else {
            failed.add(run.output());
          }
        }
      }
      assertEquals(
          1, succeeded, "outputs of the failed: " + failed + "; worker: " + worker.output());
      return failed.getFirst();
    }
  }

  /**
   * The second submit is refused by the first's claim (named, or, when both claim at the same
   * moment, as "another fill right now"), or, where the first had already ended, by the rows it
   * left; either way before writing, saying why.
   */
  private static void assertRefusalNamesTheOther(String refusal) {
    assertTrue(
        refusal.contains("is being filled by job")
            || refusal.contains("is being claimed by another fill right now")
            || refusal.contains("already hold rows; rerun with --truncate"),
        refusal);
  }
}
