package io.spate.coordinator.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A coordinator acts for a job only on the database the job was planned against, as workers do: a
 * detached job submitted against database {@code b} is neither adopted by a service whose {@code
 * --db} is database {@code a} (though its target has the job's name) nor taken over by {@code spate
 * coordinator JOB --db a}; both say so, naming the job and both databases, and leave the job
 * RUNNING, and a coordinator of {@code b} then finishes it.
 */
class ForeignJobIT {

  private static final HttpClient HTTP = HttpClient.newHttpClient();

  @Test
  void aCoordinatorOfAnotherDatabaseNeitherAdoptsNorTakesOverTheJob() throws Exception {
    String prefix = TestBroker.uniqueTopicPrefix();
    try (TestDatabase a = TestDatabase.withFixtureSchemaNamed("svc_", "single.sql");
        TestDatabase b = TestDatabase.withFixtureSchemaNamed("svc_", "single.sql")) {
      Fills.Run submit =
          Fills.cli(withKafka(prefix, "submit", b, "--default-rows", "1000", "--detach"));
      assertEquals(0, submit.exitCode(), submit.err());
      String jobId = submit.out().strip();
      String planned = "the job was planned against database \"" + b.name() + "\"";

      int port = Scratch.freePort();
      try (SpateProcess service =
          SpateProcess.start(
              withKafka(
                  prefix,
                  "coordinator",
                  a,
                  "--port",
                  Integer.toString(port),
                  "--bind",
                  "127.0.0.1",
                  "--no-auth"))) {
        URI jobs = URI.create("http://127.0.0.1:" + port + "/jobs");
        // adoption runs once after start: it either follows the job or says why not
        Await.until(
            () ->
                service.output().contains("adopting running job " + jobId)
                    || get(jobs).contains(jobId),
            Duration.ofSeconds(120),
            "the service to adopt job " + jobId + " or to say why not",
            service::output);

        String log = service.output();
        assertTrue(
            log.contains("not adopting running job " + jobId + ": job " + jobId)
                && log.contains(planned)
                && log.contains(
                    "but target \"default\" of this coordinator service is database \""
                        + a.name()
                        + "\""),
            log);
        assertEquals("[]", get(jobs), log);
      }

      try (SpateProcess takeover = SpateProcess.start(withKafka(prefix, "coordinator", a, jobId))) {
        int exit = takeover.waitFor(Duration.ofSeconds(90));

        String out = takeover.output();
        assertNotEquals(0, exit, out);
        assertTrue(
            out.contains("job " + jobId + " is not this coordinator's to follow: " + planned)
                && out.contains("but this coordinator's --db ")
                && out.contains(" is database \"" + a.name() + "\""),
            out);
      }
      assertEquals(0L, a.queryLong("SELECT count(*) FROM big_t"), "a got nothing");

      try (SpateProcess worker =
          SpateProcess.start(
              withKafka(prefix, "worker", b, "--threads", "1", "--http-port", "0"))) {
        Fills.Run follow = Fills.cli(withKafka(prefix, "coordinator", b, jobId));

        assertEquals(0, follow.exitCode(), follow.err() + worker.output());
        assertEquals(1000L, b.queryLong("SELECT count(*) FROM big_t"), "b is the job's");
        assertEquals(0L, a.queryLong("SELECT count(*) FROM big_t"), "a still got nothing");
      }
    }
  }

  /** The body of a 200 from {@code uri}, once the service listens. */
  private static String get(URI uri) throws Exception {
    return Await.untilPresent(
        () -> {
          try {
            HttpResponse<String> r =
                HTTP.send(
                    HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
            return r.statusCode() == 200 ? Optional.of(r.body()) : Optional.empty();
          } catch (IOException e) {
            return Optional.empty(); // not listening yet
          }
        },
        Duration.ofSeconds(120),
        uri + " to answer 200");
  }

  private static String[] withKafka(
      String prefix, String command, TestDatabase db, String... args) {
    List<String> all =
        new ArrayList<>(
            List.of(
                command,
                "--bootstrap",
                TestBroker.shared().bootstrapServers(),
                "--topic-prefix",
                prefix,
                "--task-partitions",
                "2",
                "--db",
                db.jdbcUrl(),
                "--user",
                db.user()));
    all.addAll(List.of(args));
    return all.toArray(String[]::new);
  }
}
