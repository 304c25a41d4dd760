package io.spate.core.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.worker.testing.TestDatabase;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Real schemas fill on the first try, with no config (issue 13): each fixture of {@code
 * src/test/resources/schemas} holds one structure real schemas have and Spate once got wrong. After
 * the fill no row is an orphan, every constraint and index is as it was and valid, and the
 * application inserts into every table with a default key without naming it.
 */
class FirstTryFillIT {

  @Test
  void everySequenceADefaultCallsIsPastTheKeysWrittenOwnedOrNot() throws Exception {
    try (TestDatabase db = Fills.filledValidly("unowned-sequences.sql", "--rows", "memo=300")) {
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
    try (TestDatabase db = Fills.filledValidly("partition-unique-indexes.sql")) {
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
    try (TestDatabase db = Fills.filledValidly("nested-keys.sql")) {
      assertEquals(1000L, db.queryLong("SELECT count(DISTINCT account_id) FROM membership"));
      assertEquals(1000L, db.queryLong("SELECT count(DISTINCT id) FROM invitation"));
      assertEquals(1000L, db.queryLong("SELECT count(DISTINCT account_id) FROM profile"));
      db.execute("INSERT INTO tenant (name) VALUES ('new')");
      db.execute("INSERT INTO account (email) VALUES ('new@example.com')");
      db.execute("INSERT INTO invitation (tenant_id, code) VALUES (1, 'new')");
      assertEquals(1001L, db.queryLong("SELECT count(*) FROM invitation"));
    }
  }

  /** Fills schema public but review and review_vote: they and archive.old_purchase are outside. */
  private static final String[] REVIEWS_OUTSIDE = {
    "--schema", "public", "--rows", "review=0", "--rows", "review_vote=0"
  };

  /** {@code spate local --truncate} on the database, and what it and the pool printed. */
  private static Fills.Run truncating(TestDatabase db) {
    PrintStream systemErr = System.err;
    ByteArrayOutputStream logged = new ByteArrayOutputStream();
    System.setErr(new PrintStream(logged, true, StandardCharsets.UTF_8));
    Fills.Run run;
    try {
      List<String> args =
          new ArrayList<>(
              List.of("local", "--db", db.jdbcUrl(), "--user", db.user(), "--truncate"));
      args.addAll(List.of(REVIEWS_OUTSIDE));
      run = Fills.cli(args.toArray(String[]::new));
    } finally {
      System.setErr(systemErr);
    }
    String printed = logged.toString(StandardCharsets.UTF_8) + run.err() + run.out();
    assertFalse(
        printed.contains("Exception") || printed.contains("\tat "),
        () -> "no stack trace for an expected condition:\n" + printed);
    return run;
  }

  @Test
  void truncateEmptiesTheEmptyTablesOutsideTheFillThatReferenceItNamingEveryTableFirst()
      throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(Fills.schema("truncate-outside-the-fill.sql"));
      List<String> constraints = Fills.constraints(db);
      String emptied =
          "--truncate: emptying public.customer, public.purchase, archive.old_purchase, public.review, public.review_vote"
              + " (outside the fill but empty, and referencing a table emptied:"
              + " archive.old_purchase references public.customer (foreign key old_purchase_customer_id_fkey);"
              + " public.review references public.purchase (foreign key review_purchase_id_fkey);"
              + " public.review_vote references public.review (foreign key review_vote_review_id_fkey))";
      for (int run = 1; run <= 2; run++) { // every table empty, then the filled ones full
        Fills.Run truncated = truncating(db);
        assertEquals(0, truncated.exitCode(), truncated::err);
        assertTrue(truncated.err().contains(emptied + "\n"), truncated::err);
      }
      assertEquals(1000L, db.queryLong("SELECT count(*) FROM purchase"));
      Fills.assertValid(db, constraints);
      db.execute("INSERT INTO customer (name) VALUES ('new')");
      db.execute("INSERT INTO purchase (customer_id, total) VALUES (1, 1)");
      db.execute("INSERT INTO review (purchase_id, body) VALUES (1, 'new')");
      assertEquals(1001L, db.queryLong("SELECT count(*) FROM purchase"));
    }
  }

  @Test
  void truncateRefusesATableOutsideTheFillThatHoldsRowsNamingItsForeignKeyAndEmptiesNothing()
      throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(Fills.schema("truncate-outside-the-fill.sql"));
      Fills.local(db, REVIEWS_OUTSIDE);
      db.execute("INSERT INTO archive.old_purchase VALUES (1, 1)");

      Fills.Run refused = truncating(db);

      assertEquals(1, refused.exitCode());
      assertEquals(
          "spate: error: --truncate would have to empty tables outside the fill that hold rows, so nothing was emptied:"
              + " archive.old_purchase references public.customer (foreign key old_purchase_customer_id_fkey)."
              + " Empty them first yourself (TRUNCATE archive.old_purchase), add them to the fill"
              + " (--schema for another schema, rows for a table sized rows: 0), or drop those foreign keys\n",
          refused.err().substring(refused.err().indexOf("spate: error:")));
      assertEquals(1000L, db.queryLong("SELECT count(*) FROM customer"));
      assertEquals(1L, db.queryLong("SELECT count(*) FROM archive.old_purchase"));
    }
  }
}
