package io.spate.coordinator.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.deploy.ImageProcesses.Jar;
import io.spate.coordinator.testing.TestBroker;
import io.spate.worker.testing.TestDatabase;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The compose file's demo, without Docker: the coordinator, two workers and {@code submit} run the
 * commands and environment docker-compose.yml gives them, through entrypoint.sh and the jar of
 * their image, against a real broker and a database made from the schema the compose file mounts.
 * Only the addresses change (compose's host names become this machine's loopback), and the
 * processes use topics of their own prefix so the shared test broker stays clean.
 */
class ComposeDemoIT {

  private static final Pattern COMPOSE_DEFAULT = Pattern.compile("\\$\\{[A-Z_]+:-([^}]*)}");

  static final Pattern FILLED = Pattern.compile("filled (\\d+) rows");

  static final List<String> TPCC_TABLES =
      List.of(
          "warehouse",
          "district",
          "customer",
          "history",
          "orders",
          "new_order",
          "order_line",
          "item",
          "stock");

  @Test
  void composeCommandsFillTheDemoThroughTheCoordinatorService() throws Exception {
    String prefix = TestBroker.uniqueTopicPrefix();
    try (TestDatabase db = TestDatabase.create();
        ImageProcesses processes = new ImageProcesses()) {
      db.executeFile(
          ComposeFileTest.hostFile("postgres", "/docker-entrypoint-initdb.d/10-tpcc.sql"));
      int servicePort = ImageProcesses.freePort();
      Map<String, String> hosts =
          Map.of(
              "kafka:9092", TestBroker.shared().bootstrapServers(),
              "jdbc:postgresql://postgres:5432/spate", db.jdbcUrl(),
              "http://coordinator:8080", "http://127.0.0.1:" + servicePort);
      Map<String, String> options = new HashMap<>();
      options.put("--user", db.user());
      options.put("--port", Integer.toString(servicePort));
      options.put(
          "--config", ComposeFileTest.hostFile("submit", "/etc/spate/fill.yaml").toString());

      Path log = Files.createTempFile("compose-coordinator", ".log");
      processes.start(
          Jar.COORDINATOR,
          args("coordinator", hosts, options, "--topic-prefix", prefix, "--bind", "127.0.0.1"),
          env("coordinator", db),
          log);
      ImageProcesses.awaitOk(URI.create("http://127.0.0.1:" + servicePort + "/health"), log);
      options.put("--http-host", "127.0.0.1"); // this machine's loopback, as the service's --bind
      for (int i = 0; i < 2; i++) { // the compose file's default scale
        options.put("--http-port", Integer.toString(ImageProcesses.freePort()));
        processes.start(
            Jar.WORKER,
            args("worker", hosts, options, "--topic-prefix", prefix),
            env("worker", db),
            Files.createTempFile("compose-worker", ".log"));
      }

      Path submitLog = Files.createTempFile("compose-submit", ".log");
      Process submit =
          processes.start(
              Jar.COORDINATOR, args("submit", hosts, options), env("submit", db), submitLog);
      assertTrue(
          submit.waitFor(5, TimeUnit.MINUTES),
          "submit did not end:\n" + Files.readString(submitLog));
      String output = Files.readString(submitLog);
      assertEquals(0, submit.exitValue(), output + "\ncoordinator:\n" + Files.readString(log));
      assertFilled(db, output);
    }
  }

  /** The summary's row count is what the TPC-C tables hold, one warehouse's worth. */
  static void assertFilled(TestDatabase db, String output) {
    Matcher filled = FILLED.matcher(output);
    assertTrue(filled.find(), output);
    long total = 0;
    for (String table : TPCC_TABLES) {
      total += db.queryLong("SELECT count(*) FROM " + table);
    }
    assertEquals(Long.parseLong(filled.group(1)), total, "the summary and the tables disagree");
    assertEquals(
        1L, db.queryLong("SELECT count(*) FROM warehouse"), "the demo fills one warehouse");
    assertEquals(30_000L, db.queryLong("SELECT count(*) FROM customer"));
  }

  /**
   * A service's command with compose's addresses mapped, option values replaced, extra arguments
   * added.
   */
  private static List<String> args(
      String service, Map<String, String> hosts, Map<String, String> options, String... extra) {
    List<String> compose = DeployFiles.strings(ComposeFileTest.service(service).path("command"));
    List<String> args = new ArrayList<>();
    for (int i = 0; i < compose.size(); i++) {
      String arg = hosts.getOrDefault(compose.get(i), compose.get(i));
      args.add(
          i > 0 && options.containsKey(compose.get(i - 1)) ? options.get(compose.get(i - 1)) : arg);
    }
    args.addAll(List.of(extra));
    return args;
  }

  /**
   * A service's environment with compose's {@code ${VAR:-default}} at its default, the test
   * database's password in.
   */
  private static Map<String, String> env(String service, TestDatabase db) {
    Map<String, String> env = new LinkedHashMap<>();
    ComposeFileTest.environment(service)
        .forEach((name, value) -> env.put(name, COMPOSE_DEFAULT.matcher(value).replaceAll("$1")));
    if (db.password() != null && env.containsKey("SPATE_DB_PASSWORD")) {
      env.put("SPATE_DB_PASSWORD", db.password());
    }
    return env;
  }
}
