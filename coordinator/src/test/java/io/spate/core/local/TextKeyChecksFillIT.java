package io.spate.core.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.spate.coordinator.Fills;
import io.spate.worker.testing.TestDatabase;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Unique text keys under length and pattern CHECKs the bare numbers break fill with no config
 * (issue 13): each key gets a form its CHECKs accept (a letter first, an email, a URL, zero-padded
 * digits), stays unique, and the application inserts afterwards.
 */
class TextKeyChecksFillIT {

  @Test
  void uniqueTextKeysTakeAFormTheirChecksAcceptWithNoConfig() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(Fills.schema("text-key-checks.sql"));
      List<String> constraints = Fills.constraints(db);
      Fills.local(db);
      Map<String, Long> orphans = Fills.orphans(db);
      assertEquals(
          0L, orphans.values().stream().mapToLong(Long::longValue).sum(), orphans::toString);
      assertEquals(constraints, Fills.constraints(db), "the fill left every constraint as it was");
      assertFalse(
          Fills.constraints(db).stream()
              .anyMatch(c -> c.contains("NOT VALID") || c.endsWith(" INVALID")));

      assertEquals(1000L, db.queryLong("SELECT count(DISTINCT username) FROM app_public.users"));
      assertEquals(
          1000L,
          db.queryLong("SELECT count(*) FROM app_public.users WHERE username::text ~ '^k[0-9]+$'"));
      assertEquals(
          1000L,
          db.queryLong(
              "SELECT count(*) FROM app_public.user_emails"
                  + " WHERE email::text ~ '^user[0-9]+@example[.]com$'"));
      assertEquals(
          1000L, db.queryLong("SELECT count(DISTINCT email) FROM app_public.verified_emails"));
      assertEquals(
          1000L,
          db.queryLong(
              "SELECT count(*) FROM image_source WHERE source ~ '^https://example[.]com/[0-9]+$'"));
      assertEquals(
          1000L, db.queryLong("SELECT count(DISTINCT code) FROM ticket WHERE code ~ '^[0-9]{6}$'"));
      assertEquals(1000L, db.queryLong("SELECT count(DISTINCT code) FROM currency"));

      db.execute("INSERT INTO app_public.users (username) VALUES ('newcomer')");
      db.execute(
          "INSERT INTO app_public.user_emails (user_id, email)"
              + " SELECT id, 'newcomer@example.org' FROM app_public.users"
              + " WHERE username = 'newcomer'");
      db.execute("INSERT INTO image (title) VALUES ('new')");
      db.execute(
          "INSERT INTO image_source (image_id, source) SELECT max(id), 'http://new' FROM image");
      assertEquals(1001L, db.queryLong("SELECT count(*) FROM app_public.user_emails"));
      assertEquals(1001L, db.queryLong("SELECT count(*) FROM image_source"));
    }
  }
}
