package io.spate.coordinator.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.core.job.JobTracker;
import io.spate.core.job.Retries;
import io.spate.core.plan.FillSettings;
import io.spate.core.plan.Planner;
import io.spate.core.plan.TpccSchema;
import io.spate.core.progress.FillProgress;
import io.spate.protocol.message.EventMessage;
import io.spate.protocol.message.EventMessage.Type;
import io.spate.protocol.message.JobMessage;
import io.spate.protocol.message.Messages;
import io.spate.protocol.message.TaskState;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.Task;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** What the API shows of a job, from what its follower sees; no broker, no database. */
class ServiceJobTest {

  private final FillPlan plan =
      Planner.plan(
          TpccSchema.schema(),
          FillSettings.of(TpccSchema.config(1, 100, 30, 9), 1L, null, 50L, Map.of()));
  private final FillProgress progress = new FillProgress(plan);
  private final AtomicBoolean cancelled = new AtomicBoolean();
  private final JobTracker tracker = new JobTracker(plan, Retries.DEFAULT);
  private final ServiceJob job =
      new ServiceJob(
          "j1",
          "default",
          plan,
          progress,
          tracker,
          1_000L,
          () -> cancelled.set(true),
          new ServiceMetrics());

  @Test
  void tasksMoveFromPendingThroughQueuedAndRunningToDoneAndWorkersAreCounted() {
    JobView fresh = job.view(true);
    assertEquals(plan.tasks().size(), fresh.tasks().pending());
    assertEquals("RUNNING", fresh.state());

    List<JobTracker.Publication> published = publishDue();
    assertEquals(published.size(), job.view(false).tasks().queued());
    Task first = published.get(0).task();
    report(event(first, Type.STARTED, 0, "worker-a", 1, null), 10_000L);
    assertEquals(1, job.view(false).tasks().running());
    long rows = first.end() - first.start();
    progress.table(first.table()).add(rows);
    report(event(first, Type.SUCCEEDED, rows, "worker-a", 1, null), 12_000L);

    JobView view = job.view(true);
    assertEquals(1, view.tasks().done());
    assertEquals(rows, view.rowsDone());
    assertEquals(1, view.workers().size());
    JobView.WorkerView worker = view.workers().get(0);
    assertEquals("worker-a", worker.id());
    assertEquals(1, worker.tasksDone());
    assertEquals(rows, worker.rowsDone());
    assertEquals("1970-01-01T00:00:12Z", worker.lastHeartbeat());
    JobView.TableView table =
        view.tables().stream()
            .filter(t -> t.name().equals(first.table()))
            .findFirst()
            .orElseThrow();
    assertEquals(rows, table.rowsDone());
    assertEquals(1, table.tasks().done());
  }

  @Test
  void aFailedAttemptIsRetryingAndListedAsAnError() {
    Task task = publishDue().get(0).task();
    report(event(task, Type.FAILED, 0, "worker-b", 1, "connection reset"), 5_000L);
    JobView view = job.view(true);
    assertEquals(1, view.tasks().retrying());
    assertEquals(1, view.errors().size());
    assertEquals("connection reset", view.errors().get(0).message());
    assertTrue(view.errors().get(0).retriable());
  }

  @Test
  void cancellingAsksTheFollowerToStopAndTheJobEndsCancelled() {
    job.cancelling();
    assertTrue(cancelled.get());
    assertEquals("CANCELLING", job.view(false).state());
    job.finish(
        JobMessage.State.CANCELLED,
        "job j1 cancelled with 0 of " + plan.tasks().size() + " tasks done");
    JobView view = job.view(false);
    assertEquals("CANCELLED", view.state());
    assertTrue(view.finished());
    assertEquals(0, job.tasksIn(TaskState.PENDING), "a job that is over counts in no gauge");
  }

  /** What the follower does with the tasks its tracker says are due. */
  private List<JobTracker.Publication> publishDue() {
    List<JobTracker.Publication> due = tracker.due(0);
    due.forEach(p -> job.published(p.taskId(), p.task().table(), p.attempt()));
    return due;
  }

  /** What the follower does with an event: the tracker first, then the observer. */
  private void report(EventMessage e, long timestampMillis) {
    tracker.on(e, timestampMillis * 1_000_000, false);
    job.event(e, timestampMillis, false);
  }

  private static EventMessage event(
      Task t, Type type, long rows, String worker, int attempt, String error) {
    return new EventMessage(
        Messages.VERSION,
        "j1",
        t.id(),
        t.table(),
        type,
        rows,
        100,
        worker,
        attempt,
        error,
        error != null);
  }
}
