package io.spate.coordinator.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.core.job.Retries;
import io.spate.engine.target.Outage;
import io.spate.engine.target.Targets;
import io.spate.protocol.message.Topics;
import io.spate.worker.kafka.KafkaSettings;
import io.spate.worker.testing.TestDatabase;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code POST /jobs} on an in-process service whose default target is a real database and whose
 * Kafka is never reached: a request the planner refuses is answered 400 with the planner's words,
 * before anything is published.
 */
class ServicePlanningIT {

  private static final HttpClient HTTP = HttpClient.newHttpClient();

  private static TestDatabase db;
  private static CoordinatorService service;

  @BeforeAll
  static void startService() {
    db = TestDatabase.withFixtureSchema("single.sql");
    service =
        CoordinatorService.start(
            new ServiceSettings(
                "127.0.0.1",
                0,
                KafkaSettings.of("127.0.0.1:1", null, Topics.DEFAULT),
                Map.of(Targets.DEFAULT, new Targets.Target(db.jdbcUrl(), db.user(), db.password())),
                null,
                false,
                Retries.DEFAULT,
                Outage.DEFAULT));
  }

  @AfterAll
  static void stop() {
    if (service != null) {
      service.close();
    }
    if (db != null) {
      db.close();
    }
  }

  @Test
  void rowsPastTheTasksTheHeapHoldsAreRefusedWithTheRemedy() throws Exception {
    HttpResponse<String> refused =
        assertTimeoutPreemptively(
            Duration.ofSeconds(20),
            () -> post("{\"rows\": {\"big_t\": " + Long.MAX_VALUE + "}, \"truncate\": true}"));
    assertEquals(400, refused.statusCode(), refused.body());
    String error = ServiceJson.JSON.readTree(refused.body()).get("error").asText();
    assertTrue(
        error.startsWith("cannot plan the fill: table 'big_t' has 9223372036854775807 rows: "),
        error);
    assertTrue(error.contains("raise --task-rows (taskRows in the config"), error);
  }

  @Test
  void aCheckSpateCannotReadIsJudgedByTheTargetAndRefusedWhenTooFewValuesPass() throws Exception {
    db.execute(
        """
        CREATE FUNCTION is_registered(serial text) RETURNS boolean
          LANGUAGE sql IMMUTABLE AS $$ SELECT serial = 'REG-1' $$;
        CREATE TABLE gadget (
          id serial PRIMARY KEY,
          serial_no text NOT NULL CONSTRAINT gadget_registered CHECK (is_registered(serial_no))
        );
        """);
    try {
      HttpResponse<String> refused =
          assertTimeoutPreemptively(Duration.ofSeconds(20), () -> post("{}"));
      assertEquals(400, refused.statusCode(), refused.body());
      String error = ServiceJson.JSON.readTree(refused.body()).get("error").asText();
      assertTrue(
          error.contains(
              "CHECK gadget_registered on 'gadget' is not a form Spate understands, and only 0 of"
                  + " 1000 candidate values of serial_no pass on the server"),
          error);
      assertTrue(error.contains("{columns: {serial_no: {values: [...]}}}"), error);
    } finally {
      db.execute("DROP TABLE gadget; DROP FUNCTION is_registered(text)");
    }
  }

  private static HttpResponse<String> post(String body) throws Exception {
    return HTTP.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + service.port() + "/jobs"))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }
}
