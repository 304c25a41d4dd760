package io.spate.coordinator.submit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.coordinator.testing.TestBroker;
import io.spate.worker.kafka.KafkaSettings;
import io.spate.worker.testing.Await;
import io.spate.worker.testing.PrivateCluster;
import io.spate.worker.testing.TestDatabase;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A fill rides out its database going away mid-job, restarted ({@code pg_ctl restart -m fast}) or
 * stopped for 30 s, in local mode ({@code spate local}) and distributed ({@code spate submit} in
 * this JVM, a real worker process): it finishes with the bytes of a fill on an undisturbed server
 * and counts no row twice. The fault lands either in the middle of the loads (the tasks ride it
 * out) or on the coordinator's own work once the loads are done (its ANALYZE, held back by a lock
 * this test takes until the restart). The server is the test's own ({@link PrivateCluster}): no
 * test may restart the shared one.
 */
class DatabaseFaultsIT {

  private static final String[] FILL = {"--rows", "big_t=400000", "--task-rows", "10000"};
  private static final String FILLED = "filled 400000 rows";
  private static final Duration OUTAGE = Duration.ofSeconds(30);

  private static PrivateCluster cluster;
  private static Map<String, String> expected;

  @BeforeAll
  static void startServerAndFillAReferenceOnTheSharedOne() throws SQLException {
    cluster = PrivateCluster.create();
    try (TestDatabase reference = TestDatabase.withFixtureSchema("single.sql")) {
      Fills.local(reference, with(FILL, "--threads", "2"));
      expected = Fills.checksums(reference);
    }
  }

  @AfterAll
  static void stopServer() {
    if (cluster != null) {
      cluster.close();
    }
  }

  /** What is done to the server; returns once it accepts connections again. */
  @FunctionalInterface
  private interface Fault {
    void inject(PrivateCluster cluster) throws InterruptedException;
  }

  private static final Fault RESTART = PrivateCluster::restartFast;

  /** The server down for {@link #OUTAGE}: the sleep is the fault, nothing is awaited by it. */
  private static final Fault STOPPED =
      c -> {
        c.stop();
        Thread.sleep(OUTAGE);
        c.start();
      };

  @Test
  void localFillRidesOutARestartMidLoad() throws Exception {
    rideOutMidLoad("database restart (local)", RESTART, DatabaseFaultsIT::local);
  }

  @Test
  void localFillRidesOutAThirtySecondOutageMidLoad() throws Exception {
    rideOutMidLoad("database down 30 s (local)", STOPPED, DatabaseFaultsIT::local);
  }

  @Test
  void localFillRidesOutARestartDuringItsAnalyze() throws Exception {
    rideOutAtTheFinish("database restart at ANALYZE (local)", DatabaseFaultsIT::local);
  }

  @Test
  void distributedFillRidesOutARestartMidLoad() throws Exception {
    rideOutMidLoad("database restart (distributed)", RESTART, DatabaseFaultsIT::distributed);
  }

  @Test
  void distributedFillRidesOutAThirtySecondOutageMidLoad() throws Exception {
    rideOutMidLoad("database down 30 s (distributed)", STOPPED, DatabaseFaultsIT::distributed);
  }

  @Test
  void distributedFillRidesOutARestartDuringTheCoordinatorsAnalyze() throws Exception {
    rideOutAtTheFinish("database restart at ANALYZE (distributed)", DatabaseFaultsIT::distributed);
  }

  /**
   * The tasks are published, then the database goes down before any worker runs: the worker that
   * starts meanwhile opens its pool with its first task, finds no server, and waits for it like for
   * an outage mid-load instead of failing the task.
   */
  @Test
  void aWorkerRidesOutADatabaseThatIsDownWhenItFirstConnects() throws Exception {
    try (TestDatabase db = cluster.createDatabase()) {
      db.executeFile(TestDatabase.fixtureSchema("single.sql"));
      String prefix = TestBroker.uniqueTopicPrefix();
      CompletableFuture<Fills.Run> submit =
          CompletableFuture.supplyAsync(
              () -> SharedBrokerRuns.submit(prefix, db.jdbcUrl(), db.user(), FILL));
      KafkaSettings kafka = SharedBrokerRuns.kafka(prefix);
      Await.until(
          () -> running(submit) && !TopicReader.readAll(kafka, kafka.topics().tasks()).isEmpty(),
          Duration.ofSeconds(60),
          "the job's tasks published");
      cluster.stop();
      Recovery recovery = Recovery.start();
      try (SpateProcess worker =
          SpateProcess.start(SharedBrokerRuns.worker(prefix, db.jdbcUrl(), db.user()))) {
        Await.until(
            () -> worker.output().contains("connecting to the target"),
            Duration.ofSeconds(60),
            "the worker waiting for the database with its first task");
        cluster.start();
        recovery.faultEnded();
        Fills.Run run = ended(submit, recovery, "database down at the worker's first task");
        assertFilledAsExpected(db, run);
        assertEquals(
            0L,
            db.queryLong("SELECT count(*) FROM spate.ledger WHERE attempt > 1"),
            "no task failed and was published again:\n" + worker.output());
      }
    }
  }

  /** How a scenario fills: starts the fill and returns its result once it has ended. */
  @FunctionalInterface
  private interface Mode {
    Fills.Run fill(TestDatabase db, Scenario scenario) throws Exception;
  }

  /**
   * What a scenario does to a fill that has just started (its clock starts then): returns the
   * fill's result once it ended.
   */
  @FunctionalInterface
  private interface Scenario {
    Fills.Run around(CompletableFuture<Fills.Run> fill) throws Exception;
  }

  /** The fault strikes once the first task has committed, with tasks loading. */
  private static void rideOutMidLoad(String name, Fault fault, Mode mode) throws Exception {
    try (TestDatabase db = cluster.createDatabase()) {
      db.executeFile(TestDatabase.fixtureSchema("single.sql"));
      Fills.Run run =
          mode.fill(
              db,
              fill -> {
                Recovery recovery = Recovery.start();
                Await.until(
                    () -> running(fill) && committedTasks(db) > 0,
                    Duration.ofSeconds(60),
                    "a first task committed");
                fault.inject(cluster);
                recovery.faultEnded();
                return ended(fill, recovery, name);
              });
      assertFilledAsExpected(db, run);
      assertTrue(
          db.queryLong(
                  "SELECT count(*) FROM spate.ledger WHERE finished_at > pg_postmaster_start_time()")
              > 0,
          "the fault landed mid-load: tasks committed after it");
      assertEquals(
          0L,
          db.queryLong("SELECT count(*) FROM spate.ledger WHERE attempt > 1"),
          "every task committed in its first attempt: the outage was ridden out, not reported as"
              + " a failure and the task published again");
    }
  }

  /**
   * Every task commits, then the coordinator's ANALYZE waits on a lock this test holds; the restart
   * ends both sessions, and the ANALYZE must run again on the restarted server.
   */
  private static void rideOutAtTheFinish(String name, Mode mode) throws Exception {
    try (TestDatabase db = cluster.createDatabase()) {
      db.executeFile(TestDatabase.fixtureSchema("single.sql"));
      try (Connection lock = db.connect()) { // its session ends with the restart
        lock.setAutoCommit(false);
        try (Statement s = lock.createStatement()) {
          s.execute("LOCK TABLE big_t IN SHARE UPDATE EXCLUSIVE MODE"); // lets COPY by, not ANALYZE
        }
        Fills.Run run =
            mode.fill(
                db,
                fill -> {
                  Recovery recovery = Recovery.start();
                  Await.until(
                      () -> running(fill) && analyzeWaitsOnTheLock(db),
                      Duration.ofSeconds(90),
                      "every task committed and ANALYZE big_t waiting on the test's lock");
                  RESTART.inject(cluster);
                  recovery.faultEnded();
                  return ended(fill, recovery, name);
                });
        assertFilledAsExpected(db, run);
      }
    }
  }

  private static Fills.Run local(TestDatabase db, Scenario scenario) throws Exception {
    CompletableFuture<Fills.Run> fill =
        CompletableFuture.supplyAsync(
            () ->
                Fills.cli(
                    with(
                        with(FILL, "--threads", "2"),
                        "local",
                        "--db",
                        db.jdbcUrl(),
                        "--user",
                        db.user())));
    return scenario.around(fill);
  }

  private static Fills.Run distributed(TestDatabase db, Scenario scenario) throws Exception {
    String prefix = TestBroker.uniqueTopicPrefix();
    String bootstrap = TestBroker.shared().bootstrapServers();
    try (SpateProcess worker =
        SpateProcess.start(
            "worker",
            "--bootstrap",
            bootstrap,
            "--topic-prefix",
            prefix,
            "--db",
            db.jdbcUrl(),
            "--user",
            db.user(),
            "--threads",
            "2",
            "--task-partitions",
            "6")) {
      CompletableFuture<Fills.Run> submit =
          CompletableFuture.supplyAsync(
              () ->
                  Fills.cli(
                      with(
                          FILL,
                          "submit",
                          "--bootstrap",
                          bootstrap,
                          "--topic-prefix",
                          prefix,
                          "--db",
                          db.jdbcUrl(),
                          "--user",
                          db.user(),
                          "--task-partitions",
                          "6")));
      Fills.Run run = scenario.around(submit);
      assertEquals(0, run.exitCode(), () -> run.err() + "\nworker:\n" + worker.output());
      return run;
    }
  }

  /** The fill's result once it ended; a fill that succeeded reports the scenario's recovery. */
  private static Fills.Run ended(
      CompletableFuture<Fills.Run> fill, Recovery recovery, String scenario) throws Exception {
    Fills.Run run = fill.get(3, TimeUnit.MINUTES);
    if (run.exitCode() == 0) {
      recovery.finished(scenario);
    }
    return run;
  }

  private static void assertFilledAsExpected(TestDatabase db, Fills.Run run) throws SQLException {
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(run.out().contains(FILLED), "no row counted twice:\n" + run.out());
    assertEquals(expected, Fills.checksums(db));
  }

  /** Whether the fill still runs; fails the test at once if it ended before the fault. */
  private static boolean running(CompletableFuture<Fills.Run> fill) {
    if (fill.isDone()) {
      Fills.Run run = fill.join();
      throw new AssertionError(
          "the fill ended (exit " + run.exitCode() + ") before the fault:\n" + run.err());
    }
    return true;
  }

  private static long committedTasks(TestDatabase db) {
    if (db.queryLong("SELECT count(*) FROM pg_tables WHERE schemaname = 'spate'") == 0) {
      return 0; // the fill has not made its ledger yet
    }
    return db.queryLong("SELECT count(*) FROM spate.ledger");
  }

  private static boolean analyzeWaitsOnTheLock(TestDatabase db) {
    return db.queryLong(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                + " AND query ILIKE 'ANALYZE %big_t%' AND wait_event_type = 'Lock'")
        > 0;
  }

  private static String[] with(String[] tail, String... head) {
    List<String> all = new ArrayList<>(List.of(head));
    all.addAll(List.of(tail));
    return all.toArray(String[]::new);
  }
}
