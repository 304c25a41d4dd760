package io.spate.coordinator.demo;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.spate.coordinator.broker.EmbeddedBroker;
import io.spate.engine.target.Outage;
import io.spate.engine.target.SqlErrors;
import io.spate.engine.target.Targets;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.message.Topics;
import io.spate.worker.consume.WorkerLoop;
import io.spate.worker.kafka.KafkaSettings;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiConsumer;
import javax.sql.DataSource;

/**
 * The demo's servers and what serves them: an embedded PostgreSQL and an embedded Kafka broker
 * (started side by side), the coordinator's pool, the TPC-C schema, the topics, and the workers
 * ({@link WorkerLoop}s on threads of their own, each with its own {@link Targets}, as separate
 * {@code spate worker} processes would).
 *
 * <p>Lifecycle: everything is registered with the run's {@link Teardown} the moment it exists, so
 * its stop order is the reverse of this start order (workers, the coordinator's pool, broker and
 * PostgreSQL); this class closes nothing itself. Its fields are written and read by the run's
 * thread only; the shutdown hook reaches what they hold through the teardown.
 */
final class DemoServers {

  /**
   * How long close() waits for a start still under way (Ctrl-C during start-up) before closing it.
   */
  private static final Duration START_WAIT = Duration.ofSeconds(90);

  /** How long a stopping worker may finish a running task before it is rolled back. */
  private static final int WORKER_GRACE_SECONDS = 2;

  private final Teardown teardown;
  private final PrintStream err;
  private DemoPostgres postgres;
  private EmbeddedBroker broker;
  private HikariDataSource pool;

  DemoServers(Teardown teardown, PrintStream err) {
    this.teardown = teardown;
    this.err = err;
  }

  /** The coordinator's pool on the demo's database (after {@link #start}). */
  DataSource pool() {
    return pool;
  }

  String bootstrapServers() {
    return broker.bootstrapServers();
  }

  /**
   * PostgreSQL and the broker start side by side: each takes a few seconds. Then the coordinator's
   * pool. Start times are printed as seconds since {@code t0}.
   */
  void start(long t0) {
    err.println("starting embedded PostgreSQL 17 and a Kafka broker ...");
    CompletableFuture<DemoPostgres> pg =
        CompletableFuture.supplyAsync(
            () -> DemoPostgres.start(teardown.dir().resolve("postgres")),
            Background.thread("spate-demo-postgres"));
    CompletableFuture<EmbeddedBroker> kafka =
        CompletableFuture.supplyAsync(
            () -> EmbeddedBroker.start(0, teardown.dir().resolve("kafka")),
            Background.thread("spate-demo-broker"));
    teardown.onClose("the broker and PostgreSQL", () -> closeSideBySide(pg, kafka));
    pg.thenAccept(
        p ->
            err.printf(
                Locale.ROOT,
                "PostgreSQL %s on localhost:%d%s (%.1f s)%n",
                p.version(),
                p.port(),
                p.unshared() ? ", run under unshare -U as an unprivileged user (this is root)" : "",
                Background.seconds(t0)));
    kafka.thenAccept(
        b ->
            err.printf(
                Locale.ROOT,
                "broker on %s (%.1f s)%n",
                b.bootstrapServers(),
                Background.seconds(t0)));
    try {
      postgres = Background.join(pg);
    } finally {
      // wait for both, so a failure of one never leaves the other starting
      broker = Background.join(kafka);
    }
    pool = teardown.own("the coordinator's pool", pool(postgres.jdbcUrl(), 2, "spate-demo"));
  }

  void createSchema() {
    String ddl = Bundled.read("tpcc.sql");
    try (Connection c = pool.getConnection();
        Statement s = c.createStatement()) {
      s.execute(ddl);
    } catch (SQLException e) {
      throw SqlErrors.classify("creating the TPC-C schema", e);
    }
    err.println("schema: the 9 TPC-C tables created in database " + DemoPostgres.DATABASE);
  }

  /** The broker's settings for the coordinator and the workers, its topics created. */
  KafkaSettings createTopics() {
    KafkaSettings kafka = KafkaSettings.of(broker.bootstrapServers(), null, Topics.DEFAULT);
    kafka.ensureTopics();
    return kafka;
  }

  /**
   * Starts {@code count} workers, one task at a time each; a worker thread that dies is reported to
   * {@code failed} (worker id, cause) on that thread.
   */
  void startWorkers(KafkaSettings kafka, int count, BiConsumer<String, Throwable> failed) {
    List<WorkerLoop> loops = new ArrayList<>();
    Map<String, Targets.Target> targets =
        Map.of(Targets.DEFAULT, new Targets.Target(postgres.jdbcUrl(), DemoPostgres.USER, null));
    for (int i = 1; i <= count; i++) {
      String workerId = "demo-worker-" + i;
      Targets workerTargets = teardown.own(workerId + "'s pool", new Targets(targets, 2));
      WorkerLoop loop =
          teardown.own(
              workerId,
              new WorkerLoop(
                  kafka, workerTargets, 1, workerId, WORKER_GRACE_SECONDS, Outage.DEFAULT));
      Thread thread = new Thread(loop::run, "spate-" + workerId);
      thread.setUncaughtExceptionHandler((t, e) -> failed.accept(workerId, e));
      teardown.onClose(
          workerId + "'s thread",
          () -> {
            loop.stop();
            thread.join(Duration.ofSeconds(WORKER_GRACE_SECONDS + 40L).toMillis());
          });
      loops.add(loop);
      thread.start();
    }
    teardown.onClose(
        "the workers",
        () -> loops.forEach(WorkerLoop::stop)); // closed first: all stop polling at once
    err.println(count + " worker" + (count == 1 ? "" : "s") + " started (1 task at a time each)");
  }

  /** The lines a user needs to look at the filled database while {@code --keep} holds it. */
  void printWhereToLook() {
    String url = postgres.jdbcUrl();
    err.println("keeping everything running until Ctrl-C:");
    err.println(
        "  PostgreSQL "
            + postgres.version()
            + ": "
            + url
            + " (user "
            + DemoPostgres.USER
            + ", no password)");
    err.println(
        "    psql -h localhost -p "
            + postgres.port()
            + " -U "
            + DemoPostgres.USER
            + " "
            + DemoPostgres.DATABASE);
    err.println(
        "  Kafka bootstrap: " + broker.bootstrapServers() + " (the demo's workers serve it), e.g.");
    err.println(
        "    ./spate submit --bootstrap "
            + broker.bootstrapServers()
            + " --db "
            + url
            + " --user "
            + DemoPostgres.USER
            + " --config examples/tpcc.yaml --truncate");
    err.flush();
  }

  /**
   * Both stop at once: PostgreSQL's shutdown checkpoint takes a second, the broker's shutdown half
   * one.
   */
  private static void closeSideBySide(
      CompletableFuture<? extends AutoCloseable> first,
      CompletableFuture<? extends AutoCloseable> second)
      throws Exception {
    CompletableFuture<Void> other =
        CompletableFuture.runAsync(
            () -> {
              try {
                closeWhenStarted(second);
              } catch (Exception e) {
                throw new CompletionException(e);
              }
            },
            Background.thread("spate-demo-stop"));
    try {
      closeWhenStarted(first);
    } finally {
      try {
        other.join();
      } catch (CompletionException e) {
        throw e.getCause() instanceof Exception x ? x : e;
      }
    }
  }

  private static <T extends AutoCloseable> void closeWhenStarted(CompletableFuture<T> start)
      throws Exception {
    T started;
    try {
      started = start.get(START_WAIT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      return; // it failed, and cleaned up after itself
    } catch (TimeoutException e) {
      throw new SpateException(
          "still starting after " + START_WAIT.toSeconds() + " s; left as it is");
    }
    started.close();
  }

  private static HikariDataSource pool(String url, int size, String name) {
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(url);
    config.setUsername(DemoPostgres.USER);
    config.setMaximumPoolSize(size);
    config.setPoolName(name);
    return new HikariDataSource(config);
  }
}
