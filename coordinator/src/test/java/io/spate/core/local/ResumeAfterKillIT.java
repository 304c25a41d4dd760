package io.spate.core.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.coordinator.submit.SpateProcess;
import io.spate.worker.testing.Await;
import io.spate.worker.testing.TestDatabase;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A local fill is exactly-once per task too: every task commits its ledger row with its rows, so a
 * {@code spate local} killed with SIGKILL at any point and started again with the same arguments
 * and {@code --resume} skips the committed tasks, loads the others once, and ends with tables
 * identical to an uninterrupted fill. The fills run as real processes of the packaged jar.
 *
 * <p>A killed single-table fill is the target contract's ({@link
 * io.spate.core.target.TargetContractIT}); here, a multi-table fill with a config and PostgreSQL's
 * after-load work, and what {@code --resume} refuses.
 */
class ResumeAfterKillIT {

  private static final Pattern PLANNED_TASKS = Pattern.compile("plan: .*, (\\d+) tasks");
  private static final Pattern RESUMED =
      Pattern.compile("resumed: skipped (\\d+) of (\\d+) tasks already in the ledger");

  @Test
  void aTpccTripAndSingleFillKilledHalfwayAndResumedEqualsAnUninterruptedFill() throws Exception {
    // TPC-C shaped small (tpcc-small.yaml, as DeterminismIT), beside the trip and single schemas
    String[] tpcc = {
      "--config",
      Path.of(ResumeAfterKillIT.class.getResource("/tpcc-small.yaml").toURI()).toString(),
      "--task-rows",
      "5000",
      "--threads",
      "2"
    };
    try (TestDatabase killed = tpccTripAndSingle();
        TestDatabase reference = tpccTripAndSingle()) {
      killHalfwayAndResume(killed, tpcc);

      Fills.local(reference, tpcc);
      assertEquals(Fills.checksums(reference), Fills.checksums(killed));
      assertEquals(Fills.rowCounts(reference), Fills.rowCounts(killed));
      assertTrue(
          Fills.orphans(killed).values().stream().allMatch(n -> n == 0), "no orphan after resume");
      // the resumed run did the after-load work of every table, even those it skipped whole
      assertEquals(
          0L,
          killed.queryLong(
              "SELECT count(*) FROM pg_stat_user_tables WHERE schemaname = 'public'"
                  + " AND last_analyze IS NULL"),
          "every table was analyzed");
    }
  }

  @Test
  void resumeRefusesTablesTheLedgerDoesNotVouchForAndSkipsAFinishedFill() throws Exception {
    String[] small = {"--rows", "big_t=40000", "--task-rows", "20000", "--threads", "1"};
    try (TestDatabase db = TestDatabase.withFixtureSchema("single.sql")) {
      Fills.local(db, small);

      Fills.Run again = cli(db, small);
      assertEquals(1, again.exitCode());
      assertTrue(
          again.err().contains("the ledger holds 2 of the 2 tasks of this fill (job local-")
              && again.err().contains("add --resume"),
          again.err());

      Fills.Run both = cli(db, concat(small, "--resume", "--truncate"));
      assertEquals(1, both.exitCode());
      assertTrue(both.err().contains("--resume keeps the rows"), both.err());

      Fills.Run finished = Fills.local(db, concat(small, "--resume"));
      assertTrue(
          finished.out().contains("resumed: skipped 2 of 2 tasks already in the ledger"),
          finished.out());
      assertEquals(40_000L, db.queryLong("SELECT count(*) FROM big_t"));

      Fills.Run otherPlan =
          cli(db, "--rows", "big_t=60000", "--task-rows", "20000", "--resume", "--threads", "1");
      assertEquals(1, otherPlan.exitCode());
      assertTrue(
          otherPlan.err().contains("--resume: table big_t holds rows of job local-")
              && otherPlan.err().contains("the plan changed"),
          otherPlan.err());

      db.execute("INSERT INTO big_t (c_int) VALUES (1)");
      Fills.Run extraRow = cli(db, concat(small, "--resume"));
      assertEquals(1, extraRow.exitCode());
      assertTrue(
          extraRow.err().contains("table big_t holds 40001 rows but the ledger records 40000"),
          extraRow.err());

      db.execute("DELETE FROM spate.ledger");
      Fills.Run noLedger = cli(db, concat(small, "--resume"));
      assertEquals(1, noLedger.exitCode());
      assertTrue(
          noLedger
              .err()
              .contains(
                  "--resume: table big_t holds rows but the ledger has no task of job local-"),
          noLedger.err());
    }
  }

  private static TestDatabase tpccTripAndSingle() {
    TestDatabase db = TestDatabase.withFixtureSchema("tpcc.sql");
    db.executeFile(TestDatabase.fixtureSchema("trip.sql"));
    db.executeFile(TestDatabase.fixtureSchema("single.sql"));
    return db;
  }

  /**
   * Starts {@code spate local} as a process, kills it with SIGKILL once some but not all of its
   * tasks are in the ledger (about half), checks that the kill left whole tasks only, then runs it
   * again with {@code --resume}. Returns the tasks the resumed run says it skipped, after checking
   * they are exactly those the killed run committed, and that every task is in the ledger once.
   */
  private static int killHalfwayAndResume(TestDatabase db, String... args) throws Exception {
    int tasks;
    long committed;
    try (SpateProcess first = SpateProcess.start(Fills.localArgs(db, args))) {
      tasks = plannedTasks(first);
      int half = (tasks + 1) / 2;
      Await.until(
          () -> {
            if (ledgerTasks(db) >= half) {
              return true;
            }
            if (!first.alive()) {
              throw new AssertionError(
                  "the fill ended before half its tasks committed:\n" + first.output());
            }
            return false;
          },
          Duration.ofMinutes(3),
          "half the fill's tasks (" + half + " of " + tasks + ") in the ledger",
          first::output);
      first.kill();
      Fills.awaitNoOtherSessions(
          db); // the killed run's transactions are over: committed or rolled back
      db.execute("SELECT pg_stat_reset()"); // so the resumed run's ANALYZEs show
      committed = ledgerTasks(db);
      assertTrue(
          committed < tasks,
          "the fill finished before the kill (" + committed + " of " + tasks + " tasks)");
      assertEquals(
          db.queryLong("SELECT coalesce(sum(rows), 0) FROM spate.ledger"),
          insertedRows(db),
          "a kill leaves whole tasks only: the tables hold exactly the rows the ledger records");
    }
    try (SpateProcess resumed = SpateProcess.start(Fills.localArgs(db, concat(args, "--resume")))) {
      assertEquals(0, resumed.waitFor(Duration.ofMinutes(5)), resumed.output());
      Matcher m = RESUMED.matcher(resumed.output());
      assertTrue(m.find(), resumed.output());
      assertEquals(committed, Long.parseLong(m.group(1)), resumed.output());
      assertEquals(tasks, Integer.parseInt(m.group(2)));
      assertEquals(tasks, ledgerTasks(db), "every task is in the ledger");
      assertEquals(
          tasks,
          db.queryLong("SELECT count(DISTINCT (job_id, task_id)) FROM spate.ledger"),
          "no task twice");
      assertEquals(1L, db.queryLong("SELECT count(DISTINCT job_id) FROM spate.ledger"));
      return Integer.parseInt(m.group(1));
    }
  }

  /** Rows in all tables: what the ledger's rows add up to when no plan is a second pass. */
  private static long insertedRows(TestDatabase db) throws Exception {
    return Fills.rowCounts(db).values().stream().mapToLong(Long::longValue).sum();
  }

  private static int plannedTasks(SpateProcess process) throws InterruptedException {
    return Await.untilPresent(
        () -> {
          Matcher m = PLANNED_TASKS.matcher(process.output());
          if (m.find()) {
            return Optional.of(Integer.parseInt(m.group(1)));
          }
          if (!process.alive()) {
            throw new AssertionError("the fill printed no plan:\n" + process.output());
          }
          return Optional.empty();
        },
        Duration.ofMinutes(1),
        "the fill's plan",
        process::output);
  }

  private static long ledgerTasks(TestDatabase db) {
    if (db.queryString("SELECT to_regclass('spate.ledger')") == null) {
      return 0; // the fill has not made the ledger yet
    }
    return db.queryLong("SELECT count(*) FROM spate.ledger");
  }

  private static Fills.Run cli(TestDatabase db, String... args) {
    return Fills.cli(Fills.localArgs(db, args));
  }

  private static String[] concat(String[] args, String... more) {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of(more));
    return all.toArray(String[]::new);
  }
}
