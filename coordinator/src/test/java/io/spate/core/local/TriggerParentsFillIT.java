package io.spate.core.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.worker.testing.TestDatabase;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A table only an insert trigger writes ({@code schemas/trigger-parents.sql}: one profile per user,
 * keyed by the user's id) still has children a zero-config fill fills: their references pick the
 * users whose profiles the trigger writes, and load after the users.
 */
class TriggerParentsFillIT {

  @Test
  void childrenOfATriggersRowsReferenceTheRowsItWrites() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(Fills.schema("trigger-parents.sql"));
      List<String> constraints = Fills.constraints(db);

      Fills.Run run = Fills.local(db);

      assertTrue(
          run.err()
              .contains(
                  "triggers: profile_photos.profile_photos_profile_id_fkey picks the profiles rows"
                      + " trigger users_profile on users writes, one per users row (user_id ="
                      + " users.id): its rows load after users"),
          run.err());
      long users = db.queryLong("SELECT count(*) FROM users");
      assertTrue(users > 0, "users filled");
      assertEquals(users, db.queryLong("SELECT count(*) FROM profiles"), "one profile per user");
      assertTrue(db.queryLong("SELECT count(*) FROM profile_photos") > 0, "photos filled");
      assertEquals(
          0L,
          db.queryLong(
              "SELECT count(*) FROM profile_photos ph LEFT JOIN profiles p"
                  + " ON p.user_id = ph.profile_id WHERE p.user_id IS NULL"),
          "no photo without its profile");
      Fills.assertValid(db, constraints);

      long id =
          db.queryLong(
              "WITH u AS (INSERT INTO users (name) VALUES ('added later') RETURNING id)"
                  + " SELECT id FROM u");
      db.execute("INSERT INTO profile_photos (profile_id, url) VALUES (" + id + ", 'a.png')");
      assertEquals(
          1L,
          db.queryLong(
              "SELECT count(*) FROM profiles p JOIN profile_photos ph ON ph.profile_id = p.user_id"
                  + " WHERE p.user_id = "
                  + id),
          "the application's insert: the trigger wrote the new user's profile");
    }
  }
}
