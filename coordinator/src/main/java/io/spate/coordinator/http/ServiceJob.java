package io.spate.coordinator.http;

import io.spate.coordinator.submit.DistributedFill;
import io.spate.core.job.JobTracker;
import io.spate.core.progress.FillProgress;
import io.spate.protocol.message.EventMessage;
import io.spate.protocol.message.JobMessage;
import io.spate.protocol.message.TaskState;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.TablePlan;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One job of the service as the API shows it, built from what its follower ({@link
 * DistributedFill}, on a thread of its own) sees. Rows come from the follower's {@link
 * FillProgress}; task states from the follower's {@link JobTracker}; workers, errors and the rate
 * history from the tasks it publishes and the events it handles.
 *
 * <p>Locking: the follower's thread reports through {@link DistributedFill.Observer}; HTTP handlers
 * and the sampling timer read views. Every field that changes is guarded by {@code this}; the
 * tracker guards itself and is read under {@code this}, never the other way round.
 */
final class ServiceJob implements DistributedFill.Observer {

  private static final int MAX_ERRORS = 100;
  private static final int MAX_SAMPLES = 1_800;

  /**
   * Seconds the rate history averages over. Rows reach the coordinator in steps (a running task
   * reports once a second, a finished one its total), so a per-second difference would saw-tooth.
   */
  private static final int RATE_WINDOW = 5;

  /** A worker as this job saw it. Times are epoch millis. */
  private static final class WorkerStat {
    long firstSeen;
    long lastSeen;
    int tasksDone;
    long rowsDone;
  }

  private final String id;
  private final String target;
  private final FillPlan plan;
  private final FillProgress progress;
  private final long submittedAtMillis;
  private final ServiceMetrics metrics;
  private final Runnable cancel;
  private final JobTracker tracker;

  private final Map<String, String> runningOn = new HashMap<>();
  private final Map<String, WorkerStat> workers = new LinkedHashMap<>();
  private final Deque<JobView.ErrorView> errors = new ArrayDeque<>();
  private final List<JobView.RateSample> rate = new ArrayList<>();
  private boolean cancelling;
  private JobMessage.State endState; // null while the follower runs
  private String error;
  private long endNanos;
  private final Deque<long[]> window =
      new ArrayDeque<>(); // {nanoTime, rows} of the last RATE_WINDOW seconds

  /**
   * @param tracker the follower's fold of the job ({@link DistributedFill#tracker()})
   * @param cancel asks the job's follower to stop ({@link DistributedFill#cancel()})
   */
  ServiceJob(
      String id,
      String target,
      FillPlan plan,
      FillProgress progress,
      JobTracker tracker,
      long submittedAtMillis,
      Runnable cancel,
      ServiceMetrics metrics) {
    this.id = id;
    this.target = target;
    this.plan = plan;
    this.progress = progress;
    this.tracker = tracker;
    this.submittedAtMillis = submittedAtMillis;
    this.cancel = cancel;
    this.metrics = metrics;
  }

  String id() {
    return id;
  }

  long submittedAtMillis() {
    return submittedAtMillis;
  }

  @Override
  public synchronized void published(String taskId, String table, int attempt) {
    metrics.taskPublished(attempt);
  }

  @Override
  public synchronized void event(EventMessage e, long timestampMillis, boolean replaying) {
    if (!replaying) {
      metrics.event(e);
    }
    WorkerStat w =
        workers.computeIfAbsent(
            e.workerId(),
            k -> {
              WorkerStat s = new WorkerStat();
              s.firstSeen = timestampMillis;
              return s;
            });
    w.lastSeen = Math.max(w.lastSeen, timestampMillis);
    switch (e.type()) {
      case STARTED, PROGRESSED -> runningOn.put(e.taskId(), e.workerId());
      case SUCCEEDED -> {
        runningOn.remove(e.taskId());
        w.tasksDone++;
        w.rowsDone += e.rows();
      }
      case FAILED -> {
        runningOn.remove(e.taskId());
        errors.addLast(
            new JobView.ErrorView(
                Instant.ofEpochMilli(timestampMillis).toString(),
                e.taskId(),
                e.workerId(),
                e.attempt(),
                e.retriable(),
                e.error()));
        if (errors.size() > MAX_ERRORS) {
          errors.removeFirst();
        }
      }
    }
  }

  synchronized void cancelling() {
    cancelling = true;
    cancel.run();
  }

  synchronized boolean finished() {
    return endNanos != 0;
  }

  /** The job is over: its follower returned or threw. */
  synchronized void finish(JobMessage.State finalState, String message) {
    sample();
    endState = finalState;
    error = message;
    endNanos = System.nanoTime();
    progress.markEnded(endNanos); // unless the follower marked the job's last commit already
    metrics.jobFinished(finalState.name());
  }

  /**
   * RUNNING or CANCELLING while the follower runs (the tracker may count every task done while the
   * follower still checks foreign keys), then how the follower ended.
   */
  private String state() {
    return endState != null ? endState.name() : cancelling ? "CANCELLING" : "RUNNING";
  }

  /**
   * Records total rows now and the rate over the last few seconds (the sampling timer calls it
   * every second).
   */
  synchronized void sample() {
    if (endNanos != 0) {
      return;
    }
    long now = System.nanoTime();
    long rows = progress.rows();
    window.addLast(new long[] {now, rows});
    while (window.size() > RATE_WINDOW + 1) {
      window.removeFirst();
    }
    long[] first = window.peekFirst();
    double seconds = (now - first[0]) / 1e9;
    rate.add(
        new JobView.RateSample(
            round((now - progress.startNanos()) / 1e9),
            rows,
            seconds > 0 ? round((rows - first[1]) / seconds) : 0));
    if (rate.size() > MAX_SAMPLES) {
      rate.remove(0);
    }
  }

  /**
   * The job as the API shows it; {@code full} adds tables, workers, errors and the rate history.
   */
  synchronized JobView view(boolean full) {
    double elapsed = progress.elapsedSeconds(); // the job's, however long this service followed it
    long rows = progress.rows();
    List<JobView.TableView> tables = new ArrayList<>();
    List<JobView.WorkerView> workerViews = new ArrayList<>();
    if (full) {
      for (TablePlan t : plan.tables()) {
        FillProgress.TableProgress p = progress.table(t.name());
        if (p == null) {
          continue; // a table with no rows to fill
        }
        double seconds = p.seconds();
        String tableState = p.finished() ? "done" : p.started() ? "running" : "waiting";
        tables.add(
            new JobView.TableView(
                t.name(),
                t.rows(),
                p.rows(),
                seconds > 0 ? round(p.rows() / seconds) : 0,
                round(seconds),
                tableState,
                counts(tracker.taskCounts(t.name()))));
      }
      long wallNow = System.currentTimeMillis();
      workers.forEach(
          (workerId, w) -> {
            int running = (int) runningOn.values().stream().filter(workerId::equals).count();
            long inFlight =
                runningOn.entrySet().stream()
                    .filter(e -> e.getValue().equals(workerId))
                    .mapToLong(e -> tracker.rows(e.getKey()))
                    .sum();
            double active = Math.max(1, w.lastSeen - w.firstSeen) / 1000.0;
            workerViews.add(
                new JobView.WorkerView(
                    workerId,
                    Instant.ofEpochMilli(w.lastSeen).toString(),
                    round(Math.max(0, wallNow - w.lastSeen) / 1000.0),
                    running,
                    w.tasksDone,
                    w.rowsDone,
                    round((w.rowsDone + inFlight) / active)));
          });
    }
    return new JobView(
        id,
        target,
        state(),
        error,
        Instant.ofEpochMilli(submittedAtMillis).toString(),
        round(elapsed),
        plan.totalRows(),
        rows,
        elapsed > 0 ? round(rows / elapsed) : 0,
        counts(tracker.taskCounts()),
        tables,
        workerViews,
        full ? List.copyOf(errors) : List.of(),
        full ? List.copyOf(rate) : List.of());
  }

  /** Tasks in the given state, for the gauges. */
  synchronized int tasksIn(TaskState s) {
    return endNanos != 0 ? 0 : tracker.taskCounts().get(s);
  }

  /**
   * The API's counts. It has no column for FAILED: a task that failed for good shows as retrying,
   * as it did before the job's end told it apart (the job's state and errors say the rest).
   */
  private static JobView.TaskCounts counts(Map<TaskState, Integer> c) {
    int total = c.values().stream().mapToInt(Integer::intValue).sum();
    return new JobView.TaskCounts(
        c.get(TaskState.PENDING),
        c.get(TaskState.QUEUED),
        c.get(TaskState.RUNNING),
        c.get(TaskState.RETRYING) + c.get(TaskState.FAILED),
        c.get(TaskState.DONE),
        total);
  }

  private static double round(double d) {
    return Math.round(d * 100) / 100.0;
  }
}
