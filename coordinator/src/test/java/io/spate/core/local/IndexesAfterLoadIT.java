package io.spate.core.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.coordinator.submit.SpateProcess;
import io.spate.core.config.FillConfig;
import io.spate.core.progress.FillProgress;
import io.spate.db.postgres.PostgresDialect;
import io.spate.db.postgres.PostgresLedger;
import io.spate.engine.generate.Engine;
import io.spate.engine.run.TaskExecution;
import io.spate.engine.target.Outage;
import io.spate.engine.target.SessionSettings;
import io.spate.engine.target.Triggers;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.Task;
import io.spate.worker.testing.Await;
import io.spate.worker.testing.PrivateCluster;
import io.spate.worker.testing.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * A table whose indexes are built after its rows ({@code indexes: after}, chosen by default for a
 * table with several indexes) is loaded by one task whose transaction drops them, copies the rows
 * and builds them again. The rule it keeps: a {@code spate local} killed (SIGKILL, a real process
 * of the packaged jar) in any phase of that load leaves the table empty and its indexes and
 * constraints exactly as they were, and so does a server killed while it builds an index; a
 * complete fill then leaves them so too, rebuilt and used, with the same rows as a fill that keeps
 * its indexes during the load.
 */
public class IndexesAfterLoadIT {

  /** A table with a primary key, a UNIQUE constraint and three more indexes (one partial). */
  public static final String ACCOUNT =
      """
      CREATE TABLE account (
        id      bigint PRIMARY KEY,
        code    text NOT NULL UNIQUE,
        region  int NOT NULL,
        balance numeric(12, 2) NOT NULL,
        opened  timestamp NOT NULL,
        note    text
      );
      CREATE INDEX account_region ON account (region, opened);
      CREATE INDEX account_balance ON account (balance DESC) WITH (fillfactor = 80);
      CREATE INDEX account_note_lower ON account (lower(note)) WHERE note IS NOT NULL;
      """;

  private static final long ROWS = 500_000;

  /** More tasks than one when the indexes are built during the load. */
  private static final String[] FILL = {
    "--rows", "account=" + ROWS, "--task-rows", "100000", "--threads", "2"
  };

  /** The five indexes, in the order the load builds them (their creation order). */
  private static final List<String> INDEXES =
      List.of(
          "account_pkey",
          "account_code_key",
          "account_region",
          "account_balance",
          "account_note_lower");

  @Test
  void aFillKilledInAnyPhaseOfTheLoadLeavesTheTableEmptyAndItsIndexesAsTheyWere() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(ACCOUNT);
      String before = fingerprint(db);
      Map<String, Long> oidsBefore = indexOids(db);

      killWhen(db, "the COPY", copying(db), () -> {});
      for (String index : INDEXES) {
        killWhen(db, "building " + index, building(db, index), () -> {});
      }
      String jobId =
          Fills.localJobId(db, Fills.plan(db, FillConfig.EMPTY, Map.of("account", ROWS)));
      try (Connection holder = db.connect()) {
        // the task's ledger row, inserted and not committed: its insert, the last statement of
        // the task's transaction after every index is built and checked, waits on this one
        holder.setAutoCommit(false);
        try (PreparedStatement s =
            holder.prepareStatement(
                "INSERT INTO spate.ledger (job_id, task_id, worker_id, attempt, rows)"
                    + " VALUES (?, ?, 'test', 1, 0)")) {
          s.setString(1, jobId);
          s.setString(2, "account[0," + ROWS + ")");
          s.executeUpdate();
        }
        killWhen(
            db,
            "the ledger insert, before the commit",
            waitingOnLedger(db),
            () -> {
              holder.rollback();
              holder.close();
            });
      }
      assertEquals(before, fingerprint(db), "after the kills");

      Fills.Run run = Fills.local(db, FILL);
      assertTrue(run.err().contains(", 1 tasks"), "one task for the whole table:\n" + run.err());
      assertEquals(ROWS, db.queryLong("SELECT count(*) FROM account"));
      assertEquals(before, fingerprint(db), "after the complete fill");
      Map<String, Long> oidsAfter = indexOids(db);
      for (String index : INDEXES) {
        assertNotEquals(oidsBefore.get(index), oidsAfter.get(index), index + " was rebuilt");
      }
      String code = db.queryString("SELECT code FROM account WHERE id = 4242");
      assertTrue(
          db.queryString("EXPLAIN SELECT * FROM account WHERE code = '" + code + "'")
              .contains("account_code_key"),
          "the rebuilt unique index is used");
      assertEquals(1L, db.queryLong("SELECT count(*) FROM account WHERE code = '" + code + "'"));
    }
  }

  @Test
  void aServerKilledWhileAnIndexIsBuiltRecoversWithTheTableEmptyAndItsIndexesAsTheyWere()
      throws Exception {
    try (PrivateCluster cluster = PrivateCluster.create();
        TestDatabase db = cluster.createDatabase()) {
      db.execute(ACCOUNT);
      String before = fingerprint(db);
      try (SpateProcess fill =
          SpateProcess.start(Fills.localArgs(db, concat(FILL, "--outage-seconds", "0")))) {
        Await.until(
            building(db, "account_region"), Duration.ofMinutes(2), "an index build", fill::output);
        cluster.crash();
        assertNotEquals(0, fill.waitFor(Duration.ofMinutes(1)), fill.output());
      }
      cluster.start(); // crash recovery

      assertEquals(0L, db.queryLong("SELECT count(*) FROM account"));
      assertEquals(before, fingerprint(db));
      Fills.local(db, FILL);
      assertEquals(ROWS, db.queryLong("SELECT count(*) FROM account"));
      assertEquals(before, fingerprint(db));
    }
  }

  @Test
  void indexesBuiltAfterGiveTheRowsOfIndexesBuiltDuring(@TempDir Path dir) throws Exception {
    try (TestDatabase after = TestDatabase.create();
        TestDatabase during = TestDatabase.create()) {
      after.execute(ACCOUNT);
      during.execute(ACCOUNT);
      Fills.Run afterRun = Fills.local(after, concat(FILL, "--config", config(dir, "after")));
      Fills.Run duringRun = Fills.local(during, concat(FILL, "--config", config(dir, "during")));

      assertTrue(afterRun.err().contains(", 1 tasks"), afterRun.err());
      assertTrue(duringRun.err().contains(", 5 tasks"), duringRun.err());
      assertEquals(Fills.checksums(during), Fills.checksums(after));
      assertEquals(fingerprint(during), fingerprint(after));
    }
  }

  @Test
  void aKeyAForeignKeyPointsAtStaysAndTheOtherIndexesAreRebuilt() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(ACCOUNT);
      db.execute(
          "CREATE TABLE transfer (id bigint PRIMARY KEY,"
              + " account_id bigint NOT NULL REFERENCES account (id))");
      String before = fingerprint(db);
      Map<String, Long> oidsBefore = indexOids(db);

      Fills.Run run = Fills.local(db, "--rows", "account=100000", "--rows", "transfer=1000");

      assertTrue(run.err().contains(", 2 tasks"), run.err());
      assertEquals(100_000L, db.queryLong("SELECT count(*) FROM account"));
      assertEquals(before, fingerprint(db));
      Map<String, Long> oidsAfter = indexOids(db);
      assertEquals(oidsBefore.get("account_pkey"), oidsAfter.get("account_pkey"), "kept");
      for (String index : INDEXES.subList(1, INDEXES.size())) {
        assertNotEquals(oidsBefore.get(index), oidsAfter.get(index), index + " was rebuilt");
      }
      assertEquals(
          0L,
          db.queryLong(
              "SELECT count(*) FROM transfer t"
                  + " WHERE NOT EXISTS (SELECT 1 FROM account a WHERE a.id = t.account_id)"));
    }
  }

  @Test
  void aWorkerWhoseRoleMayOnlyInsertLoadsTheRowsWithTheIndexesKept() throws Exception {
    String role = "spate_it_ins_" + UUID.randomUUID().toString().substring(0, 8);
    TestDatabase db = TestDatabase.create();
    try {
      db.execute(
          ACCOUNT + "CREATE ROLE " + role + " LOGIN; GRANT SELECT, INSERT ON account TO " + role);
      FillPlan plan = Fills.plan(db, FillConfig.EMPTY, Map.of("account", 20_000L));
      assertTrue(plan.table("account").indexesAfter(), "planned by the owner");
      PGSimpleDataSource asOwner = new PGSimpleDataSource();
      asOwner.setURL(db.jdbcUrl());
      asOwner.setUser(db.user());
      asOwner.setPassword(db.password());
      PostgresLedger.ensure(asOwner);
      db.execute(
          "GRANT USAGE ON SCHEMA spate TO "
              + role
              + "; GRANT SELECT, INSERT ON spate.ledger TO "
              + role);
      String before = fingerprint(db);
      Map<String, Long> oidsBefore = indexOids(db);
      PGSimpleDataSource asRole = new PGSimpleDataSource();
      asRole.setURL(db.jdbcUrl());
      asRole.setUser(role);

      new LocalFill(
              plan,
              asRole,
              PostgresDialect.KIND.dialect(),
              2,
              new FillProgress(plan),
              Triggers.Mode.ON,
              SessionSettings.DEFAULT,
              Outage.NONE)
          .run(LocalFill.planDigest(plan));

      assertEquals(20_000L, db.queryLong("SELECT count(*) FROM account"));
      assertEquals(before, fingerprint(db));
      assertEquals(oidsBefore, indexOids(db), "no index rebuilt: the role does not own the table");
    } finally {
      db.close();
      Fills.dropRole(role);
    }
  }

  @Test
  void onlyATableTheLoadFoundEmptyAndWroteAloneIsCountedByItsLoad() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(
          ACCOUNT
              + "CREATE TABLE audited (LIKE account INCLUDING ALL);"
              + " CREATE FUNCTION audited_seen() RETURNS trigger LANGUAGE plpgsql"
              + " AS $$BEGIN RETURN NEW; END$$;"
              + " CREATE TRIGGER audited_seen BEFORE INSERT ON audited"
              + " FOR EACH ROW EXECUTE FUNCTION audited_seen()");
      FillPlan plan =
          Fills.plan(db, FillConfig.EMPTY, Map.of("account", 20_000L, "audited", 20_000L));
      PGSimpleDataSource target = new PGSimpleDataSource();
      target.setURL(db.jdbcUrl());
      target.setUser(db.user());
      target.setPassword(db.password());
      PostgresLedger.ensure(target);
      TaskExecution execution = Fills.taskExecution(target, PostgresDialect.KIND.dialect());
      Map<String, TaskExecution.Result> results = new HashMap<>();
      for (Task task : plan.tasks()) {
        assertTrue(plan.table(task.table()).indexesAfter(), task.table());
        results.put(
            task.table(),
            execution.run(
                new Engine(plan),
                new TaskExecution.Assignment("whole-job", task, "w", 1),
                new TaskExecution.Listener() {}));
      }

      assertEquals(2, results.size(), "one task a table");
      assertTrue(results.get("account").wholeTable(), "empty under its lock, no user trigger");
      assertEquals(20_000L, results.get("account").rows());
      assertFalse(results.get("audited").wholeTable(), "its trigger could write it too");
      assertEquals(20_000L, results.get("audited").rows());
      assertEquals(20_000L, db.queryLong("SELECT count(*) FROM account"));
    }
  }

  /** What the test releases once the fill is killed, before it looks at the table. */
  @FunctionalInterface
  private interface Release {
    void run() throws Exception;
  }

  /**
   * Starts {@code spate local}, kills it (SIGKILL) once {@code phase} is seen, runs {@code
   * release}, waits until the fill's sessions are gone, then checks the table is empty, its catalog
   * fingerprint unchanged and the ledger without the task.
   */
  private static void killWhen(
      TestDatabase db, String what, Await.Condition<Exception> phase, Release release)
      throws Exception {
    String before = fingerprint(db);
    try (SpateProcess fill = SpateProcess.start(Fills.localArgs(db, FILL))) {
      Await.until(
          () -> {
            if (phase.holds()) {
              return true;
            }
            if (!fill.alive()) {
              throw new AssertionError("the fill ended before " + what + ":\n" + fill.output());
            }
            return false;
          },
          Duration.ofMinutes(2),
          what,
          fill::output);
      fill.kill();
    }
    release.run();
    Fills.awaitNoOtherSessions(db);
    assertEquals(0L, db.queryLong("SELECT count(*) FROM account"), "killed during " + what);
    assertEquals(before, fingerprint(db), "killed during " + what);
    assertEquals(
        0L,
        db.queryLong("SELECT count(*) FROM spate.ledger WHERE job_id LIKE 'local-%'"),
        "killed during " + what);
  }

  private static Await.Condition<Exception> copying(TestDatabase db) {
    return () ->
        db.queryLong(
                "SELECT count(*) FROM pg_stat_progress_copy"
                    + " WHERE datname = current_database() AND relid = 'account'::regclass"
                    + " AND tuples_processed > 0")
            > 0;
  }

  /**
   * The load builds {@code index}: a backend reports an index build ({@code
   * pg_stat_progress_create_index}) while its statement names the index (the new index has no name
   * another session can see yet).
   */
  private static Await.Condition<Exception> building(TestDatabase db, String index) {
    return () ->
        db.queryLong(
                "SELECT count(*) FROM pg_stat_progress_create_index p"
                    + " JOIN pg_stat_activity a ON a.pid = p.pid"
                    + " WHERE p.datname = current_database()"
                    + " AND a.query ~ '(CREATE INDEX|ADD CONSTRAINT) \"?"
                    + index
                    + "\"? '")
            > 0;
  }

  private static Await.Condition<Exception> waitingOnLedger(TestDatabase db) {
    return () ->
        db.queryLong(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                    + " AND wait_event_type = 'Lock' AND query LIKE 'INSERT INTO spate.ledger%'")
            > 0;
  }

  /**
   * The table's indexes (definition, valid, ready, live) and the constraints on it or pointing at
   * it (definition, deferrable, validated), one line each, sorted: no oid, which a rebuilt index
   * does not keep.
   */
  private static String fingerprint(TestDatabase db) {
    return db.queryString(
        """
        SELECT string_agg(line, E'\\n' ORDER BY line) FROM (
          SELECT format('index %s: %s valid=%s ready=%s live=%s', c.relname,
                        pg_get_indexdef(i.indexrelid), i.indisvalid, i.indisready, i.indislive)
          FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
          WHERE i.indrelid = 'account'::regclass
          UNION ALL
          SELECT format('constraint %s on %s: %s deferrable=%s validated=%s', conname,
                        conrelid::regclass, pg_get_constraintdef(oid), condeferrable, convalidated)
          FROM pg_constraint
          WHERE conrelid = 'account'::regclass OR confrelid = 'account'::regclass
        ) lines(line)
        """);
  }

  private static Map<String, Long> indexOids(TestDatabase db) throws Exception {
    Map<String, Long> oids = new java.util.TreeMap<>();
    try (Connection c = db.connect();
        Statement s = c.createStatement();
        var rs =
            s.executeQuery(
                "SELECT indexrelid::regclass::text, indexrelid::bigint FROM pg_index"
                    + " WHERE indrelid = 'account'::regclass")) {
      while (rs.next()) {
        oids.put(rs.getString(1), rs.getLong(2));
      }
    }
    assertEquals(INDEXES.size(), oids.size(), oids.toString());
    return oids;
  }

  private static String config(Path dir, String indexes) throws Exception {
    Path file = dir.resolve(indexes + ".yaml");
    Files.writeString(file, "tables:\n  account:\n    indexes: " + indexes + "\n");
    return file.toString();
  }

  private static String[] concat(String[] args, String... more) {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of(more));
    return all.toArray(String[]::new);
  }
}
