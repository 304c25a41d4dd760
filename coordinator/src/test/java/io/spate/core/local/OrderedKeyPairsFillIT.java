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
 * A link table keyed by two references to one table and ordered by a CHECK ({@code PRIMARY KEY
 * (tag1, tag2)}, {@code CHECK (tag1 < tag2)}, {@code schemas/ordered-key-pairs.sql} and its MariaDB
 * twin) fills with no config: every pair is ordered and distinct, where the plan used to refuse it.
 * No row is an orphan, the constraints stay as they were, and the application's next insert
 * succeeds.
 */
class OrderedKeyPairsFillIT {

  /** 100 tags hold 50 x 50 ordered pairs; 2,000 synonyms take most of them. */
  private static final String[] SIZES = {"--rows", "tag=100", "--rows", "tag_synonym=2000"};

  @Test
  void orderedPairsFillOnPostgresql() throws Exception {
    try (TestDatabase db = Fills.filledValidly("ordered-key-pairs.sql", SIZES)) {
      assertEquals(2000L, Fills.rowCounts(db).get("tag_synonym"));
      assertEquals(0L, db.queryLong("SELECT count(*) FROM tag_synonym WHERE tag1 >= tag2"));
      assertEquals(40L, db.queryLong("SELECT count(DISTINCT tag1) FROM tag_synonym"), "50 each");
      db.execute("INSERT INTO tag (id, name) VALUES (1000, 'new')");
      db.execute("INSERT INTO tag_synonym (tag1, tag2, created) VALUES (1, 1000, '2026-01-01')");
      assertEquals(2001L, db.queryLong("SELECT count(*) FROM tag_synonym"));
    }
  }

  @Test
  void orderedPairsFillOnMariaDb() throws Exception {
    try (TestMariaDb db = TestMariaDb.withSchema(schema("mariadb-ordered-key-pairs.sql"))) {
      List<String> constraints = MariaDbFill.constraints(db);
      MariaDbFill.local(db, SIZES);

      Map<String, Long> counts = MariaDbFill.rowCounts(db);
      assertEquals(2000L, counts.get("tag_synonym"), counts::toString);
      Map<String, Long> orphans = MariaDbFill.orphans(db);
      assertTrue(orphans.values().stream().allMatch(n -> n == 0), () -> "orphans: " + orphans);
      assertEquals(constraints, MariaDbFill.constraints(db), "the fill left every constraint");
      db.execute("INSERT INTO tag (id, name) VALUES (1000, 'new')");
      db.execute("INSERT INTO tag_synonym (tag1, tag2, created) VALUES (1, 1000, '2026-01-01')");
      try (Connection c = db.connect()) {
        assertEquals(
            0L, MariaDbFill.queryLong(c, "SELECT COUNT(*) FROM tag_synonym WHERE tag1 >= tag2"));
        assertEquals(2001L, MariaDbFill.queryLong(c, "SELECT COUNT(*) FROM tag_synonym"));
      }
    }
  }

  private static Path schema(String file) throws Exception {
    return Path.of(OrderedKeyPairsFillIT.class.getResource("/schemas/" + file).toURI());
  }
}
