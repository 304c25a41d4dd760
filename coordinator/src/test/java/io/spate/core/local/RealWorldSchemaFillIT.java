package io.spate.core.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.core.config.FillConfig;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.TablePlan;
import io.spate.worker.testing.TestDatabase;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The project's own real-world schema: every type, constraint and structure the focused ITs cover
 * (types and domains, trees, cycles, partitions, identities, length and pattern CHECKs, unique
 * indexes, correlated people columns) in one database, filled in one run without a single
 * violation, and byte-identical under another task split.
 */
class RealWorldSchemaFillIT {

  private static final String PEOPLE =
      """
      CREATE TABLE person (
        id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        first_name varchar(30) NOT NULL,
        last_name varchar(30) NOT NULL,
        email varchar(80) NOT NULL UNIQUE,
        phone varchar(30),
        city varchar(40),
        state varchar(30),
        zip varchar(10),
        employee_id bigint REFERENCES employee (id),
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL CHECK (updated_at >= created_at)
      );
      """;

  private static final String SCHEMA =
      RealWorldTypesFillIT.SCHEMA
          + StructuresFillIT.SCHEMA
          + ChecksAndUniqueIndexesFillIT.SCHEMA
          + PEOPLE;

  private static final String[] ROWS = {
    "--default-rows", "1000", "--rows", "department=30", "--rows", "reading=4000"
  };

  private static TestDatabase filled(String... split) {
    return Fills.filled(SCHEMA, ROWS, split);
  }

  @Test
  void theWholeSchemaFillsValidlyAndAnyTaskSplitGivesTheSameBytes() throws Exception {
    try (TestDatabase db = filled("--threads", "2", "--task-rows", "333")) {
      FillPlan plan = Fills.plan(db, FillConfig.EMPTY, Map.of("department", 30L, "reading", 4000L));
      Map<String, Long> planned = new TreeMap<>();
      for (TablePlan t : plan.tables()) {
        if (!t.secondPass()) {
          planned.put(t.name(), t.rows());
        }
      }
      assertEquals(
          java.util.Set.of(
              "account",
              "audit",
              "category",
              "department",
              "employee",
              "event",
              "host",
              "person",
              "profile",
              "reading"),
          planned.keySet());
      assertEquals(planned, Fills.rowCounts(db));
      assertTrue(
          Fills.orphans(db).values().stream().allMatch(n -> n == 0), Fills.orphans(db).toString());
      assertEquals(0L, db.queryLong("SELECT count(*) FROM person WHERE updated_at < created_at"));
      try (TestDatabase again = filled("--threads", "1", "--task-rows", "1000000")) {
        assertEquals(Fills.checksums(db), Fills.checksums(again));
      }
    }
  }
}
