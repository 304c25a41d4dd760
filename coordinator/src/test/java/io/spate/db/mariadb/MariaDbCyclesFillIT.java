package io.spate.db.mariadb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.coordinator.testing.TestMariaDb;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Self-references and cycles on the real MariaDB server ({@code schemas/mariadb-cycles.sql}): every
 * load runs with {@code foreign_key_checks=0}, so the insert writes every reference, a nullable
 * self-reference's and a cycle's nullable edge too, with the picks PostgreSQL's second pass makes
 * (its twin {@code cycles-pg.sql}), and the anti-joins after the load find no orphan.
 */
class MariaDbCyclesFillIT {

  private static final List<String> TABLES = List.of("department", "employee", "staff", "store");

  @Test
  void nullableSelfReferenceAndBothCyclesFillZeroConfigWithNoOrphansAndAcceptApplicationInserts()
      throws Exception {
    try (TestMariaDb db = TestMariaDb.withSchema(schema())) {
      Fills.Run run = MariaDbFill.local(db, "--threads", "2");

      String said = run.out() + run.err();
      assertTrue(said.contains("plan: 4 tables, 4 levels,"), () -> "no second pass:\n" + said);
      Map<String, Long> counts = MariaDbFill.rowCounts(db);
      TABLES.forEach(t -> assertEquals(1000L, counts.get(t), t + ": " + counts));
      Map<String, Long> orphans = MariaDbFill.orphans(db);
      assertEquals(5, orphans.size(), "every foreign key counted: " + orphans);
      assertTrue(orphans.values().stream().allMatch(n -> n == 0), () -> "orphans: " + orphans);
      try (Connection c = db.connect();
          Statement s = c.createStatement()) {
        assertEquals(
            1,
            MariaDbFill.queryLong(c, "SELECT COUNT(*) FROM employee WHERE manager_id IS NULL"),
            "the first employee alone is a root: no nullRatio set on a reference");
        assertEquals(
            0,
            MariaDbFill.queryLong(
                c, "SELECT COUNT(*) FROM employee WHERE manager_id >= employee_id"),
            "a manager is an earlier employee");
        assertEquals(
            0, MariaDbFill.queryLong(c, "SELECT COUNT(*) FROM department WHERE head_id IS NULL"));
        assertTrue(
            MariaDbFill.queryLong(c, "SELECT COUNT(DISTINCT manager_id) FROM employee") > 300,
            "managers vary");

        // with the server's checks on, as an application runs
        s.executeUpdate(
            "INSERT INTO employee (department_id, manager_id, name) VALUES (7, 9, 'a')");
        s.executeUpdate("INSERT INTO department (name, head_id) VALUES ('app', 1001)");
        s.executeUpdate("INSERT INTO staff (store_id, name) VALUES (3, 'a')");
        s.executeUpdate("INSERT INTO store (manager_staff_id, address) VALUES (1001, 'app')");
        assertEquals(
            "1001 1001 1001 1001",
            MariaDbFill.queryString(
                db,
                "SELECT CONCAT_WS(' ', (SELECT MAX(employee_id) FROM employee),"
                    + " (SELECT MAX(department_id) FROM department),"
                    + " (SELECT MAX(staff_id) FROM staff), (SELECT MAX(store_id) FROM store))"),
            "application inserts without ids get the next ones");
      }
    }
  }

  @Test
  void nullRatioOfTheNullableSelfReferenceAndCycleEdgeIsKept() throws Exception {
    Path config = Files.createTempFile("spate-cycles", ".yaml");
    Files.writeString(
        config,
        """
        tables:
          employee: {columns: {manager_id: {nullRatio: 0.3}}}
          department: {columns: {head_id: {nullRatio: 0.3}}}
        """);
    try (TestMariaDb db = TestMariaDb.withSchema(schema())) {
      MariaDbFill.local(db, "--config", config.toString());
      try (Connection c = db.connect()) {
        for (String nulls :
            List.of(
                "SELECT COUNT(*) FROM employee WHERE manager_id IS NULL",
                "SELECT COUNT(*) FROM department WHERE head_id IS NULL")) {
          long n = MariaDbFill.queryLong(c, nulls);
          assertTrue(n > 230 && n < 370, () -> "about 30% of 1000: " + n + " (" + nulls + ")");
        }
      }
      Map<String, Long> orphans = MariaDbFill.orphans(db);
      assertTrue(orphans.values().stream().allMatch(n -> n == 0), () -> "orphans: " + orphans);
    } finally {
      Files.delete(config);
    }
  }

  @Test
  void identicalForOneThreadWithHugeTasksAndTwoThreadsWithOddSmallTasks() throws Exception {
    Map<String, String> one = checksums("1", "1000000");
    assertNotEquals("0:null", one.get("employee"), "the digest saw rows: " + one);
    assertEquals(one, checksums("2", "97"));
    assertEquals(one, checksums("2", "1000"));
  }

  @Test
  void sameValuesAsPostgresqlWhoseSecondPassSetsTheNullableReferences() throws Exception {
    MariaDbFill.assertSameValuesAsPostgresql("cycles-pg.sql", "mariadb-cycles.sql", TABLES);
  }

  private static Map<String, String> checksums(String threads, String taskRows) throws Exception {
    try (TestMariaDb db = TestMariaDb.withSchema(schema())) {
      MariaDbFill.local(db, "--threads", threads, "--task-rows", taskRows);
      return MariaDbFill.checksums(db);
    }
  }

  private static Path schema() throws Exception {
    return Path.of(MariaDbCyclesFillIT.class.getResource("/schemas/mariadb-cycles.sql").toURI());
  }
}
