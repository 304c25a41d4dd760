package io.spate.core.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.core.config.FillConfig;
import io.spate.core.progress.FillProgress;
import io.spate.core.target.ForeignKeys;
import io.spate.db.postgres.PostgresDialect;
import io.spate.db.postgres.PostgresLedger;
import io.spate.engine.target.Outage;
import io.spate.engine.target.SessionSettings;
import io.spate.engine.target.Triggers;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.schema.Table;
import io.spate.worker.testing.TestDatabase;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * User triggers fire during a load by default; {@code --disable-triggers} switches them off for the
 * load transactions only, validates every foreign key afterwards, and a role that may not set
 * {@code session_replication_role} is told so, by name, before anything is written. Tables with no
 * user trigger load with the server's foreign-key checks off where the role allows it, and every
 * key is checked once at the end.
 */
class TriggersFillIT {

  /**
   * An audit trigger on orders (writing outside the filled schema) and one on customer that refuses
   * every row.
   */
  private static final String SCHEMA =
      """
      CREATE TABLE customer (id int PRIMARY KEY, name text NOT NULL);
      CREATE TABLE orders (id int PRIMARY KEY, customer_id int NOT NULL REFERENCES customer, note text);
      CREATE SCHEMA audit;
      CREATE TABLE audit.log (order_id int, at timestamptz DEFAULT now());
      CREATE FUNCTION audit.record_order() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN INSERT INTO audit.log (order_id) VALUES (NEW.id); RETURN NEW; END $$;
      CREATE TRIGGER orders_audit AFTER INSERT ON orders FOR EACH ROW EXECUTE FUNCTION audit.record_order();
      """;

  private static final String REFUSING_TRIGGER =
      """
      CREATE FUNCTION refuse_customer() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'customers are created by the application only'; END $$;
      CREATE TRIGGER customer_guard BEFORE INSERT ON customer FOR EACH ROW EXECUTE FUNCTION refuse_customer();
      """;

  /** The same tables with no trigger, the second one partitioned. */
  private static final String PLAIN_SCHEMA =
      """
      CREATE TABLE customer (id int PRIMARY KEY, name text NOT NULL);
      CREATE TABLE orders (id int, customer_id int NOT NULL REFERENCES customer, note text,
        PRIMARY KEY (id, customer_id)) PARTITION BY HASH (customer_id);
      CREATE TABLE orders_0 PARTITION OF orders FOR VALUES WITH (MODULUS 2, REMAINDER 0);
      CREATE TABLE orders_1 PARTITION OF orders FOR VALUES WITH (MODULUS 2, REMAINDER 1);
      """;

  /** The public tables only: audit.log is written by the trigger, not filled. */
  private static final String[] FILL = {
    "--schema", "public", "--rows", "customer=200", "--rows", "orders=3000", "--task-rows", "700"
  };

  @Test
  void triggersFireByDefault() {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(SCHEMA);

      Fills.Run run = Fills.local(db, FILL);

      assertTrue(
          run.err()
              .contains(
                  "foreign keys: checked row by row by the server (trigger orders_audit on orders has to fire"),
          run.err());
      assertEquals(3000L, db.queryLong("SELECT count(*) FROM orders"));
      assertEquals(
          3000L,
          db.queryLong("SELECT count(*) FROM audit.log"),
          "the audit trigger fired once per order");

      db.execute(REFUSING_TRIGGER);
      Fills.Run refused = Fills.cli(args(db, db.user(), "--truncate"));
      assertEquals(1, refused.exitCode(), refused.err());
      assertTrue(
          refused.err().contains("customers are created by the application only"), refused.err());
      assertTrue(
          refused
              .err()
              .contains("if a trigger calls it, --disable-triggers loads with the triggers off"),
          refused.err());
    }
  }

  @Test
  void aTableTheAuditTriggerWritesIsLeftToItAndEmptiedWithTheFill() {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(SCHEMA);
      String[] everySchema = {"--rows", "customer=200", "--rows", "orders=3000"};

      Fills.Run run = Fills.local(db, everySchema);

      assertTrue(
          run.err()
              .contains(
                  "triggers: audit.log is not filled: trigger orders_audit on orders writes its rows"),
          run.err());
      assertEquals(3000L, db.queryLong("SELECT count(*) FROM audit.log"));
      Fills.Run again = Fills.local(db, concat(everySchema, "--truncate"));
      assertTrue(again.err().contains(", audit.log"), "emptied with the fill: " + again.err());
      assertEquals(3000L, db.queryLong("SELECT count(*) FROM audit.log"));
    }
  }

  @Test
  void withoutUserTriggersForeignKeysAreCheckedOnceAfterTheLoadAndStayEnforced()
      throws SQLException {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(PLAIN_SCHEMA);

      Fills.Run run = Fills.local(db, FILL);

      assertTrue(
          run.err()
              .contains(
                  "foreign keys: checked once after the load (no user trigger or rule on the filled tables)"),
          run.err());
      assertEquals(3000L, db.queryLong("SELECT count(*) FROM orders"));
      assertEquals(Map.of("orders.orders_customer_id_fkey", 0L), Fills.orphans(db));
      assertEquals(
          "true",
          db.queryString(
              "SELECT bool_and(convalidated)::text FROM pg_constraint WHERE contype = 'f'"),
          "every foreign key is still marked valid");
      IllegalStateException orphan =
          assertThrows(
              IllegalStateException.class,
              () -> db.execute("INSERT INTO orders VALUES (1, 999999, NULL)"),
              "the server checks new rows again once the load is over");
      assertEquals(
          "23503", ((SQLException) orphan.getCause()).getSQLState(), orphan.getCause().toString());
    }
  }

  @Test
  void aFillWhoseKeysAreCheckedAsTheirTablesFillStillFailsNamingEveryKeyWithOrphans()
      throws SQLException {
    try (TestDatabase db = TestDatabase.create()) {
      // ALWAYS triggers fire with the server's checks off, so they leave orphans behind: in orders
      // (full in the middle of the fill, its key checked while order_line loads) and order_line
      db.execute(
          """
          CREATE TABLE customer (id int PRIMARY KEY, name text NOT NULL);
          CREATE TABLE orders (id int PRIMARY KEY, customer_id int NOT NULL REFERENCES customer);
          CREATE TABLE order_line (id int PRIMARY KEY, order_id int NOT NULL REFERENCES orders);
          CREATE FUNCTION orphan_every_tenth() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
              IF NEW.id % 10 = 0 THEN
                IF TG_TABLE_NAME = 'orders' THEN NEW.customer_id := -NEW.id;
                ELSE NEW.order_id := -NEW.id; END IF;
              END IF;
              RETURN NEW;
            END $$;
          CREATE TRIGGER orders_orphans BEFORE INSERT ON orders
            FOR EACH ROW EXECUTE FUNCTION orphan_every_tenth();
          ALTER TABLE orders ENABLE ALWAYS TRIGGER orders_orphans;
          CREATE TRIGGER order_line_orphans BEFORE INSERT ON order_line
            FOR EACH ROW EXECUTE FUNCTION orphan_every_tenth();
          ALTER TABLE order_line ENABLE ALWAYS TRIGGER order_line_orphans;
          """);

      Fills.Run run =
          Fills.cli(
              "local",
              "--db",
              db.jdbcUrl(),
              "--user",
              db.user(),
              "--rows",
              "customer=100",
              "--rows",
              "orders=2000",
              "--rows",
              "order_line=3000",
              "--task-rows",
              "500",
              "--threads",
              "2");

      assertEquals(1, run.exitCode(), run.err());
      assertTrue(run.err().contains("foreign keys: checked once after the load"), run.err());
      Map<String, Long> orphans = Fills.orphans(db);
      assertTrue(orphans.values().stream().allMatch(n -> n > 0), orphans.toString());
      assertTrue(
          run.err()
              .contains(
                  "loaded with triggers off, but 2 foreign keys do not hold (the rows are committed;"
                      + " a bug in Spate, please report it): foreign key orders_customer_id_fkey of"
                      + " orders [customer_id] -> customer [id]: "
                      + orphans.get("orders.orders_customer_id_fkey")
                      + " rows reference no customer row; foreign key order_line_order_id_fkey of"
                      + " order_line [order_id] -> orders [id]: "
                      + orphans.get("order_line.order_line_order_id_fkey")
                      + " rows reference no orders row"),
          run.err());
      assertEquals(3000L, db.queryLong("SELECT count(*) FROM order_line"), "every load committed");
    }
  }

  @Test
  void aTriggerOnAPartitionKeepsTheServersForeignKeyChecks() {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(
          PLAIN_SCHEMA
              + """
              CREATE FUNCTION touch() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN NEW.note := 'seen'; RETURN NEW; END $$;
              CREATE TRIGGER orders_1_touch BEFORE INSERT ON orders_1 FOR EACH ROW EXECUTE FUNCTION touch();
              """);

      Fills.Run run = Fills.local(db, FILL);

      assertTrue(
          run.err()
              .contains(
                  "foreign keys: checked row by row by the server (trigger orders_1_touch on orders_1"),
          run.err());
      assertEquals(
          db.queryLong("SELECT count(*) FROM orders_1"),
          db.queryLong("SELECT count(*) FROM orders_1 WHERE note = 'seen'"),
          "the partition's trigger fired for each of its rows");
    }
  }

  @Test
  void aLoadThatMayNotSwitchTheChecksOffKeepsThemOnAndStillFills() throws SQLException {
    String role = "spate_it_app_" + UUID.randomUUID().toString().substring(0, 8);
    TestDatabase db = TestDatabase.create();
    try {
      db.execute("CREATE ROLE " + role + " LOGIN");
      db.execute(
          PLAIN_SCHEMA + "GRANT SELECT, INSERT ON customer, orders, orders_0, orders_1 TO " + role);
      FillPlan plan = Fills.plan(db, FillConfig.EMPTY, Map.of("customer", 200L, "orders", 3000L));
      PGSimpleDataSource asOwner = new PGSimpleDataSource();
      asOwner.setURL(db.jdbcUrl());
      asOwner.setUser(db.user());
      asOwner.setPassword(db.password());
      PostgresLedger.ensure(asOwner); // a worker's role writes the ledger rows of its tasks
      db.execute(
          "GRANT USAGE ON SCHEMA spate TO "
              + role
              + "; GRANT SELECT, INSERT ON spate.ledger TO "
              + role);
      PGSimpleDataSource asRole = new PGSimpleDataSource();
      asRole.setURL(db.jdbcUrl());
      asRole.setUser(role);

      // what a worker whose role differs from the coordinator's does with a job that asks for it
      new LocalFill(
              plan,
              asRole,
              PostgresDialect.KIND.dialect(),
              2,
              new FillProgress(plan),
              Triggers.Mode.OFF_IF_ALLOWED,
              SessionSettings.DEFAULT,
              Outage.NONE)
          .run(LocalFill.planDigest(plan));

      assertEquals(3000L, db.queryLong("SELECT count(*) FROM orders"));
      assertEquals(Map.of("orders.orders_customer_id_fkey", 0L), Fills.orphans(db));
      Fills.Run run = Fills.cli(args(db, role, "--truncate"));
      assertTrue(
          run.err().contains("this role may not set session_replication_role; a superuser"),
          run.err());
    } finally {
      db.close();
      try (TestDatabase other = TestDatabase.create()) {
        other.execute("DROP ROLE IF EXISTS " + role);
      }
    }
  }

  @Test
  void disableTriggersLoadsWithoutFiringThemAndValidatesForeignKeys() throws SQLException {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(SCHEMA + REFUSING_TRIGGER);

      Fills.Run run = Fills.local(db, concat(FILL, "--disable-triggers"));

      assertTrue(
          run.err().contains("disable-triggers=true"),
          "the effective settings say so: " + run.err());
      assertEquals(
          200L, db.queryLong("SELECT count(*) FROM customer"), "the refusing trigger did not fire");
      assertEquals(3000L, db.queryLong("SELECT count(*) FROM orders"));
      assertEquals(
          0L, db.queryLong("SELECT count(*) FROM audit.log"), "the audit trigger did not fire");
      assertEquals(Map.of("orders.orders_customer_id_fkey", 0L), Fills.orphans(db));
      assertEquals(
          "origin",
          db.queryString("SHOW session_replication_role"),
          "the setting never outlives a load");
    }
  }

  @Test
  void aRoleThatMayNotSetTheReplicationRoleIsToldWhatToGrantBeforeAnythingIsWritten() {
    String role = "spate_it_app_" + UUID.randomUUID().toString().substring(0, 8);
    TestDatabase db = TestDatabase.create();
    try {
      db.execute("CREATE ROLE " + role + " LOGIN");
      db.execute(
          SCHEMA
              + "ALTER TABLE customer OWNER TO "
              + role
              + "; ALTER TABLE orders OWNER TO "
              + role
              + ";"
              + " GRANT USAGE ON SCHEMA audit TO "
              + role
              + "; GRANT INSERT ON audit.log TO "
              + role
              + "; GRANT CREATE ON DATABASE "
              + db.name()
              + " TO "
              + role // a local fill keeps its ledger in schema spate, which it creates
              + ";");

      Fills.Run run = Fills.cli(args(db, role, "--disable-triggers"));

      assertEquals(1, run.exitCode(), run.err());
      assertTrue(run.err().contains("spate: error: --disable-triggers"), run.err());
      assertTrue(
          run.err().contains("role \"" + role + "\" may not set session_replication_role"),
          run.err());
      assertTrue(
          run.err().contains("GRANT SET ON PARAMETER session_replication_role TO \"" + role + "\"")
              || run.err().contains("make it a superuser (PostgreSQL"),
          run.err());
      assertTrue(run.err().contains("or drop --disable-triggers"), run.err());
      assertEquals(0L, db.queryLong("SELECT count(*) FROM customer"), "nothing was written");

      Fills.Run withoutOption = Fills.cli(args(db, role));
      assertEquals(0, withoutOption.exitCode(), withoutOption.err());
      assertEquals(
          3000L,
          db.queryLong("SELECT count(*) FROM audit.log"),
          "the same role loads with triggers on");
    } finally {
      db.close(); // the role owns nothing once its database is gone
      try (TestDatabase other = TestDatabase.create()) {
        other.execute("DROP ROLE IF EXISTS " + role);
      }
    }
  }

  @Test
  void theValidationAfterALoadWithTriggersOffNamesEachBrokenForeignKeyAndItsOrphans()
      throws SQLException {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(SCHEMA);
      FillPlan plan = Fills.plan(db, FillConfig.EMPTY, Map.of("customer", 10L, "orders", 10L));
      db.execute(
          "SET session_replication_role = replica; INSERT INTO customer VALUES (1, 'a');"
              + " INSERT INTO orders VALUES (1, 1, NULL), (2, 7, NULL), (3, 8, NULL), (4, 8, NULL);");
      PGSimpleDataSource target = new PGSimpleDataSource();
      target.setURL(db.jdbcUrl());
      target.setUser(db.user());

      SpateException e = assertThrows(SpateException.class, () -> validate(target, plan));

      assertTrue(
          e.getMessage()
              .contains(
                  "foreign key orders_customer_id_fkey of orders [customer_id] -> customer [id]: 3 rows reference no customer row"),
          e.getMessage());
      db.execute("DELETE FROM orders WHERE customer_id <> 1");
      assertEquals(1, validate(target, plan), "one foreign key checked, and it holds");
    }
  }

  /** Checks every key as the fills do, one anti-join each; returns how many. */
  private static int validate(DataSource dataSource, FillPlan plan) {
    List<ForeignKeys.Checked> checked = new ArrayList<>();
    for (ForeignKeys.Key key : ForeignKeys.keys(plan)) {
      checked.add(
          new ForeignKeys.Checked(
              key, ForeignKeys.orphans(dataSource, key, Table::qualifiedName, Table::quote)));
    }
    ForeignKeys.requireNone(plan, checked);
    return checked.size();
  }

  private static String[] args(TestDatabase db, String user, String... extra) {
    return concat(
        concat(new String[] {"local", "--db", db.jdbcUrl(), "--user", user}, FILL), extra);
  }

  private static String[] concat(String[] a, String... b) {
    String[] all = new String[a.length + b.length];
    System.arraycopy(a, 0, all, 0, a.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }
}
