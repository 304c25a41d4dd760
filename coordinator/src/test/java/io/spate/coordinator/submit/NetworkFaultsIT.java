package io.spate.coordinator.submit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.coordinator.broker.EmbeddedBroker;
import io.spate.coordinator.testing.NetworkNamespace;
import io.spate.coordinator.testing.TestBroker;
import io.spate.protocol.message.EventMessage;
import io.spate.protocol.message.Messages;
import io.spate.protocol.message.Topics;
import io.spate.worker.kafka.KafkaSettings;
import io.spate.worker.testing.Await;
import io.spate.worker.testing.PrivateCluster;
import io.spate.worker.testing.TestDatabase;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The fault suite's network faults: a worker loses its network, or freezes, for a minute in the
 * middle of a task while a second worker carries on, and its open transaction holds the row locks
 * the task's next attempt needs. Either way the job ends DONE with the bytes of a local fill and no
 * task failed for good. The server ends a cut-off worker's session (its keepalives go unanswered),
 * so that job finishes while the link is still down; a frozen worker's kernel answers them, so that
 * job waits for the thaw, the next attempt giving up on the locks at its lock timeout and retried.
 *
 * <p>The cut takes root: a network namespace, and a PostgreSQL cluster and a broker of the test's
 * own listening on its link (the shared ones listen on 127.0.0.1 only, out of the namespace's
 * reach). The frozen worker (about 100 s, and the job needs no fix to pass) stands in for it where
 * it cannot run: each scenario is skipped, saying why, where the other runs.
 *
 * <p>Workers run with {@code --dead-link-seconds 20} (a 40 s lock timeout), shorter than the
 * outage, so the test tells a session the server ended from one that lived until the link came
 * back. At the default of 60 a cut worker's transaction lasts about a minute.
 */
class NetworkFaultsIT {

  private static final Duration OUTAGE = Duration.ofSeconds(60);
  private static final int DEAD_LINK_SECONDS = 20;

  /**
   * Four secondary indexes make each row cost the server what a real table's do: one loading thread
   * takes about 90,000 rows a second here (850,000 without them), so a task lasts seconds even on a
   * fast idle machine.
   */
  private static final String SCHEMA =
      "CREATE TABLE item (id bigint PRIMARY KEY, name varchar(64), note varchar(200),"
          + " price numeric(10, 2), added timestamp);"
          + " CREATE INDEX ON item (name); CREATE INDEX ON item (note);"
          + " CREATE INDEX ON item (price, added); CREATE INDEX ON item (added, name)";

  /**
   * Four tasks of about three seconds each: the fault lands inside one, after its first PROGRESSED
   * event (sent once a task has run a second) and before its commit.
   */
  private static final int TASKS = 4;

  private static final String[] ROWS = {
    "--rows", "item=" + TASKS * 300_000, "--task-rows", "300000", "--config", indexesDuring()
  };

  /** Keeps the four tasks: with its indexes built after its rows, item would load as one. */
  private static String indexesDuring() {
    try {
      Path config = Files.createTempFile("network-faults", ".yaml");
      config.toFile().deleteOnExit();
      Files.writeString(config, "tables:\n  item:\n    indexes: during\n");
      return config.toString();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Map<String, String> localChecksums;

  @BeforeAll
  static void fillLocallyForReference() throws Exception {
    try (TestDatabase local = TestDatabase.create()) {
      local.execute(SCHEMA);
      Fills.local(local, ROWS);
      localChecksums = Fills.checksums(local);
    }
  }

  @Test
  void aWorkerCutOffTheNetworkMidTaskHoldsTheJobOnlyUntilTheServerEndsItsSession()
      throws Exception {
    try (NetworkNamespace ns = NetworkNamespace.create();
        PrivateCluster pg = PrivateCluster.create(ns.hostAddress());
        EmbeddedBroker broker = EmbeddedBroker.start(ns.hostAddress(), 0, null);
        TestDatabase db = pg.createDatabase()) {
      db.execute(SCHEMA);
      Kafka kafka = new Kafka(broker.bootstrapServers(), TestBroker.uniqueTopicPrefix());
      List<SpateProcess> workers = new ArrayList<>();
      try {
        SpateProcess victim = SpateProcess.start(ns.exec(), workerArgs(kafka, db, 1));
        workers.add(victim);
        workers.add(SpateProcess.start(workerArgs(kafka, db, 2)));
        WorkerGroup.awaitMembersHoldingPartitions(kafka.settings(), 2);

        Recovery recovery = Recovery.start();
        CompletableFuture<Fills.Run> job = submit(kafka, db);
        awaitProgressOf(kafka, victim.workerId());
        ns.cut();
        long cutAt = System.currentTimeMillis();
        // The job must not wait for the link: the worker is lost to it at the cut, as a killed one
        // is at the kill, so its recovery is timed from here.
        recovery.faultEnded();
        assertTrue(staleTransactions(db, ns) > 0, "the cut worker's load was open at the cut");

        boolean[] waitedOnItsLocks = {false};
        Await.until(
            () -> {
              waitedOnItsLocks[0] |= lockWaits(db) > 0;
              return staleTransactions(db, ns) == 0;
            },
            OUTAGE,
            "the server to end the cut worker's session while its link is down");
        Duration staleFor = Duration.ofMillis(System.currentTimeMillis() - cutAt);
        Fills.Run run;
        try {
          run = job.get(OUTAGE.toMillis() - staleFor.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
          throw new AssertionError(
              "the job did not finish while the link was down ("
                  + OUTAGE.toSeconds()
                  + " s); events since the cut:\n"
                  + timeline(kafka, cutAt),
              e);
        }
        recovery.finished("worker cut off the network 60 s");
        System.out.printf(
            Locale.ROOT,
            "fault suite: the cut worker's transaction ended %.1f s after the cut;"
                + " the next attempt %s on its locks%n",
            staleFor.toMillis() / 1000.0,
            waitedOnItsLocks[0] ? "waited" : "never waited");

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(
            staleFor.toSeconds() < DEAD_LINK_SECONDS + 10,
            "the server ended the cut worker's session " + staleFor + " after the cut");
        Thread.sleep(Math.max(0, cutAt + OUTAGE.toMillis() - System.currentTimeMillis()));
        ns.restore();

        assertSameBytesAndNoTaskFailedForGood(db, kafka);
      } finally {
        for (SpateProcess w : workers) {
          w.kill();
        }
      }
    }
  }

  @Test
  void aWorkerFrozenMidTaskDelaysTheJobButNeverFailsIt() throws Exception {
    Assumptions.assumeTrue(
        whyNoCut().isPresent(),
        "the worker cut off the network runs here; the frozen one stands in only where it cannot");
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(SCHEMA);
      Kafka kafka =
          new Kafka(TestBroker.shared().bootstrapServers(), TestBroker.uniqueTopicPrefix());
      List<SpateProcess> workers = new ArrayList<>();
      try {
        SpateProcess victim = SpateProcess.start(workerArgs(kafka, db, 1));
        workers.add(victim);
        workers.add(SpateProcess.start(workerArgs(kafka, db, 2)));
        WorkerGroup.awaitMembersHoldingPartitions(kafka.settings(), 2);

        Recovery recovery = Recovery.start();
        CompletableFuture<Fills.Run> job = submit(kafka, db);
        awaitProgressOf(kafka, victim.workerId());
        victim.freeze();
        try {
          // Its kernel answers the server's keepalives: only the next attempt's lock timeout
          // (40 s) moves, and that attempt must be retried, not failed.
          Thread.sleep(OUTAGE.toMillis());
        } finally {
          victim.thaw();
        }
        recovery.faultEnded();
        Fills.Run run = job.get(OUTAGE.toSeconds(), TimeUnit.SECONDS);
        recovery.finished("worker frozen (SIGSTOP) 60 s");

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(
            events(kafka).stream()
                .anyMatch(
                    e ->
                        e.type() == EventMessage.Type.FAILED
                            && e.retriable()
                            && e.error().contains("lock timeout")),
            "the task's next attempt gave up on the frozen worker's locks and was retried");
        assertSameBytesAndNoTaskFailedForGood(db, kafka);
      } finally {
        for (SpateProcess w : workers) {
          w.kill();
        }
      }
    }
  }

  /** Why a worker cannot be cut off the network here, or empty when it can. */
  private static Optional<String> whyNoCut() {
    return NetworkNamespace.unavailable().or(PrivateCluster::unavailable);
  }

  private static void assertSameBytesAndNoTaskFailedForGood(TestDatabase db, Kafka kafka)
      throws Exception {
    assertEquals(localChecksums, Fills.checksums(db));
    assertEquals((long) TASKS, db.queryLong("SELECT count(*) FROM spate.ledger"), "each task once");
    List<EventMessage> permanent =
        events(kafka).stream()
            .filter(e -> e.type() == EventMessage.Type.FAILED && !e.retriable())
            .toList();
    assertEquals(List.of(), permanent, "tasks failed for good");
  }

  private static String[] workerArgs(Kafka kafka, TestDatabase db, int threads) {
    return new String[] {
      "worker",
      "--bootstrap",
      kafka.bootstrap(),
      "--topic-prefix",
      kafka.prefix(),
      "--task-partitions",
      "6",
      "--db",
      db.jdbcUrl(),
      "--user",
      db.user(),
      "--threads",
      Integer.toString(threads),
      "--dead-link-seconds",
      Integer.toString(DEAD_LINK_SECONDS)
    };
  }

  /** {@code spate submit} in this JVM, in the background. */
  private static CompletableFuture<Fills.Run> submit(Kafka kafka, TestDatabase db) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "submit",
                "--bootstrap",
                kafka.bootstrap(),
                "--topic-prefix",
                kafka.prefix(),
                "--task-partitions",
                "6",
                "--db",
                db.jdbcUrl(),
                "--user",
                db.user()));
    args.addAll(List.of(ROWS));
    return CompletableFuture.supplyAsync(() -> Fills.cli(args.toArray(String[]::new)));
  }

  /** A broker and this test's topics on it. */
  private record Kafka(String bootstrap, String prefix) {
    KafkaSettings settings() {
      return KafkaSettings.of(
          bootstrap,
          null,
          new Topics("spate.jobs", "spate.tasks", "spate.events", 6).prefixed(prefix));
    }
  }

  /** Waits until the worker reports rows of a task sent: its load holds the first rows' keys. */
  private static void awaitProgressOf(Kafka kafka, String workerId) {
    try (EventTail events = new EventTail(kafka.settings())) {
      events.await(
          e -> e.workerId().equals(workerId) && e.type() == EventMessage.Type.PROGRESSED,
          Duration.ofSeconds(90));
    }
  }

  /** The events from {@code sinceMillis} on, one a line, timed from then: for failure messages. */
  private static String timeline(Kafka kafka, long sinceMillis) {
    KafkaSettings settings = kafka.settings();
    StringBuilder lines = new StringBuilder();
    for (var r : TopicReader.readAll(settings, settings.topics().events())) {
      if (r.timestamp() >= sinceMillis) {
        EventMessage e = Messages.decodeEvent(r.value());
        lines.append(
            String.format(
                Locale.ROOT,
                "  %+6.1f s %s %s %s attempt %d%s%n",
                (r.timestamp() - sinceMillis) / 1000.0,
                e.workerId(),
                e.type(),
                e.taskId(),
                e.attempt(),
                e.error() == null ? "" : ": " + e.error()));
      }
    }
    return lines.toString();
  }

  private static List<EventMessage> events(Kafka kafka) {
    KafkaSettings settings = kafka.settings();
    return TopicReader.readAll(settings, settings.topics().events()).stream()
        .map(r -> Messages.decodeEvent(r.value()))
        .toList();
  }

  /** Open transactions of the namespace's clients: the cut worker's load. */
  private static long staleTransactions(TestDatabase db, NetworkNamespace ns) {
    return db.queryLong(
        "SELECT count(*) FROM pg_stat_activity WHERE client_addr = '"
            + ns.innerAddress()
            + "' AND xact_start IS NOT NULL");
  }

  private static long lockWaits(TestDatabase db) {
    return db.queryLong(
        "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
            + " AND wait_event_type = 'Lock'");
  }
}
