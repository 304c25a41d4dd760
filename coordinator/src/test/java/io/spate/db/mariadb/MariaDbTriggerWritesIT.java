package io.spate.db.mariadb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.coordinator.testing.TestMariaDb;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Tables an insert trigger of a filled table writes into ({@code
 * schemas/mariadb-trigger-writes.sql}, the form of Sakila's film and film_text) are the trigger's:
 * the fill leaves them to it, says so, and empties and checks them as it does its own, so a second
 * fill with {@code --truncate} does not collide with the rows the first one's trigger wrote.
 */
class MariaDbTriggerWritesIT {

  @Test
  void theTriggersTablesFillFromTheirTriggerAndEmptyWithTheFill() throws Exception {
    try (TestMariaDb db = TestMariaDb.withSchema(schema())) {
      Fills.Run run = MariaDbFill.local(db);

      String said = run.out() + run.err();
      for (String table : List.of("film_log", "film_text")) {
        assertTrue(
            said.contains(
                "triggers: "
                    + table
                    + " is not filled: trigger film_copies on film writes its rows"),
            said);
      }
      Map<String, Long> counts = MariaDbFill.rowCounts(db);
      assertEquals(
          Map.of("film", 1000L, "film_log", 1000L, "film_text", 1000L, "rental", 1000L), counts);
      try (Connection c = db.connect()) {
        assertEquals(
            1000,
            MariaDbFill.queryLong(
                c, "SELECT COUNT(*) FROM film JOIN film_text USING (film_id, title)"),
            "each film copied by the trigger");
      }

      Fills.Run refused = Fills.cli("local", "--db", db.jdbcUrl(), "--user", "root");
      assertEquals(1, refused.exitCode(), refused.err());
      assertTrue(refused.err().contains("film_log, film_text] already hold rows"), refused.err());

      MariaDbFill.local(db, "--truncate", "--seed", "7");
      assertEquals(counts, MariaDbFill.rowCounts(db), "emptied with the fill, then the trigger's");
    }
  }

  @Test
  void aTableTheConfigSizesIsFilledAndTheTriggerWritesItToo() throws Exception {
    try (TestMariaDb db = TestMariaDb.withSchema(schema())) {
      Fills.Run run = MariaDbFill.local(db, "--rows", "film_log=10");

      assertTrue(
          run.err()
              .contains(
                  "triggers: film_log is filled first, then written by trigger film_copies on film too"),
          run.err());
      assertEquals(1010L, MariaDbFill.rowCounts(db).get("film_log"));
    }
  }

  private static Path schema() throws Exception {
    return Path.of(
        MariaDbTriggerWritesIT.class.getResource("/schemas/mariadb-trigger-writes.sql").toURI());
  }
}
