package io.spate.core.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.core.config.FillConfig;
import io.spate.core.plan.FillSettings;
import io.spate.core.plan.Plans;
import io.spate.db.postgres.PostgresServerChecks;
import io.spate.protocol.message.JobMessage;
import io.spate.protocol.message.Messages;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.ValueSpec;
import io.spate.worker.testing.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * CHECKs Spate cannot read are decided by the server (issue 13): with no config, the columns they
 * mention draw from pools of candidates the database accepted, the constraints stay as they were
 * and valid, and the application inserts afterwards; too few passing candidates is refused naming
 * the table, column, constraint and the config that fixes it.
 */
class ServerChecksFillIT {

  @TempDir Path tmp;

  @Test
  void checksCallingFunctionsOrArithmeticFillWithNoConfig() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(Fills.schema("server-checks.sql"));
      List<String> constraints = Fills.constraints(db);

      Fills.Run run = Fills.local(db);

      for (String check :
          List.of("product_sku_valid", "product_code_digits", "product_sum_divisible")) {
        assertContains(run.err(), "CHECK " + check + " on 'product', decided by the server: ");
      }
      assertContains(run.err(), "candidate rows of [a, b] pass on the server");
      assertContains(run.err(), "CHECK review_stars on 'review', decided by the server: ");
      assertContains(
          run.err(),
          "CHECK tag_name_whitespace on 'tag', decided by the server: all 1000 keys of name pass");
      assertEquals(1000L, db.queryLong("SELECT count(DISTINCT name) FROM tag"));
      assertEquals(1000L, db.queryLong("SELECT count(*) FROM product"));
      assertEquals(1000L, db.queryLong("SELECT count(*) FROM review"));
      Map<String, Long> orphans = Fills.orphans(db);
      assertEquals(
          0L, orphans.values().stream().mapToLong(Long::longValue).sum(), orphans::toString);
      assertEquals(constraints, Fills.constraints(db), "the fill left every constraint as it was");
      assertFalse(
          Fills.constraints(db).stream().anyMatch(c -> c.contains("NOT VALID")),
          constraints::toString);
      // pools, not one value: the cells still vary, and a nullable column keeps its NULLs
      assertTrue(db.queryLong("SELECT count(DISTINCT sku) FROM product") > 100);
      assertTrue(db.queryLong("SELECT count(DISTINCT (a, b)) FROM product") > 100);
      assertTrue(db.queryLong("SELECT count(*) FROM review WHERE stars IS NULL") > 0);
      // stars drawn as a rating: candidates from the column's meaning (1..5) come first
      assertTrue(db.queryLong("SELECT count(DISTINCT stars) FROM review") >= 3);

      db.execute("INSERT INTO product (sku, code, a, b) VALUES ('b-new', 'x12', 1, 2)");
      db.execute("INSERT INTO review (product_id, stars) VALUES (1001, 4)");
      assertEquals(1001L, db.queryLong("SELECT count(*) FROM review"));
    }
  }

  @Test
  void thePoolsArePartOfThePlanTheSameOnEveryPlanningAndThroughTheJobMessage() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(Fills.schema("server-checks.sql"));
      FillSettings settings = FillSettings.of(FillConfig.EMPTY, null, null, null, Map.of());
      List<String> notes = new ArrayList<>();
      FillPlan plan;
      FillPlan again;
      try (Connection c = db.connect()) {
        plan =
            Plans.checkedPlan(
                Fills.schema(db), settings, c, new PostgresServerChecks(c, notes::add));
        c.setAutoCommit(false); // inside a caller's transaction, which goes on
        try (Statement s = c.createStatement()) {
          s.execute("INSERT INTO product (sku, code, a, b) VALUES ('b', '12', 1, 2)");
        }
        again =
            Plans.checkedPlan(
                Fills.schema(db), settings, c, new PostgresServerChecks(c, notes::add));
        assertEquals(1L, single(c, "SELECT count(*) FROM product"));
        assertEquals(0L, single(c, "SELECT count(*) FROM pg_class WHERE relpersistence = 't'"));
        c.rollback();
      }

      assertEquals(plan, again);
      assertEquals(10, notes.size(), notes::toString); // five CHECKs, planned twice
      ValueSpec a = ((ColumnPlan.Values) plan.table("product").column("a")).spec();
      ValueSpec b = ((ColumnPlan.Values) plan.table("product").column("b")).spec();
      assertEquals(a.values().size(), b.values().size());
      for (int i = 0; i < a.values().size(); i++) {
        int sum = Integer.parseInt(a.values().get(i)) + Integer.parseInt(b.values().get(i));
        assertEquals(0, sum % 3, "tuple " + i + " satisfies mod(a + b, 3) = 0");
      }
      JobMessage job =
          new JobMessage(Messages.VERSION, "j", "default", plan, JobMessage.State.RUNNING, null, 0);
      assertEquals(plan, Messages.decodeJob(Messages.encode(job)).plan());
    }
  }

  @Test
  void tooFewPassingCandidatesIsRefusedNamingTheCheckAndTheConfigThatFixesIt() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(
          """
          CREATE FUNCTION is_registered(serial text) RETURNS boolean
            LANGUAGE sql IMMUTABLE AS $$ SELECT serial IN ('REG-1', 'REG-2') $$;
          CREATE TABLE gadget (
            id serial PRIMARY KEY,
            serial_no text NOT NULL CONSTRAINT gadget_registered CHECK (is_registered(serial_no))
          );
          """);
      Fills.Run refused =
          Fills.cli("local", "--db", db.jdbcUrl(), "--user", db.user(), "--rows", "gadget=50");

      assertEquals(1, refused.exitCode(), refused::out);
      String error = refused.err();
      assertContains(error, "CHECK gadget_registered on 'gadget'");
      assertContains(error, "only 0 of 1000 candidate values of serial_no pass on the server");
      assertContains(error, "CHECK (is_registered(serial_no))");
      assertContains(error, "`tables: {gadget: {columns: {serial_no: {values: [...]}}}}`");
      assertFalse(error.contains("\tat "), error);
      assertEquals(0L, db.queryLong("SELECT count(*) FROM gadget"));

      Path config =
          Files.writeString(
              tmp.resolve("gadget.yaml"),
              """
          tables: {gadget: {columns: {serial_no: {values: [REG-1, REG-2]}}}}
          """);
      Fills.local(db, "--rows", "gadget=50", "--config", config.toString());
      assertEquals(50L, db.queryLong("SELECT count(*) FROM gadget"));
    }
  }

  private static long single(Connection c, String query) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(query)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  /**
   * A birth date under a CHECK of the clock minus 18 years (issue 28 item 9): the candidates come
   * from the column's meaning first, so they pass; from the date type's range, none did ("only 0 of
   * 1000 candidate values of birthdate pass").
   */
  @Test
  void aServerDecidedCheckOnABirthDateDrawsItsCandidatesFromTheMeaning() throws Exception {
    try (TestDatabase db = Fills.filledValidly("birthdate-check.sql")) {
      assertEquals(1000L, db.queryLong("SELECT count(*) FROM employee"));
      assertEquals(
          0L,
          db.queryLong(
              "SELECT count(*) FROM employee WHERE birthdate < '1930-01-01'"
                  + " OR birthdate > now() - interval '18 years'"));
      assertTrue(db.queryLong("SELECT count(DISTINCT birthdate) FROM employee") >= 20);
      db.execute(
          "INSERT INTO employee (name, birthdate, hired) VALUES ('new', '1990-01-01', now())");
      assertEquals(1001L, db.queryLong("SELECT count(*) FROM employee"));
    }
  }

  private static void assertContains(String text, String expected) {
    assertTrue(text.contains(expected), () -> "expected '" + expected + "' in:\n" + text);
  }
}
