package io.spate.coordinator.demo;

import io.spate.coordinator.submit.DistributedFill;
import io.spate.coordinator.submit.Submission;
import io.spate.core.config.FillConfig;
import io.spate.core.job.Retries;
import io.spate.core.plan.FillSettings;
import io.spate.core.plan.Plans;
import io.spate.core.progress.FillProgress;
import io.spate.core.progress.ProgressDisplay;
import io.spate.core.target.TargetSteps;
import io.spate.engine.target.SqlErrors;
import io.spate.engine.target.Targets;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.FillPlan;
import io.spate.worker.kafka.KafkaSettings;
import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * One run of {@code spate demo}: everything a distributed fill needs, in this JVM and one temporary
 * directory. It starts the servers and workers ({@link DemoServers}), then plans, submits and
 * follows the fill with the very classes {@code spate submit} uses, and prints sample rows ({@link
 * SampleRows}) and the summary.
 *
 * <p>Whatever has been started is owned by the run's {@link Teardown} and {@link #close() closed}
 * in reverse order (workers, the coordinator's pool, broker, PostgreSQL), then the directory is
 * deleted; {@code close} may run from a shutdown hook while the run is still going, and later
 * starts are then refused. The thread following the job and a worker's failure are volatile: a
 * worker thread or the hook reads them to interrupt the follower.
 */
final class Demo implements AutoCloseable {

  private final PrintStream out;
  private final PrintStream err;
  private final Teardown teardown;
  private final DemoServers servers;
  private volatile Thread follower;
  private volatile String workerFailure;

  Demo(PrintStream out, PrintStream err) {
    this.out = out;
    this.err = err;
    this.teardown = new Teardown(err);
    this.servers = new DemoServers(teardown, err);
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
            + teardown.dir()
            + " (deleted at the end)");
    Path configFile = Bundled.copy("tpcc.yaml", teardown.dir());
    CompletableFuture<FillConfig> config =
        CompletableFuture.supplyAsync(
            () -> FillConfig.load(configFile),
            Background.thread("spate-demo-config")); // Jackson starts slowly
    servers.start(t0);
    servers.createSchema();
    KafkaSettings kafka = servers.createTopics();
    servers.startWorkers(kafka, workers, this::workerFailed);

    // From here on, what spate submit does (SubmitCommand with PlannedTarget), on the embedded
    // servers.
    FillPlan plan = plan(Background.join(config), warehouses);
    FillProgress progress = new FillProgress(plan);
    DistributedFill fill =
        Submission.publish(
            kafka,
            servers.pool(),
            Targets.DEFAULT,
            plan,
            false,
            err::println,
            Retries.DEFAULT,
            progress);
    // Owned too, so Ctrl-C closes it before the broker goes (its clients would retry, and say so).
    Teardown.Stoppable closeFill = teardown.own("the job's follower", Teardown.once(fill::close));
    ProgressDisplay display;
    try {
      err.println(
          "job "
              + fill.jobId()
              + " submitted to "
              + servers.bootstrapServers()
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
    SampleRows.printTpcc(servers.pool(), out);
    display.finish(out);
  }

  private FillPlan plan(FillConfig config, int warehouses) {
    FillSettings settings =
        FillSettings.of(config, null, null, null, Map.of("warehouse", (long) warehouses));
    FillPlan plan;
    try (Connection c = servers.pool().getConnection()) {
      plan =
          Plans.checkedPlan(
              TargetSteps.of(c).introspect(c, List.of("public")),
              settings,
              c,
              TargetSteps.of(c).checkServer(c, err::println));
    } catch (SQLException e) {
      throw SqlErrors.classify("reading the schema", e);
    }
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
  boolean stopping() {
    return teardown.closing();
  }

  /** The lines a user needs to look at the filled database while {@code --keep} holds it. */
  void printWhereToLook() {
    servers.printWhereToLook();
  }

  /**
   * Stops whatever was started, newest first, then deletes the directory. Safe to call twice and
   * from a shutdown hook while {@link #run} is still going.
   */
  @Override
  public void close() {
    teardown.close(
        () -> {
          Thread following = follower;
          if (following != null && following != Thread.currentThread()) {
            following.interrupt(); // Ctrl-C while following: stop polling a broker about to go
          }
        });
  }
}
