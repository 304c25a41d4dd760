package io.spate.core.job;

import io.spate.protocol.message.EventMessage;
import io.spate.protocol.message.JobMessage;
import io.spate.protocol.message.TaskState;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.plan.Task;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * A job's lifecycle as one fold: the plan and the retry limits, then every event of its tasks
 * (started, progressed, succeeded, failed, a cancellation, and the time now), answer each task's
 * {@link TaskState}, which tables are released, which tasks to publish (again) and the job's {@link
 * JobMessage.State}. It does no I/O and reads no clock: times are {@code System.nanoTime()}-like
 * numbers its caller passes in.
 *
 * <p>The rules, each written here once:
 *
 * <ul>
 *   <li><b>Release.</b> A table is released once every table it waits for ({@link
 *       TablePlan#after()}) is done; its tasks not yet done are then published. A table is done
 *       once every task of it has committed (a table with no task: the moment it is released). The
 *       job is DONE when every table is.
 *   <li><b>Retry.</b> A failed attempt that may pass is published again after {@code firstBackoff
 *       << min(attempt - 1, 10)}; a permanent failure, or a retriable one of the last allowed
 *       attempt, fails the task and the job.
 *   <li><b>Stall.</b> A running task (a worker reported on it) not heard of for longer than the
 *       stall timeout is published again with its attempt number raised; a queued task is the
 *       queue's to deliver, and is left alone.
 *   <li><b>Cancel.</b> A cancelled job publishes nothing more; a task a worker is running commits
 *       whole or rolls back whole, and still folds in. Such a task may commit while it is heard of
 *       within the stall timeout (the default one when stall detection is off); the cancel's report
 *       waits for those ({@link #anyRunning}) and no longer.
 *   <li><b>Replay.</b> An event marked {@code replaying} is history (a restarted coordinator reads
 *       the job's events from the start): a failure there counts as an attempt but schedules
 *       nothing; the task is published when its table is released.
 * </ul>
 *
 * <p>Events of a task already DONE or FAILED, or of a task the plan does not have, change nothing.
 * Locking: every method holds {@code this}, so one thread may feed the fold while others read it.
 */
public final class JobTracker {

  /** A task to publish now, with the attempt number to publish it under. */
  public record Publication(Task task, String taskId, int attempt) {}

  /**
   * What one event changed.
   *
   * @param rowsDelta how the task's reported rows moved (negative when a failed attempt's rows
   *     rolled back)
   * @param tableDone this event committed the last task of {@code table}
   */
  public record Change(
      String taskId, String table, TaskState state, long rowsDelta, boolean tableDone) {}

  /**
   * The job in numbers.
   *
   * @param rowsDone rows of the tasks done
   * @param rowsReported rows of every task as its latest event reports them (running ones too)
   */
  public record Summary(
      JobMessage.State state,
      String error,
      int tasksDone,
      int tasksTotal,
      long rowsDone,
      long rowsReported) {}

  /** One task's place in the fold. */
  private static final class Entry {
    final Task task;
    final String id;

    /** The task's place in the plan: the order publications keep within a table. */
    final int index;

    TaskState state = TaskState.PENDING;

    /** The attempt of its latest publication, or of its next one while PENDING or RETRYING. */
    int attempt = 1;

    long rows;
    long heardAt;
    long retryAt;

    Entry(Task task, int index) {
      this.task = task;
      this.id = task.id();
      this.index = index;
    }
  }

  private static final long ROWS_UNCHANGED = -1;

  private final FillPlan plan;
  private final Retries retries;
  private final Map<String, Entry> tasks = new LinkedHashMap<>();
  private final Map<String, List<Entry>> tasksByTable = new LinkedHashMap<>();

  /** Per table, its tasks not DONE: a table is done when this reaches 0. */
  private final Map<String, Integer> openByTable = new HashMap<>();

  /**
   * The RUNNING and RETRYING tasks, the only ones {@link #due} may publish again: so its cost, and
   * an event's, grows with the workers and the failures, not with the job's tasks.
   */
  private final Set<Entry> watched = new HashSet<>();

  /** The tables released so far, each with its place in the release order. */
  private final Map<String, Integer> released = new LinkedHashMap<>();

  private final Set<String> doneTables = new HashSet<>();
  private JobMessage.State state = JobMessage.State.RUNNING;
  private String error;

  public JobTracker(FillPlan plan, Retries retries) {
    this.plan = plan;
    this.retries = retries;
    for (TablePlan t : plan.tables()) {
      tasksByTable.put(t.name(), new ArrayList<>());
    }
    for (Task t : plan.tasks()) {
      Entry e = new Entry(t, tasks.size());
      tasks.put(e.id, e);
      tasksByTable.computeIfAbsent(t.table(), n -> new ArrayList<>()).add(e);
    }
    tasksByTable.forEach((table, entries) -> openByTable.put(table, entries.size()));
  }

  // ---- events in ----

  /** A worker's event, dispatched to the matching method below. */
  public synchronized Optional<Change> on(EventMessage e, long nowNanos, boolean replaying) {
    return switch (e.type()) {
      case STARTED -> started(e.taskId(), nowNanos);
      case PROGRESSED -> progressed(e.taskId(), e.rows(), nowNanos);
      case SUCCEEDED -> succeeded(e.taskId(), e.rows(), nowNanos);
      case FAILED ->
          failed(
              e.taskId(),
              e.attempt(),
              e.retriable(),
              "on worker " + e.workerId() + ": " + e.error(),
              nowNanos,
              replaying);
    };
  }

  /** A worker took the task. */
  public synchronized Optional<Change> started(String taskId, long nowNanos) {
    return running(taskId, ROWS_UNCHANGED, nowNanos);
  }

  /** A worker reports the rows the running attempt has written so far. */
  public synchronized Optional<Change> progressed(String taskId, long rows, long nowNanos) {
    return running(taskId, rows, nowNanos);
  }

  /** The task's rows are committed. */
  public synchronized Optional<Change> succeeded(String taskId, long rows, long nowNanos) {
    Entry e = open(taskId);
    if (e == null) {
      return Optional.empty();
    }
    e.heardAt = nowNanos;
    long delta = setRows(e, rows);
    setState(e, TaskState.DONE);
    String table = e.task.table();
    boolean tableDone = openByTable.get(table) == 0 && doneTables.add(table);
    settle();
    return Optional.of(new Change(e.id, table, e.state, delta, tableDone));
  }

  /**
   * An attempt of the task failed and rolled back.
   *
   * @param attempt the attempt that failed, as the worker names it
   * @param retriable whether another attempt may pass
   * @param cause how and where it failed, for the job's error ("on worker w1: ...")
   * @param replaying the failure is history: it counts as an attempt but schedules nothing
   */
  public synchronized Optional<Change> failed(
      String taskId,
      int attempt,
      boolean retriable,
      String cause,
      long nowNanos,
      boolean replaying) {
    Entry e = open(taskId);
    if (e == null) {
      return Optional.empty();
    }
    e.heardAt = nowNanos;
    long delta = setRows(e, 0);
    if (replaying) {
      e.attempt = Math.max(e.attempt, attempt + 1);
      setState(e, TaskState.RETRYING);
      e.retryAt = nowNanos; // at once if its table is released; else its release publishes it
    } else {
      int tried = Math.max(e.attempt, attempt);
      if (!retriable || tried >= retries.maxAttempts()) {
        setState(e, TaskState.FAILED);
        fail(
            "task "
                + e.id
                + " ("
                + (e.task.end() - e.task.start())
                + " rows) failed"
                + (retriable ? " after " + tried + " attempts" : "")
                + " "
                + cause);
      } else {
        e.attempt = tried + 1;
        setState(e, TaskState.RETRYING);
        e.retryAt = nowNanos + retries.backoffNanos(tried);
      }
    }
    return Optional.of(new Change(e.id, e.task.table(), e.state, delta, false));
  }

  /** The job is cancelled: nothing more is published. No effect on a job that is over. */
  public synchronized void cancel() {
    if (state == JobMessage.State.RUNNING) {
      state = JobMessage.State.CANCELLED;
    }
  }

  /**
   * The time is now: releases every table that is ready, and answers the tasks to publish, in this
   * order: the open tasks of the tables released now (in plan order), the retries whose backoff is
   * over, the stalled tasks. Each is recorded as published (QUEUED, heard of now); the caller
   * publishes them all. Nothing while the job is not RUNNING.
   */
  public synchronized List<Publication> due(long nowNanos) {
    List<Publication> out = new ArrayList<>();
    if (state != JobMessage.State.RUNNING) {
      return out;
    }
    for (List<String> ready = ready(); !ready.isEmpty(); ready = ready()) {
      for (String table : ready) {
        released.put(table, released.size());
        List<Entry> open =
            tasksByTable.get(table).stream().filter(e -> e.state != TaskState.DONE).toList();
        if (open.isEmpty()) {
          doneTables.add(table); // a table with no task, or one done in replayed history
        }
        open.forEach(e -> publish(e, nowNanos, out));
      }
    }
    long stall = retries.stallTimeout().toNanos();
    List<Entry> again =
        watched.stream()
            .filter(e -> released.containsKey(e.task.table()))
            .sorted(
                Comparator.<Entry>comparingInt(e -> released.get(e.task.table()))
                    .thenComparingInt(e -> e.index))
            .toList();
    for (Entry e : again) {
      if (e.state == TaskState.RETRYING && e.retryAt - nowNanos <= 0) {
        publish(e, nowNanos, out);
      } else if (e.state == TaskState.RUNNING && stall > 0 && nowNanos - e.heardAt > stall) {
        e.attempt++;
        publish(e, nowNanos, out);
      }
    }
    settle();
    return out;
  }

  // ---- answers out ----

  /**
   * Whether a task may still commit: one RUNNING that was heard of within the stall timeout (the
   * default's when stall detection is off, so a cancel's report never waits for ever).
   */
  public synchronized boolean anyRunning(long nowNanos) {
    long alive =
        (retries.stallTimeout().isZero() ? Retries.DEFAULT.stallTimeout() : retries.stallTimeout())
            .toNanos();
    return watched.stream()
        .anyMatch(e -> e.state == TaskState.RUNNING && nowNanos - e.heardAt <= alive);
  }

  /** The tables not released yet whose referenced tables are all done, in plan order. */
  public synchronized List<String> ready() {
    return plan.tables().stream()
        .filter(t -> !released.containsKey(t.name()) && doneTables.containsAll(t.after()))
        .map(TablePlan::name)
        .toList();
  }

  /** The tables released so far, in the order they were. */
  public synchronized List<String> released() {
    return List.copyOf(released.keySet());
  }

  /** The tables not done yet, in plan order. */
  public synchronized List<String> tablesNotDone() {
    return plan.tables().stream()
        .map(TablePlan::name)
        .filter(n -> !doneTables.contains(n))
        .toList();
  }

  public synchronized JobMessage.State jobState() {
    return state;
  }

  /** Why the job failed; null unless it did. */
  public synchronized String error() {
    return error;
  }

  public synchronized TaskState taskState(String taskId) {
    return entry(taskId).state;
  }

  /** The attempt of the task's latest publication (of its next one while it waits for it). */
  public synchronized int attempt(String taskId) {
    return entry(taskId).attempt;
  }

  /** When a task waiting for a retry is due; empty unless it is RETRYING. */
  public synchronized OptionalLong retryAt(String taskId) {
    Entry e = entry(taskId);
    return e.state == TaskState.RETRYING ? OptionalLong.of(e.retryAt) : OptionalLong.empty();
  }

  /** Rows of the task as its latest event reports them (0 after a failed attempt). */
  public synchronized long rows(String taskId) {
    return entry(taskId).rows;
  }

  /** Tasks by state, every state present. */
  public synchronized Map<TaskState, Integer> taskCounts() {
    return counts(tasks.values());
  }

  /** A table's tasks by state, every state present. */
  public synchronized Map<TaskState, Integer> taskCounts(String table) {
    return counts(tasksByTable.getOrDefault(table, List.of()));
  }

  public synchronized Summary summary() {
    int done = 0;
    long rowsDone = 0;
    long rowsReported = 0;
    for (Entry e : tasks.values()) {
      rowsReported += e.rows;
      if (e.state == TaskState.DONE) {
        done++;
        rowsDone += e.rows;
      }
    }
    return new Summary(state, error, done, tasks.size(), rowsDone, rowsReported);
  }

  // ---- the fold's own steps ----

  private Optional<Change> running(String taskId, long rows, long nowNanos) {
    Entry e = open(taskId);
    if (e == null) {
      return Optional.empty();
    }
    e.heardAt = nowNanos;
    long delta = rows == ROWS_UNCHANGED ? 0 : setRows(e, rows);
    if (e.state != TaskState.RETRYING) { // an old attempt's late word does not cancel the retry
      setState(e, TaskState.RUNNING);
    }
    return Optional.of(new Change(e.id, e.task.table(), e.state, delta, false));
  }

  /** The task if it is the plan's and not over; null otherwise. */
  private Entry open(String taskId) {
    Entry e = tasks.get(taskId);
    return e == null || e.state.isFinal() ? null : e;
  }

  private Entry entry(String taskId) {
    Entry e = tasks.get(taskId);
    if (e == null) {
      throw new IllegalArgumentException(
          "no task " + taskId + " in the plan (" + tasks.size() + " tasks)");
    }
    return e;
  }

  private static long setRows(Entry e, long rows) {
    long delta = rows - e.rows;
    e.rows = rows;
    return delta;
  }

  private void publish(Entry e, long nowNanos, List<Publication> out) {
    setState(e, TaskState.QUEUED);
    e.heardAt = nowNanos;
    out.add(new Publication(e.task, e.id, e.attempt));
  }

  /** Every change of a task's state goes through here, which keeps the indexes above in step. */
  private void setState(Entry e, TaskState next) {
    if (next == TaskState.DONE && e.state != TaskState.DONE) {
      openByTable.merge(e.task.table(), -1, Integer::sum);
    }
    if (next == TaskState.RUNNING || next == TaskState.RETRYING) {
      watched.add(e);
    } else {
      watched.remove(e);
    }
    e.state = next;
  }

  private void fail(String message) {
    if (state == JobMessage.State.RUNNING) {
      state = JobMessage.State.FAILED;
      error = message;
    }
  }

  private void settle() {
    if (state == JobMessage.State.RUNNING && doneTables.size() == tasksByTable.size()) {
      state = JobMessage.State.DONE;
    }
  }

  private static Map<TaskState, Integer> counts(Iterable<Entry> entries) {
    Map<TaskState, Integer> c = new EnumMap<>(TaskState.class);
    for (TaskState s : TaskState.values()) {
      c.put(s, 0);
    }
    entries.forEach(e -> c.merge(e.state, 1, Integer::sum));
    return c;
  }
}
