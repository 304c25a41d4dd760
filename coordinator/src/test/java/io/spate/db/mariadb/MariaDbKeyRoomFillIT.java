package io.spate.db.mariadb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.coordinator.testing.TestMariaDb;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Keys whose room is not the default rows', on the real server ({@code
 * schemas/mariadb-key-room.sql}): a unique key on a column's prefix holds because the column's
 * values are drawn no longer than the prefix; a primary key of a reference and an unsigned tinyint
 * fills one to three rows per referenced row, the tinyint counting within each; a key whose other
 * columns hold every row lets its tinyint (or a float) draw values; OrangeHRM's decimal(2,0) beside
 * a reference fills the same way, and a varchar(3) references a char(2); all with no config.
 */
class MariaDbKeyRoomFillIT {

  @Test
  void prefixKeysAndATinyintBesideAReferenceFillWithNoConfig() throws Exception {
    try (TestMariaDb db = TestMariaDb.withSchema(schema())) {
      Fills.Run run = MariaDbFill.local(db);

      assertTrue(run.err().contains("plan: 9 tables, 3 levels, "), run.err());
      Map<String, Long> counts = MariaDbFill.rowCounts(db);
      assertEquals(1000L, counts.get("server"));
      assertEquals(1000L, counts.get("post"));
      assertEquals(1000L, counts.get("stats_daily"));
      assertEquals(1000L, counts.get("location"), "varchar(3) references take the char(2) codes");
      assertEquals(1000L, counts.get("tax_order_aggregated"), "code tells the rows apart");
      long children = counts.get("emp_children");
      assertTrue(children > 1500 && children < 2500, () -> "1..3 per employee: " + children);
      long tags = counts.get("post_tag");
      assertTrue(tags > 1500 && tags < 2500, () -> "1..3 per post: " + tags);
      try (Connection c = db.connect()) {
        assertEquals(
            1000,
            MariaDbFill.queryLong(c, "SELECT COUNT(DISTINCT LEFT(nurl, 12)) FROM server"),
            "distinct within the prefix");
        assertEquals(
            MariaDbFill.queryLong(c, "SELECT COUNT(*) FROM server WHERE note IS NOT NULL"),
            MariaDbFill.queryLong(
                c, "SELECT COUNT(DISTINCT LEFT(title, 20), LEFT(note, 8)) FROM server"));
        assertTrue(
            MariaDbFill.queryLong(
                    c,
                    "SELECT MAX(GREATEST(LENGTH(nurl) - 12, CHAR_LENGTH(title) - 20,"
                        + " CHAR_LENGTH(note) - 8)) FROM server")
                <= 0,
            "no value longer than its key's prefix");
        assertEquals(
            "1 3",
            MariaDbFill.queryString(db, "SELECT CONCAT(MIN(type), ' ', MAX(type)) FROM post_tag"),
            "type counts 1..3 within each post");
        assertEquals(
            1000,
            MariaDbFill.queryLong(c, "SELECT COUNT(DISTINCT post_id) FROM post_tag"),
            "every post has tags");
      }
      Map<String, Long> orphans = MariaDbFill.orphans(db);
      assertTrue(orphans.values().stream().allMatch(n -> n == 0), () -> "orphans: " + orphans);
    }
  }

  private static Path schema() throws Exception {
    return Path.of(MariaDbKeyRoomFillIT.class.getResource("/schemas/mariadb-key-room.sql").toURI());
  }
}
