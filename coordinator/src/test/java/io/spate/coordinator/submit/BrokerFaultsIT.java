package io.spate.coordinator.submit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.coordinator.testing.TestBroker;
import io.spate.protocol.message.EventMessage;
import io.spate.protocol.message.Topics;
import io.spate.worker.kafka.KafkaSettings;
import io.spate.worker.testing.Await;
import io.spate.worker.testing.TestDatabase;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The broker goes away during a job and comes back on the same port with the same data: stopped
 * cleanly (SIGTERM) and started again, or killed (SIGKILL) and started again later. The broker is a
 * real {@code spate broker} process, so the worker process and the submitter lose every connection
 * at once; both ride the outage out, and the job ends DONE with a local fill's bytes and each task
 * in the ledger once.
 *
 * <p>The scenarios share one broker process (each leaves it running, as it found it) and keep apart
 * by topic prefix; each has its own worker process and database.
 */
class BrokerFaultsIT {

  private static final int ROWS = 600_000;
  private static final int TASK_ROWS = 50_000;
  private static final int TASK_PARTITIONS = 4;

  /** How long the killed broker stays down mid-job: its clients see refused connections. */
  private static final Duration KILLED_FOR = Duration.ofSeconds(5);

  /** How long the broker stays down as the job ends: longer than a client request may take. */
  private static final Duration DOWN_AT_THE_END =
      Duration.ofMillis(KafkaSettings.REACH_TIMEOUT_MS).plusSeconds(5);

  private static final Pattern SUBMITTED = Pattern.compile("job (\\w+) submitted");

  private static int port;
  private static Path dataDir;
  private static SpateProcess broker;
  private static TestDatabase reference;
  private static String localChecksum;

  @BeforeAll
  static void startBrokerAndFillLocallyForReference() throws Exception {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      port = s.getLocalPort();
    }
    dataDir = Files.createTempDirectory("spate-broker-faults-");
    broker = startBroker();
    reference = TestDatabase.withFixtureSchema("single.sql");
    Fills.local(reference, "--rows", "big_t=" + ROWS);
    localChecksum = Fills.checksums(reference).get("big_t");
  }

  @AfterAll
  static void stopBroker() throws IOException {
    if (reference != null) {
      reference.close();
    }
    if (broker != null) {
      broker.close();
    }
    try (Stream<Path> files = Files.walk(dataDir)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }

  @Test
  void brokerStoppedAndStartedAgainMidJobIsRiddenOut() throws Exception {
    try (RunningJob job = new RunningJob()) {
      Recovery recovery = job.submit();
      job.awaitTwoSucceeded();
      broker.close();
      assertTrue(job.running(), "the broker went down mid-job");
      broker = startBroker();
      recovery.faultEnded();
      job.assertDoneWithTheLocalBytes(recovery, "broker restart (SIGTERM) mid-job");
    }
  }

  @Test
  void brokerKilledMidJobAndStartedAgainIsRiddenOut() throws Exception {
    try (RunningJob job = new RunningJob()) {
      Recovery recovery = job.submit();
      job.awaitTwoSucceeded();
      broker.kill();
      assertTrue(job.running(), "the broker went down mid-job");
      Thread.sleep(KILLED_FOR.toMillis()); // the outage itself, not a wait for a condition
      broker = startBroker();
      recovery.faultEnded();
      job.assertDoneWithTheLocalBytes(recovery, "broker kill -9, down 5 s, mid-job");
    }
  }

  /**
   * The broker dies just as the submitter is to publish the job's end, and stays down longer than
   * one client request may take: the submitter waits for it as it does mid-job (it used to give up
   * after 15 s and leave a complete job RUNNING on the jobs topic).
   */
  @Test
  void brokerKilledAsTheJobEndsAndDownForLongIsRiddenOut() throws Exception {
    try (RunningJob job = new RunningJob();
        Connection analyzeBlocker = job.db.connect()) {
      // ANALYZE of big_t, the submitter's last step before it publishes the job's end, waits for
      // this lock: the broker goes down while the submitter is parked there.
      analyzeBlocker.setAutoCommit(false);
      try (Statement s = analyzeBlocker.createStatement()) {
        s.execute("LOCK TABLE big_t IN SHARE UPDATE EXCLUSIVE MODE");
      }
      Recovery recovery = job.submit();
      Await.until(
          () ->
              job.db.queryLong(
                      "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                          + " AND query LIKE 'ANALYZE%' AND wait_event_type = 'Lock'")
                  == 1,
          Duration.ofSeconds(120),
          "every task done and the submitter's ANALYZE of big_t waiting");
      broker.kill();
      analyzeBlocker.commit();
      Thread.sleep(DOWN_AT_THE_END.toMillis()); // the outage itself, not a wait for a condition
      broker = startBroker();
      recovery.faultEnded();
      job.assertDoneWithTheLocalBytes(recovery, "broker kill -9 as the job ends, down 20 s");
    }
  }

  /** A job of {@link #ROWS} rows in its own database and topics, with one worker process. */
  private static final class RunningJob implements AutoCloseable {
    final String prefix = TestBroker.uniqueTopicPrefix();
    final TestDatabase db = TestDatabase.withFixtureSchema("single.sql");
    final SpateProcess worker;
    private Thread submitter;
    private volatile Fills.Run submitted;

    RunningJob() throws Exception {
      try {
        if (!broker.alive()) {
          broker = startBroker(); // an earlier scenario failed half-way
        }
        worker = SpateProcess.start(withKafka(prefix, "worker", db, "--threads", "2"));
      } catch (Exception | Error e) {
        db.close();
        throw e;
      }
    }

    /** Submits the job from a thread of this JVM once the worker is up; the clock starts. */
    Recovery submit() throws InterruptedException {
      worker.workerId();
      submitter =
          new Thread(
              () ->
                  submitted =
                      Fills.cli(
                          withKafka(
                              prefix,
                              "submit",
                              db,
                              "--rows",
                              "big_t=" + ROWS,
                              "--task-rows",
                              String.valueOf(TASK_ROWS))));
      submitter.setDaemon(true); // a submitter stuck after a failed scenario must not hold the JVM
      Recovery recovery = Recovery.start();
      submitter.start();
      return recovery;
    }

    boolean running() {
      return submitter.isAlive();
    }

    void awaitTwoSucceeded() {
      try (EventTail events = new EventTail(kafka(prefix))) {
        Set<String> succeeded = new HashSet<>();
        events.await(
            e ->
                e.type() == EventMessage.Type.SUCCEEDED
                    && succeeded.add(e.taskId())
                    && succeeded.size() == 2,
            Duration.ofSeconds(120));
      }
    }

    void assertDoneWithTheLocalBytes(Recovery recovery, String scenario) throws Exception {
      submitter.join(Duration.ofSeconds(180).toMillis());
      assertFalse(
          submitter.isAlive(), "the job ends within 180 s of the fault:\n" + worker.output());
      assertEquals(0, submitted.exitCode(), submitted.err() + "\n" + worker.output());
      recovery.finished(scenario);

      assertEquals(localChecksum, Fills.checksums(db).get("big_t"), "the bytes of a local fill");
      assertEquals(
          (long) ROWS / TASK_ROWS,
          db.queryLong("SELECT count(*) FROM spate.ledger"),
          "each task in the ledger once (the ledger's key is the task)");
      assertTrue(worker.alive(), "the worker rode it out:\n" + worker.output());
      Matcher job = SUBMITTED.matcher(submitted.err());
      assertTrue(job.find(), submitted.err());
      Fills.Run status = Fills.cli(withKafka(prefix, "status", null, job.group(1)));
      assertTrue(status.out().contains("DONE"), status.out() + status.err());
    }

    @Override
    public void close() {
      worker.close();
      db.close();
    }
  }

  private static SpateProcess startBroker() throws Exception {
    SpateProcess started =
        SpateProcess.start(
            "broker", "--port", String.valueOf(port), "--data-dir", dataDir.toString());
    try {
      started.awaitOutput("broker listening on", Duration.ofSeconds(120));
    } catch (RuntimeException | AssertionError e) {
      started.kill();
      throw e;
    }
    return started;
  }

  /** {@code command} against this class's broker with the test's topic prefix, then the rest. */
  private static String[] withKafka(
      String prefix, String command, TestDatabase db, String... rest) {
    Stream<String> common =
        Stream.of(
            command,
            "--bootstrap",
            "127.0.0.1:" + port,
            "--topic-prefix",
            prefix,
            "--task-partitions",
            String.valueOf(TASK_PARTITIONS));
    Stream<String> database =
        db == null ? Stream.empty() : Stream.of("--db", db.jdbcUrl(), "--user", db.user());
    return Stream.of(common, database, Stream.of(rest)).flatMap(s -> s).toArray(String[]::new);
  }

  private static KafkaSettings kafka(String prefix) {
    return KafkaSettings.of(
        "127.0.0.1:" + port,
        null,
        new Topics("spate.jobs", "spate.tasks", "spate.events", TASK_PARTITIONS).prefixed(prefix));
  }
}
