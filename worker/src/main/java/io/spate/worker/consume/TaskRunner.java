package io.spate.worker.consume;

import io.spate.protocol.error.RetriableException;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.message.EventMessage;
import io.spate.protocol.message.EventMessage.Type;
import io.spate.protocol.message.JobMessage;
import io.spate.protocol.message.Messages;
import io.spate.protocol.message.TaskMessage;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.Task;
import io.spate.worker.generate.Engine;
import io.spate.worker.kafka.JobCache;
import io.spate.worker.metrics.WorkerMetrics;
import io.spate.worker.run.TaskExecution;
import io.spate.worker.target.SqlErrors;
import io.spate.worker.target.Targets;
import io.spate.worker.target.Triggers;
import java.time.Duration;
import javax.sql.DataSource;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * Runs one delivered task to its end and reports it: refuses a job whose generation version differs
 * from this engine's, and otherwise runs the task through the exactly-once path ({@link
 * TaskExecution}: skipped when the ledger has it, else its rows and ledger row in one transaction).
 * Whatever happens is published as an event before the caller commits the task's offset.
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

  /** The engine a thread built for the job it served last. */
  private record JobEngine(String jobId, Engine engine) {}

  TaskRunner(
      JobCache jobs,
      Targets targets,
      Producer<String, byte[]> events,
      String eventsTopic,
      String workerId,
      WorkerMetrics metrics) {
    this.metrics = metrics;
    this.jobs = jobs;
    this.targets = targets;
    this.events = events;
    this.eventsTopic = eventsTopic;
    this.workerId = workerId;
  }

  /**
   * Runs the task. Returns normally when the task's outcome is settled and reported (succeeded,
   * skipped or failed); throws {@link InterruptedException} when abandoned, leaving it to be
   * delivered again.
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
      DataSource target = targets.dataSource(job.target());
      TaskExecution.Result result =
          new TaskExecution(target, triggers(job), metrics::bytesSent)
              .run(
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
          e instanceof SpateException ? e.getMessage() : "task " + task.taskId() + " - " + e;
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
      long now = System.nanoTime();
      if (now - lastReport > PROGRESS_EVERY_NANOS) {
        lastReport = now;
        report(task, Type.PROGRESSED, sent, startedNanos, null, false);
      }
    }
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
            retriable);
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
