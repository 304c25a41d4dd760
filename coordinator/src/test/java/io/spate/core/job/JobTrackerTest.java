package io.spate.core.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.core.plan.FillSettings;
import io.spate.core.plan.Planner;
import io.spate.core.plan.TpccSchema;
import io.spate.protocol.message.EventMessage;
import io.spate.protocol.message.JobMessage;
import io.spate.protocol.message.Messages;
import io.spate.protocol.message.TaskState;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.Task;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * A job's lifecycle as a fold, on TPC-C, with time as plain numbers (nanoseconds): no broker, no
 * database, no clock.
 */
class JobTrackerTest {

  private static final long SECOND = 1_000_000_000L;

  /** One warehouse, 100 items, 30 customers per district, tasks of at most 50 slots. */
  private static final FillPlan TPCC =
      Planner.plan(
          TpccSchema.schema(),
          FillSettings.of(TpccSchema.config(1, 100, 30, 9), 1L, null, 50L, Map.of()));

  /** Up to five attempts, a first backoff of one second, a stall timeout of a minute. */
  private static final Retries RETRIES =
      new Retries(5, Duration.ofSeconds(1), Duration.ofMinutes(1));

  private final JobTracker tracker = new JobTracker(TPCC, RETRIES);

  // ---- release ----

  @Test
  void tablesAreReleasedLevelByLevelWhenEveryPublishedTaskCommits() {
    List<List<String>> waves = new ArrayList<>();
    long now = 0;
    while (tracker.jobState() == JobMessage.State.RUNNING) {
      List<String> before = tracker.released();
      List<JobTracker.Publication> due = tracker.due(now);
      List<String> released = tracker.released();
      waves.add(released.subList(before.size(), released.size()));
      assertEquals(
          TPCC.tasks().stream().filter(t -> waves.getLast().contains(t.table())).toList(),
          due.stream().map(JobTracker.Publication::task).toList(),
          "a released table's tasks are published, in plan order, each once");
      for (JobTracker.Publication p : due) {
        assertEquals(1, p.attempt());
        tracker.succeeded(p.taskId(), 1, now += SECOND);
      }
    }
    assertEquals(TPCC.levels(), waves, "warehouse and item first, order_line last");
    assertEquals(JobMessage.State.DONE, tracker.jobState());
    assertEquals(List.of(), tracker.tablesNotDone());
  }

  @Test
  void aTableOfManyTasksIsDoneAtItsLastCommitWhateverTheOrder() {
    FillPlan manyItems =
        Planner.plan(
            TpccSchema.schema(),
            FillSettings.of(TpccSchema.config(1, 20_000, 30, 9), 1L, null, 1L, Map.of()));
    JobTracker many = new JobTracker(manyItems, RETRIES);
    List<JobTracker.Publication> items =
        many.due(0).stream().filter(p -> p.task().table().equals("item")).toList();
    assertEquals(20_000, items.size());
    String retried = items.get(7).taskId();
    many.started(retried, 0);
    many.failed(retried, 1, true, "on worker w1: reset", 0, false);
    for (JobTracker.Publication p : items.reversed()) {
      if (p.taskId().equals(retried)) {
        continue;
      }
      assertFalse(many.succeeded(p.taskId(), 1, SECOND).orElseThrow().tableDone());
    }
    assertEquals(
        List.of(retried),
        many.due(2 * SECOND).stream().map(JobTracker.Publication::taskId).toList(),
        "only the task waiting for its retry is published again");
    assertTrue(many.succeeded(retried, 1, 3 * SECOND).orElseThrow().tableDone());
    assertEquals(Map.of(TaskState.DONE, 20_000), nonZero(many.taskCounts("item")));
  }

  @Test
  void retriesAndStallsArePublishedInReleaseOrderThenPlanOrder() {
    List<JobTracker.Publication> first = tracker.due(0);
    List<String> running = first.stream().map(JobTracker.Publication::taskId).toList();
    for (String id : running.reversed()) {
      tracker.started(id, 0);
    }
    tracker.failed(running.get(1), 1, true, "on worker w1: reset", 0, false);
    List<String> again =
        tracker.due(61 * SECOND).stream().map(JobTracker.Publication::taskId).toList();
    assertEquals(running, again, "the retry and the stalled tasks, in the order first published");
  }

  @Test
  void aTableIsReleasedTheMomentItsLastReferencedTableIsDoneAndNotBefore() {
    tracker.due(0);
    assertEquals(List.of("item", "warehouse"), tracker.released());

    assertTrue(completeTable("warehouse"), "the warehouse's last task completes its table");
    assertEquals(List.of("district"), tracker.ready(), "stock also waits for item");
    tracker.due(0);
    completeTable("item");
    assertEquals(List.of("stock"), tracker.ready());
    tracker.due(0);
    completeTable("district");
    tracker.due(0);
    completeTable("customer");
    assertEquals(List.of("history", "orders"), tracker.ready());
    tracker.due(0);
    completeTable("orders");
    assertEquals(
        List.of("new_order"), tracker.ready(), "order_line also waits for the stock of its items");
    tracker.due(0);
    completeTable("stock");
    assertEquals(List.of("order_line"), tracker.ready());
    List<JobTracker.Publication> last = tracker.due(0);
    assertTrue(last.stream().allMatch(p -> p.task().table().equals("order_line")));
    assertEquals(
        List.of(
            "item",
            "warehouse",
            "district",
            "stock",
            "customer",
            "history",
            "orders",
            "new_order",
            "order_line"),
        tracker.released());
    assertEquals(JobMessage.State.RUNNING, tracker.jobState());
    for (String table : List.of("history", "new_order", "order_line")) {
      completeTable(table);
    }
    assertEquals(JobMessage.State.DONE, tracker.jobState());
  }

  // ---- retries ----

  @Test
  void aRetriableFailureIsPublishedAgainAfterABackoffThatDoublesEachAttempt() {
    String id = tracker.due(0).get(0).taskId();
    long failedAt = 10 * SECOND;
    for (int attempt = 1; attempt <= 3; attempt++) {
      tracker.started(id, failedAt - SECOND);
      tracker.failed(id, attempt, true, "on worker w1: connection reset", failedAt, false);
      long backoff = SECOND << (attempt - 1); // 1 s, 2 s, 4 s
      assertEquals(TaskState.RETRYING, tracker.taskState(id));
      assertEquals(OptionalLong.of(failedAt + backoff), tracker.retryAt(id));
      assertEquals(List.of(), tracker.due(failedAt + backoff - 1), "not before its backoff");
      List<JobTracker.Publication> again = tracker.due(failedAt + backoff);
      assertEquals(List.of(id), again.stream().map(JobTracker.Publication::taskId).toList());
      assertEquals(attempt + 1, again.get(0).attempt());
      assertEquals(TaskState.QUEUED, tracker.taskState(id));
      failedAt += backoff + 5 * SECOND;
    }
    assertEquals(JobMessage.State.RUNNING, tracker.jobState());
  }

  @Test
  void theBackoffStopsDoublingAfterTenDoublings() {
    Retries many = new Retries(100, Duration.ofMillis(1), Duration.ofMinutes(1));
    assertEquals(1_000_000L << 10, many.backoffNanos(11));
    assertEquals(1_000_000L << 10, many.backoffNanos(50));
  }

  @Test
  void aPermanentFailureFailsTheTaskAndTheJobAndNothingMoreIsPublished() {
    List<JobTracker.Publication> first = tracker.due(0);
    Task task = first.get(0).task();
    String id = first.get(0).taskId();
    tracker.started(first.get(1).taskId(), SECOND);
    tracker.failed(first.get(1).taskId(), 1, true, "on worker w2: connection reset", SECOND, false);

    tracker.failed(id, 1, false, "on worker w1: duplicate key value", 2 * SECOND, false);

    assertEquals(TaskState.FAILED, tracker.taskState(id));
    assertEquals(JobMessage.State.FAILED, tracker.jobState());
    assertEquals(
        "task "
            + id
            + " ("
            + (task.end() - task.start())
            + " rows) failed on worker w1: duplicate key value",
        tracker.error());
    assertEquals(List.of(), tracker.due(Long.MAX_VALUE / 2), "not even the retry that was due");
    assertTrue(tracker.succeeded(id, 50, 3 * SECOND).isEmpty(), "a failed task stays failed");
  }

  @Test
  void aRetriableFailureOfTheLastAttemptFailsTheJobNamingTheAttempts() {
    JobTracker twice = new JobTracker(TPCC, new Retries(2, Duration.ofSeconds(1), Duration.ZERO));
    String id = twice.due(0).get(0).taskId();
    twice.failed(id, 1, true, "on worker w1: connection reset", SECOND, false);
    assertEquals(2, twice.due(2 * SECOND).get(0).attempt());

    twice.failed(id, 2, true, "on worker w2: connection reset", 3 * SECOND, false);

    assertEquals(TaskState.FAILED, twice.taskState(id));
    assertEquals(JobMessage.State.FAILED, twice.jobState());
    assertTrue(
        twice.error().endsWith("failed after 2 attempts on worker w2: connection reset"),
        twice.error());
  }

  @Test
  void aFailedAttemptTakesBackTheRowsItReported() {
    String id = tracker.due(0).get(0).taskId();
    assertEquals(30, tracker.progressed(id, 30, SECOND).orElseThrow().rowsDelta());
    assertEquals(20, tracker.progressed(id, 50, 2 * SECOND).orElseThrow().rowsDelta());
    assertEquals(
        -50,
        tracker.failed(id, 1, true, "on worker w1: reset", 3, false).orElseThrow().rowsDelta());
    assertEquals(0, tracker.rows(id));
  }

  // ---- stalls ----

  @Test
  void aRunningTaskSilentForLongerThanTheStallTimeoutIsPublishedAgainWithTheNextAttempt() {
    List<JobTracker.Publication> first = tracker.due(0);
    String silent = first.get(0).taskId();
    String chatty = first.get(1).taskId();
    String neverTaken = first.get(2).taskId();
    long minute = 60 * SECOND;
    tracker.started(silent, SECOND);
    tracker.progressed(silent, 10, 2 * SECOND);
    tracker.started(chatty, SECOND);
    tracker.progressed(chatty, 10, minute);

    assertEquals(List.of(), tracker.due(2 * SECOND + minute), "silent exactly the timeout");
    List<JobTracker.Publication> again = tracker.due(2 * SECOND + minute + 1);

    assertEquals(List.of(silent), again.stream().map(JobTracker.Publication::taskId).toList());
    assertEquals(2, again.get(0).attempt());
    assertEquals(TaskState.QUEUED, tracker.taskState(silent));
    assertEquals(TaskState.QUEUED, tracker.taskState(neverTaken), "the queue's to deliver");
    assertEquals(
        List.of(chatty),
        tracker.due(10 * minute).stream().map(JobTracker.Publication::taskId).toList(),
        "only a running task stalls: the queued ones, published again or never taken, do not");
  }

  @Test
  void aTaskWaitingForItsRetryDoesNotStall() {
    String id = tracker.due(0).get(0).taskId();
    tracker.started(id, 0);
    tracker.failed(id, 1, true, "on worker w1: reset", SECOND, false);
    tracker.progressed(id, 5, SECOND + 1); // the failed attempt's late word
    assertEquals(TaskState.RETRYING, tracker.taskState(id));
    List<JobTracker.Publication> due = tracker.due(10 * 60 * SECOND);
    assertEquals(1, due.size(), "published once, for its retry");
    assertEquals(2, due.get(0).attempt());
  }

  @Test
  void zeroStallTimeoutNeverRepublishes() {
    JobTracker local = new JobTracker(TPCC, Retries.NONE);
    String id = local.due(0).get(0).taskId();
    local.started(id, 0);
    assertEquals(List.of(), local.due(Long.MAX_VALUE / 2));
  }

  // ---- cancellation ----

  @Test
  void aCancelledJobPublishesNothingMoreAndItsTasksKeepTheirState() {
    List<JobTracker.Publication> first = tracker.due(0);
    String done = first.get(0).taskId();
    String retrying = first.get(1).taskId();
    tracker.succeeded(done, 1, SECOND);
    tracker.failed(retrying, 1, true, "on worker w1: reset", SECOND, false);

    tracker.cancel();

    assertEquals(JobMessage.State.CANCELLED, tracker.jobState());
    assertEquals(List.of(), tracker.due(60 * SECOND), "the retry that was due is not published");
    assertEquals(TaskState.RETRYING, tracker.taskState(retrying));
    JobTracker.Summary summary = tracker.summary();
    assertEquals(1, summary.tasksDone());
    assertEquals(TPCC.tasks().size(), summary.tasksTotal());
    assertNull(summary.error());
  }

  @Test
  void afterACancelATaskMayStillCommitWhileItsWorkerIsHeardOfWithinTheStallTimeout() {
    List<JobTracker.Publication> first = tracker.due(0);
    String running = first.get(0).taskId();
    String committing = first.get(1).taskId();
    tracker.started(running, SECOND);
    tracker.started(committing, SECOND);
    tracker.cancel();
    assertTrue(tracker.anyRunning(2 * SECOND));
    tracker.succeeded(committing, 50, 2 * SECOND);
    assertEquals(1, tracker.summary().tasksDone(), "a running task's commit still folds in");
    assertTrue(tracker.anyRunning(SECOND + 60 * SECOND), "heard of a minute ago: still alive");
    assertFalse(tracker.anyRunning(SECOND + 61 * SECOND), "silent past the stall timeout: lost");
    tracker.progressed(running, 10, 61 * SECOND);
    assertTrue(tracker.anyRunning(62 * SECOND));
    tracker.failed(running, 1, true, "on worker w1: reset", 62 * SECOND, false);
    assertFalse(tracker.anyRunning(62 * SECOND), "rolled back: nothing left to commit");
  }

  @Test
  void withStallDetectionOffARunningTaskIsGivenUpAfterTheDefaultStallTimeout() {
    JobTracker noStall = new JobTracker(TPCC, new Retries(5, Duration.ofSeconds(1), Duration.ZERO));
    String id = noStall.due(0).get(0).taskId();
    noStall.started(id, 0);
    long stall = Retries.DEFAULT.stallTimeout().toNanos();
    assertTrue(noStall.anyRunning(stall));
    assertFalse(noStall.anyRunning(stall + 1));
  }

  @Test
  void cancellingAJobThatIsOverChangesNothing() {
    String id = tracker.due(0).get(0).taskId();
    tracker.failed(id, 1, false, "on worker w1: syntax error", SECOND, false);
    tracker.cancel();
    assertEquals(JobMessage.State.FAILED, tracker.jobState());
  }

  // ---- replay ----

  @Test
  void replayedHistoryCountsFailuresAsAttemptsButSchedulesNothing() {
    // What a first coordinator saw: warehouse and item done, one stock task failed twice (the
    // second time on the last attempt, which fails no job in history), the other one running.
    long t = 0;
    List<EventMessage> history = new ArrayList<>();
    for (Task task : tasksOf("warehouse", "item")) {
      history.add(event(task, EventMessage.Type.STARTED, 0, 1, null));
      history.add(event(task, EventMessage.Type.SUCCEEDED, task.end() - task.start(), 1, null));
    }
    List<Task> stock = tasksOf("stock");
    Task failing = stock.get(0);
    history.add(event(failing, EventMessage.Type.FAILED, 0, 1, "reset"));
    history.add(event(failing, EventMessage.Type.FAILED, 0, 4, "reset"));
    Task running = stock.get(1);
    history.add(event(running, EventMessage.Type.PROGRESSED, 5, 1, null));

    List<String> tablesDone = new ArrayList<>();
    for (EventMessage e : history) {
      tracker
          .on(e, t += SECOND, true)
          .filter(JobTracker.Change::tableDone)
          .ifPresent(c -> tablesDone.add(c.table()));
    }

    assertEquals(List.of("item", "warehouse"), tablesDone, "in the order their last task did");
    assertEquals(JobMessage.State.RUNNING, tracker.jobState(), "history fails no job");
    assertEquals(List.of(), tracker.released(), "nothing published while replaying");
    assertEquals(5, tracker.attempt(failing.id()));

    List<JobTracker.Publication> due = tracker.due(t);

    assertEquals(List.of("item", "warehouse", "district", "stock"), tracker.released());
    assertEquals(
        tasksOf("district", "stock"),
        due.stream().map(JobTracker.Publication::task).toList(),
        "every unfinished task of a released table, the running one too; none done in history");
    assertEquals(5, attemptOf(due, failing));
    assertEquals(1, attemptOf(due, running));
  }

  @Test
  void eventsOfTasksDoneOrNotInThePlanChangeNothing() {
    String id = tracker.due(0).get(0).taskId();
    tracker.succeeded(id, 7, SECOND);
    assertTrue(tracker.failed(id, 1, false, "on worker w1: late", 2 * SECOND, false).isEmpty());
    assertTrue(tracker.started("nope[0,1)", 2 * SECOND).isEmpty());
    assertEquals(TaskState.DONE, tracker.taskState(id));
    assertEquals(JobMessage.State.RUNNING, tracker.jobState());
    assertEquals(7, tracker.summary().rowsDone());
  }

  @Test
  void taskCountsCoverEveryTaskInEveryState() {
    List<JobTracker.Publication> first = tracker.due(0);
    tracker.started(first.get(0).taskId(), SECOND);
    tracker.succeeded(first.get(1).taskId(), 1, SECOND);
    Map<TaskState, Integer> counts = tracker.taskCounts();
    assertEquals(TPCC.tasks().size(), counts.values().stream().mapToInt(i -> i).sum());
    assertEquals(1, counts.get(TaskState.RUNNING));
    assertEquals(1, counts.get(TaskState.DONE));
    assertEquals(first.size() - 2, counts.get(TaskState.QUEUED));
    assertEquals(0, counts.get(TaskState.FAILED));
    assertFalse(tracker.taskCounts("order_line").get(TaskState.PENDING) == 0);
  }

  // ---- helpers ----

  /** Succeeds every task of a table; returns whether the last one reported the table done. */
  private boolean completeTable(String table) {
    boolean done = false;
    for (Task t : tasksOf(table)) {
      done = tracker.succeeded(t.id(), 1, 0).orElseThrow().tableDone();
    }
    return done;
  }

  /** The plan's tasks of these tables, in plan order. */
  private static List<Task> tasksOf(String... tables) {
    List<String> names = List.of(tables);
    return TPCC.tasks().stream().filter(t -> names.contains(t.table())).toList();
  }

  private static int attemptOf(List<JobTracker.Publication> due, Task task) {
    return due.stream().filter(p -> p.task().equals(task)).findFirst().orElseThrow().attempt();
  }

  private static EventMessage event(
      Task t, EventMessage.Type type, long rows, int attempt, String error) {
    return new EventMessage(
        Messages.VERSION,
        "j1",
        t.id(),
        t.table(),
        type,
        rows,
        100,
        "worker-a",
        attempt,
        error,
        error != null);
  }

  private static Map<TaskState, Integer> nonZero(Map<TaskState, Integer> counts) {
    Map<TaskState, Integer> out = new java.util.EnumMap<>(TaskState.class);
    counts.forEach(
        (state, n) -> {
          if (n > 0) {
            out.put(state, n);
          }
        });
    return out;
  }
}
