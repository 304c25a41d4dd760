package io.spate.core.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.worker.testing.TestDatabase;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * An application whose tables live in schemas of their own, with a table named account in three of
 * them ({@code examples/schemas/multischema.sql}). With no {@code --schema} and no config, every
 * schema that holds tables is listed before anything is written and filled, each table known by its
 * schema and name in the messages and the ledger; no row is an orphan, every constraint stays as
 * declared and validated, and the application's next insert gets a fresh key in every table.
 */
class SchemasFillIT {

  /** One insert per table, its key left to its identity or serial. */
  private static final String APPLICATION_INSERTS =
      """
      INSERT INTO app.customer (email) VALUES ('after-the-fill@example.com');
      INSERT INTO app.account (customer_id, handle) VALUES (1, 'after-the-fill');
      INSERT INTO billing.account (app_account_id) SELECT max(id) FROM app.account;
      INSERT INTO billing.invoice (account_id, customer_id, amount, issued_on)
        VALUES (1, 1, 9.99, current_date);
      INSERT INTO account (name) VALUES ('after the fill');
      """;

  @Test
  void withNoSchemaNamedEverySchemaThatHoldsTablesIsFilled() throws Exception {
    try (TestDatabase db = TestDatabase.withFixtureSchema("multischema.sql")) {
      List<String> constraints = Fills.constraints(db);

      Fills.Run run = Fills.local(db);

      assertTrue(
          run.err()
              .contains(
                  "schemas: app, billing, public (every schema that holds tables; --schema"
                      + " narrows)\nplan: "),
          run.err());
      assertEquals(
          Map.of(
              "account", 1000L,
              "app.account", 1000L,
              "app.customer", 1000L,
              "billing.account", 1000L,
              "billing.invoice", 1000L),
          Fills.rowCounts(db));
      Map<String, Long> orphans = Fills.orphans(db);
      assertEquals(6, orphans.size(), orphans.toString());
      assertTrue(orphans.values().stream().allMatch(n -> n == 0), orphans.toString());
      assertEquals(
          999L,
          db.queryLong("SELECT count(*) FROM app.account WHERE parent_id IS NOT NULL"),
          "app.account's own tree, not billing.account's reference, is the self-reference");
      assertEquals(constraints, Fills.constraints(db), "no constraint changed or left NOT VALID");
      assertEquals(
          "account[0,1000) app.account#refs[0,1000) app.account[0,1000)"
              + " app.customer#refs[0,1000) app.customer[0,1000) billing.account[0,1000)"
              + " billing.invoice[0,1000)",
          db.queryString("SELECT string_agg(task_id, ' ' ORDER BY task_id) FROM spate.ledger"));
      db.execute(APPLICATION_INSERTS);
    }
  }

  @Test
  void schemaNarrowsAndExtensionsTablesTheLedgerAndEmptySchemasAreNeverTaken() {
    try (TestDatabase db = TestDatabase.withFixtureSchema("multischema.sql")) {
      db.execute(
          """
          CREATE EXTENSION citext;
          CREATE SCHEMA tools;
          CREATE TABLE tools.code (code text PRIMARY KEY);
          CREATE TABLE public.code_list (code text PRIMARY KEY);
          ALTER EXTENSION citext ADD TABLE tools.code;
          ALTER EXTENSION citext ADD TABLE public.code_list;
          CREATE SCHEMA empty;
          """);

      Fills.Run narrowed = Fills.local(db, "--schema", "public");

      assertTrue(narrowed.err().contains("schemas: public\n"), narrowed.err());
      assertEquals(1000L, db.queryLong("SELECT count(*) FROM public.account"));
      assertEquals(0L, db.queryLong("SELECT count(*) FROM app.customer"));

      // spate.ledger now exists; the extension's tables and the empty schema stay out
      Fills.Run plan = Fills.cli("plan", "--db", db.jdbcUrl(), "--user", db.user());
      assertEquals(0, plan.exitCode(), plan.err());
      assertTrue(
          plan.err().contains("schemas: app, billing, public (every schema that holds tables;"),
          plan.err());
      assertFalse(plan.out().contains("code"), plan.out());
      assertEquals(0L, db.queryLong("SELECT count(*) FROM public.code_list"));

      Fills.Run app =
          Fills.cli("plan", "--db", db.jdbcUrl(), "--user", db.user(), "--schema", "app");
      assertEquals(1, app.exitCode(), app.err());
      assertTrue(
          app.err()
              .contains(
                  "table 'app.customer' references 'billing.invoice', which is outside the"
                      + " chosen schemas"),
          app.err());
    }
  }

  @Test
  void aDatabaseWithNoTableOfItsOwnListsNoSchemaAndPlansNothing() {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute("CREATE EXTENSION citext; CREATE SCHEMA app;");

      Fills.Run run = Fills.cli("plan", "--db", db.jdbcUrl(), "--user", db.user());

      assertEquals(1, run.exitCode(), run.err());
      assertTrue(
          run.err().contains("schemas: none (no schema holds a table but the system's"), run.err());
      assertTrue(run.err().contains("no tables to fill"), run.err());
    }
  }
}
