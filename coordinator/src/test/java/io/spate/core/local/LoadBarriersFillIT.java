package io.spate.core.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.worker.testing.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What PostgreSQL would refuse at load is refused at plan time, before any table is written, or
 * handled: an exclusion constraint ({@code schemas/exclusion-constraint.sql}) and row-level
 * security that applies to the filling role ({@code schemas/row-security.sql}) are refused naming
 * the table and the rule, with advice a second fill follows to success; a domain over a composite
 * whose CHECK refuses NULL ({@code schemas/composite-domain.sql}) gets no NULLs.
 */
class LoadBarriersFillIT {

  @TempDir Path tmp;

  @Test
  void anExclusionConstraintIsRefusedBeforeAnyTableIsWritten() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(Fills.schema("exclusion-constraint.sql"));
      List<String> constraints = Fills.constraints(db);

      Fills.Run refused = Fills.cli(Fills.localArgs(db));

      assertNotEquals(0, refused.exitCode(), refused.out());
      assertTrue(
          refused
              .err()
              .contains(
                  "table 'booking' cannot be filled, exclusion constraint"
                      + " \"booking_room_during_excl\" (EXCLUDE USING gist (room WITH =, during"
                      + " WITH &&)): Spate does not draw rows to keep an exclusion constraint"),
          refused.err());
      assertTrue(
          refused.err().contains("`tables: {booking: {rows: 0}}`"), "advice: " + refused.err());
      assertEquals(Map.of("booking", 0L, "room", 0L), Fills.rowCounts(db), "nothing written");

      Fills.local(db, "--config", config("tables:\n  booking: {rows: 0}\n"));

      Fills.assertValid(db, constraints);
      assertEquals(Map.of("booking", 0L, "room", 1000L), Fills.rowCounts(db));
      db.execute("INSERT INTO booking (room, during) VALUES (1, tstzrange(now(), now() + '1h'))");
      assertEquals(1L, db.queryLong("SELECT count(*) FROM booking"));
    }
  }

  @Test
  void aCompositeDomainWhoseCheckRefusesNullGetsNoNulls() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(Fills.schema("composite-domain.sql"));
      List<String> constraints = Fills.constraints(db);

      Fills.local(
          db, "--config", config("tables:\n  shape:\n    columns:\n      p: {value: '(1,2)'}\n"));

      Fills.assertValid(db, constraints);
      assertEquals(Map.of("shape", 1000L, "tag", 1000L), Fills.rowCounts(db));
      assertEquals(0L, db.queryLong("SELECT count(*) FROM shape WHERE p IS NULL"));
      db.execute("INSERT INTO shape (p) VALUES (ROW(3, 4))");
      assertEquals(1001L, db.queryLong("SELECT count(*) FROM shape"));
    }
  }

  @Test
  void rowLevelSecurityThatAppliesToTheRoleIsRefusedBeforeAnyTableIsWritten() throws Exception {
    String role = "spate_it_rls_" + UUID.randomUUID().toString().substring(0, 8);
    TestDatabase db = TestDatabase.create();
    try {
      db.execute("CREATE ROLE " + role + " LOGIN");
      db.execute(Fills.schema("row-security.sql") + Fills.ownedBy(role, db, "author", "note"));
      List<String> constraints = Fills.constraints(db);

      Fills.Run refused = Fills.cli("local", "--db", db.jdbcUrl(), "--user", role);

      assertNotEquals(0, refused.exitCode(), refused.out());
      assertTrue(
          refused
              .err()
              .contains(
                  "table 'note' cannot be filled, row-level security (forced, so even for the"
                      + " table's owner): it applies to this role, and PostgreSQL refuses COPY"
                      + " FROM"),
          refused.err());
      assertEquals(Map.of("author", 0L, "note", 0L), Fills.rowCounts(db), "nothing written");

      // The advice: the owner turns it off for the fill, and on again after.
      db.execute("ALTER TABLE note DISABLE ROW LEVEL SECURITY");
      Fills.Run filled = Fills.cli("local", "--db", db.jdbcUrl(), "--user", role);
      db.execute("ALTER TABLE note ENABLE ROW LEVEL SECURITY");

      assertEquals(0, filled.exitCode(), filled.err());
      assertFalse(filled.err().contains("Exception"), filled.err());
      Fills.assertValid(db, constraints);
      assertEquals(Map.of("author", 1000L, "note", 1000L), Fills.rowCounts(db));
      db.execute("SET ROLE " + role + "; INSERT INTO note (body) VALUES ('mine'); RESET ROLE");
      assertEquals(1001L, db.queryLong("SELECT count(*) FROM note"));
    } finally {
      db.close(); // the role owns nothing once its database is gone
      Fills.dropRole(role);
    }
  }

  private String config(String yaml) throws Exception {
    Path file = Files.createTempFile(tmp, "barriers-", ".yaml");
    Files.writeString(file, yaml);
    return file.toString();
  }
}
