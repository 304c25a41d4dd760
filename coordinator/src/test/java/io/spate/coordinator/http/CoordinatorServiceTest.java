package io.spate.coordinator.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.core.job.Retries;
import io.spate.engine.target.Outage;
import io.spate.engine.target.Targets;
import io.spate.protocol.message.Topics;
import io.spate.worker.kafka.KafkaSettings;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpClient.Version;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Who may call what, on a service whose Kafka and database are never reached (nothing here submits
 * a job): the token's reach, {@code --metrics-public} and {@code --no-auth}.
 */
class CoordinatorServiceTest {

  private static final HttpClient HTTP = HttpClient.newHttpClient();

  private static ServiceSettings settings(ApiToken token, boolean metricsPublic) {
    return new ServiceSettings(
        "127.0.0.1",
        0,
        KafkaSettings.of("127.0.0.1:1", null, Topics.DEFAULT),
        Map.of(
            Targets.DEFAULT,
            new Targets.Target("jdbc:postgresql://127.0.0.1:1/none", "u", "hunter2")),
        token,
        metricsPublic,
        Retries.DEFAULT,
        Outage.DEFAULT);
  }

  @Test
  void metricsPublicOpensMetricsAndNothingElse() throws Exception {
    try (CoordinatorService service =
        CoordinatorService.start(settings(ApiToken.find(null, "t0k").orElseThrow(), true))) {
      HttpResponse<String> metrics = get(service, "/metrics", null);
      assertEquals(200, metrics.statusCode());
      assertTrue(metrics.body().contains("spate_jobs_running 0.0"), metrics.body());
      assertEquals(401, get(service, "/jobs", null).statusCode());
      assertEquals(200, get(service, "/jobs", "t0k").statusCode());
    }
  }

  @Test
  void withoutMetricsPublicMetricsNeedTheToken() throws Exception {
    try (CoordinatorService service =
        CoordinatorService.start(settings(ApiToken.find(null, "t0k").orElseThrow(), false))) {
      assertEquals(401, get(service, "/metrics", null).statusCode());
      assertEquals(200, get(service, "/metrics", "t0k").statusCode());
      assertEquals(200, get(service, "/health", null).statusCode());
    }
  }

  @Test
  void noAuthServesEverythingWithoutAToken() throws Exception {
    try (CoordinatorService service = CoordinatorService.start(settings(null, false))) {
      assertEquals("[]", get(service, "/jobs", null).body());
      HttpResponse<String> unknown = get(service, "/jobs/abc", null);
      assertEquals(404, unknown.statusCode());
      assertEquals("{\"error\":\"no job abc on this coordinator (jobs: [])\"}", unknown.body());
      HttpResponse<String> page = get(service, "/", null);
      assertTrue(
          page.body().startsWith("<!doctype html>")
              && page.headers().firstValue("content-type").orElse("").startsWith("text/html"));
    }
  }

  @Test
  void headIsAnsweredWhereverGetIsWithItsStatusAndHeadersAndNoBody() throws Exception {
    try (CoordinatorService service =
        CoordinatorService.start(settings(ApiToken.find(null, "t0k").orElseThrow(), false))) {
      assertEquals(200, send(service, Version.HTTP_1_1, "HEAD", "/", null).statusCode());
      for (Version version : Version.values()) { // HTTP/2 asked for is answered in HTTP/1.1
        for (String path : List.of("/", "/health", "/metrics", "/jobs", "/jobs/abc")) {
          for (String token : Arrays.asList(null, "t0k")) {
            String request =
                version + " HEAD " + path + (token == null ? " without" : " with") + " the token";
            HttpResponse<String> get = send(service, version, "GET", path, token);
            HttpResponse<String> head = send(service, version, "HEAD", path, token);
            assertEquals(get.statusCode(), head.statusCode(), request);
            assertEquals(
                get.headers().firstValue("content-type"),
                head.headers().firstValue("content-type"),
                request);
            assertEquals("", head.body(), request);
          }
        }
      }
    }
  }

  @Test
  void aBadJobRequestIsRefusedListingEveryProblemBeforeReachingTheDatabase() throws Exception {
    try (CoordinatorService service = CoordinatorService.start(settings(null, false))) {
      HttpResponse<String> bad =
          post(
              service,
              "{\"target\": \"eu\", \"taskRows\": 0, \"maxAttempts\": 0, \"stallSeconds\": 0,"
                  + " \"rows\": {\"t\": -1}}");
      assertEquals(400, bad.statusCode());
      String error = ServiceJson.JSON.readTree(bad.body()).get("error").asText();
      assertEquals(
          String.join(
              "\n  - ",
              "invalid job request (5 problems):",
              "unknown target 'eu': this coordinator serves [default] (start it with --target eu=JDBC_URL)",
              "rows t must be at least 0, got -1",
              "taskRows must be at least 1, got 0",
              "maxAttempts must be at least 1, got 0",
              "stallSeconds must be at least 1, got 0"),
          error);
    }
  }

  @Test
  void theStartUpLineMasksThePasswordAndTheToken() {
    String line = settings(ApiToken.find(null, "t0k").orElseThrow(), false).describe();
    assertTrue(
        line.contains("target.default=jdbc:postgresql://127.0.0.1:1/none (user u, password ***)"),
        line);
    assertTrue(!line.contains("hunter2") && !line.contains("t0k"), line);
  }

  @Test
  void theStartUpLineMasksAPasswordWrittenInATargetsUrl() {
    ServiceSettings s =
        new ServiceSettings(
            "127.0.0.1",
            0,
            KafkaSettings.of("127.0.0.1:1", null, Topics.DEFAULT),
            Map.of(
                Targets.DEFAULT,
                new Targets.Target("jdbc:postgresql://h/db?password=hunter2", null, null),
                "eu",
                new Targets.Target("jdbc:postgresql://u:hunter3@h/db", null, null)),
            null,
            false,
            Retries.DEFAULT,
            Outage.DEFAULT);
    String line = s.describe();
    assertTrue(line.contains("target.default=jdbc:postgresql://h/db?password=*** "), line);
    assertTrue(line.contains("target.eu=jdbc:postgresql://u:***@h/db "), line);
    assertTrue(!line.contains("hunter"), line);
  }

  private static HttpResponse<String> post(CoordinatorService service, String body)
      throws Exception {
    return HTTP.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + service.port() + "/jobs"))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static HttpResponse<String> get(CoordinatorService service, String path, String token)
      throws Exception {
    return send(service, HTTP.version(), "GET", path, token);
  }

  private static HttpResponse<String> send(
      CoordinatorService service, Version version, String method, String path, String token)
      throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + service.port() + path))
            .version(version)
            .method(method, HttpRequest.BodyPublishers.noBody());
    if (token != null) {
      b.header("Authorization", "Bearer " + token);
    }
    return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }
}
