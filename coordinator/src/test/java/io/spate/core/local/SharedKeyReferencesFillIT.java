package io.spate.core.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.coordinator.testing.TestMariaDb;
import io.spate.db.mariadb.MariaDbFill;
import io.spate.worker.testing.TestDatabase;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Two unique keys over references that share one ({@code UNIQUE (tenant_id, user_id)} and {@code
 * UNIQUE (tenant_id, group_id)}, {@code schemas/shared-key-references.sql} and its MariaDB twin)
 * fill with fewer tenants than memberships: both keys hold, where the second key's group used to be
 * picked at random and the load failed on a duplicate. No row is an orphan, the constraints stay as
 * they were, and the application's next insert succeeds.
 */
class SharedKeyReferencesFillIT {

  /**
   * Ten tenants, forty memberships each, of fifty users and fifty groups. (With as many tenants as
   * memberships, every row has a tenant of its own and both keys held already.)
   */
  private static final String[] SIZES = {
    "--rows", "tenants=10", "--rows", "users=50", "--rows", "groups=50", "--rows", "memberships=400"
  };

  @Test
  void bothKeysHoldOnPostgresql() throws Exception {
    try (TestDatabase db = Fills.filledValidly("shared-key-references.sql", SIZES)) {
      assertEquals(400L, Fills.rowCounts(db).get("memberships"));
      assertEquals(10L, db.queryLong("SELECT count(DISTINCT tenant_id) FROM memberships"));
      db.execute("INSERT INTO tenants (name) VALUES ('Acme')");
      db.execute(
          "INSERT INTO memberships (tenant_id, user_id, group_id)"
              + " VALUES ((SELECT max(id) FROM tenants), 1, 1)");
      assertEquals(401L, db.queryLong("SELECT count(*) FROM memberships"));
    }
  }

  @Test
  void bothKeysHoldOnMariaDb() throws Exception {
    try (TestMariaDb db = TestMariaDb.withSchema(schema("mariadb-shared-key-references.sql"))) {
      List<String> constraints = MariaDbFill.constraints(db);
      MariaDbFill.local(db, SIZES);

      Map<String, Long> counts = MariaDbFill.rowCounts(db);
      assertEquals(400L, counts.get("memberships"), counts::toString);
      Map<String, Long> orphans = MariaDbFill.orphans(db);
      assertTrue(orphans.values().stream().allMatch(n -> n == 0), () -> "orphans: " + orphans);
      assertEquals(constraints, MariaDbFill.constraints(db), "the fill left every constraint");

      db.execute("INSERT INTO tenants (name) VALUES ('Acme')");
      db.execute(
          "INSERT INTO memberships (tenant_id, user_id, group_id)"
              + " VALUES ((SELECT MAX(id) FROM tenants), 1, 1)");
      try (Connection c = db.connect()) {
        assertEquals(401L, MariaDbFill.queryLong(c, "SELECT COUNT(*) FROM memberships"));
      }
    }
  }

  private static Path schema(String file) throws Exception {
    return Path.of(SharedKeyReferencesFillIT.class.getResource("/schemas/" + file).toURI());
  }
}
