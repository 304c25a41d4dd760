package io.spate.core.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.worker.testing.TestDatabase;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * CHECKs every way of satisfying which needs a column NULL fill with no config (issue 13): {@code
 * (user_id IS NULL) <> (email IS NULL)} and {@code num_nonnulls(...) <= 1} over nullable foreign
 * keys write some columns always NULL, each said on stderr, as does a nullable self-reference in a
 * unique index (listmonk's roles); no orphan, every constraint as it was and valid, and the
 * application inserts afterwards.
 */
class NullnessChecksFillIT {

  @Test
  void nullnessChecksFillWithNoConfigWritingTheirNullColumnsNull() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(Fills.schema("nullness-checks.sql"));
      List<String> constraints = Fills.constraints(db);

      Fills.Run run = Fills.local(db);

      assertTrue(
          run.err()
              .contains(
                  "organization_invitations.user_id is written NULL to keep CHECK organization_invitations_check\n"),
          run::err);
      assertTrue(
          run.err().contains("reports.comment_id is written NULL to keep CHECK reports_check\n"),
          run::err);
      assertEquals(1000L, db.queryLong("SELECT count(*) FROM organization_invitations"));
      assertEquals(
          1000L,
          db.queryLong(
              "SELECT count(*) FROM organization_invitations WHERE user_id IS NULL AND email IS NOT NULL AND code IS NOT NULL"));
      assertEquals(1000L, db.queryLong("SELECT count(*) FROM reports"));
      assertTrue(db.queryLong("SELECT count(image_id) FROM reports") > 0);
      assertEquals(
          0L,
          db.queryLong(
              "SELECT count(*) FROM reports WHERE num_nonnulls(comment_id, post_id, reported_user_id) > 0"));
      assertEquals(
          1000L, db.queryLong("SELECT count(*) FROM notifications WHERE user_id IS NOT NULL"));
      assertEquals(0L, db.queryLong("SELECT count(note) FROM notifications"));
      assertTrue(
          run.err()
              .contains(
                  "roles.parent_id is written NULL: roles_parent_id_fkey is set in a second pass, but parent_id is part of a unique key\n"),
          run::err);
      assertEquals(0L, db.queryLong("SELECT count(parent_id) FROM roles"));
      assertEquals(1000L, db.queryLong("SELECT count(list_id) FROM roles"));
      assertTrue(
          run.err()
              .contains("notifications.note is written NULL to keep CHECK notifications_check1\n"),
          run::err);
      Map<String, Long> orphans = Fills.orphans(db);
      assertEquals(
          0L, orphans.values().stream().mapToLong(Long::longValue).sum(), orphans::toString);
      assertEquals(constraints, Fills.constraints(db), "the fill left every constraint as it was");
      assertFalse(
          constraints.stream().anyMatch(c -> c.contains("NOT VALID") || c.endsWith(" INVALID")),
          constraints::toString);

      db.execute("INSERT INTO organization_invitations (organization_id, user_id) VALUES (1, 1)");
      db.execute("INSERT INTO reports (reason, post_id) VALUES ('new', 1)");
      db.execute("INSERT INTO notifications (report_id) VALUES (1)");
      db.execute("INSERT INTO roles (parent_id, list_id, name) VALUES (1, 1, 'new')");
      assertEquals(1001L, db.queryLong("SELECT count(*) FROM reports"));
    }
  }

  /**
   * Icinga DB's {@code CASE WHEN redundancy_group_id IS NULL THEN host_id IS NOT NULL ELSE host_id
   * IS NULL AND service_id IS NULL END} over three nullable references was "not a form Spate
   * understands"; read as the disjunction of its branches, it fills with no config.
   */
  @Test
  void aCaseCheckOfNullnessFillsAsTheDisjunctionOfItsBranches() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(Fills.schema("case-nullness-check.sql"));
      List<String> constraints = Fills.constraints(db);

      Fills.Run run = Fills.local(db);

      assertEquals(1000L, db.queryLong("SELECT count(*) FROM dependency_node"), run::err);
      assertEquals(
          1000L,
          db.queryLong(
              "SELECT count(*) FROM dependency_node WHERE CASE WHEN redundancy_group_id IS NULL"
                  + " THEN host_id IS NOT NULL ELSE host_id IS NULL AND service_id IS NULL END"));
      Map<String, Long> orphans = Fills.orphans(db);
      assertEquals(
          0L, orphans.values().stream().mapToLong(Long::longValue).sum(), orphans::toString);
      assertEquals(constraints, Fills.constraints(db), "the fill left every constraint as it was");

      db.execute("INSERT INTO dependency_node (id, host_id) VALUES (100001, 1)");
      db.execute("INSERT INTO dependency_node (id, redundancy_group_id) VALUES (100002, 1)");
      assertEquals(1002L, db.queryLong("SELECT count(*) FROM dependency_node"));
    }
  }
}
