package io.spate.coordinator.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.spate.coordinator.Fills;
import io.spate.coordinator.submit.SpateProcess;
import io.spate.coordinator.testing.TestBroker;
import io.spate.worker.testing.Await;
import io.spate.worker.testing.Scratch;
import io.spate.worker.testing.TestDatabase;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The coordinator service end to end: a real {@code spate coordinator --port} process, two real
 * worker processes, a real broker and PostgreSQL. Jobs go in through the HTTP API (and through
 * {@code spate submit --coordinator}) and are followed through the API and its event stream; the
 * token guards every endpoint but health; worker metrics agree with the database.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CoordinatorServiceIT {

  private static final String TOKEN = "it-token-" + Long.toHexString(System.nanoTime());
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  private static TestDatabase db;
  private static Path tokenFile;
  private static SpateProcess service;
  private static final List<SpateProcess> workers = new ArrayList<>();
  private static final List<Integer> workerPorts = new ArrayList<>();
  private static URI base;

  @BeforeAll
  static void startServiceAndTwoWorkers() throws Exception {
    db = TestDatabase.withFixtureSchema("single.sql");
    String prefix = TestBroker.uniqueTopicPrefix();
    String bootstrap = TestBroker.shared().bootstrapServers();
    tokenFile = Files.createTempFile("spate-token", ".txt");
    Files.writeString(tokenFile, TOKEN + "\n");
    int port = Scratch.freePort();
    base = URI.create("http://127.0.0.1:" + port + "/");
    service =
        SpateProcess.start(
            "coordinator",
            "--bootstrap",
            bootstrap,
            "--topic-prefix",
            prefix,
            "--task-partitions",
            "6",
            "--port",
            Integer.toString(port),
            "--bind",
            "127.0.0.1",
            "--db",
            db.jdbcUrl(),
            "--user",
            db.user(),
            "--token-file",
            tokenFile.toString());
    for (int i = 0; i < 2; i++) {
      int workerPort = Scratch.freePort();
      workerPorts.add(workerPort);
      workers.add(
          SpateProcess.start(
              "worker",
              "--bootstrap",
              bootstrap,
              "--topic-prefix",
              prefix,
              "--task-partitions",
              "6",
              "--db",
              db.jdbcUrl(),
              "--user",
              db.user(),
              "--threads",
              "1",
              "--http-port",
              Integer.toString(workerPort)));
    }
    awaitStatus(base.resolve("/health"), 200, service);
    for (int i = 0; i < 2; i++) {
      awaitStatus(
          URI.create("http://127.0.0.1:" + workerPorts.get(i) + "/ready"), 200, workers.get(i));
    }
  }

  @AfterAll
  static void stopEverything() throws IOException {
    for (SpateProcess w : workers) {
      w.close();
    }
    if (service != null) {
      service.close();
    }
    if (db != null) {
      db.close();
    }
    Files.deleteIfExists(tokenFile);
  }

  @Test
  @Order(1)
  void healthIsOpenAndEveryOtherEndpointRefusesAMissingOrWrongToken() throws Exception {
    assertEquals(200, send("GET", "/health", null, null).statusCode());
    for (String path : List.of("/jobs", "/jobs/nope", "/jobs/nope/events", "/metrics")) {
      HttpResponse<String> missing = send("GET", path, null, null);
      assertEquals(401, missing.statusCode(), path);
      assertTrue(missing.body().contains("missing bearer token"), missing.body());
      assertTrue(missing.headers().firstValue("WWW-Authenticate").orElse("").startsWith("Bearer"));
      assertEquals(401, send("GET", path, null, "not-" + TOKEN).statusCode(), path);
    }
    HttpResponse<String> post = send("POST", "/jobs", "{\"rows\": {\"big_t\": 10}}", "wrong");
    assertEquals(401, post.statusCode());
    assertEquals(401, send("DELETE", "/jobs/x", null, null).statusCode());
    assertEquals("[]", send("GET", "/jobs", null, TOKEN).body(), "the refused POST created no job");
    // the live page's shell is open (it holds no data) and needs nothing from the internet
    HttpResponse<String> page = send("GET", "/", null, null);
    assertEquals(200, page.statusCode());
    assertFalse(page.body().matches("(?s).*(src|href)=\"(https?:)?//.*"), "no external asset");
  }

  @Test
  @Order(2)
  void jobSubmittedThroughTheApiIsFollowedToItsEndThroughTheApiAndTheEventStream()
      throws Exception {
    HttpResponse<String> created =
        send(
            "POST",
            "/jobs",
            "{\"rows\": {\"big_t\": 300000}, \"taskRows\": 25000, \"truncate\": true, \"seed\": 7}",
            TOKEN);
    assertEquals(201, created.statusCode(), created.body());
    JsonNode job = json(created.body());
    String id = job.get("id").asText();
    assertEquals("/jobs/" + id, created.headers().firstValue("Location").orElseThrow());
    assertEquals("default", job.get("target").asText());
    assertEquals(300_000, job.get("rowsPlanned").asLong());
    assertEquals(12, job.get("tasks").get("total").asInt());
    assertFalse(
        created.body().toLowerCase(java.util.Locale.ROOT).contains("password")
            || created.body().contains("jdbc:"),
        "no database URL or secret in a response");

    CompletableFuture<List<JsonNode>> events =
        CompletableFuture.supplyAsync(() -> sse("/jobs/" + id + "/events"));
    AtomicBoolean sawRunning = new AtomicBoolean();
    AtomicReference<JsonNode> last = new AtomicReference<>();
    JsonNode polled =
        Await.untilPresent(
            () -> {
              JsonNode now = json(send("GET", "/jobs/" + id, null, TOKEN).body());
              last.set(now);
              if (now.get("state").asText().equals("RUNNING")) {
                sawRunning.set(true);
                return Optional.empty();
              }
              return Optional.of(now);
            },
            Duration.ofSeconds(60),
            "job " + id + " to leave RUNNING",
            () -> String.valueOf(last.get()));
    assertTrue(sawRunning.get());
    assertEquals("DONE", polled.get("state").asText(), polled.toString());
    assertEquals(300_000, polled.get("rowsDone").asLong());
    assertEquals(12, polled.get("tasks").get("done").asInt());
    JsonNode table = polled.get("tables").get(0);
    assertEquals("big_t", table.get("name").asText());
    assertEquals(300_000, table.get("rowsDone").asLong());
    assertEquals("done", table.get("state").asText());
    assertEquals(2, polled.get("workers").size(), "both workers seen: " + polled.get("workers"));
    long workerRows = 0;
    for (JsonNode w : polled.get("workers")) {
      assertTrue(w.get("id").asText().startsWith("worker-"));
      assertTrue(w.get("lastHeartbeat").asText().matches("\\d{4}-\\d\\d-\\d\\dT.*Z"), w.toString());
      workerRows += w.get("rowsDone").asLong();
    }
    assertEquals(300_000, workerRows);
    assertEquals(300_000L, db.queryLong("SELECT count(*) FROM big_t"));

    List<JsonNode> stream = events.get(60, java.util.concurrent.TimeUnit.SECONDS);
    assertTrue(stream.size() >= 2, "progress events, then the end: " + stream.size());
    JsonNode end = stream.get(stream.size() - 1);
    assertEquals("DONE", end.get("state").asText());
    assertEquals(300_000, end.get("rowsDone").asLong());
    for (int i = 1; i < stream.size(); i++) {
      assertTrue(
          stream.get(i).get("rowsDone").asLong() >= stream.get(i - 1).get("rowsDone").asLong(),
          "rows never go back");
    }

    JsonNode list = json(send("GET", "/jobs", null, TOKEN).body());
    assertEquals(id, list.get(0).get("id").asText());
    assertEquals(404, send("GET", "/jobs/nosuchjob", null, TOKEN).statusCode());
    assertEquals(
        409,
        send("DELETE", "/jobs/" + id, null, TOKEN).statusCode(),
        "a finished job cannot be cancelled");
  }

  @Test
  @Order(3)
  void badRequestsAreRefusedNamingTheProblem() throws Exception {
    HttpResponse<String> unknownTarget =
        send(
            "POST",
            "/jobs",
            "{\"target\": \"eu\", \"config\": \"tables: {nope: {rows: 1}}\"}",
            TOKEN);
    assertEquals(400, unknownTarget.statusCode());
    assertTrue(unknownTarget.body().contains("unknown target 'eu'"), unknownTarget.body());
    HttpResponse<String> notEmpty = send("POST", "/jobs", "{\"rows\": {\"big_t\": 10}}", TOKEN);
    assertEquals(400, notEmpty.statusCode());
    assertTrue(notEmpty.body().contains("big_t"), notEmpty.body());
    assertEquals(400, send("POST", "/jobs", "not json", TOKEN).statusCode());
    HttpResponse<String> typo = send("POST", "/jobs", "{\"taskrows\": 5}", TOKEN);
    assertEquals(400, typo.statusCode());
    assertTrue(
        typo.body().contains("unknown field 'taskrows'") && typo.body().contains("taskRows"),
        typo.body());
  }

  @Test
  @Order(4)
  void submitWithCoordinatorWaitsForTheEndAndPrintsTheSummaryOrDetaches() throws Exception {
    Fills.Run run =
        Fills.cli(
            "submit",
            "--coordinator",
            base.toString(),
            "--token-file",
            tokenFile.toString(),
            "--rows",
            "big_t=200000",
            "--task-rows",
            "100000",
            "--truncate");
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(
        run.out()
            .strip()
            .lines()
            .reduce((a, b) -> b)
            .orElseThrow()
            .matches("filled 200000 rows in [\\d.]+ s \\(\\d+ rows/s\\)"),
        run.out());
    assertEquals(200_000L, db.queryLong("SELECT count(*) FROM big_t"));

    Fills.Run detached =
        Fills.cli(
            "submit",
            "--coordinator",
            base.toString(),
            "--token-file",
            tokenFile.toString(),
            "--rows",
            "big_t=1000",
            "--truncate",
            "--detach");
    assertEquals(0, detached.exitCode(), detached.err());
    String id = detached.out().strip();
    assertTrue(id.matches("\\w{8}"), detached.out());
    awaitState(id, "DONE");

    Path wrong = Files.createTempFile("wrong-token", ".txt");
    Files.writeString(wrong, "nope");
    Fills.Run refused =
        Fills.cli(
            "submit",
            "--coordinator",
            base.toString(),
            "--token-file",
            wrong.toString(),
            "--rows",
            "big_t=10",
            "--truncate");
    Files.delete(wrong);
    assertNotEquals(0, refused.exitCode());
    assertTrue(
        refused.err().contains("spate: error: coordinator " + base + " refused the job (HTTP 401)"),
        refused.err());
  }

  @Test
  @Order(5)
  void cancelledJobStopsHandingOutTasksAndLeavesOnlyWholeTasks() throws Exception {
    HttpResponse<String> created =
        send(
            "POST",
            "/jobs",
            "{\"rows\": {\"big_t\": 4000000}, \"taskRows\": 100000, \"truncate\": true}",
            TOKEN);
    assertEquals(201, created.statusCode(), created.body());
    String id = json(created.body()).get("id").asText();
    Await.until(
        () ->
            json(send("GET", "/jobs/" + id, null, TOKEN).body()).get("tasks").get("done").asInt()
                >= 2,
        Duration.ofSeconds(30),
        "two tasks of job " + id + " done before the cancel");
    HttpResponse<String> cancel = send("DELETE", "/jobs/" + id, null, TOKEN);
    assertEquals(202, cancel.statusCode(), cancel.body());
    JsonNode end = awaitState(id, "CANCELLED");
    assertTrue(end.get("tasks").get("done").asInt() < 40, end.toString());
    Thread.sleep(
        3_000); // running tasks finish or roll back; queued ones are skipped by the workers
    long rows = db.queryLong("SELECT count(*) FROM big_t");
    long ledgerRows =
        db.queryLong("SELECT coalesce(sum(rows), 0) FROM spate.ledger WHERE job_id = '" + id + "'");
    assertEquals(ledgerRows, rows, "every row belongs to a whole, recorded task");
    assertEquals(0, rows % 100_000, "whole tasks only");
    assertTrue(rows < 4_000_000, "the job stopped: " + rows);
    long ledgerTasks =
        db.queryLong("SELECT count(*) FROM spate.ledger WHERE job_id = '" + id + "'");
    assertEquals(ledgerTasks, end.get("tasks").get("done").asLong(), "the ledger's count: " + end);
    assertEquals(ledgerRows, end.get("rowsDone").asLong(), end.toString());
    assertTrue(
        end.get("error")
            .asText()
            .equals(
                "job "
                    + id
                    + " cancelled with "
                    + ledgerTasks
                    + " of 40 tasks done ("
                    + ledgerRows
                    + " rows committed)"),
        end.toString());
    Thread.sleep(1_000);
    assertEquals(rows, db.queryLong("SELECT count(*) FROM big_t"), "nothing more arrives");
  }

  @Test
  @Order(6)
  void metricsOfEachWorkerShowTheRowsItLoadedAsTheDatabaseRecordsThem() throws Exception {
    long total = 0;
    for (int i = 0; i < 2; i++) {
      String workerId = workers.get(i).workerId();
      HttpResponse<String> metrics =
          HTTP.send(
              HttpRequest.newBuilder(
                      URI.create("http://127.0.0.1:" + workerPorts.get(i) + "/metrics"))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      assertEquals(200, metrics.statusCode());
      long loaded = (long) metric(metrics.body(), "spate_rows_loaded_total{table=\"big_t\"}");
      long inLedger =
          db.queryLong(
              "SELECT coalesce(sum(rows), 0) FROM spate.ledger WHERE worker_id = '"
                  + workerId
                  + "'");
      assertEquals(inLedger, loaded, workerId + " metrics vs ledger:\n" + metrics.body());
      assertTrue(loaded > 0, workerId + " loaded rows");
      assertTrue(metric(metrics.body(), "spate_rows_generated_total") >= loaded);
      assertTrue(metric(metrics.body(), "spate_copy_bytes_total") > 0);
      total += loaded;
    }
    assertEquals(db.queryLong("SELECT sum(rows) FROM spate.ledger"), total);
    String coordinator = send("GET", "/metrics", null, TOKEN).body();
    // the coordinator counts what it saw succeed; tasks of the cancelled job that ended after the
    // cancel it no longer follows
    double seen = metric(coordinator, "spate_rows_loaded_total{table=\"big_t\"}");
    assertTrue(seen >= 300_000 + 200_000 + 1_000 && seen <= total, seen + " vs " + total);
    assertTrue(
        metric(coordinator, "spate_jobs_finished_total{state=\"CANCELLED\"}") == 1, coordinator);
    coordinator
        .lines()
        .filter(l -> !l.startsWith("#") && !l.isBlank())
        .forEach(l -> assertTrue(l.startsWith("spate_"), l));
  }

  // ---- helpers
  // -----------------------------------------------------------------------------------

  private static HttpResponse<String> send(String method, String path, String body, String token)
      throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(base.resolve(path))
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body));
    if (token != null) {
      b.header("Authorization", "Bearer " + token);
    }
    if (body != null) {
      b.header("Content-Type", "application/json");
    }
    return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  /** Every event of a job's stream until the server ends it. */
  private static List<JsonNode> sse(String path) {
    try {
      HttpResponse<Stream<String>> r =
          HTTP.send(
              HttpRequest.newBuilder(base.resolve(path))
                  .header("Authorization", "Bearer " + TOKEN)
                  .build(),
              HttpResponse.BodyHandlers.ofLines());
      assertEquals(200, r.statusCode());
      assertTrue(r.headers().firstValue("content-type").orElse("").startsWith("text/event-stream"));
      try (Stream<String> lines = r.body()) {
        return lines.filter(l -> l.startsWith("data:")).map(l -> json(l.substring(5))).toList();
      }
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static JsonNode awaitState(String id, String state) throws Exception {
    AtomicReference<JsonNode> last = new AtomicReference<>();
    return Await.untilPresent(
        () -> {
          JsonNode job = json(send("GET", "/jobs/" + id, null, TOKEN).body());
          last.set(job);
          return job.get("state").asText().equals(state) ? Optional.of(job) : Optional.empty();
        },
        Duration.ofSeconds(60),
        "job " + id + " to be " + state,
        () -> String.valueOf(last.get()));
  }

  private static JsonNode json(String text) {
    try {
      return ServiceJson.JSON.readTree(text);
    } catch (IOException e) {
      throw new IllegalStateException(text, e);
    }
  }

  private static double metric(String exposition, String series) {
    Matcher m = Pattern.compile("(?m)^" + Pattern.quote(series) + " (\\S+)$").matcher(exposition);
    if (!m.find()) {
      throw new AssertionError("no " + series + " in\n" + exposition);
    }
    return Double.parseDouble(m.group(1));
  }

  private static void awaitStatus(URI uri, int status, SpateProcess process)
      throws InterruptedException {
    Await.until(
        () -> {
          try {
            if (HTTP.send(
                        HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.discarding())
                    .statusCode()
                == status) {
              return true;
            }
          } catch (IOException e) {
            // not listening yet
          }
          if (!process.alive()) {
            throw new AssertionError("process exited:\n" + process.output());
          }
          return false;
        },
        Duration.ofSeconds(120), // a JVM and its Kafka clients start slowly on a busy machine
        uri + " to answer " + status,
        process::output);
  }
}
