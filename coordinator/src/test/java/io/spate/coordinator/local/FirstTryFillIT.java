package io.spate.coordinator.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.spate.coordinator.Fills;
import io.spate.worker.testing.TestDatabase;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Real schemas fill on the first try, with no config (issue 13): each fixture of {@code
 * src/test/resources/schemas} holds one structure real schemas have and Spate once got wrong. After
 * the fill no row is an orphan, every constraint and index is as it was and valid, and the
 * application inserts into every table with a default key without naming it.
 */
class FirstTryFillIT {

  /** A new database holding the fixture, filled by {@code spate local} with the arguments. */
  private static TestDatabase filledValidly(String fixture, String... args) throws Exception {
    TestDatabase db = TestDatabase.create();
    db.execute(Fills.schema(fixture));
    List<String> constraints = Fills.constraints(db);
    Fills.local(db, args);
    assertValid(db, constraints);
    return db;
  }

  private static void assertValid(TestDatabase db, List<String> constraintsBefore)
      throws Exception {
    Map<String, Long> orphans = Fills.orphans(db);
    assertEquals(0L, orphans.values().stream().mapToLong(Long::longValue).sum(), orphans::toString);
    List<String> constraints = Fills.constraints(db);
    assertEquals(constraintsBefore, constraints, "the fill left every constraint as it was");
    assertFalse(
        constraints.stream().anyMatch(c -> c.contains("NOT VALID") || c.endsWith(" INVALID")),
        constraints::toString);
  }

  @Test
  void everySequenceADefaultCallsIsPastTheKeysWrittenOwnedOrNot() throws Exception {
    try (TestDatabase db = filledValidly("unowned-sequences.sql", "--rows", "memo=300")) {
      db.execute("INSERT INTO invoice (total) VALUES (1)");
      db.execute("INSERT INTO note (body) VALUES ('new')");
      db.execute("INSERT INTO memo (body) VALUES ('new')"); // shares note's sequence, fewer rows
      db.execute("INSERT INTO invoice_line (invoice_id, amount) VALUES (1, 1)");
      db.execute("INSERT INTO payment (invoice_id) VALUES (1)");
      assertEquals(1001L, db.queryLong("SELECT count(*) FROM invoice"));
      assertEquals(301L, db.queryLong("SELECT count(*) FROM memo"));
      assertEquals(1001L, db.queryLong("SELECT count(*) FROM invoice_line"));
      assertEquals(1001L, db.queryLong("SELECT count(*) FROM payment"));
    }
  }

  @Test
  void uniqueIndexesDeclaredOnPartitionsOnlyHoldAcrossTheTable() throws Exception {
    try (TestDatabase db = filledValidly("partition-unique-indexes.sql")) {
      assertEquals(1000L, db.queryLong("SELECT count(DISTINCT code) FROM ticket"));
      assertEquals(1000L, db.queryLong("SELECT count(DISTINCT lower(email)) FROM ticket"));
      assertEquals(3L, db.queryLong("SELECT count(DISTINCT tableoid) FROM ticket"));
      db.execute("INSERT INTO ticket (region, code, email) VALUES ('us', -1, 'new@example.com')");
      db.execute(
          "INSERT INTO ticket_note (ticket_id, ticket_region, body) SELECT id, region, 'new' FROM ticket WHERE code = -1");
      assertEquals(1001L, db.queryLong("SELECT count(*) FROM ticket_note"));
    }
  }

  @Test
  void theSmallerKeyDrivesTheValuesOfAKeyThatHoldsIt() throws Exception {
    try (TestDatabase db = filledValidly("nested-keys.sql")) {
      assertEquals(1000L, db.queryLong("SELECT count(DISTINCT account_id) FROM membership"));
      assertEquals(1000L, db.queryLong("SELECT count(DISTINCT id) FROM invitation"));
      assertEquals(1000L, db.queryLong("SELECT count(DISTINCT account_id) FROM profile"));
      db.execute("INSERT INTO tenant (name) VALUES ('new')");
      db.execute("INSERT INTO account (email) VALUES ('new@example.com')");
      db.execute("INSERT INTO invitation (tenant_id, code) VALUES (1, 'new')");
      assertEquals(1001L, db.queryLong("SELECT count(*) FROM invitation"));
    }
  }
}
