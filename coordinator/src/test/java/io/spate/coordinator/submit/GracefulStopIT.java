package io.spate.coordinator.submit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.testing.TestBroker;
import io.spate.worker.testing.Await;
import io.spate.worker.testing.TestDatabase;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A SIGTERM, as an orchestrator sends it, stops the long-running commands with exit status 0 once
 * they drained cleanly: a failed-looking 143 would make Kubernetes or compose report a crash.
 */
class GracefulStopIT {

  private static final HttpClient HTTP = HttpClient.newHttpClient();

  private static TestDatabase db;

  @BeforeAll
  static void createDatabase() {
    db = TestDatabase.create();
  }

  @AfterAll
  static void dropDatabase() {
    db.close();
  }

  @Test
  void aWorkerStoppedBySigtermAfterACleanDrainExitsZero() throws Exception {
    int port = freePort();
    try (SpateProcess worker =
        SpateProcess.start(
            "worker",
            "--bootstrap",
            TestBroker.shared().bootstrapServers(),
            "--topic-prefix",
            TestBroker.uniqueTopicPrefix(),
            "--task-partitions",
            "1",
            "--db",
            db.jdbcUrl(),
            "--user",
            db.user(),
            "--threads",
            "1",
            "--http-port",
            Integer.toString(port))) {
      // ready: it polls, with its shutdown hook in place
      awaitOk(URI.create("http://127.0.0.1:" + port + "/ready"), worker);

      assertEquals(0, worker.stop(), worker.output());
      assertTrue(worker.output().contains(": stopped"), worker.output());
    }
  }

  @Test
  void theCoordinatorServiceStoppedBySigtermExitsZero() throws Exception {
    int port = freePort();
    try (SpateProcess service =
        SpateProcess.start(
            "coordinator",
            "--bootstrap",
            TestBroker.shared().bootstrapServers(),
            "--topic-prefix",
            TestBroker.uniqueTopicPrefix(),
            "--task-partitions",
            "1",
            "--port",
            Integer.toString(port),
            "--bind",
            "127.0.0.1",
            "--no-auth",
            "--db",
            db.jdbcUrl(),
            "--user",
            db.user())) {
      awaitOk(URI.create("http://127.0.0.1:" + port + "/health"), service);
      // the line is printed once its shutdown hook is in place
      Await.until(
          () -> service.output().contains("listening on"),
          Duration.ofSeconds(30),
          "the service's listening line",
          service::output);

      assertEquals(0, service.stop(), service.output());
      assertTrue(service.output().contains("service: stopped"), service.output());
    }
  }

  private static void awaitOk(URI uri, SpateProcess process) throws InterruptedException {
    Await.until(
        () -> {
          if (!process.alive()) {
            throw new AssertionError("the process ended:\n" + process.output());
          }
          try {
            return HTTP.send(
                        HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.discarding())
                    .statusCode()
                == 200;
          } catch (IOException notListeningYet) {
            return false;
          }
        },
        Duration.ofSeconds(60),
        "200 from " + uri,
        process::output);
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }
}
