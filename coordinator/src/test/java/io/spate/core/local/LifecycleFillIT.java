package io.spate.core.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.worker.testing.TestDatabase;
import org.junit.jupiter.api.Test;

/**
 * Rows whose times agree with themselves and with their parents, zero-config: a row's creation
 * comes before its modifications, its start before its end, a child's creation after its parent's
 * (the parent row its key picks, whichever task or thread wrote either), soft deletes and deleted
 * flags are mostly unset, a flag mostly holds its DEFAULT and a part never exceeds its whole. The
 * same fill with other task sizes and thread counts writes the same bytes.
 */
class LifecycleFillIT {

  private static final String[] SMALL_TASKS = {
    "--default-rows", "3000", "--task-rows", "100", "--threads", "2", "--seed", "11"
  };

  @Test
  void rowsFollowOneLifecycleAndChildrenComeAfterTheirParentsAcrossTasks() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(Fills.schema("lifecycle.sql"));
      Fills.local(db, SMALL_TASKS);

      assertEquals(0, db.queryLong("SELECT count(*) FROM accounts WHERE updated_at < created_at"));
      assertEquals(0, db.queryLong("SELECT count(*) FROM accounts WHERE deleted_at < created_at"));
      assertEquals(0, db.queryLong("SELECT count(*) FROM posts WHERE updated_at < inserted_at"));
      assertEquals(0, db.queryLong("SELECT count(*) FROM posts WHERE published_at < inserted_at"));
      assertEquals(0, db.queryLong("SELECT count(*) FROM comments WHERE edited < created"));
      assertEquals(0, db.queryLong("SELECT count(*) FROM sessions WHERE ended_at < started_at"));
      assertEquals(
          0,
          db.queryLong(
              "SELECT count(*) FROM posts p JOIN accounts a ON a.id = p.account_id"
                  + " WHERE p.inserted_at < a.created_at::timestamp"),
          "a post created before its account");
      assertEquals(
          0,
          db.queryLong(
              "SELECT count(*) FROM comments c JOIN posts p ON p.id = c.post_id"
                  + " WHERE c.created < p.inserted_at"),
          "a comment created before its post");
      assertTrue(
          db.queryLong("SELECT count(*) FROM accounts WHERE deleted_at IS NULL") >= 2700,
          "soft deletes are mostly unset");
      assertTrue(
          db.queryLong("SELECT count(*) FROM comments WHERE NOT is_deleted") >= 2700,
          "deleted flags are mostly unset");
      assertEquals(0, db.queryLong("SELECT count(*) FROM accounts WHERE enabled NOT IN (0, 1)"));
      assertTrue(
          db.queryLong("SELECT count(*) FROM accounts WHERE enabled = 1") >= 2400,
          "a flag mostly holds its DEFAULT");
      assertEquals(0, db.queryLong("SELECT count(*) FROM posts WHERE unique_views > views"));
      assertEquals(
          0,
          db.queryLong("SELECT count(*) FROM accounts WHERE login_clean <> lower(login)"),
          "a lowercase copy is its original lowercased");
      assertEquals(
          0,
          db.queryLong(
              "SELECT count(*) FROM sessions s JOIN accounts a ON a.id = s.account_id"
                  + " WHERE s.account_name <> a.account_name"),
          "a parent's name kept beside its key is the parent's, whichever task wrote it");
      assertEquals(
          0,
          db.queryLong(
              "SELECT count(*) FROM sessions WHERE begin_time !~ '^[0-9]{10}$'"
                  + " OR finish_time::bigint < begin_time::bigint"
                  + " OR begin_time::bigint NOT BETWEEN 1451606400 AND 1767225600"),
          "times kept as digits of seconds follow the row's lifecycle");
      assertTrue(
          db.queryLong("SELECT count(DISTINCT status) FROM posts") <= 12,
          "a status is a small vocabulary");
      assertEquals(
          0,
          db.queryLong("SELECT count(*) FROM posts WHERE status !~ '^[a-z]+$'"),
          "of lowercase words");
      assertEquals(
          0,
          db.queryLong(
              "SELECT count(*) FROM sessions"
                  + " WHERE expires NOT BETWEEN 1451606400 AND 1767225600 + 400 * 86400"),
          "an integer expiry is seconds since 1970 in the fill's years");

      assertEquals(
          0,
          db.queryLong(
              "SELECT count(*) FROM sessions WHERE ended_at IS NOT NULL AND duration_seconds"
                  + " <> extract(epoch FROM ended_at - started_at)::bigint"),
          "a duration is the time between the row's start and end");
      assertTrue(
          db.queryLong("SELECT count(DISTINCT refresh_interval) FROM sessions") > 100,
          "an interval beside them is a setting of its own, not the span");
      assertEquals(
          0,
          db.queryLong(
              "SELECT count(*) FROM posts WHERE replies > replies_real"
                  + " OR times_clicked > times_shown"),
          "a part (replies of replies_real, clicks of times shown) within its whole");
      assertEquals(0, db.queryLong("SELECT count(*) FROM categories WHERE lft >= rgt"));
      assertTrue(
          db.queryLong("SELECT count(*) FROM posts WHERE pinned_position IS NULL") >= 2400,
          "pinned posts are a minority");
      assertEquals(
          0,
          db.queryLong(
              "SELECT count(*) FROM post_reads r JOIN posts p ON p.id = r.post_id"
                  + " WHERE r.last_read < p.inserted_at"),
          "a child's first time, not a creation, follows its latest parent's creation");
      assertEquals(
          0,
          db.queryLong(
              "SELECT count(*) FROM accounts_password_history h JOIN accounts a"
                  + " ON a.id = h.account_id WHERE h.password_date > a.password_date"),
          "a history is older than its parent's current value");
      assertEquals(
          0,
          db.queryLong(
              "SELECT count(*) FROM zone_records r JOIN zones z ON z.id = r.zone_id"
                  + " WHERE r.name <> z.name AND r.name NOT LIKE '%.' || z.name"),
          "a name beside its zone's is within the zone");
      assertEquals(
          0,
          db.queryLong(
              "SELECT count(*) FROM accounts WHERE jsonb_typeof(interests::jsonb) <> 'array'"),
          "a list kept as text is a JSON array");

      try (TestDatabase other = TestDatabase.create()) {
        other.execute(Fills.schema("lifecycle.sql"));
        Fills.local(
            other,
            "--default-rows",
            "3000",
            "--task-rows",
            "1000",
            "--threads",
            "1",
            "--seed",
            "11");
        assertEquals(Fills.checksums(db), Fills.checksums(other), "the same bytes for any split");
      }
    }
  }

  @Test
  void planExplainPrintsEachColumnsMeaningAndTheEvidenceThatDecidedIt() {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(Fills.schema("lifecycle.sql"));
      Fills.Run run = Fills.cli("plan", "--explain", "--db", db.jdbcUrl(), "--user", db.user());

      assertEquals(0, run.exitCode(), run.err());
      assertTrue(
          run.out()
              .matches(
                  "(?s).*\\n  deleted_at +end-of-life-time +end-of-life word deleted \\+ type"
                      + " timestamp with time zone +after created_at by 90..180 days, 95%"
                      + " NULL\\n.*"),
          run.out());
      assertTrue(
          run.out().matches("(?s).*\\n  inserted_at +created +.* after the parent's created_at.*"),
          run.out());
    }
  }
}
