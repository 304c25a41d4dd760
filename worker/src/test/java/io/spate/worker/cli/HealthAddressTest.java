package io.spate.worker.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.worker.health.HealthServer;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Where {@code spate worker}'s health server listens: this host only unless {@code --http-host}
 * widens it. 127.0.0.2 stands for another interface: it is loopback too, but a server bound to
 * 127.0.0.1 alone does not answer it, while one bound to 0.0.0.0 does.
 */
class HealthAddressTest {

  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  @Test
  void theHealthPortListensOnLoopbackOnlyByDefault() throws Exception {
    try (HealthServer health = healthServerOf(worker())) {
      assertTrue(answers("127.0.0.1", health));
      assertFalse(answers("127.0.0.2", health), "reachable on an address other than 127.0.0.1");
    }
  }

  @Test
  void httpHostWidensItToEveryInterface() throws Exception {
    try (HealthServer health = healthServerOf(worker("--http-host", "0.0.0.0"))) {
      assertTrue(answers("127.0.0.1", health));
      assertTrue(answers("127.0.0.2", health));
    }
  }

  private static WorkerCommand worker(String... options) {
    List<String> args =
        new ArrayList<>(
            List.of("--bootstrap", "127.0.0.1:1", "--db", "jdbc:postgresql://127.0.0.1:1/x"));
    args.addAll(List.of(options));
    WorkerCommand command = new WorkerCommand();
    new CommandLine(command).parseArgs(args.toArray(String[]::new));
    return command;
  }

  /** The server {@code spate worker} starts for these options, on any free port. */
  private static HealthServer healthServerOf(WorkerCommand command) throws Exception {
    return HealthServer.start(command.httpHost, 0, () -> true, () -> true, () -> "");
  }

  private static boolean answers(String address, HealthServer health)
      throws IOException, InterruptedException {
    try {
      return HTTP.send(
                  HttpRequest.newBuilder(
                          URI.create("http://" + address + ":" + health.port() + "/health"))
                      .build(),
                  HttpResponse.BodyHandlers.discarding())
              .statusCode()
          == 200;
    } catch (ConnectException refused) {
      return false;
    }
  }
}
