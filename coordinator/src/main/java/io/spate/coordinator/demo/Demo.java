package io.spate.coordinator.demo;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.spate.coordinator.broker.EmbeddedBroker;
import io.spate.coordinator.config.FillConfig;
import io.spate.coordinator.introspect.PgIntrospector;
import io.spate.coordinator.job.Retries;
import io.spate.coordinator.plan.FillSettings;
import io.spate.coordinator.plan.Plans;
import io.spate.coordinator.progress.FillProgress;
import io.spate.coordinator.progress.ProgressDisplay;
import io.spate.coordinator.submit.DistributedFill;
import io.spate.coordinator.submit.Submission;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.message.Topics;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.schema.Schema;
import io.spate.worker.consume.WorkerLoop;
import io.spate.worker.kafka.KafkaSettings;
import io.spate.worker.target.SqlErrors;
import io.spate.worker.target.Targets;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

/**
 * One run of {@code spate demo}: everything a distributed fill needs, in this JVM and one temporary
 * directory. It starts an embedded PostgreSQL and an embedded Kafka broker (side by side), creates
 * the TPC-C schema, starts the workers ({@link WorkerLoop}s on threads of their own, each with its
 * own {@link Targets}, as separate {@code spate worker} processes would), then submits and follows
 * the fill with the very classes {@code spate submit} uses.
 *
 * <p>Whatever has been started is owned here and {@link #close() closed} in reverse order (workers,
 * the coordinator's pool, broker, PostgreSQL), then the directory is deleted; {@code close} may run
 * from a shutdown hook while the run is still going, and later starts are then refused.
 */
final class Demo implements AutoCloseable {

  /**
   * Where the jar carries the demo's schema and config: examples/schemas/tpcc.sql and
   * examples/tpcc.yaml, packaged by coordinator/pom.xml, the repository's one copy of each.
   */
  private static final String RESOURCES = "/demo/";

  /**
   * How long close() waits for a start still under way (Ctrl-C during start-up) before closing it.
   */
  private static final Duration START_WAIT = Duration.ofSeconds(90);

  /** How long a stopping worker may finish a running task before it is rolled back. */
  private static final int WORKER_GRACE_SECONDS = 2;

  /** The samples printed before the summary. */
  private static final List<String[]> SAMPLES =
      List.of(
          new String[] {
            "customer",
            "SELECT c_w_id, c_d_id, c_id, c_first, c_middle, c_last, c_city, c_credit, c_discount, c_since"
                + " FROM customer ORDER BY c_w_id, c_d_id, c_id LIMIT 3"
          },
          new String[] {
            "order_line",
            "SELECT ol_w_id, ol_d_id, ol_o_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_delivery_d, ol_dist_info"
                + " FROM order_line ORDER BY ol_w_id, ol_d_id, ol_o_id, ol_number LIMIT 3"
          });

  private final PrintStream out;
  private final PrintStream err;
  private final Path dir;
  private final Deque<Resource> owned = new ArrayDeque<>();
  private boolean closed;

  private DemoPostgres postgres;
  private EmbeddedBroker broker;
  private HikariDataSource pool;
  private volatile Thread follower;
  private volatile String workerFailure;

  /** Something started, and how to stop it. */
  private record Resource(String name, AutoCloseable closer) {}

  Demo(PrintStream out, PrintStream err) {
    this.out = out;
    this.err = err;
    try {
      this.dir = Files.createTempDirectory("spate-demo-");
    } catch (IOException e) {
      throw new SpateException(
          "cannot create a temporary directory for the demo: " + e.getMessage(), e);
    }
  }

  /**
   * Starts everything, fills {@code warehouses} warehouses of TPC-C through the workers, prints the
   * samples and summary.
   */
  void run(int warehouses, int workers) {
    long t0 = System.nanoTime();
    err.println(
        "spate demo: TPC-C, "
            + warehouses
            + " warehouse"
            + (warehouses == 1 ? "" : "s")
            + ", "
            + workers
            + " worker"
            + (workers == 1 ? "" : "s")
            + ", all in this JVM; data in "
            + dir
            + " (deleted at the end)");
    Path configFile = copyResource("tpcc.yaml");
    CompletableFuture<FillConfig> config =
        CompletableFuture.supplyAsync(
            () -> FillConfig.load(configFile),
            thread("spate-demo-config")); // Jackson starts slowly
    startServers(t0);

    pool = own("the coordinator's pool", pool(postgres.jdbcUrl(), 2, "spate-demo"));
    createSchema();
    KafkaSettings kafka = KafkaSettings.of(broker.bootstrapServers(), null, Topics.DEFAULT);
    kafka.ensureTopics();
    startWorkers(kafka, workers);

    // From here on, what spate submit does (SubmitCommand with PlannedTarget), on the embedded
    // servers.
    FillPlan plan = plan(join(config), warehouses);
    FillProgress progress = new FillProgress(plan);
    DistributedFill fill =
        Submission.publish(kafka, pool, Targets.DEFAULT, plan, false, Retries.DEFAULT, progress);
    // Owned too, so Ctrl-C closes it before the broker goes (its clients would retry, and say so).
    Stoppable closeFill = own("the job's follower", once(fill::close));
    ProgressDisplay display;
    try {
      err.println(
          "job "
              + fill.jobId()
              + " submitted to "
              + broker.bootstrapServers()
              + " ("
              + plan.tasks().size()
              + " tasks)");
      display = ProgressDisplay.start(progress, err, System.console() != null);
      try {
        follow(fill);
      } finally {
        display.close();
      }
    } finally {
      closeFill.close();
    }
    for (String[] sample : SAMPLES) {
      SampleRows.print(pool, "sample " + sample[0] + " rows:", sample[1], out);
    }
    display.finish(out);
  }

  /** PostgreSQL and the broker start side by side: each takes a few seconds. */
  private void startServers(long t0) {
    err.println("starting embedded PostgreSQL 17 and a Kafka broker ...");
    CompletableFuture<DemoPostgres> pg =
        CompletableFuture.supplyAsync(
            () -> DemoPostgres.start(dir.resolve("postgres")), thread("spate-demo-postgres"));
    CompletableFuture<EmbeddedBroker> kafka =
        CompletableFuture.supplyAsync(
            () -> EmbeddedBroker.start(0, dir.resolve("kafka")), thread("spate-demo-broker"));
    onClose("the broker and PostgreSQL", () -> closeSideBySide(pg, kafka));
    pg.thenAccept(
        p ->
            err.printf(
                Locale.ROOT,
                "PostgreSQL %s on localhost:%d%s (%.1f s)%n",
                p.version(),
                p.port(),
                p.unshared() ? ", run under unshare -U as an unprivileged user (this is root)" : "",
                seconds(t0)));
    kafka.thenAccept(
        b -> err.printf(Locale.ROOT, "broker on %s (%.1f s)%n", b.bootstrapServers(), seconds(t0)));
    try {
      postgres = join(pg);
    } finally {
      broker = join(kafka); // wait for both, so a failure of one never leaves the other starting
    }
  }

  private void createSchema() {
    String ddl = readResource("tpcc.sql");
    try (Connection c = pool.getConnection();
        Statement s = c.createStatement()) {
      s.execute(ddl);
    } catch (SQLException e) {
      throw SqlErrors.classify("creating the TPC-C schema", e);
    }
    err.println("schema: the 9 TPC-C tables created in database " + DemoPostgres.DATABASE);
  }

  private void startWorkers(KafkaSettings kafka, int count) {
    List<WorkerLoop> loops = new ArrayList<>();
    Map<String, Targets.Target> targets =
        Map.of(Targets.DEFAULT, new Targets.Target(postgres.jdbcUrl(), DemoPostgres.USER, null));
    for (int i = 1; i <= count; i++) {
      String workerId = "demo-worker-" + i;
      Targets workerTargets = own(workerId + "'s pool", new Targets(targets, 2));
      WorkerLoop loop =
          own(workerId, new WorkerLoop(kafka, workerTargets, 1, workerId, WORKER_GRACE_SECONDS));
      Thread thread = new Thread(loop::run, "spate-" + workerId);
      thread.setUncaughtExceptionHandler((t, e) -> workerFailed(workerId, e));
      onClose(
          workerId + "'s thread",
          () -> {
            loop.stop();
            thread.join(Duration.ofSeconds(WORKER_GRACE_SECONDS + 40L).toMillis());
          });
      loops.add(loop);
      thread.start();
    }
    onClose(
        "the workers",
        () -> loops.forEach(WorkerLoop::stop)); // closed first: all stop polling at once
    err.println(count + " worker" + (count == 1 ? "" : "s") + " started (1 task at a time each)");
  }

  private FillPlan plan(FillConfig config, int warehouses) {
    Schema schema;
    try (Connection c = pool.getConnection()) {
      schema = PgIntrospector.introspect(c, List.of("public"));
    } catch (SQLException e) {
      throw SqlErrors.classify("reading the schema", e);
    }
    FillSettings settings =
        FillSettings.of(config, null, null, null, Map.of("warehouse", (long) warehouses));
    FillPlan plan = Plans.checkedPlan(schema, settings);
    err.printf(
        "plan: %d tables, %d levels, %d rows, %d tasks (seed %d, %d rows per task)%n",
        plan.tables().size(),
        plan.levels().size(),
        plan.totalRows(),
        plan.tasks().size(),
        settings.seed(),
        settings.taskRows());
    return plan;
  }

  /**
   * Follows the job; a worker thread that dies interrupts it, so the demo fails instead of waiting
   * for a stall.
   */
  private void follow(DistributedFill fill) {
    follower = Thread.currentThread();
    try {
      fill.follow();
    } catch (RuntimeException e) {
      if (workerFailure != null) {
        throw new SpateException(workerFailure, e);
      }
      throw e;
    } finally {
      follower = null;
      Thread.interrupted(); // an interrupt that came too late to matter
    }
    if (workerFailure != null) {
      throw new SpateException(workerFailure);
    }
  }

  private void workerFailed(String workerId, Throwable e) {
    workerFailure = workerId + " stopped: " + e;
    err.println("spate demo: " + workerFailure);
    Thread t = follower;
    if (t != null) {
      t.interrupt();
    }
  }

  /**
   * Whether {@link #close} has begun (from the shutdown hook, while {@link #run} may still be
   * going).
   */
  synchronized boolean stopping() {
    return closed;
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
   * Stops whatever was started, newest first, then deletes the directory. Safe to call twice and
   * from a shutdown hook while {@link #run} is still going.
   */
  @Override
  public void close() {
    List<Resource> toClose;
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      toClose = List.copyOf(owned);
      owned.clear();
    }
    boolean interrupted =
        Thread.interrupted(); // joins below must wait even on an interrupted thread
    Thread following = follower;
    if (following != null && following != Thread.currentThread()) {
      following.interrupt(); // Ctrl-C while following: stop polling a broker about to go
    }
    long t0 = System.nanoTime();
    if (!toClose.isEmpty()) {
      err.println("stopping the workers, the broker and PostgreSQL ...");
    }
    for (Resource r : toClose) {
      try {
        r.closer().close();
      } catch (Exception e) {
        err.println("spate demo: warning: stopping " + r.name() + ": " + e);
      }
    }
    try {
      delete(dir);
      err.printf(Locale.ROOT, "stopped; %s deleted (%.1f s)%n", dir, seconds(t0));
    } catch (IOException | UncheckedIOException e) {
      err.println("spate demo: warning: cannot delete " + dir + ": " + e.getMessage());
    }
    err.flush();
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Takes ownership of something started: it is closed by {@link #close}, or now when the demo is
   * already closing.
   */
  private <T extends AutoCloseable> T own(String name, T resource) {
    return own(name, resource, resource);
  }

  private <T> T own(String name, T value, AutoCloseable closer) {
    synchronized (this) {
      if (!closed) {
        owned.push(new Resource(name, closer));
        return value;
      }
    }
    try {
      closer.close();
    } catch (Exception e) {
      // the demo is stopping anyway
    }
    throw new SpateException("the demo is stopping");
  }

  private void onClose(String name, AutoCloseable closer) {
    own(name, closer, closer);
  }

  /** A close that throws nothing checked. */
  private interface Stoppable extends AutoCloseable {
    @Override
    void close();
  }

  /** Runs {@code close} on the first call only: both the run and {@link #close} may call it. */
  private static Stoppable once(Runnable close) {
    AtomicBoolean done = new AtomicBoolean();
    return () -> {
      if (done.compareAndSet(false, true)) {
        close.run();
      }
    };
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
            thread("spate-demo-stop"));
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

  private Path copyResource(String name) {
    Path file = dir.resolve(name);
    try (InputStream in = resource(name)) {
      Files.copy(in, file);
    } catch (IOException e) {
      throw new SpateException("cannot write " + file + ": " + e.getMessage(), e);
    }
    return file;
  }

  private static String readResource(String name) {
    try (InputStream in = resource(name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new SpateException(
          "cannot read the bundled " + RESOURCES + name + ": " + e.getMessage(), e);
    }
  }

  private static InputStream resource(String name) {
    InputStream in = Demo.class.getResourceAsStream(RESOURCES + name);
    if (in == null) {
      throw new SpateException("the bundled " + RESOURCES + name + " is missing from the jar");
    }
    return in;
  }

  /** The value of a start, with its failure rethrown as thrown. */
  private static <T> T join(CompletableFuture<T> future) {
    try {
      return future.join();
    } catch (CompletionException e) {
      throw e.getCause() instanceof RuntimeException r ? r : e;
    }
  }

  /** Runs each task on a daemon thread of its own with the given name. */
  private static Executor thread(String name) {
    return task -> {
      Thread t = new Thread(task, name);
      t.setDaemon(true);
      t.start();
    };
  }

  private static double seconds(long since) {
    return (System.nanoTime() - since) / 1e9;
  }

  private static void delete(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
