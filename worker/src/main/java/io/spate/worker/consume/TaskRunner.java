package io.spate.worker.consume;

import io.spate.engine.generate.Engine;
import io.spate.engine.run.TaskExecution;
import io.spate.engine.target.DatabaseSink;
import io.spate.engine.target.Outage;
import io.spate.engine.target.SqlErrors;
import io.spate.engine.target.Targets;
import io.spate.engine.target.TaskSink;
import io.spate.engine.target.Triggers;
import io.spate.protocol.error.RetriableException;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.message.EventMessage;
import io.spate.protocol.message.EventMessage.Type;
import io.spate.protocol.message.InvalidMessageException;
import io.spate.protocol.message.JobMessage;
import io.spate.protocol.message.Messages;
import io.spate.protocol.message.TaskMessage;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.TargetIdentity;
import io.spate.protocol.plan.Task;
import io.spate.worker.kafka.JobCache;
import io.spate.worker.metrics.WorkerMetrics;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import javax.sql.DataSource;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * Runs one delivered task to its end and reports it: refuses a job whose generation version differs
 * from this engine's, and otherwise runs the task through the exactly-once path ({@link
 * TaskExecution}: skipped when the ledger has it, else its rows and ledger row in one transaction).
 * Whatever happens is published as an event before the caller commits the task's offset.
 *
 * <p>Before a job's first write to a target, the target's {@link TargetIdentity} is read from its
 * catalog and compared with the one the job carries: a worker whose target is another database, or
 * whose planned tables are defined differently, fails the task for good and writes nothing. The
 * verdict is kept per (job, target), so the catalog is read once per job, not once per task.
 */
final class TaskRunner {

  /** How often a running task reports progress (which also tells the coordinator it is alive). */
  private static final long PROGRESS_EVERY_NANOS = 1_000_000_000L;

  private final JobCache jobs;
  private final Targets targets;
  private final Producer<String, byte[]> events;
  private final String eventsTopic;
  private final String workerId;
  private final ThreadLocal<JobEngine> engines = new ThreadLocal<>();
  private final WorkerMetrics metrics;
  private final Outage outage;

  /** Whether tasks are generated and discarded, the target never reached. */
  private final boolean dryRun;

  /**
   * Per job and target name, why this worker may not write the job there (empty: it may). Only
   * settled verdicts are kept: a failure to read the catalog is retried with the task.
   */
  private static final int MAX_VERDICTS = 1024;

  private final Map<JobTarget, Optional<String>> verdicts = new ConcurrentHashMap<>();

  private record JobTarget(String jobId, String target) {}

  /** The engine a thread built for the job it served last. */
  private record JobEngine(String jobId, Engine engine) {}

  TaskRunner(
      JobCache jobs,
      Targets targets,
      Producer<String, byte[]> events,
      String eventsTopic,
      String workerId,
      WorkerMetrics metrics,
      Outage outage,
      boolean dryRun) {
    this.dryRun = dryRun;
    this.metrics = metrics;
    this.outage = outage;
    this.jobs = jobs;
    this.targets = targets;
    this.events = events;
    this.eventsTopic = eventsTopic;
    this.workerId = workerId;
  }

  /**
   * Runs the task. Returns normally when the task's outcome is settled and reported (succeeded,
   * skipped or failed); throws {@link InterruptedException} when abandoned, leaving it to be
   * delivered again, and {@link InvalidMessageException} when the record is not one of its job's
   * tasks (nothing is written or reported: the record is garbage, like one that does not decode).
   */
  void run(TaskMessage task) throws InterruptedException {
    long started = System.nanoTime();
    JobMessage job;
    try {
      job = jobs.await(task.jobId(), Duration.ofSeconds(30));
    } catch (SpateException e) {
      report(task, Type.FAILED, 0, started, e.getMessage(), false);
      return;
    }
    if (job.state() != JobMessage.State.RUNNING) {
      return; // the job is over (done or failed): nothing to do, nothing to report
    }
    FillPlan plan = job.plan();
    outsideThePlan(task, job)
        .ifPresent(
            problem -> {
              throw new InvalidMessageException("task message is invalid: " + problem);
            });
    if (plan.generationVersion() != FillPlan.GENERATION_VERSION) {
      report(
          task,
          Type.FAILED,
          0,
          started,
          "job "
              + job.jobId()
              + " was planned for generation version "
              + plan.generationVersion()
              + " but this worker's engine writes version "
              + FillPlan.GENERATION_VERSION
              + "; refusing to write different bytes (run workers of the coordinator's version)",
          false);
      return;
    }
    Reporter reporter = new Reporter(task, started);
    try {
      TaskExecution execution;
      Optional<Targets.Output> output = targets.output(job.target());
      Optional<String> mismatch = kindMismatch(job, output);
      if (mismatch.isPresent()) {
        report(task, Type.FAILED, 0, started, mismatch.get(), false);
        return;
      }
      if (dryRun) {
        execution = TaskExecution.discarding(targets.dialect(job.target()), metrics::bytesSent);
      } else if (output.isPresent()) {
        Outage atTarget = outage.at("target \"" + job.target() + "\"");
        Targets.Output out = output.get();
        TaskSink sink =
            atTarget.rideOut(
                "task " + task.taskId() + ": joining " + out.url(),
                reached ->
                    out.output()
                        .join(out.url(), job.jobId(), job.fileFormat(), plan, metrics::bytesSent),
                () -> {});
        execution = new TaskExecution(sink, atTarget);
      } else {
        Outage atTarget = outage.at("target \"" + job.target() + "\"");
        // The pool opens with the target's first task: a database that cannot be reached then is
        // an outage like one mid-load, not a failed task.
        DataSource target =
            atTarget.rideOut(
                "task " + task.taskId() + ": connecting to the target",
                reached -> targets.dataSource(job.target()),
                () -> {});
        Optional<String> refusal =
            atTarget.rideOut(
                "task " + task.taskId() + ": reading the target's catalog",
                reached -> refusal(job, target),
                () -> {});
        if (refusal.isPresent()) {
          report(task, Type.FAILED, 0, started, refusal.get(), false);
          return;
        }
        execution =
            new TaskExecution(
                new DatabaseSink(
                    target,
                    targets.dialect(job.target()),
                    triggers(job),
                    targets.session(job.target()),
                    metrics::bytesSent),
                atTarget);
      }
      TaskExecution.Result result =
          execution.run(
              engine(job),
              new TaskExecution.Assignment(
                  task.jobId(),
                  new Task(task.table(), task.start(), task.end()),
                  workerId,
                  task.attempt()),
              reporter);
      Duration took = Duration.ofNanos(System.nanoTime() - started);
      if (result.outcome() == TaskExecution.Outcome.SKIPPED) {
        if (reporter.counting) {
          metrics.taskFailed(false, took); // rolled back: another execution had it
        }
        metrics.taskSkipped();
      } else {
        metrics.taskSucceeded(task.table(), result.rows(), took);
      }
      reporter.counting = false;
      report(task, Type.SUCCEEDED, result.rows(), started, null, false);
    } catch (RuntimeException e) {
      boolean retriable = SqlErrors.retriable(e);
      if (reporter.counting) {
        metrics.taskFailed(retriable, Duration.ofNanos(System.nanoTime() - started));
      }
      if (Thread.currentThread().isInterrupted()) {
        throw new InterruptedException("task " + task.taskId() + " abandoned: " + e.getMessage());
      }
      String message =
          e instanceof SpateException
              ? e.getMessage()
              : "task " + task.taskId() + " - " + SqlErrors.withCauses(e);
      report(task, Type.FAILED, 0, started, message, retriable);
    }
  }

  /**
   * Reports a running task: STARTED when its transaction begins, PROGRESSED at most every {@link
   * #PROGRESS_EVERY_NANOS}. Used only by the thread that runs the task.
   */
  private final class Reporter implements TaskExecution.Listener {
    private final TaskMessage task;
    private final long startedNanos;
    private long sent;
    private long lastReport;

    /** Between taskStarted and its outcome in the metrics. */
    boolean counting;

    Reporter(TaskMessage task, long startedNanos) {
      this.task = task;
      this.startedNanos = startedNanos;
    }

    @Override
    public void started() {
      report(task, Type.STARTED, 0, startedNanos, null, false);
      metrics.taskStarted(task.attempt());
      counting = true;
      lastReport = System.nanoTime();
    }

    @Override
    public void progressed(long rows) {
      metrics.rowsGenerated(rows);
      sent += rows;
      reportAtMostEverySecond();
    }

    /** The coordinator's count of the task's rows drops with them at once. */
    @Override
    public void rolledBack(long rows) {
      sent -= rows;
      lastReport = System.nanoTime();
      report(task, Type.PROGRESSED, sent, startedNanos, null, false);
    }

    /**
     * Waiting out an outage, the worker keeps telling the coordinator it is alive, so the task is
     * not taken for stalled and published again.
     */
    @Override
    public void waiting() {
      if (counting) {
        reportAtMostEverySecond();
      }
    }

    private void reportAtMostEverySecond() {
      long now = System.nanoTime();
      if (now - lastReport > PROGRESS_EVERY_NANOS) {
        lastReport = now;
        report(task, Type.PROGRESSED, sent, startedNanos, null, false);
      }
    }
  }

  /**
   * Why this worker must not write {@code job} into {@code target}, or empty when the target is the
   * database and the table definitions the job was planned against. Reads the catalog once per
   * (job, target); a failure to read it propagates (retriable when the connection failed).
   */
  private Optional<String> refusal(JobMessage job, DataSource target) {
    JobTarget key = new JobTarget(job.jobId(), job.target());
    Optional<String> known = verdicts.get(key);
    if (known != null) {
      return known;
    }
    Optional<String> verdict;
    String where = "target \"" + job.target() + "\" of worker " + workerId;
    if (job.targetIdentity() == null) {
      verdict =
          Optional.of(
              "refusing to write: job "
                  + job.jobId()
                  + " does not say which database it was planned against (it was published by an"
                  + " earlier coordinator); submit it again with a current coordinator");
    } else {
      TargetIdentity actual = targets.dialect(job.target()).identity(target, job.plan(), where);
      verdict =
          job.targetIdentity().mismatch(actual, where).map(why -> "refusing to write: " + why);
    }
    if (verdicts.size() >= MAX_VERDICTS) {
      verdicts.clear(); // jobs long over; a job still running reads its catalog once more
    }
    verdicts.putIfAbsent(key, verdict);
    return verdict;
  }

  /**
   * Why this worker's target cannot take {@code job} by its kind, or empty: a job that writes files
   * goes to an output ({@code file:///mnt/out}), a job that fills a database to a database, and a
   * dry run encodes in a database's load format.
   */
  private Optional<String> kindMismatch(JobMessage job, Optional<Targets.Output> output) {
    String where = "target \"" + job.target() + "\" of worker " + workerId;
    if (job.writesFiles() && dryRun) {
      return Optional.of(
          "refusing the job: job "
              + job.jobId()
              + " writes "
              + job.fileFormat()
              + " files, and a --dry-run worker only encodes rows in a database's load format");
    }
    if (job.writesFiles() && output.isEmpty()) {
      return Optional.of(
          "refusing to write: job "
              + job.jobId()
              + " writes "
              + job.fileFormat()
              + " files but "
              + where
              + " is a database (name this worker's mount of the job's directory: --target "
              + job.target()
              + "=file:///MOUNT)");
    }
    if (!job.writesFiles() && output.isPresent()) {
      return Optional.of(
          "refusing to write: job "
              + job.jobId()
              + " fills a database but "
              + where
              + " is the output "
              + output.get().url());
    }
    return Optional.empty();
  }

  /**
   * Why {@code task} is not one of {@code job}'s tasks, or empty when it is: its id must name its
   * range, and its range must be a task of the plan's grid ({@link FillPlan#hasTask}), so a record
   * past a table's end, off the grid or of a table the plan does not fill loads nothing.
   */
  static Optional<String> outsideThePlan(TaskMessage task, JobMessage job) {
    String range = task.table() + "[" + task.start() + "," + task.end() + ")";
    if (!range.equals(task.taskId())) {
      return Optional.of(
          "task id "
              + task.taskId()
              + " does not name its range "
              + range
              + " (job "
              + job.jobId()
              + ")");
    }
    FillPlan plan = job.plan();
    if (task.end() > task.start()
        && plan.hasTask(new Task(task.table(), task.start(), task.end()))) {
      return Optional.empty();
    }
    List<String> grid =
        plan.taskRuns().stream()
            .filter(r -> r.table().equals(task.table()))
            .map(r -> "[" + r.start() + "," + r.end() + ") in tasks of " + r.step())
            .toList();
    return Optional.of(
        "task "
            + range
            + " is not one of job "
            + job.jobId()
            + "'s tasks ("
            + (grid.isEmpty()
                ? "its plan fills no table " + task.table()
                : "its plan loads " + task.table() + " " + String.join(", ", grid))
            + ")");
  }

  /** What the job asks of this worker's loads; {@code --disable-triggers} wins. */
  private static Triggers.Mode triggers(JobMessage job) {
    if (job.disableTriggers()) {
      return Triggers.Mode.OFF;
    }
    return job.foreignKeysAfterLoad() ? Triggers.Mode.OFF_IF_ALLOWED : Triggers.Mode.ON;
  }

  private Engine engine(JobMessage job) {
    JobEngine cached = engines.get();
    if (cached == null || !cached.jobId().equals(job.jobId())) {
      cached = new JobEngine(job.jobId(), new Engine(job.plan()));
      engines.set(cached);
    }
    return cached.engine();
  }

  private void report(
      TaskMessage task, Type type, long rows, long startedNanos, String error, boolean retriable) {
    EventMessage event =
        new EventMessage(
            Messages.VERSION,
            task.jobId(),
            task.taskId(),
            task.table(),
            type,
            rows,
            (System.nanoTime() - startedNanos) / 1_000_000,
            workerId,
            task.attempt(),
            error,
            retriable,
            dryRun);
    var future =
        events.send(new ProducerRecord<>(eventsTopic, task.jobId(), Messages.encode(event)));
    if (type == Type.SUCCEEDED || type == Type.FAILED) {
      try {
        future.get(); // the outcome is on the topic before the offset moves on
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new SpateException("interrupted while reporting task " + task.taskId(), e);
      } catch (java.util.concurrent.ExecutionException e) {
        throw new RetriableException(
            "cannot publish the outcome of task "
                + task.taskId()
                + ": "
                + e.getCause().getMessage(),
            e.getCause());
      }
    }
  }
}
