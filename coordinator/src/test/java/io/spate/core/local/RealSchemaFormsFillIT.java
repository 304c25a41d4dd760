package io.spate.core.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.worker.testing.TestDatabase;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Forms found in real public application schemas tried with no config (the compatibility table in
 * docs/real-schemas.md), each in a fixture of {@code src/test/resources/schemas} of its own: after
 * the fill no row is an orphan, every constraint is as it was and valid, and the application
 * inserts into every table with a default key; where Spate cannot fill a form the error names the
 * table, column and constraint, and the config that fixes it.
 */
class RealSchemaFormsFillIT {

  @Test
  void integerKeysStayWithinTheirChecksAndATableHoldsNoMoreRowsThanItsKeyAdmits() throws Exception {
    try (TestDatabase db = Fills.filledValidly("key-checks.sql")) {
      assertEquals(1L, db.queryLong("SELECT count(*) FROM settings_version"));
      assertEquals(0L, db.queryLong("SELECT id FROM settings_version"));
      assertEquals(1000L, db.queryLong("SELECT min(id) FROM ticket"));
      assertEquals(1999L, db.queryLong("SELECT max(id) FROM ticket"));
      assertEquals(1000L, db.queryLong("SELECT count(*) FROM ticket_note"));
      assertEquals(50L, db.queryLong("SELECT count(DISTINCT n) FROM slot"));
      assertEquals(-1000L, db.queryLong("SELECT min(code) FROM adjustment"));
      assertEquals(-1L, db.queryLong("SELECT max(code) FROM adjustment"));
      assertEquals(1L, db.queryLong("SELECT count(*) FROM stream_position WHERE lock = 'X'"));
      assertEquals(
          3L, db.queryLong("SELECT count(*) FROM region WHERE code IN ('eu', 'us', 'apac')"));
      // numbered in a form read off values drawn from the pattern; the IS FALSE branch unneeded
      assertEquals(1000L, db.queryLong("SELECT count(*) FROM isrc WHERE locale IS NOT NULL"));
      db.execute("INSERT INTO ticket (title) VALUES ('new')");
      db.execute("INSERT INTO ticket_note (ticket_id, body) VALUES (1000, 'new')");
      assertEquals(1001L, db.queryLong("SELECT count(*) FROM ticket"));
    }
  }

  @Test
  void aTableItsKeyHoldsToFewerRowsThanTheDefaultIsNamedWithThatKeyColumn() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(Fills.schema("key-checks.sql"));

      Fills.Run run = Fills.local(db);

      assertEquals(0, run.exitCode(), run.err());
      for (String line :
          List.of(
              "settings_version gets 1 row, not the default 1000: its key column id (integer)"
                  + " holds no more",
              "slot gets 50 rows, not the default 1000: its key column n (slot_number) holds no"
                  + " more",
              "region gets 3 rows, not the default 1000: its key column code (text) holds no more")) {
        assertTrue(run.err().contains(line + "\n"), run::err);
      }
    }
  }

  @Test
  void moreRowsThanAKeyCheckAdmitsNameTheTableColumnAndCheckAndTheRowsThatFit() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(Fills.schema("key-checks.sql"));

      Fills.Run refused =
          Fills.cli(
              "local",
              "--db",
              db.jdbcUrl(),
              "--user",
              db.user(),
              "--rows",
              "settings_version=5",
              "--rows",
              "slot=60");

      assertEquals(1, refused.exitCode());
      assertTrue(
          refused
              .err()
              .contains(
                  "settings_version.id is a key column whose CHECK only_one_row (id = 0) admits 1 value,"
                      + " but it needs 5 for the rows of 'settings_version':"
                      + " give 'settings_version' `rows: 1` (or fewer) in the config\n"),
          refused::err);
      assertTrue(
          refused
              .err()
              .contains(
                  "slot.n is a key column whose CHECK slot_number_check (VALUE >= 1) and"
                      + " slot_number_check (VALUE <= 50) admits 50 values, but it needs 60 for the rows of 'slot': give 'slot' `rows: 50`"),
          refused::err);
      assertEquals(0L, db.queryLong("SELECT count(*) FROM ticket"), "nothing was written");
    }
  }

  @Test
  void keysOfNulledReferencesPartsOfCompositeReferencesImpliedKeysAndTiedStatusesFillUnconfigured()
      throws Exception {
    try (TestDatabase db = Fills.filledValidly("billing-forms.sql")) {
      // the CHECK writes wallet_id NULL: the key over it holds whatever alert_type holds
      assertEquals(1000L, db.queryLong("SELECT count(*) FROM alerts WHERE wallet_id IS NULL"));
      assertEquals(4L, db.queryLong("SELECT count(DISTINCT alert_type) FROM alerts"));
      // (plan_id, recurring): two thresholds a plan, exactly, as applied_once picks distinct ones
      assertEquals(2000L, db.queryLong("SELECT count(*) FROM thresholds"));
      assertEquals(
          1000L,
          db.queryLong("SELECT count(*) FROM thresholds WHERE recurring GROUP BY recurring"));
      assertEquals(1000L, db.queryLong("SELECT count(*) FROM applied_thresholds"));
      // membership_id alone keys memberships, so distinct memberships keep the key unique
      assertEquals(1000L, db.queryLong("SELECT count(*) FROM membership_roles"));
      // one-letter columns beside wide ones draw letters rather than count the rows
      assertEquals(1000L, db.queryLong("SELECT count(*) FROM attachment"));
      assertEquals(1000L, db.queryLong("SELECT count(*) FROM thread_referral"));
      db.execute(
          "INSERT INTO thread_referral (thread_id, object_id, object_type) VALUES (1, 1, 'Z')");
      // the two status CHECKs read together: approved, with void_reason NULL
      assertEquals(
          1000L,
          db.queryLong(
              "SELECT count(*) FROM quote_versions WHERE status = 'approved' AND void_reason IS NULL"));
      db.execute("INSERT INTO quote_versions DEFAULT VALUES");
    }
  }

  @Test
  void aBooleanUniqueOverItsTrueRowsIsWrittenFalseAndTheApplicationCanSetOneRow() throws Exception {
    try (TestDatabase db = Fills.filledValidly("one-default-row.sql")) {
      assertEquals(1000L, db.queryLong("SELECT count(*) FROM template WHERE NOT is_default"));
      assertEquals(1000L, db.queryLong("SELECT count(*) FROM theme WHERE NOT \"Primary\""));
      assertEquals(0L, db.queryLong("SELECT count(*) FROM mailbox WHERE main"));
      db.execute("INSERT INTO template (name, is_default) VALUES ('new', true)");
      db.execute("INSERT INTO theme (\"Primary\") VALUES (true)");
      db.execute("INSERT INTO mailbox (template_id, main) VALUES (1, true)");
      assertEquals(1L, db.queryLong("SELECT count(*) FROM template WHERE is_default"));
    }
  }
}
