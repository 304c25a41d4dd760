package io.spate.worker.cli;

import io.spate.engine.settings.SettingsHelp;
import io.spate.engine.settings.WorkerSettings;
import io.spate.engine.target.Outage;
import io.spate.engine.target.Targets;
import io.spate.worker.consume.WorkerLoop;
import io.spate.worker.health.HealthServer;
import io.spate.worker.kafka.KafkaOptions;
import io.spate.worker.metrics.WorkerMetrics;
import io.spate.worker.target.TargetOptions;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
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
    resourceBundle = "io.spate.engine.settings.WorkerSettings$Help",
    modelTransformer = TargetOptions.RequireDb.class,
    description =
        "Takes fill tasks from Kafka and loads them (stateless; run as many as you like).",
    footer = SettingsHelp.DATABASES)
public final class WorkerCommand implements Callable<Integer> {

  @Mixin KafkaOptions kafka;
  @Mixin TargetOptions databases;

  @Option(names = "--threads", paramLabel = "N")
  int threads = WorkerSettings.THREADS.defaultValue();

  @Option(names = "--http-port", paramLabel = "N")
  Integer httpPort;

  @Option(names = "--http-host", paramLabel = "ADDRESS")
  String httpHost = WorkerSettings.HTTP_HOST.defaultValue();

  @Option(names = "--grace-seconds", paramLabel = "S")
  int graceSeconds = WorkerSettings.GRACE_SECONDS.defaultValue();

  @Option(names = "--outage-seconds", paramLabel = "S")
  int outageSeconds = WorkerSettings.OUTAGE_SECONDS.defaultValue();

  @Option(names = "--dry-run")
  boolean dryRun;

  @Override
  public Integer call() throws Exception {
    Map<String, Targets.Target> all = databases.targets();
    String workerId = "worker-" + UUID.randomUUID().toString().substring(0, 8);
    System.err.println(
        "spate worker "
            + workerId
            + ": bootstrap="
            + kafka.bootstrap()
            + " "
            + databases.database().describe()
            + " targets="
            + all.keySet()
            + " threads="
            + threads
            + " outage-seconds="
            + outageSeconds
            + (dryRun ? " dry-run (rows discarded, nothing written)" : "")
            + " http="
            + (httpPort == null ? "off" : httpHost + ":" + httpPort));
    WorkerMetrics metrics = new WorkerMetrics();
    GracefulStop graceful = null;
    boolean drained = false;
    try {
      try (Targets targetPools = new Targets(all, threads + 1);
          WorkerLoop loop =
              new WorkerLoop(
                  kafka.settings(),
                  targetPools,
                  threads,
                  workerId,
                  graceSeconds,
                  Outage.upTo(Duration.ofSeconds(outageSeconds)),
                  metrics,
                  dryRun);
          HealthServer health =
              httpPort == null
                  ? null
                  : HealthServer.start(
                      httpHost, httpPort, loop::alive, loop::ready, metrics::scrape)) {
        if (health != null) {
          System.err.println(
              "spate worker "
                  + workerId
                  + ": /health, /ready and /metrics on port "
                  + health.port()
                  + " of "
                  + httpHost);
        }
        // SIGTERM: stop polling, let running tasks finish within the grace period, then exit
        graceful =
            GracefulStop.install(
                "spate-shutdown", loop::stop, Duration.ofSeconds(graceSeconds + 40L));
        drained = loop.run();
      }
      System.err.println(
          "spate worker " + workerId + (drained ? ": stopped" : ": stopped, tasks abandoned"));
    } finally {
      if (graceful != null) {
        graceful.finished(drained);
      }
    }
    return 0;
  }
}
