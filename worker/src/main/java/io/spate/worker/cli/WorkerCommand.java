package io.spate.worker.cli;

import io.spate.protocol.error.SpateException;
import io.spate.worker.consume.WorkerLoop;
import io.spate.worker.health.HealthServer;
import io.spate.worker.kafka.KafkaOptions;
import io.spate.worker.metrics.WorkerMetrics;
import io.spate.worker.target.Targets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code spate worker}: a stateless worker that takes tasks from Kafka and loads them into the
 * target database. Any number of workers on any hosts share the tasks through one consumer group.
 */
@Command(
    name = "worker",
    mixinStandardHelpOptions = true,
    description =
        "Takes fill tasks from Kafka and loads them (stateless; run as many as you like).")
public final class WorkerCommand implements Callable<Integer> {

  @Mixin KafkaOptions kafka;

  @Option(
      names = "--db",
      required = true,
      paramLabel = "JDBC_URL",
      description = "Database of the default target (jobs that name no other target)")
  String db;

  @Option(names = "--user", paramLabel = "USER", description = "Database user for every target")
  String user;

  @Option(
      names = "--password-env",
      paramLabel = "VAR",
      description = "Environment variable holding the password for every target")
  String passwordEnv;

  @Option(
      names = "--target",
      paramLabel = "NAME=JDBC_URL",
      description = "Another target this worker serves; repeatable")
  Map<String, String> targets = new LinkedHashMap<>();

  @Option(
      names = "--threads",
      paramLabel = "N",
      description = "Tasks run at once (default: the number of CPUs)")
  int threads = Runtime.getRuntime().availableProcessors();

  @Option(
      names = "--http-port",
      paramLabel = "N",
      description = "Serve /health, /ready and /metrics (Prometheus) on this port (default: off)")
  Integer httpPort;

  @Option(
      names = "--grace-seconds",
      paramLabel = "S",
      description =
          "On SIGTERM, how long running tasks may finish before they are rolled back (default: 20)")
  int graceSeconds = 20;

  @Override
  public Integer call() throws Exception {
    if (threads < 1) {
      throw new SpateException("--threads must be at least 1, got " + threads);
    }
    String password = null;
    if (passwordEnv != null) {
      password = System.getenv(passwordEnv);
      if (password == null) {
        throw new SpateException(
            "--password-env " + passwordEnv + ": that environment variable is not set");
      }
    }
    Map<String, Targets.Target> all = new HashMap<>();
    all.put(Targets.DEFAULT, new Targets.Target(db, user, password));
    for (var e : targets.entrySet()) {
      all.put(e.getKey(), new Targets.Target(e.getValue(), user, password));
    }
    CompletableFuture<Void> stopped = new CompletableFuture<>();
    String workerId = "worker-" + UUID.randomUUID().toString().substring(0, 8);
    System.err.println(
        "spate worker "
            + workerId
            + ": bootstrap="
            + kafka.bootstrap()
            + " db="
            + db
            + " targets="
            + all.keySet()
            + " threads="
            + threads
            + " password="
            + (passwordEnv == null ? "(none)" : "***($" + passwordEnv + ")")
            + " http-port="
            + (httpPort == null ? "off" : httpPort));
    WorkerMetrics metrics = new WorkerMetrics();
    try (Targets targetPools = new Targets(all, threads + 1);
        WorkerLoop loop =
            new WorkerLoop(
                kafka.settings(), targetPools, threads, workerId, graceSeconds, metrics);
        HealthServer health =
            httpPort == null
                ? null
                : HealthServer.start(httpPort, loop::running, loop::ready, metrics::scrape)) {
      if (health != null) {
        System.err.println(
            "spate worker " + workerId + ": /health, /ready and /metrics on port " + health.port());
      }
      // SIGTERM: stop polling, let running tasks finish within the grace period, then exit.
      Runtime.getRuntime()
          .addShutdownHook(
              new Thread(
                  () -> {
                    loop.stop();
                    try {
                      stopped.get(graceSeconds + 40L, TimeUnit.SECONDS);
                    } catch (Exception e) {
                      Thread.currentThread().interrupt();
                    }
                  },
                  "spate-shutdown"));
      loop.run();
    } finally {
      stopped.complete(null);
    }
    System.err.println("spate worker " + workerId + ": stopped");
    return 0;
  }
}
