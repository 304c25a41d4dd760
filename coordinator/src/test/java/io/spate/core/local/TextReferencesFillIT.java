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
 * Text keys referenced by text columns of other types fill with no config ({@code
 * schemas/text-references.sql} and its MariaDB twin): a {@code char(36)} holds a {@code
 * varchar(40)} key's values, a {@code varchar(20)} a {@code text} key's, since Spate writes them no
 * longer than the child holds. No row is an orphan, the constraints stay as they were, and the
 * application's next insert of a UUID-keyed account and its session succeeds.
 */
class TextReferencesFillIT {

  private static final String UUID = "9f1c2b7e-4d3a-4c55-8e21-0b6f3a9d7c10";

  @Test
  void textKeysOfOtherTypesFillOnPostgresql() throws Exception {
    try (TestDatabase db = Fills.filledValidly("text-references.sql")) {
      Map<String, Long> counts = Fills.rowCounts(db);
      assertEquals(1000L, counts.get("session"), counts::toString);
      assertTrue(counts.get("post_tag") > 0, counts::toString);
      assertEquals(
          0L,
          db.queryLong(
              "SELECT count(*) FROM session s WHERE NOT EXISTS"
                  + " (SELECT 1 FROM account a WHERE a.id = rtrim(s.account_id))"),
          "every char(36) holds an account's id");

      db.execute("INSERT INTO account (id, name) VALUES ('" + UUID + "', 'Ada')");
      db.execute("INSERT INTO session (account_id, started_at) VALUES ('" + UUID + "', now())");
      assertEquals(1001L, db.queryLong("SELECT count(*) FROM session"));
    }
  }

  @Test
  void textKeysOfOtherTypesFillOnMariaDb() throws Exception {
    try (TestMariaDb db = TestMariaDb.withSchema(schema("mariadb-text-references.sql"))) {
      List<String> constraints = MariaDbFill.constraints(db);
      MariaDbFill.local(db);

      Map<String, Long> counts = MariaDbFill.rowCounts(db);
      assertEquals(1000L, counts.get("session"), counts::toString);
      assertTrue(counts.get("post_tag") > 0, counts::toString);
      Map<String, Long> orphans = MariaDbFill.orphans(db);
      assertTrue(orphans.values().stream().allMatch(n -> n == 0), () -> "orphans: " + orphans);
      assertEquals(constraints, MariaDbFill.constraints(db), "the fill left every constraint");

      db.execute("INSERT INTO account (id, name) VALUES ('" + UUID + "', 'Ada')");
      db.execute("INSERT INTO session (account_id, started_at) VALUES ('" + UUID + "', NOW())");
      try (Connection c = db.connect()) {
        assertEquals(1001L, MariaDbFill.queryLong(c, "SELECT COUNT(*) FROM session"));
      }
    }
  }

  private static Path schema(String file) throws Exception {
    return Path.of(TextReferencesFillIT.class.getResource("/schemas/" + file).toURI());
  }
}
