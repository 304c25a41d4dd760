package io.spate.core.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.worker.testing.TestDatabase;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * No silent success (issue 28 item 5): a fill ends by counting what its tables hold against the
 * plan. A table that lost rows after its load committed them (here a statement trigger deletes half
 * of each load's rows; each task's own count saw them all) fails the fill naming it, with the
 * counts, where the fill used to print "filled 2000 rows" and exit 0; a fill that holds its plan
 * prints a fingerprint of the plan and the counts, the same for the same fill of another database.
 */
class FillCheckIT {

  private static final String SCHEMA =
      """
      CREATE TABLE account (id integer PRIMARY KEY, name text NOT NULL);
      CREATE TABLE audit (id integer PRIMARY KEY, note text NOT NULL);
      """;

  @Test
  void aTableHoldingFewerRowsThanPlannedFailsTheFillNamingIt() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(
          SCHEMA
              + """
              CREATE FUNCTION purge_even() RETURNS trigger LANGUAGE plpgsql AS $$
              BEGIN DELETE FROM audit WHERE id % 2 = 0; RETURN NULL; END $$;
              CREATE TRIGGER audit_purge_even AFTER INSERT ON audit
                FOR EACH STATEMENT EXECUTE FUNCTION purge_even();
              """);

      Fills.Run run = Fills.cli(Fills.localArgs(db));

      assertNotEquals(0, run.exitCode(), run::out);
      assertTrue(
          run.err().contains("the fill ended but its tables do not hold what it planned"),
          run::err);
      assertTrue(run.err().contains("table audit holds 500 rows but the plan writes"), run::err);
      assertTrue(
          !run.err().contains("table account holds"), "account holds its plan: " + run.err());
      assertEquals(500L, db.queryLong("SELECT count(*) FROM audit"));
    }
  }

  @Test
  void aFillHoldingItsPlanPrintsTheSameFingerprintForTheSameFillOfAnotherDatabase()
      throws Exception {
    try (TestDatabase a = TestDatabase.create();
        TestDatabase b = TestDatabase.create()) {
      a.execute(SCHEMA);
      b.execute(SCHEMA);

      String first = fingerprint(Fills.local(a, "--seed", "3").out());
      String second = fingerprint(Fills.local(b, "--seed", "3").out());

      assertEquals(first, second);
    }
  }

  private static String fingerprint(String out) {
    Matcher m =
        Pattern.compile(
                "fingerprint ([0-9a-f]{12}) \\(plan local-[0-9a-f]+, 2 tables, 2,000 rows\\)")
            .matcher(out);
    assertTrue(m.find(), out);
    return m.group(1);
  }
}
