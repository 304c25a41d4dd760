package io.spate.coordinator.submit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.coordinator.testing.TestBroker;
import io.spate.protocol.message.EventMessage;
import io.spate.protocol.message.Topics;
import io.spate.worker.kafka.KafkaSettings;
import io.spate.worker.testing.TestDatabase;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * The broker goes away mid-job and comes back on the same port with the same data: stopped cleanly
 * (SIGTERM) and started again, or killed (SIGKILL) and started again a few seconds later. The
 * broker is a real {@code spate broker} process, so the worker process and the submitter lose every
 * connection at once; both ride the outage out, and the job ends DONE with a local fill's bytes and
 * each task in the ledger once.
 *
 * <p>The scenarios share one broker process (each leaves it running, as it found it) and keep apart
 * by topic prefix; each has its own worker process and database.
 */
class BrokerFaultsIT {

  private static final int ROWS = 600_000;
  private static final int TASK_ROWS = 50_000;
  private static final int TASK_PARTITIONS = 4;

  /** How long the killed broker stays down: its clients see refused connections, not a blip. */
  private static final Duration KILLED_FOR = Duration.ofSeconds(5);

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
    fillThrough("broker restart (SIGTERM) mid-job", SpateProcess::close, Duration.ZERO);
  }

  @Test
  void brokerKilledMidJobAndStartedAgainIsRiddenOut() throws Exception {
    fillThrough("broker kill -9, down 5 s, mid-job", SpateProcess::kill, KILLED_FOR);
  }

  /** How the broker goes down. */
  private interface Stop {
    void stop(SpateProcess broker) throws InterruptedException;
  }

  private static volatile Fills.Run submitResult;

  /**
   * Submits a job to a worker process; once two of its tasks have succeeded, stops the broker and
   * starts it again after {@code down}; checks that the job completes with a local fill's bytes.
   */
  private static void fillThrough(String scenario, Stop stop, Duration down) throws Exception {
    if (!broker.alive()) {
      broker = startBroker(); // an earlier scenario failed half-way
    }
    String prefix = TestBroker.uniqueTopicPrefix();
    KafkaSettings kafka = kafka(prefix);
    Thread submitter = null;
    try (TestDatabase db = TestDatabase.withFixtureSchema("single.sql");
        SpateProcess worker =
            SpateProcess.start(withKafka(prefix, "worker", db, "--threads", "2"))) {
      worker.workerId();
      submitter =
          new Thread(
              () ->
                  submitResult =
                      Fills.cli(
                          withKafka(
                              prefix,
                              "submit",
                              db,
                              "--rows",
                              "big_t=" + ROWS,
                              "--task-rows",
                              String.valueOf(TASK_ROWS))));
      Recovery recovery = Recovery.start();
      submitter.start();
      try (EventTail events = new EventTail(kafka)) {
        Set<String> succeeded = new HashSet<>();
        events.await(
            e ->
                e.type() == EventMessage.Type.SUCCEEDED
                    && succeeded.add(e.taskId())
                    && succeeded.size() == 2,
            Duration.ofSeconds(120));
      }
      stop.stop(broker);
      assertTrue(submitter.isAlive(), "the broker went down mid-job");
      Thread.sleep(down.toMillis()); // the outage itself, not a wait for a condition
      broker = startBroker();
      recovery.faultEnded();

      submitter.join(Duration.ofSeconds(180).toMillis());
      assertFalse(
          submitter.isAlive(), "the job ends within 180 s of the fault:\n" + worker.output());
      assertEquals(0, submitResult.exitCode(), submitResult.err() + "\n" + worker.output());
      recovery.finished(scenario);

      assertEquals(localChecksum, Fills.checksums(db).get("big_t"), "the bytes of a local fill");
      assertEquals(
          (long) ROWS / TASK_ROWS,
          db.queryLong("SELECT count(*) FROM spate.ledger"),
          "each task in the ledger once (the ledger's key is the task)");
      assertTrue(worker.alive(), "the worker rode it out:\n" + worker.output());
      Fills.Run status = Fills.cli(withKafka(prefix, "status", null, jobId(submitResult)));
      assertTrue(status.out().contains("DONE"), status.out() + status.err());
    } finally {
      if (submitter != null && submitter.isAlive()) {
        broker.kill(); // the submitter gives up on a broker that is gone, and its thread ends
      }
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

  private static String jobId(Fills.Run submit) {
    Matcher m = SUBMITTED.matcher(submit.err());
    assertTrue(m.find(), submit.err());
    return m.group(1);
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
