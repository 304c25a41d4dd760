package io.spate.core.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.core.config.FillConfig;
import io.spate.protocol.plan.TablePlan;
import io.spate.worker.testing.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Forms of foreign keys real schemas have fill with no config (issue 13): a NOT NULL
 * self-reference, a cycle whose first nullable edge is part of a key, a cycle of NOT NULL foreign
 * keys, CHECKs between two foreign-key columns. After the fill no row is an orphan, every
 * constraint is as it was and valid, and the application inserts into every table with a default
 * key without naming it.
 */
class ReferenceFormsFillIT {

  @Test
  void checksBetweenTwoForeignKeysHoldForEveryRow() throws Exception {
    try (TestDatabase db = Fills.filledValidly("checks-between-references.sql")) {
      assertEquals(1000L, db.queryLong("SELECT count(*) FROM relation"));
      assertEquals(0L, db.queryLong("SELECT count(*) FROM relation WHERE entity0 = entity1"));
      assertTrue(db.queryLong("SELECT count(DISTINCT entity1) FROM relation") > 500);
      assertEquals(1000L, db.queryLong("SELECT count(*) FROM tag_pair"));
      assertEquals(0L, db.queryLong("SELECT count(*) FROM tag_pair WHERE tag1 >= tag2"));
      assertEquals(1000L, db.queryLong("SELECT count(*) FROM friendship"));
      assertEquals(0L, db.queryLong("SELECT count(*) FROM friendship WHERE a = b"));
      db.execute("INSERT INTO entity (name) VALUES ('new')");
      db.execute("INSERT INTO relation (entity0, entity1) VALUES (1, 2)");
      db.execute("INSERT INTO tag (label) VALUES ('new')");
      db.execute("INSERT INTO tag_pair (tag1, tag2) VALUES (1, 2)");
      db.execute("INSERT INTO person (name) VALUES ('new')");
      assertEquals(1001L, db.queryLong("SELECT count(*) FROM tag_pair"));
    }
  }

  @Test
  void aNotNullSelfReferencePointsToAnEarlierRowOrItself() throws Exception {
    try (TestDatabase db = Fills.filledValidly("self-reference-not-null.sql")) {
      assertEquals(1000L, db.queryLong("SELECT count(*) FROM category"));
      assertEquals(0L, db.queryLong("SELECT count(*) FROM category WHERE root_id > id"));
      long roots = db.queryLong("SELECT count(*) FROM category WHERE root_id = id");
      assertTrue(roots >= 1 && roots < 100, roots + " roots");
      db.execute("INSERT INTO category (root_id, name) VALUES (1, 'new')");
      db.execute("INSERT INTO product (category_id, name) VALUES (1, 'new')");
      assertEquals(1001L, db.queryLong("SELECT count(*) FROM category"));
    }
  }

  @Test
  void aNotNullSelfReferenceLoadsInTasksOfAnySizeWithTheServersChecksOn() throws Exception {
    try (TestDatabase db = TestDatabase.create();
        TestDatabase one =
            Fills.filledValidly("self-reference-not-null.sql", "--rows", "category=10000")) {
      db.execute(
          Fills.schema("self-reference-not-null.sql")
              + """
              CREATE FUNCTION keep() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$;
              CREATE TRIGGER category_keep BEFORE INSERT ON category
                FOR EACH ROW EXECUTE FUNCTION keep();
              """);
      List<String> constraints = Fills.constraints(db);
      Fills.Run run =
          Fills.local(db, "--rows", "category=10000", "--threads", "3", "--task-rows", "100");
      assertTrue(run.err().contains("foreign keys: checked row by row by the server"), run.err());
      Fills.assertValid(db, constraints);
      assertEquals(0L, db.queryLong("SELECT count(*) FROM category WHERE root_id > id"));
      assertEquals(Fills.checksums(one), Fills.checksums(db), "any task split, same rows");
    }
  }

  @Test
  void aCycleWhoseFirstNullableEdgeIsInAKeyIsBrokenAtAnotherOrTheOneTheConfigNames()
      throws Exception {
    try (TestDatabase db = Fills.filledValidly("cycle-through-a-key.sql")) {
      assertEquals(
          List.of("band#refs"),
          secondPasses(db, FillConfig.EMPTY),
          "album.band_id is in a key: the next nullable edge breaks the cycle");
      assertEquals(0L, db.queryLong("SELECT count(*) FROM album WHERE band_id IS NULL"));
      assertEquals(0L, db.queryLong("SELECT count(*) FROM band WHERE label_id IS NULL"));
      db.execute("INSERT INTO band (name) VALUES ('new')");
      db.execute("INSERT INTO album (band_id, title) VALUES (1, 'new')");
      db.execute("INSERT INTO label (name) VALUES ('new')");
    }
    String chosen = "tables: {label: {breakCycleAt: label_top_album_id_fkey}}\n";
    Path config = Files.createTempFile("spate-cycle", ".yaml");
    Files.writeString(config, chosen);
    try (TestDatabase db =
        Fills.filledValidly("cycle-through-a-key.sql", "--config", config.toString())) {
      assertEquals(List.of("label#refs"), secondPasses(db, FillConfig.parse(chosen, "test")));
      assertEquals(0L, db.queryLong("SELECT count(*) FROM label WHERE top_album_id IS NULL"));
      assertEquals(0L, db.queryLong("SELECT count(*) FROM album WHERE band_id IS NULL"));
    } finally {
      Files.delete(config);
    }
  }

  /** The second passes of the plan the config makes for the database. */
  private static List<String> secondPasses(TestDatabase db, FillConfig config) throws Exception {
    return Fills.plan(db, config, Map.of()).tables().stream()
        .filter(TablePlan::secondPass)
        .map(TablePlan::name)
        .toList();
  }

  @Test
  void aCycleOfNotNullForeignKeysLoadsWithTheServersChecksOffAndSaysSo() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(Fills.schema("cycle-not-null.sql"));
      List<String> constraints = Fills.constraints(db);
      Fills.Run run = Fills.local(db);
      assertTrue(
          run.err()
              .contains(
                  "foreign keys: checked once after the load (staff.staff_store_id_fkey"
                      + " -> store close a cycle of NOT NULL foreign keys, loaded with"
                      + " session_replication_role = replica; no user trigger or rule on the"
                      + " filled tables is silenced)"),
          run.err());
      Fills.assertValid(db, constraints);
      assertEquals(1000L, db.queryLong("SELECT count(*) FROM store"));
      assertEquals(1000L, db.queryLong("SELECT count(*) FROM staff"));
      db.execute("INSERT INTO staff (store_id, name) VALUES (1, 'new')");
      db.execute("INSERT INTO store (manager_staff_id, address) VALUES (1, 'new')");
      db.execute("INSERT INTO rental (staff_id, rented_on) VALUES (1, current_date)");
      assertEquals(
          "origin",
          db.queryString("SHOW session_replication_role"),
          "the setting never outlives a load");
    }
  }

  @Test
  void aCycleOfNotNullForeignKeysWithAUserTriggerNeedsDisableTriggers() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(
          Fills.schema("cycle-not-null.sql")
              + """
              CREATE FUNCTION stamp() RETURNS trigger LANGUAGE plpgsql AS
                $$ BEGIN NEW.name := upper(NEW.name); RETURN NEW; END $$;
              CREATE TRIGGER staff_stamp BEFORE INSERT ON staff FOR EACH ROW EXECUTE FUNCTION stamp();
              """);
      Fills.Run refused = Fills.cli("local", "--db", db.jdbcUrl(), "--user", db.user());
      assertEquals(1, refused.exitCode(), refused.err());
      assertTrue(
          refused
              .err()
              .contains(
                  "spate: error: foreign keys staff.staff_store_id_fkey -> store close a"
                      + " cycle of NOT NULL foreign keys that no nullable one outside a key breaks:"
                      + " Spate loads such a cycle with the server's foreign-key checks off"
                      + " (session_replication_role = replica) and checks them after the load, but"
                      + " that would also silence trigger staff_stamp on staff: run with"
                      + " --disable-triggers to accept that, or make one of the cycle's foreign-key"
                      + " columns nullable"),
          refused.err());
      assertEquals(0L, db.queryLong("SELECT count(*) FROM store"), "nothing was written");
      List<String> constraints = Fills.constraints(db);
      Fills.local(db, "--disable-triggers");
      Fills.assertValid(db, constraints);
    }
  }

  /** What the error for cycle-not-null.sql tells a role that may not switch checks off to run. */
  private static final String DEFERRABLE_DDL =
      "ALTER TABLE \"public\".\"staff\" ALTER CONSTRAINT \"staff_store_id_fkey\" DEFERRABLE";

  @Test
  void aCycleOfDeferrableNotNullForeignKeysFillsInOneTransactionAsARoleThatMayNotSwitchChecksOff()
      throws Exception {
    String role = "spate_it_defer_" + UUID.randomUUID().toString().substring(0, 8);
    TestDatabase db = TestDatabase.create();
    try (TestDatabase asSuperuser = Fills.filledValidly("cycle-deferrable.sql")) {
      db.execute("CREATE ROLE " + role + " LOGIN");
      db.execute(
          Fills.schema("cycle-deferrable.sql")
              + Fills.ownedBy(role, db, "store", "staff", "rental"));
      List<String> constraints = Fills.constraints(db);

      Fills.Run run =
          Fills.cli("local", "--db", db.jdbcUrl(), "--user", role, "--task-rows", "100");

      assertEquals(0, run.exitCode(), run.err());
      assertTrue(run.err().contains("this role may not set session_replication_role"), run.err());
      assertTrue(
          run.err()
              .contains(
                  "; cycles closed by a DEFERRABLE foreign key load in one transaction each,"
                      + " checked at its commit: store with staff"),
          run.err());
      Fills.assertValid(db, constraints);
      assertEquals(1000L, db.queryLong("SELECT count(*) FROM store"));
      assertEquals(1000L, db.queryLong("SELECT count(*) FROM staff"));
      assertEquals(1000L, db.queryLong("SELECT count(*) FROM rental"));
      assertEquals(
          "store[0,1000)",
          db.queryString(
              "SELECT string_agg(task_id, ', ' ORDER BY task_id) FROM spate.ledger"
                  + " WHERE task_id NOT LIKE 'rental%'"),
          "the cycle's two tables in one task, whatever the task size");
      assertEquals(
          Fills.checksums(asSuperuser),
          Fills.checksums(db),
          "the same rows as a role that switches the checks off");
      Fills.Run resumed =
          Fills.cli(
              "local", "--db", db.jdbcUrl(), "--user", role, "--task-rows", "100", "--resume");
      assertEquals(0, resumed.exitCode(), "the group's rows match its task's: " + resumed.err());
      assertEquals(1000L, db.queryLong("SELECT count(*) FROM staff"));
      db.execute("INSERT INTO staff (store_id, name) VALUES (1, 'new')");
      db.execute("INSERT INTO store (manager_staff_id, address) VALUES (1, 'new')");
      db.execute("INSERT INTO rental (staff_id, store_id, rented_on) VALUES (1, 1, current_date)");
      assertEquals(1001L, db.queryLong("SELECT count(*) FROM store"));
    } finally {
      db.close(); // the role owns nothing once its database is gone
      Fills.dropRole(role);
    }
  }

  @Test
  void aCycleOfNotNullForeignKeysIsAnErrorNamingTheGrantOrTheDdlForARoleThatMayNotSwitchChecksOff()
      throws Exception {
    String role = "spate_it_cycle_" + UUID.randomUUID().toString().substring(0, 8);
    TestDatabase db = TestDatabase.create();
    try {
      db.execute("CREATE ROLE " + role + " LOGIN");
      db.execute(
          Fills.schema("cycle-not-null.sql") + Fills.ownedBy(role, db, "store", "staff", "rental"));

      Fills.Run run = Fills.cli("local", "--db", db.jdbcUrl(), "--user", role);

      assertEquals(1, run.exitCode(), run.err());
      assertTrue(
          run.err()
              .contains(
                  "spate: error: foreign keys staff.staff_store_id_fkey -> store close a"
                      + " cycle of NOT NULL foreign keys that no nullable one outside a key breaks:"
                      + " Spate loads such a cycle with the server's foreign-key checks off"
                      + " (session_replication_role = replica) and checks them after the load, but"
                      + " this role may not set session_replication_role: make it a superuser or"
                      + " GRANT SET ON PARAMETER session_replication_role TO \""
                      + role
                      + "\", or make one of the cycle's foreign-key columns nullable, so a second"
                      + " pass sets it (or choose a nullable one with breakCycleAt), or declare that"
                      + " foreign key DEFERRABLE ("
                      + DEFERRABLE_DDL
                      + "), so Spate loads the cycle's tables in one transaction checked at its"
                      + " commit"),
          run.err());
      assertFalse(run.err().contains("\tat "), run.err());
      assertEquals(0L, db.queryLong("SELECT count(*) FROM store"), "nothing was written");

      db.execute(DEFERRABLE_DDL);
      List<String> constraints = Fills.constraints(db);
      Fills.Run afterDdl = Fills.cli("local", "--db", db.jdbcUrl(), "--user", role);
      assertEquals(0, afterDdl.exitCode(), afterDdl.err());
      Fills.assertValid(db, constraints);
      assertEquals(1000L, db.queryLong("SELECT count(*) FROM staff"), "the DDL named is enough");
    } finally {
      db.close(); // the role owns nothing once its database is gone
      Fills.dropRole(role);
    }
  }
}
