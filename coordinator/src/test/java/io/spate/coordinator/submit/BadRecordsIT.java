package io.spate.coordinator.submit;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.coordinator.testing.TestBroker;
import io.spate.protocol.message.Topics;
import io.spate.worker.kafka.JobCache;
import io.spate.worker.kafka.KafkaSettings;
import io.spate.worker.testing.Await;
import io.spate.worker.testing.TestDatabase;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/**
 * Garbage on the jobs, tasks and events topics (a record with nothing but its version, bytes that
 * are not JSON) stops no reader: a worker skips each bad record once and stays healthy, a job whose
 * events topic holds garbage under its key still completes with the bytes of a local fill, and
 * {@code spate status} still reports.
 */
class BadRecordsIT {

  private static final byte[] ONLY_A_VERSION = "{\"v\":\"4.0\"}".getBytes(UTF_8);
  private static final byte[] NOT_JSON = "\u0001 not json {".getBytes(UTF_8);
  private static final int TASK_PARTITIONS = 6;
  private static final Pattern HEALTH_PORT =
      Pattern.compile("/health, /ready and /metrics on port (\\d+)");

  private static volatile Fills.Run submitResult;

  @Test
  void garbageOnEveryTopicIsSkippedOnceAndADistributedFillStillCompletes() throws Exception {
    String prefix = TestBroker.uniqueTopicPrefix();
    KafkaSettings kafka = kafka(prefix);
    kafka.ensureTopics();
    List<RecordMetadata> workerSkips = new ArrayList<>();
    try (KafkaProducer<String, byte[]> producer = producer(kafka)) {
      Topics topics = kafka.topics();
      workerSkips.add(send(producer, topics.jobs(), null, "garbage-job", ONLY_A_VERSION));
      workerSkips.add(send(producer, topics.jobs(), null, "garbage-bytes", NOT_JSON));
      for (int p = 0;
          p < TASK_PARTITIONS;
          p++) { // ahead of every real task, whatever its partition
        byte[] garbage = p % 2 == 0 ? ONLY_A_VERSION : NOT_JSON;
        workerSkips.add(send(producer, topics.tasks(), p, "garbage-task-" + p, garbage));
      }

      try (TestDatabase db = TestDatabase.withFixtureSchema("single.sql")) {
        Recovery recovery = Recovery.start();
        Thread submitter =
            new Thread(
                () ->
                    submitResult =
                        Fills.cli(
                            withKafka(
                                prefix,
                                "submit",
                                "--db",
                                db.jdbcUrl(),
                                "--user",
                                db.user(),
                                "--rows",
                                "big_t=3000",
                                "--task-rows",
                                "1000")));
        submitter.start();
        // garbage under the job's own key, while its follower reads the events topic
        String jobId = awaitJobId(kafka);
        send(producer, topics.events(), null, jobId, NOT_JSON);
        send(producer, topics.events(), null, jobId, ONLY_A_VERSION);
        recovery.faultEnded();

        try (SpateProcess worker =
            SpateProcess.start(
                withKafka(
                    prefix,
                    "worker",
                    "--db",
                    db.jdbcUrl(),
                    "--user",
                    db.user(),
                    "--threads",
                    "2",
                    "--http-port",
                    "0"))) {
          submitter.join(Duration.ofSeconds(90).toMillis());
          assertEquals(0, submitResult.exitCode(), submitResult.err() + worker.output());
          recovery.finished("garbage on every topic (worker starts after)");
          assertEquals(3L, db.queryLong("SELECT count(*) FROM spate.ledger"), "each task once");
          try (TestDatabase local = TestDatabase.withFixtureSchema("single.sql")) {
            Fills.local(local, "--rows", "big_t=3000");
            assertEquals(Fills.checksums(local), Fills.checksums(db), "the bytes of a local fill");
          }

          String log = worker.output();
          for (RecordMetadata bad : workerSkips) {
            String at = bad.topic() + "-" + bad.partition() + "@" + bad.offset();
            assertEquals(
                1,
                count(log, "skipping the record at " + Pattern.quote(at) + "[ :]"),
                "the worker names " + at + " once:\n" + log);
          }
          assertEquals(200, health(worker), "the worker is still healthy:\n" + log);
        }
      }

      Fills.Run status = Fills.cli(withKafka(prefix, "status"));
      assertEquals(0, status.exitCode(), status.err());
      assertTrue(status.out().contains("DONE"), status.out());
      assertEquals(
          2,
          count(status.out(), "skipping the record at " + Pattern.quote(topics.jobs())),
          status.out());
    }
  }

  private static KafkaSettings kafka(String prefix) {
    return KafkaSettings.of(
        TestBroker.shared().bootstrapServers(),
        null,
        new Topics("spate.jobs", "spate.tasks", "spate.events", TASK_PARTITIONS).prefixed(prefix));
  }

  private static String[] withKafka(String prefix, String command, String... args) {
    List<String> all =
        new ArrayList<>(
            List.of(
                command,
                "--bootstrap",
                TestBroker.shared().bootstrapServers(),
                "--topic-prefix",
                prefix,
                "--task-partitions",
                String.valueOf(TASK_PARTITIONS)));
    all.addAll(List.of(args));
    return all.toArray(String[]::new);
  }

  private static KafkaProducer<String, byte[]> producer(KafkaSettings kafka) {
    return new KafkaProducer<>(kafka.client(), new StringSerializer(), new ByteArraySerializer());
  }

  private static RecordMetadata send(
      KafkaProducer<String, byte[]> producer,
      String topic,
      Integer partition,
      String key,
      byte[] value)
      throws Exception {
    return producer.send(new ProducerRecord<>(topic, partition, key, value)).get();
  }

  /** The id of the job submit published: the one readable job on the jobs topic. */
  private static String awaitJobId(KafkaSettings kafka) throws InterruptedException {
    try (JobCache jobs = new JobCache(kafka)) {
      return Await.untilPresent(
          () -> jobs.all().keySet().stream().findFirst(),
          Duration.ofSeconds(60),
          "a job on " + kafka.topics().jobs());
    }
  }

  /** The worker's {@code /health} status code, once it announced its port. */
  private static int health(SpateProcess worker) throws Exception {
    String port =
        Await.untilPresent(
            () -> {
              Matcher m = HEALTH_PORT.matcher(worker.output());
              return m.find() ? Optional.of(m.group(1)) : Optional.empty();
            },
            Duration.ofSeconds(30),
            "the worker's health port",
            worker::output);
    try (HttpClient http = HttpClient.newHttpClient()) {
      return http.send(
              HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/health")).build(),
              HttpResponse.BodyHandlers.discarding())
          .statusCode();
    }
  }

  private static int count(String text, String regex) {
    return (int) Pattern.compile(regex).matcher(text).results().count();
  }
}
