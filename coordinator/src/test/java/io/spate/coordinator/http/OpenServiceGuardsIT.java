package io.spate.coordinator.http;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.submit.SpateProcess;
import io.spate.coordinator.testing.TestBroker;
import io.spate.worker.testing.Await;
import io.spate.worker.testing.Scratch;
import io.spate.worker.testing.TestDatabase;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A coordinator service run open ({@code --no-auth}) cannot be driven by a web page its operator
 * opens: a body not declared JSON, another site's {@code Origin} and a {@code Host} that is not the
 * service's own (DNS rebinding) are refused before anything is planned or emptied; a form body gets
 * a JSON 400 and no stack trace in the log; a client trickling its headers is cut off.
 */
class OpenServiceGuardsIT {

  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final String TRUNCATING_JOB = "{\"truncate\": true, \"defaultRows\": 10}";

  private static TestDatabase db;
  private static SpateProcess service;
  private static int port;

  @BeforeAll
  static void startAnOpenService() throws Exception {
    db = TestDatabase.withFixtureSchemaNamed("svc_", "single.sql");
    db.execute("INSERT INTO big_t (c_int) SELECT g FROM generate_series(1, 5) g");
    port = Scratch.freePort();
    service =
        SpateProcess.start(
            "coordinator",
            "--bootstrap",
            TestBroker.shared().bootstrapServers(),
            "--topic-prefix",
            TestBroker.uniqueTopicPrefix(),
            "--task-partitions",
            "2",
            "--port",
            Integer.toString(port),
            "--bind",
            "127.0.0.1",
            "--db",
            db.jdbcUrl(),
            "--user",
            db.user(),
            "--no-auth");
    service.awaitOutput("listening on http://127.0.0.1:" + port, Duration.ofSeconds(120));
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
  void aCrossSitePlainTextJobIsRefusedAndEmptiesNothing() throws Exception {
    HttpResponse<String> crossSite = post("text/plain", "http://attacker.example", TRUNCATING_JOB);
    HttpResponse<String> plainText = post("text/plain", null, TRUNCATING_JOB);

    assertEquals(403, crossSite.statusCode(), crossSite.body());
    assertTrue(
        crossSite.body().contains("Origin http://attacker.example is not this service's"),
        crossSite.body());
    assertEquals(400, plainText.statusCode(), plainText.body());
    assertTrue(
        plainText.body().contains("Content-Type: application/json, not text/plain"),
        plainText.body());
    assertEquals(5L, db.queryLong("SELECT count(*) FROM big_t"), "big_t keeps its rows");
    assertEquals("[]", get("/jobs").body(), "no job was planned");
  }

  @Test
  void aFormBodyGetsAJson400AndNoStackTraceInTheLog() throws Exception {
    HttpResponse<String> form = post("application/x-www-form-urlencoded", null, "truncate=true");

    assertEquals(400, form.statusCode(), form.body());
    assertEquals("application/json", form.headers().firstValue("content-type").orElse(""));
    assertTrue(
        form.body()
            .startsWith(
                "{\"error\":\"POST /jobs: the body must be a JSON job request sent as Content-Type:"
                    + " application/json"),
        form.body());
    String log = service.output();
    assertFalse(log.contains("\tat "), log);
  }

  @Test
  void theServicesOwnOriginPassesAndItsRequestIsJudgedOnItsBody() throws Exception {
    HttpResponse<String> sameSite =
        post("application/json; charset=utf-8", "http://127.0.0.1:" + port, "{\"trunc\": true}");

    assertEquals(400, sameSite.statusCode(), sameSite.body());
    assertTrue(sameSite.body().contains("unknown field 'trunc'"), sameSite.body());
  }

  @Test
  void aRequestAddressedToAnotherSitesNameIsRefused() throws Exception {
    String rebound = raw("GET /jobs HTTP/1.1\r\nHost: attacker.example:" + port + "\r\n\r\n");
    String local = raw("GET /jobs HTTP/1.1\r\nHost: localhost:" + port + "\r\n\r\n");

    assertTrue(rebound.startsWith("HTTP/1.1 403"), rebound);
    assertTrue(rebound.contains("Host attacker.example is not this service's"), rebound);
    assertTrue(local.startsWith("HTTP/1.1 200"), local);
  }

  @Test
  void aClientTricklingItsHeadersIsCutOffWithinTheLimit() throws Exception {
    try (Socket socket = new Socket("127.0.0.1", port)) {
      socket.setSoTimeout(1);
      OutputStream out = socket.getOutputStream();
      InputStream in = socket.getInputStream();
      out.write(("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ").getBytes(UTF_8));
      // one more header byte per poll, never the end of the headers: the server must hang up
      Await.until(
          () -> {
            try {
              out.write('a');
              out.flush();
              return in.read() == -1;
            } catch (SocketTimeoutException e) {
              return false; // still open
            } catch (IOException e) {
              return true; // reset by the server
            }
          },
          Duration.ofSeconds(20), // twice the service's HeaderDeadline.LIMIT
          "the service to close a connection whose headers never end");
    }
  }

  private static HttpResponse<String> post(String contentType, String origin, String body)
      throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/jobs"))
            .header("Content-Type", contentType)
            .POST(HttpRequest.BodyPublishers.ofString(body));
    if (origin != null) {
      b.header("Origin", origin);
    }
    return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  private static HttpResponse<String> get(String path) throws Exception {
    return HTTP.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  /** Sends {@code request} as it is on a fresh connection and returns the response's bytes. */
  private static String raw(String request) throws IOException {
    try (Socket socket = new Socket("127.0.0.1", port)) {
      socket.setSoTimeout(10_000);
      socket
          .getOutputStream()
          .write((request.replace("\r\n\r\n", "\r\nConnection: close\r\n\r\n")).getBytes(UTF_8));
      return new String(socket.getInputStream().readAllBytes(), UTF_8);
    }
  }
}
