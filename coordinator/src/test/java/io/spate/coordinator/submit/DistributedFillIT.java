package io.spate.coordinator.submit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.coordinator.testing.TestBroker;
import io.spate.protocol.message.EventMessage;
import io.spate.protocol.message.Messages;
import io.spate.worker.testing.Await;
import io.spate.worker.testing.TestDatabase;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Distributed fills through a real broker and real worker processes give the bytes of a local fill,
 * and keep them through a worker killed mid-task and a coordinator killed mid-job.
 */
class DistributedFillIT {

  private static TestDatabase reference;
  private static Map<String, String> localChecksums;
  private static String config;

  @BeforeAll
  static void fillLocallyForReference() throws Exception {
    config = Path.of(DistributedFillIT.class.getResource("/dist-small.yaml").toURI()).toString();
    reference = schemaDatabase();
    Fills.local(reference, "--config", config, "--threads", "2");
    localChecksums = Fills.checksums(reference);
  }

  @AfterAll
  static void dropReference() {
    reference.close();
  }

  /** TPC-C and single, plus a table the config leaves empty (a job must finish without it). */
  private static TestDatabase schemaDatabase() {
    TestDatabase db = TestDatabase.withFixtureSchema("tpcc.sql");
    db.executeFile(TestDatabase.fixtureSchema("single.sql"));
    db.execute("CREATE TABLE audit_log (id int PRIMARY KEY, note text)");
    return db;
  }

  @Test
  void sameBytesAsLocalThroughOneTwoAndThreeWorkerProcesses() throws Exception {
    String prefix = TestBroker.uniqueTopicPrefix();
    List<SpateProcess> workers = new ArrayList<>();
    try (TestDatabase db = schemaDatabase()) {
      for (int n = 1; n <= 3; n++) {
        workers.add(SpateProcess.start(SharedBrokerRuns.worker(prefix, db.jdbcUrl(), db.user())));
        WorkerGroup.awaitMembersHoldingPartitions(
            SharedBrokerRuns.kafka(prefix), n); // else a fast job ends before the new one joins
        Fills.Run run =
            SharedBrokerRuns.submit(
                prefix, db.jdbcUrl(), db.user(), "--config", config, "--truncate");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(
            run.out()
                .lines()
                .anyMatch(l -> l.matches("filled \\d+ rows in [\\d.]+ s \\(\\d+ rows/s\\)")),
            run.out());
        assertTrue(
            run.out().strip().lines().reduce((a, b) -> b).orElseThrow().startsWith("fingerprint "),
            "the fill's fingerprint ends the output: " + run.out());
        assertEquals(localChecksums, Fills.checksums(db), "with " + n + " worker process(es)");
        assertTrue(Fills.orphans(db).values().stream().allMatch(o -> o == 0));
      }
      assertTrue(
          db.queryLong("SELECT count(DISTINCT worker_id) FROM spate.ledger") >= 2,
          "the tasks were shared");
    } finally {
      for (SpateProcess w : workers) {
        w.close();
      }
    }
  }

  @Test
  void treesCyclesAndPartitionsThroughAWorkerGiveTheLocalBytes() throws Exception {
    String prefix = TestBroker.uniqueTopicPrefix();
    String[] rows = {
      "--rows",
      "category=300",
      "--rows",
      "department=20",
      "--rows",
      "employee=500",
      "--rows",
      "reading=2000",
      "--rows",
      "event=300",
      "--task-rows",
      "150"
    };
    try (TestDatabase local = TestDatabase.create();
        TestDatabase db = TestDatabase.create()) {
      local.execute(io.spate.core.local.StructuresFillIT.SCHEMA);
      db.execute(io.spate.core.local.StructuresFillIT.SCHEMA);
      Fills.local(local, rows);
      try (SpateProcess worker =
          SpateProcess.start(SharedBrokerRuns.worker(prefix, db.jdbcUrl(), db.user()))) {
        Fills.Run run = SharedBrokerRuns.submit(prefix, db.jdbcUrl(), db.user(), rows);
        assertEquals(0, run.exitCode(), run.err());
      }
      assertEquals(Fills.checksums(local), Fills.checksums(db));
      assertEquals(0L, db.queryLong("SELECT count(*) FROM department WHERE head_id IS NULL"));
    }
  }

  @Test
  void aTableWhoseIndexesAreBuiltAfterItsRowsThroughAWorkerGivesTheLocalBytes() throws Exception {
    String prefix = TestBroker.uniqueTopicPrefix();
    String[] rows = {"--rows", "account=100000", "--task-rows", "20000"};
    String indexes =
        "SELECT string_agg(pg_get_indexdef(indexrelid), '; ' ORDER BY 1) FROM pg_index"
            + " WHERE indrelid = 'account'::regclass";
    String oids =
        "SELECT string_agg(indexrelid::text, ',' ORDER BY indexrelid) FROM pg_index"
            + " WHERE indrelid = 'account'::regclass";
    try (TestDatabase local = TestDatabase.create();
        TestDatabase db = TestDatabase.create()) {
      local.execute(io.spate.core.local.IndexesAfterLoadIT.ACCOUNT);
      db.execute(io.spate.core.local.IndexesAfterLoadIT.ACCOUNT);
      Fills.local(local, rows);
      String before = db.queryString(oids);
      try (SpateProcess worker =
          SpateProcess.start(SharedBrokerRuns.worker(prefix, db.jdbcUrl(), db.user()))) {
        Fills.Run run = SharedBrokerRuns.submit(prefix, db.jdbcUrl(), db.user(), rows);
        assertEquals(0, run.exitCode(), run.err());
      }
      assertEquals(Fills.checksums(local), Fills.checksums(db));
      assertEquals(1L, db.queryLong("SELECT count(*) FROM spate.ledger"), "one whole-table task");
      assertEquals(local.queryString(indexes), db.queryString(indexes));
      assertNotEquals(before, db.queryString(oids), "the worker rebuilt the indexes");
    }
  }

  @Test
  void aDeferrableCycleThroughAWorkerAsARoleThatMayNotSwitchChecksOffGivesTheLocalBytes()
      throws Exception {
    String prefix = TestBroker.uniqueTopicPrefix();
    String role = "spate_it_defer_" + UUID.randomUUID().toString().substring(0, 8);
    TestDatabase db = TestDatabase.create();
    try (TestDatabase local = Fills.filledValidly("cycle-deferrable.sql", "--task-rows", "300")) {
      db.execute("CREATE ROLE " + role + " LOGIN");
      db.execute(
          Fills.schema("cycle-deferrable.sql")
              + Fills.ownedBy(role, db, "store", "staff", "rental"));
      List<String> constraints = Fills.constraints(db);
      String[] worker = SharedBrokerRuns.worker(prefix, db.jdbcUrl(), role);
      String workerId;
      try (SpateProcess w = SpateProcess.start(worker)) {
        workerId = w.workerId();
        Fills.Run run = SharedBrokerRuns.submit(prefix, db.jdbcUrl(), role, "--task-rows", "300");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.err().contains("this role may not set session_replication_role"), run.err());
      }
      Fills.assertValid(db, constraints);
      assertEquals(Fills.checksums(local), Fills.checksums(db));
      assertEquals(
          workerId + " 2000",
          db.queryString(
              "SELECT string_agg(worker_id || ' ' || rows, ', ') FROM spate.ledger"
                  + " WHERE task_id NOT LIKE 'rental%'"),
          "one task of the worker wrote the cycle's 2000 rows");
    } finally {
      db.close(); // the role owns nothing once its database is gone
      Fills.dropRole(role);
    }
  }

  @Test
  void tablesOfOneNameInSeveralSchemasThroughAWorkerGiveTheLocalBytes() throws Exception {
    String prefix = TestBroker.uniqueTopicPrefix();
    try (TestDatabase local = TestDatabase.withFixtureSchema("multischema.sql");
        TestDatabase db = TestDatabase.withFixtureSchema("multischema.sql")) {
      Fills.local(local, "--task-rows", "300");
      try (SpateProcess worker =
          SpateProcess.start(SharedBrokerRuns.worker(prefix, db.jdbcUrl(), db.user()))) {
        Fills.Run run =
            SharedBrokerRuns.submit(prefix, db.jdbcUrl(), db.user(), "--task-rows", "300");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.err().contains("schemas: app, billing, public"), run.err());
      }
      Map<String, String> checksums = Fills.checksums(db);
      assertEquals(
          List.of("account", "app.account", "app.customer", "billing.account", "billing.invoice"),
          List.copyOf(checksums.keySet()));
      assertEquals(Fills.checksums(local), checksums);
    }
  }

  @Test
  void twoWorkersKilledMidTaskAtDifferentTimesLoseAndDoubleNothing() throws Exception {
    String prefix = TestBroker.uniqueTopicPrefix();
    // Tasks long enough (about half a second each) that a kill sent on seeing a STARTED event
    // still lands inside that task on a loaded machine: 60,000 rows a task once did not.
    int rows = 1_000_000;
    int taskRows = 125_000;
    try (TestDatabase db = TestDatabase.withFixtureSchema("single.sql")) {
      // Each victim works alone, task after task, so a kill right after its STARTED event lands
      // inside a task. The first dies in its first task; the second, which takes the first's
      // partitions, dies in the task after one it finished; a survivor finishes what both left.
      SpateProcess first =
          SpateProcess.start(SharedBrokerRuns.worker(prefix, db.jdbcUrl(), db.user()));
      SpateProcess second = null;
      String firstId = first.workerId();
      String secondId;
      Recovery recovery = Recovery.start();
      Thread submitter =
          new Thread(
              () ->
                  submitResult =
                      SharedBrokerRuns.submit(
                          prefix,
                          db.jdbcUrl(),
                          db.user(),
                          "--rows",
                          "big_t=" + rows,
                          "--task-rows",
                          String.valueOf(taskRows)));
      submitter.start();
      try (EventTail events = new EventTail(SharedBrokerRuns.kafka(prefix))) {
        events.await(
            e -> e.workerId().equals(firstId) && e.type() == EventMessage.Type.STARTED,
            Duration.ofSeconds(90));
        first.kill();
        second = SpateProcess.start(SharedBrokerRuns.worker(prefix, db.jdbcUrl(), db.user()));
        secondId = second.workerId();
        events.await(
            e -> e.workerId().equals(secondId) && e.type() == EventMessage.Type.SUCCEEDED,
            Duration.ofSeconds(90));
        events.await( // the events topic has one partition: this STARTED follows that SUCCEEDED
            e -> e.workerId().equals(secondId) && e.type() == EventMessage.Type.STARTED,
            Duration.ofSeconds(90));
        second.kill();
        recovery.faultEnded();
      } finally {
        first.kill();
        if (second != null) {
          second.kill();
        }
      }
      try (SpateProcess survivor =
          SpateProcess.start(SharedBrokerRuns.worker(prefix, db.jdbcUrl(), db.user()))) {
        submitter.join(Duration.ofMinutes(3).toMillis());
        assertEquals(0, submitResult.exitCode(), submitResult.err());
        recovery.finished("worker kill -9 twice in one job");
      }
      assertEquals((long) rows, db.queryLong("SELECT count(*) FROM big_t"));
      assertEquals(
          (long) rows / taskRows,
          db.queryLong("SELECT count(*) FROM spate.ledger"),
          "each task once");
      for (String victim : List.of(firstId, secondId)) {
        // the tasks the victim started but never committed were finished by another worker
        Set<String> interrupted = startedBy(prefix, victim);
        interrupted.removeAll(committedBy(db, victim));
        assertFalse(interrupted.isEmpty(), "the kill of " + victim + " landed inside a task");
        for (String task : interrupted) {
          assertNotEquals(
              victim,
              db.queryString("SELECT worker_id FROM spate.ledger WHERE task_id = '" + task + "'"));
        }
      }
      assertEquals(1, committedBy(db, secondId).size(), "the second victim finished one task");
      try (TestDatabase local = TestDatabase.withFixtureSchema("single.sql")) {
        Fills.local(local, "--rows", "big_t=" + rows);
        assertEquals(Fills.checksums(local).get("big_t"), Fills.checksums(db).get("big_t"));
      }
    }
  }

  /** The tasks the ledger holds as committed by the worker (task ids hold commas: one a line). */
  private static Set<String> committedBy(TestDatabase db, String workerId) {
    String ids =
        db.queryString(
            "SELECT coalesce(string_agg(task_id, E'\\n'), '') FROM spate.ledger WHERE worker_id = '"
                + workerId
                + "'");
    return ids.isEmpty() ? Set.of() : Set.of(ids.split("\n"));
  }

  private static volatile Fills.Run submitResult;

  @Test
  void coordinatorKilledMidJobIsReplacedAndTheJobCompletes() throws Exception {
    String prefix = TestBroker.uniqueTopicPrefix();
    try (TestDatabase db = schemaDatabase();
        SpateProcess worker =
            SpateProcess.start(SharedBrokerRuns.worker(prefix, db.jdbcUrl(), db.user()))) {
      Recovery recovery = Recovery.start();
      String jobId;
      try (SpateProcess coordinator =
          SpateProcess.start(
              "submit",
              "--bootstrap",
              TestBroker.shared().bootstrapServers(),
              "--topic-prefix",
              prefix,
              "--db",
              db.jdbcUrl(),
              "--user",
              db.user(),
              "--config",
              config,
              "--task-partitions",
              "6")) {
        jobId = awaitJobId(coordinator);
        awaitAnySucceeded(prefix);
        coordinator.kill();
      }
      recovery.faultEnded();
      Fills.Run resumed =
          Fills.cli(
              "coordinator",
              "--bootstrap",
              TestBroker.shared().bootstrapServers(),
              "--topic-prefix",
              prefix,
              "--db",
              db.jdbcUrl(),
              "--user",
              db.user(),
              "--task-partitions",
              "6",
              jobId);
      assertEquals(0, resumed.exitCode(), resumed.err());
      recovery.finished("submitter kill -9, another takes over");
      assertTrue(resumed.out().contains("filled "), resumed.out());
      assertEquals(localChecksums, Fills.checksums(db));
      Fills.Run status =
          Fills.cli(
              "status",
              "--bootstrap",
              TestBroker.shared().bootstrapServers(),
              "--topic-prefix",
              prefix,
              jobId);
      assertTrue(status.out().contains(jobId) && status.out().contains("DONE"), status.out());
    }
  }

  @Test
  void permanentlyFailingTaskFailsTheJobNamingTaskAndDatabaseError() throws Exception {
    String prefix = TestBroker.uniqueTopicPrefix();
    try (TestDatabase db = TestDatabase.create()) {
      db.execute("CREATE TABLE t (id int PRIMARY KEY, v int NOT NULL CHECK (v > 0))");
      Path bad = java.nio.file.Files.createTempFile("bad", ".yaml");
      java.nio.file.Files.writeString(
          bad, "tables: {t: {rows: 300, columns: {v: {value: \"-1\"}}}}\n");
      try (SpateProcess worker =
          SpateProcess.start(SharedBrokerRuns.worker(prefix, db.jdbcUrl(), db.user()))) {
        long started = System.nanoTime();
        Fills.Run run =
            Fills.cli(
                "submit",
                "--bootstrap",
                TestBroker.shared().bootstrapServers(),
                "--topic-prefix",
                prefix,
                "--db",
                db.jdbcUrl(),
                "--user",
                db.user(),
                "--config",
                bad.toString(),
                "--task-partitions",
                "6",
                "--task-rows",
                "100");
        assertNotEquals(0, run.exitCode());
        assertTrue(
            Duration.ofNanos(System.nanoTime() - started).toSeconds() < 90,
            "fails within a bounded time");
        assertTrue(
            run.err()
                .matches(
                    "(?s).*spate: error: job \\w+ / task t\\[\\d+,\\d+\\) \\(100 rows\\) failed on worker worker-\\w+: .*t_v_check.*"),
            run.err());
        assertEquals(0L, db.queryLong("SELECT count(*) FROM t"));
      }
    }
  }

  @Test
  void unreachableBootstrapIsAClearError() {
    try (TestDatabase db = TestDatabase.withFixtureSchema("single.sql")) {
      Fills.Run run =
          Fills.cli(
              "submit", "--bootstrap", "127.0.0.1:1", "--db", db.jdbcUrl(), "--user", db.user());
      assertNotEquals(0, run.exitCode());
      assertTrue(run.err().contains("spate: error: cannot reach Kafka at 127.0.0.1:1"), run.err());
    }
  }

  @Test
  void unknownTargetOnTheWorkerFailsTheJobNamingIt() throws Exception {
    String prefix = TestBroker.uniqueTopicPrefix();
    try (TestDatabase db = TestDatabase.withFixtureSchema("single.sql");
        SpateProcess worker =
            SpateProcess.start(SharedBrokerRuns.worker(prefix, db.jdbcUrl(), db.user()))) {
      Fills.Run run =
          SharedBrokerRuns.submit(
              prefix, db.jdbcUrl(), db.user(), "--target", "warehouse-eu", "--rows", "big_t=100");
      assertNotEquals(0, run.exitCode());
      assertTrue(run.err().contains("unknown target 'warehouse-eu'"), run.err());
    }
  }

  // ---- helpers reading the events topic
  // ----------------------------------------------------------

  /**
   * Four tasks: spreading them over the twelve partitions without reading the group puts three on
   * one worker's half (partitions 0, 8, 4, 2), so an even split shows the placement read the group.
   */
  @Test
  void twoIdleWorkersEachGetHalfOfATablesTasks() throws Exception {
    String prefix = TestBroker.uniqueTopicPrefix();
    try (TestDatabase db = TestDatabase.withFixtureSchema("single.sql");
        SpateProcess a =
            SpateProcess.start(SharedBrokerRuns.worker(prefix, db.jdbcUrl(), db.user()));
        SpateProcess b =
            SpateProcess.start(SharedBrokerRuns.worker(prefix, db.jdbcUrl(), db.user()))) {
      WorkerGroup.awaitMembersHoldingPartitions(SharedBrokerRuns.kafka(prefix), 2);

      Fills.Run run =
          SharedBrokerRuns.submit(
              prefix, db.jdbcUrl(), db.user(), "--rows", "big_t=8000", "--task-rows", "2000");

      assertEquals(0, run.exitCode(), run.err());
      assertEquals(
          "2,2",
          db.queryString(
              "SELECT string_agg(n::text, ',') FROM"
                  + " (SELECT count(*) AS n FROM spate.ledger GROUP BY worker_id) per_worker"),
          "tasks per worker, from the ledger (hashing task ids onto partitions, or spreading them blindly, gave 3,1)");
    }
  }

  /** Every task the worker reported as started. */
  private static Set<String> startedBy(String prefix, String workerId) {
    Set<String> started = new HashSet<>();
    for (var r :
        TopicReader.readAll(
            SharedBrokerRuns.kafka(prefix), SharedBrokerRuns.kafka(prefix).topics().events())) {
      EventMessage e = Messages.decodeEvent(r.value());
      if (e.workerId().equals(workerId) && e.type() == EventMessage.Type.STARTED) {
        started.add(e.taskId());
      }
    }
    return started;
  }

  /** Waits (up to 60 s) until two tasks reported success on the events topic. */
  private static void awaitAnySucceeded(String prefix) throws InterruptedException {
    Set<String> seen = new HashSet<>();
    Await.until(
        () -> {
          for (var r :
              TopicReader.readAll(
                  SharedBrokerRuns.kafka(prefix),
                  SharedBrokerRuns.kafka(prefix).topics().events())) {
            EventMessage e = Messages.decodeEvent(r.value());
            if (e.type() == EventMessage.Type.SUCCEEDED) {
              seen.add(e.taskId());
            }
          }
          return seen.size() >= 2;
        },
        Duration.ofSeconds(60),
        "two tasks to succeed",
        () -> seen.size() + " succeeded");
  }

  private static String awaitJobId(SpateProcess coordinator) throws InterruptedException {
    Pattern job = Pattern.compile("job (\\w+) submitted");
    return Await.untilPresent(
        () -> {
          Matcher m = job.matcher(coordinator.output());
          return m.find() ? Optional.of(m.group(1)) : Optional.empty();
        },
        Duration.ofSeconds(60),
        "the coordinator to submit a job",
        coordinator::output);
  }
}
