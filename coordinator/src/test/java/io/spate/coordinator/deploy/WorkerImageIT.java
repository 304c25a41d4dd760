package io.spate.coordinator.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.coordinator.testing.TestBroker;
import io.spate.worker.testing.Await;
import io.spate.worker.testing.TestDatabase;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The worker image's process, outside a container: {@code deploy/entrypoint.sh} running the
 * worker-only jar against a real broker and database. The jar alone loads a job, serves the
 * endpoints the manifests probe and scrape, and stops on SIGTERM as a pod's termination sends it.
 */
class WorkerImageIT {

  private static final Pattern HTTP_PORT = Pattern.compile("on port (\\d+)");

  @Test
  void workerOnlyJarLoadsAJobServesItsEndpointsAndStopsOnSigterm() throws Exception {
    String prefix = TestBroker.uniqueTopicPrefix();
    String bootstrap = TestBroker.shared().bootstrapServers();
    try (TestDatabase db = TestDatabase.withFixtureSchema("single.sql")) {
      Path log = Files.createTempFile("spate-worker-image", ".log");
      ProcessBuilder builder =
          new ProcessBuilder(
              DeployFiles.deploy("entrypoint.sh").toString(),
              "--bootstrap",
              bootstrap,
              "--topic-prefix",
              prefix,
              "--task-partitions",
              "2",
              "--db",
              db.jdbcUrl(),
              "--user",
              db.user(),
              "--threads",
              "1",
              "--http-port",
              "0",
              "--grace-seconds",
              "20");
      builder
          .environment()
          .put("JAVA", Path.of(System.getProperty("java.home"), "bin", "java").toString());
      builder.environment().put("SPATE_JAR", EntrypointScriptIT.WORKER_JAR.toString());
      builder
          .environment()
          .put("SPATE_RAM_PERCENTAGE", "10"); // this machine's memory is no container's
      Process worker = builder.redirectErrorStream(true).redirectOutput(log.toFile()).start();
      try {
        int port = awaitPort(log, worker);
        Fills.Run submit =
            Fills.cli(
                "submit",
                "--bootstrap",
                bootstrap,
                "--topic-prefix",
                prefix,
                "--task-partitions",
                "2",
                "--db",
                db.jdbcUrl(),
                "--user",
                db.user(),
                "--rows",
                "big_t=20000",
                "--task-rows",
                "5000");
        assertEquals(0, submit.exitCode(), submit.err() + "\nworker:\n" + Files.readString(log));
        assertEquals(20_000L, db.queryLong("SELECT count(*) FROM big_t"));

        HttpClient http = HttpClient.newHttpClient();
        for (String path : List.of("/health", "/ready", "/metrics")) {
          var response =
              http.send(
                  HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
                  HttpResponse.BodyHandlers.ofString());
          assertEquals(200, response.statusCode(), path + ": " + response.body());
          if (path.equals("/metrics")) {
            assertTrue(
                response.body().contains("spate_rows_loaded"),
                "no rows-loaded metric:\n" + response.body());
          }
        }

        worker.destroy(); // SIGTERM, to the script's process: the JVM, since the script execs it
        assertTrue(
            worker.waitFor(30, TimeUnit.SECONDS),
            "the worker did not stop on SIGTERM:\n" + Files.readString(log));
        String output = Files.readString(log);
        assertFalse(
            output.contains("NoClassDefFoundError") || output.contains("ClassNotFoundException"),
            "the worker-only jar misses classes:\n" + output);
        assertFalse(
            output.contains("No SLF4J providers"),
            "the worker-only jar has no logging backend:\n" + output);
      } finally {
        worker.destroyForcibly();
      }
    }
  }

  private static int awaitPort(Path log, Process worker) throws Exception {
    return Await.untilPresent(
        () -> {
          Matcher m = HTTP_PORT.matcher(Files.readString(log));
          if (m.find()) {
            return Optional.of(Integer.parseInt(m.group(1)));
          }
          assertTrue(worker.isAlive(), "the worker exited:\n" + Files.readString(log));
          return Optional.empty();
        },
        Duration.ofSeconds(60),
        "the worker to announce its HTTP port",
        () -> ImageProcesses.readLog(log));
  }
}
