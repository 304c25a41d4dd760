package io.spate.coordinator.submit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.spate.coordinator.Fills;
import io.spate.coordinator.http.CoordinatorService;
import io.spate.coordinator.http.ServiceSettings;
import io.spate.coordinator.testing.TestBroker;
import io.spate.core.config.FillConfig;
import io.spate.core.job.Retries;
import io.spate.db.postgres.PostgresDialect;
import io.spate.engine.target.Outage;
import io.spate.engine.target.Targets;
import io.spate.protocol.message.EventMessage;
import io.spate.protocol.message.JobMessage;
import io.spate.protocol.message.Messages;
import io.spate.protocol.message.Topics;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.Task;
import io.spate.worker.kafka.KafkaSettings;
import io.spate.worker.testing.Await;
import io.spate.worker.testing.TestDatabase;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/**
 * A coordinator that takes a job over reports the job's times, read from the job and its events,
 * not from its own start: the job was submitted a minute ago and every task's events are on the
 * topic, with the times they happened, before {@code spate coordinator JOB} starts (or a
 * coordinator service adopts it).
 */
class TakeoverTimesIT {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** Event times after the submission: two tasks start at 2 s and 3 s, commit at 12 s and 22 s. */
  private static final long[] STARTED = {2_000, 3_000};

  private static final long[] SUCCEEDED = {12_000, 22_000};

  @Test
  void aTakeoverSummaryReportsTheJobsTimesNotItsOwn() throws Exception {
    String prefix = TestBroker.uniqueTopicPrefix();
    KafkaSettings kafka =
        KafkaSettings.of(
            TestBroker.shared().bootstrapServers(),
            null,
            new Topics("spate.jobs", "spate.tasks", "spate.events", 6).prefixed(prefix));
    kafka.ensureTopics();
    try (TestDatabase db = TestDatabase.withFixtureSchema("single.sql")) {
      String jobId = publishDoneHistory(kafka, db);
      Fills.Run takeover =
          Fills.cli(
              "coordinator",
              "--bootstrap",
              kafka.bootstrap(),
              "--topic-prefix",
              prefix,
              "--task-partitions",
              "6",
              "--db",
              db.jdbcUrl(),
              "--user",
              db.user(),
              jobId);
      assertEquals(0, takeover.exitCode(), takeover.err());
      Matcher table =
          Pattern.compile("(?m)^big_t\\s+1000\\s+([\\d.]+)\\s+(\\d+)$").matcher(takeover.out());
      assertTrue(table.find(), takeover.out());
      assertEquals(20.0, Double.parseDouble(table.group(1)), 0.1, "first start to last commit");
      assertEquals(50, Long.parseLong(table.group(2)), 1, takeover.out());
      Matcher total =
          Pattern.compile("filled 1000 rows in ([\\d.]+) s \\((\\d+) rows/s\\)")
              .matcher(takeover.out());
      assertTrue(total.find(), takeover.out());
      assertEquals(22.0, Double.parseDouble(total.group(1)), 0.1, "submission to last commit");
      assertEquals(45, Long.parseLong(total.group(2)), 1, takeover.out());
    }
  }

  @Test
  void aServiceThatAdoptsAJobShowsTheJobsTimesNotItsOwn() throws Exception {
    String prefix = TestBroker.uniqueTopicPrefix();
    KafkaSettings kafka =
        KafkaSettings.of(
            TestBroker.shared().bootstrapServers(),
            null,
            new Topics("spate.jobs", "spate.tasks", "spate.events", 6).prefixed(prefix));
    kafka.ensureTopics();
    try (TestDatabase db = TestDatabase.withFixtureSchema("single.sql")) {
      String jobId = publishDoneHistory(kafka, db);
      try (CoordinatorService service =
          CoordinatorService.start(
              new ServiceSettings(
                  "127.0.0.1",
                  0,
                  kafka,
                  Map.of(
                      Targets.DEFAULT, new Targets.Target(db.jdbcUrl(), db.user(), db.password())),
                  null,
                  false,
                  Retries.DEFAULT,
                  Outage.DEFAULT))) {
        URI uri = URI.create("http://127.0.0.1:" + service.port() + "/jobs/" + jobId);
        JsonNode view =
            Await.untilPresent(
                () -> {
                  HttpResponse<String> r =
                      HttpClient.newHttpClient()
                          .send(
                              HttpRequest.newBuilder(uri).build(),
                              HttpResponse.BodyHandlers.ofString());
                  JsonNode v = r.statusCode() == 200 ? JSON.readTree(r.body()) : null;
                  return Optional.ofNullable(
                      v != null && v.get("state").asText().equals("DONE") ? v : null);
                },
                Duration.ofSeconds(60),
                "the service to adopt job " + jobId + " and see it done");
        assertEquals(22.0, view.get("elapsedSeconds").asDouble(), 0.1, view.toString());
        assertEquals(
            20.0, view.get("tables").get(0).get("seconds").asDouble(), 0.1, view.toString());
      }
    }
  }

  /**
   * Publishes a job of two tasks submitted a minute ago, RUNNING (its coordinator died), and the
   * events of both tasks through their commit, each stamped with the time it happened.
   */
  static String publishDoneHistory(KafkaSettings kafka, TestDatabase db) throws Exception {
    FillPlan plan =
        Fills.plan(db, new FillConfig(null, null, 500L, null, Map.of()), Map.of("big_t", 1000L));
    List<Task> tasks = plan.tasks();
    assertEquals(2, tasks.size());
    // the rows the history's two tasks committed: the job's end counts them against the plan
    db.execute("INSERT INTO big_t (c_int) SELECT g FROM generate_series(1, 1000) g");
    String jobId = "takeover";
    long submitted = System.currentTimeMillis() - 60_000;
    io.spate.protocol.plan.TargetIdentity identity;
    try (java.sql.Connection c = db.connect()) {
      identity = PostgresDialect.INSTANCE.identity(c, plan);
    }
    JobMessage job =
        new JobMessage(
            Messages.VERSION,
            jobId,
            "default",
            plan,
            JobMessage.State.RUNNING,
            null,
            submitted,
            false,
            false,
            identity,
            null);
    try (KafkaProducer<String, byte[]> producer =
        new KafkaProducer<>(kafka.client(), new StringSerializer(), new ByteArraySerializer())) {
      producer.send(record(kafka.topics().jobs(), submitted, jobId, job)).get();
      for (int i = 0; i < tasks.size(); i++) {
        producer
            .send(
                record(
                    kafka.topics().events(),
                    submitted + STARTED[i],
                    jobId,
                    event(jobId, tasks.get(i), EventMessage.Type.STARTED, 0)))
            .get();
      }
      for (int i = 0; i < tasks.size(); i++) {
        producer
            .send(
                record(
                    kafka.topics().events(),
                    submitted + SUCCEEDED[i],
                    jobId,
                    event(jobId, tasks.get(i), EventMessage.Type.SUCCEEDED, 500)))
            .get();
      }
    }
    return jobId;
  }

  private static ProducerRecord<String, byte[]> record(
      String topic, long timestamp, String key, Object message) {
    return new ProducerRecord<>(topic, null, timestamp, key, Messages.encode(message));
  }

  private static EventMessage event(String jobId, Task task, EventMessage.Type type, long rows) {
    return new EventMessage(
        Messages.VERSION, jobId, task.id(), task.table(), type, rows, 0, "w1", 1, null, false);
  }
}
