package io.spate.coordinator.http;

import java.util.List;

/**
 * A job as the API shows it ({@code GET /jobs/{id}}, each event of {@code /jobs/{id}/events}): rows
 * planned and done, per table and in total, tasks by state, the workers seen and what they did,
 * errors, and total rows/s over time. It names the target, never its URL or credentials. {@code GET
 * /jobs} lists the same views without tables, workers, errors and rate history.
 *
 * @param state RUNNING, CANCELLING, DONE, FAILED or CANCELLED
 * @param elapsedSeconds from submission to now, or to the end once the job is over (for a job done,
 *     its last task's commit), whenever this service started following it
 */
public record JobView(
    String id,
    String target,
    String state,
    String error,
    String submittedAt,
    double elapsedSeconds,
    long rowsPlanned,
    long rowsDone,
    double rowsPerSecond,
    TaskCounts tasks,
    List<TableView> tables,
    List<WorkerView> workers,
    List<ErrorView> errors,
    List<RateSample> rate) {

  /** Whether the job is over: nothing it does will change any more. */
  public boolean finished() {
    return "DONE".equals(state) || "FAILED".equals(state) || "CANCELLED".equals(state);
  }

  /**
   * Tasks by state ({@link io.spate.protocol.message.TaskState}): pending (its table waits for the
   * tables it references), queued (published, no worker has reported on it yet), running, retrying
   * (failed, to be published again; a task that failed for good, which fails the job, counts here
   * too), done.
   */
  public record TaskCounts(
      int pending, int queued, int running, int retrying, int done, int total) {}

  /**
   * @param state waiting, running or done
   */
  public record TableView(
      String name,
      long rowsPlanned,
      long rowsDone,
      double rowsPerSecond,
      double seconds,
      String state,
      TaskCounts tasks) {}

  /**
   * A worker seen in this job's events; its heartbeat is its latest event (a running task reports
   * every second).
   */
  public record WorkerView(
      String id,
      String lastHeartbeat,
      double secondsSinceHeartbeat,
      int tasksRunning,
      int tasksDone,
      long rowsDone,
      double rowsPerSecond) {}

  /** A failed task attempt, as the worker reported it. */
  public record ErrorView(
      String at, String task, String worker, int attempt, boolean retriable, String message) {}

  /**
   * Total rows done at {@code t} seconds after submission, and the rate over the five seconds
   * before.
   */
  public record RateSample(double t, long rows, double rowsPerSecond) {}
}
