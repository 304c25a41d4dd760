package io.spate.db.mariadb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.coordinator.testing.TestMariaDb;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A table only an insert trigger writes ({@code schemas/mariadb-trigger-parents.sql}: one profile
 * per user, keyed by the user's id) still has children a zero-config fill fills: their references
 * pick the users whose profiles the trigger writes, and load after the users.
 */
class MariaDbTriggerParentsIT {

  @Test
  void childrenOfATriggersRowsReferenceTheRowsItWrites() throws Exception {
    try (TestMariaDb db = TestMariaDb.withSchema(schema())) {
      List<String> constraints = MariaDbFill.constraints(db);

      Fills.Run run = MariaDbFill.local(db);

      assertTrue(
          run.err()
              .contains(
                  "triggers: profile_photos.photos_profile picks the profiles rows trigger"
                      + " users_profile on users writes, one per users row (user_id = users.id):"
                      + " its rows load after users"),
          run.err());
      Map<String, Long> counts = MariaDbFill.rowCounts(db);
      assertTrue(counts.get("users") > 0, counts.toString());
      assertEquals(counts.get("users"), counts.get("profiles"), "one profile per user");
      assertTrue(counts.get("profile_photos") > 0, counts.toString());
      assertEquals(
          Map.of("profile_photos.photos_profile", 0L, "profiles.profiles_user", 0L),
          MariaDbFill.orphans(db));
      assertEquals(constraints, MariaDbFill.constraints(db), "every constraint as it was");
      try (Connection c = db.connect();
          Statement s = c.createStatement()) {
        assertEquals(
            0L,
            MariaDbFill.queryLong(
                c,
                "SELECT COUNT(*) FROM profile_photos ph LEFT JOIN profiles p"
                    + " ON p.user_id = ph.profile_id WHERE p.user_id IS NULL"),
            "no photo without its profile");
        assertEquals(
            "1", query(s, "SELECT @@foreign_key_checks"), "the checks are on for the application");
        s.executeUpdate("INSERT INTO users (name) VALUES ('added later')");
        long id = MariaDbFill.queryLong(c, "SELECT LAST_INSERT_ID()");
        s.executeUpdate(
            "INSERT INTO profile_photos (profile_id, url) VALUES (" + id + ", 'a.png')");
        assertEquals(
            1L,
            MariaDbFill.queryLong(
                c,
                "SELECT COUNT(*) FROM profiles p JOIN profile_photos ph"
                    + " ON ph.profile_id = p.user_id WHERE p.user_id = "
                    + id),
            "the application's insert: the trigger wrote the new user's profile");
      }
    }
  }

  private static String query(Statement s, String sql) throws Exception {
    try (ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getString(1);
    }
  }

  private static Path schema() throws Exception {
    return Path.of(
        MariaDbTriggerParentsIT.class.getResource("/schemas/mariadb-trigger-parents.sql").toURI());
  }
}
