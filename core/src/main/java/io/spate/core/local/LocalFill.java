package io.spate.core.local;

import io.spate.core.job.JobTracker;
import io.spate.core.job.Retries;
import io.spate.core.progress.FillProgress;
import io.spate.core.target.FillCheck;
import io.spate.core.target.ForeignKeys;
import io.spate.core.target.OutputTarget;
import io.spate.core.target.TargetSteps;
import io.spate.engine.generate.Engine;
import io.spate.engine.run.TaskExecution;
import io.spate.engine.target.DatabaseSink;
import io.spate.engine.target.Outage;
import io.spate.engine.target.SessionSettings;
import io.spate.engine.target.TargetDialect;
import io.spate.engine.target.TaskSink;
import io.spate.engine.target.Triggers;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.message.JobMessage;
import io.spate.protocol.message.Messages;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.plan.TargetIdentity;
import io.spate.protocol.plan.Task;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionService;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;
import javax.sql.DataSource;

/**
 * Runs a plan in this JVM: the worker's engine and its exactly-once path ({@link TaskExecution}) on
 * a pool of {@code threads}, with an in-process queue instead of Kafka. A table's tasks are
 * released as soon as every plan it waits for ({@link TablePlan#after()}: the tables it references)
 * has committed all its tasks (the {@link JobTracker}'s rule, the same as a distributed fill's), so
 * foreign keys stay enforced throughout; tables of the same level and tasks of one table run side
 * by side. A lost connection is ridden out ({@link Outage}: by each task, by the finishing touches
 * and by the foreign keys' checks); otherwise the first failing task cancels the rest (their
 * transactions roll back) and is reported.
 *
 * <p>Every task writes its ledger row ({@code spate.ledger}, which the caller has made sure of) in
 * its transaction, under a job id derived from the plan and the database ({@link #jobId(FillPlan,
 * TargetIdentity)}): a run with the same arguments on the same database finds the tasks an
 * interrupted run committed and skips them.
 */
public final class LocalFill {

  /** The worker id of every ledger row a local fill writes. */
  public static final String WORKER_ID = "local";

  /**
   * What a run did.
   *
   * @param jobId the job id its ledger rows carry
   * @param tasks the plan's tasks
   * @param skippedTasks tasks the ledger already held, left as they were
   * @param skippedRows the rows those tasks had committed
   * @param counted the rows each table held once it was full, by name ({@link FillCheck})
   */
  public record Summary(
      String jobId, int tasks, int skippedTasks, long skippedRows, Map<String, Long> counted) {}

  /** A piece of the fill's work, done. */
  private sealed interface Done {
    /** A task, and how it ended. */
    record Loaded(Task task, TaskExecution.Result result) implements Done {}

    /** A table's finishing touches, done. */
    record Finished(TablePlan table) implements Done {}

    /** A foreign key's validation. */
    record Checked(ForeignKeys.Checked checked) implements Done {}

    /** A full table's rows, counted beside its finishing touches. */
    record Counted(String table, long rows) implements Done {}
  }

  /** What the fill writes into, besides its tasks' sink. */
  private sealed interface Target {
    /**
     * A database: its key generators and statistics once each table is full, and unless triggers
     * stayed on each foreign key validated once its tables are full.
     */
    record Database(
        DataSource dataSource,
        TargetDialect dialect,
        TargetSteps steps,
        Triggers.Mode triggers,
        SessionSettings session)
        implements Target {}

    /** An output that is not a database: each table completed once full. */
    record Output(OutputTarget.Opened opened) implements Target {}
  }

  private final FillPlan plan;
  private final Target target;
  private final int threads;
  private final FillProgress progress;
  private final Outage outage;

  /**
   * @param dialect what {@code dataSource} is
   * @param triggers what each load does with the server's triggers ({@link Triggers}); unless they
   *     stay on, each foreign key is validated once its table and the one it references are full
   * @param session the session settings {@code dataSource}'s connections were opened with: how long
   *     a load waits for a lock
   * @param outage how long the fill's work waits for the database after losing the connection
   */
  public LocalFill(
      FillPlan plan,
      DataSource dataSource,
      TargetDialect dialect,
      int threads,
      FillProgress progress,
      Triggers.Mode triggers,
      SessionSettings session,
      Outage outage) {
    this.plan = plan;
    this.target =
        new Target.Database(dataSource, dialect, TargetSteps.of(dialect.kind()), triggers, session);
    this.threads = threads;
    this.progress = progress;
    this.outage = outage;
  }

  /**
   * A fill of {@code plan} into {@code output}, a target that is not a database ({@link
   * OutputTarget}).
   */
  public LocalFill(FillPlan plan, OutputTarget.Opened output, int threads, FillProgress progress) {
    this.plan = plan;
    this.target = new Target.Output(output);
    this.threads = threads;
    this.progress = progress;
    this.outage = Outage.NONE;
  }

  /**
   * The digest of {@code plan}'s JSON (every table, column, task, the seed and the generation
   * version): the same arguments on the same schema give the same digest and any change to the plan
   * another. The JSON is the one plans had when they listed each task ({@link ListedTasks}),
   * written straight into the digest, so digests stay those of earlier versions.
   */
  public static String planDigest(FillPlan plan) {
    MessageDigest sha = sha256();
    try (OutputStream out = new DigestOutputStream(OutputStream.nullOutputStream(), sha)) {
      Messages.encode(ListedTasks.of(plan), out);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot digest the plan", e);
    }
    return "local-" + HexFormat.of().formatHex(sha.digest(), 0, 6);
  }

  /**
   * The job id of a local fill of {@code plan} into the database {@code target} names: a digest of
   * the plan's ({@link #planDigest}) and of the database's identity (its server, OID and name,
   * never the tables' fingerprint), so the same fill of two databases, even on one server sharing
   * one ledger, are two jobs, and a run with the same arguments on the same database is the same
   * job, which {@code --resume} finishes.
   */
  public static String jobId(FillPlan plan, TargetIdentity target) {
    return jobId(planDigest(plan), target);
  }

  /** {@link #jobId(FillPlan, TargetIdentity)} of a plan's digest. */
  public static String jobId(String planDigest, TargetIdentity target) {
    MessageDigest sha = sha256();
    sha.update(
        (planDigest
                + "\n"
                + target.systemIdentifier()
                + "\n"
                + target.databaseOid()
                + "\n"
                + target.databaseName())
            .getBytes(StandardCharsets.UTF_8));
    return "local-" + HexFormat.of().formatHex(sha.digest(), 0, 6);
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JDK has no SHA-256", e);
    }
  }

  /** A plan as its JSON was when it listed every task: the job id's input. */
  record ListedTasks(
      int generationVersion,
      long seed,
      List<TablePlan> tables,
      List<List<String>> levels,
      List<Task> tasks) {
    static ListedTasks of(FillPlan p) {
      return new ListedTasks(p.generationVersion(), p.seed(), p.tables(), p.levels(), p.tasks());
    }
  }

  /**
   * Runs every task not already in the ledger; returns when all have committed, or throws the first
   * failure.
   *
   * @param jobId {@link #jobId(FillPlan, TargetIdentity)} of the plan and target, which making the
   *     target ready computed
   */
  public Summary run(String jobId) {
    TaskSink sink =
        switch (target) {
          case Target.Database d ->
              new DatabaseSink(d.dataSource(), d.dialect(), d.triggers(), d.session(), n -> {});
          case Target.Output o -> o.opened().sink(n -> {});
        };
    return run(new TaskExecution(sink, outage), true, jobId);
  }

  /**
   * Generates every task's rows in the target's load format and discards them ({@link
   * TaskExecution#discarding}), in the order and on the threads a fill would: no connection is
   * opened, no ledger row, sequence, statistics or constraint is touched.
   *
   * @param bytes receives the size of each buffer of encoded rows, from the fill's threads
   */
  public Summary dryRun(LongConsumer bytes) {
    if (!(target instanceof Target.Database d)) {
      throw new IllegalStateException("a dry run encodes in a database's load format");
    }
    return run(TaskExecution.discarding(d.dialect(), bytes), false, planDigest(plan));
  }

  /**
   * @param writes whether the run writes to the target: then each table's finishing touches follow
   *     once it is full, and for a database whose triggers did not stay on each foreign key is
   *     validated once its table and the one it references have had theirs, beside the other loads
   *     ({@link Completion})
   */
  private Summary run(TaskExecution execution, boolean writes, String jobId) {
    JobTracker job = new JobTracker(plan, Retries.NONE);
    Completion completion = new Completion(plan);
    boolean validates =
        writes && target instanceof Target.Database d && d.triggers() != Triggers.Mode.ON;
    List<ForeignKeys.Checked> checked = new ArrayList<>();
    Map<String, Long> counted = new HashMap<>();
    Map<String, Long> wholeTables = new HashMap<>(); // loaded whole by one task: their rows, known
    ThreadLocal<Engine> engines = ThreadLocal.withInitial(() -> new Engine(plan));
    ExecutorService pool = Executors.newFixedThreadPool(threads, r -> new Thread(r, "spate-fill"));
    CompletionService<Done> completions = new ExecutorCompletionService<>(pool);
    int running = 0;
    int skippedTasks = 0;
    long skippedRows = 0;
    try {
      running += submit(job.due(System.nanoTime()), completions, engines, execution, jobId);
      while (running > 0) {
        Done outcome = completions.take().get();
        running--;
        switch (outcome) {
          case Done.Finished f ->
              running += validates ? check(completion.completed(f.table()), completions) : 0;
          case Done.Checked c -> checked.add(c.checked());
          case Done.Counted c -> counted.put(c.table(), c.rows());
          case Done.Loaded loaded -> {
            Task finished = loaded.task();
            if (loaded.result().outcome() == TaskExecution.Outcome.SKIPPED) {
              skippedTasks++;
              skippedRows += loaded.result().rows();
            }
            if (loaded.result().wholeTable()) {
              wholeTables.put(finished.table(), loaded.result().rows());
            }
            // rows are counted in the progress as they are sent, so the tracker is told none
            JobTracker.Change change =
                job.succeeded(finished.id(), 0, System.nanoTime()).orElseThrow();
            if (change.tableDone()) {
              List<TablePlan> full =
                  completion.finished(progress.markFinished(finished.table(), System.nanoTime()));
              // a dry run wrote none
              running += writes ? finish(full, wholeTables, completions) : 0;
              running += submit(job.due(System.nanoTime()), completions, engines, execution, jobId);
            }
          }
        }
      }
    } catch (ExecutionException e) {
      throw e.getCause() instanceof SpateException se
          ? se
          : new SpateException("task failed: " + e.getCause(), e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SpateException("fill interrupted", e);
    } finally {
      pool.shutdownNow();
      awaitQuietly(pool);
    }
    if (job.jobState() != JobMessage.State.DONE) {
      throw new SpateException("tables never became ready: " + job.tablesNotDone());
    }
    if (validates) {
      ForeignKeys.requireNone(plan, checked); // each key was checked once its tables were full
    }
    return new Summary(jobId, plan.tasks().size(), skippedTasks, skippedRows, Map.copyOf(counted));
  }

  /**
   * Submits the finishing touches and the counts of the tables that became {@code full}, each on a
   * connection of its own, but a table in {@code wholeTables}: its one task's commit held all its
   * rows, so they are not read again; returns how many.
   */
  private int finish(
      List<TablePlan> full, Map<String, Long> wholeTables, CompletionService<Done> completions) {
    if (target instanceof Target.Output o) {
      for (TablePlan table : full) {
        completions.submit(() -> new Done.Counted(table.name(), o.opened().finish(table)));
      }
      return full.size();
    }
    Target.Database database = (Target.Database) target;
    DataSource dataSource = database.dataSource();
    TargetDialect dialect = database.dialect();
    TargetSteps steps = database.steps();
    for (TablePlan table : full) {
      completions.submit(
          () -> {
            outage.rideOut(
                "sequences and ANALYZE of " + table.name(), () -> steps.finish(dataSource, table));
            return new Done.Finished(table);
          });
      Long whole = wholeTables.get(table.name());
      if (whole != null) {
        completions.submit(() -> new Done.Counted(table.name(), whole));
        continue;
      }
      // counted for the fill's end check now, beside its ANALYZE, rather than after every table
      completions.submit(
          () ->
              new Done.Counted(
                  table.name(),
                  outage.rideOut(
                      "counting the rows of " + table.name(),
                      reached -> FillCheck.count(dataSource, dialect, table),
                      () -> {})));
    }
    return 2 * full.size();
  }

  /** Submits the checks of {@code keys} (a database's), each on a connection of its own. */
  private int check(List<ForeignKeys.Key> keys, CompletionService<Done> completions) {
    Target.Database database = (Target.Database) target;
    DataSource dataSource = database.dataSource();
    TargetDialect dialect = database.dialect();
    for (ForeignKeys.Key key : keys) {
      completions.submit(
          () ->
              new Done.Checked(
                  new ForeignKeys.Checked(
                      key,
                      outage.rideOut(
                          "validating foreign key " + key.fk().name() + " of " + key.child().name(),
                          reached ->
                              ForeignKeys.orphans(
                                  dataSource, key, dialect::tableName, dialect::quote),
                          () -> {}))));
    }
    return keys.size();
  }

  /** Submits the tasks the tracker released, each through the exactly-once path. */
  private int submit(
      List<JobTracker.Publication> released,
      CompletionService<Done> completions,
      ThreadLocal<Engine> engines,
      TaskExecution execution,
      String jobId) {
    for (JobTracker.Publication p : released) {
      Task task = p.task();
      FillProgress.TableProgress tp = progress.table(task.table());
      TaskExecution.Listener listener =
          new TaskExecution.Listener() {
            @Override
            public void started() {
              tp.markStarted(System.nanoTime());
            }

            @Override
            public void progressed(long rows) {
              tp.add(rows);
            }

            @Override
            public void rolledBack(long rows) {
              tp.add(-rows);
            }
          };
      TaskExecution.Assignment assignment = new TaskExecution.Assignment(jobId, task, WORKER_ID, 1);
      completions.submit(
          () -> new Done.Loaded(task, execution.run(engines.get(), assignment, listener)));
    }
    return released.size();
  }

  private static void awaitQuietly(ExecutorService pool) {
    try {
      if (!pool.awaitTermination(60, TimeUnit.SECONDS)) {
        throw new SpateException("fill threads did not stop within 60 s of cancellation");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
