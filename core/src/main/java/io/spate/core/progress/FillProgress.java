package io.spate.core.progress;

import io.spate.protocol.message.JobMessage;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.TablePlan;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Live counters of a fill, written by task threads and read by the display: rows sent per table
 * (counted as buffers reach the server), each table's first start and last finish, and the job's
 * start and end.
 *
 * <p>Times are {@code System.nanoTime()} values of the moments things happened to the job, not when
 * this process heard of them: local mode marks them as they happen; a follower of a distributed job
 * marks them at its events' times ({@link #nanosAt}), from the job's submission, so a coordinator
 * that took the job over mid-way reports the job's times, as the one it replaced would have.
 */
public final class FillProgress {

  /** A time not set yet. */
  private static final long UNSET = Long.MIN_VALUE;

  /** One table's counters. */
  public static final class TableProgress {
    private final TablePlan plan;
    private final LongAdder rows = new LongAdder();
    private final AtomicLong started = new AtomicLong(UNSET);
    private final AtomicLong finished = new AtomicLong(UNSET);

    TableProgress(TablePlan plan) {
      this.plan = plan;
    }

    public TablePlan plan() {
      return plan;
    }

    public long rows() {
      return rows.sum();
    }

    public void add(long n) {
      rows.add(n);
    }

    /** A task of the table started at {@code atNanos}; the earliest start counts. */
    public void markStarted(long atNanos) {
      started.accumulateAndGet(atNanos, (was, at) -> was == UNSET ? at : Math.min(was, at));
    }

    /** The table's last task committed at {@code atNanos}. */
    public void markFinished(long atNanos) {
      finished.set(atNanos);
    }

    public boolean started() {
      return started.get() != UNSET;
    }

    public boolean finished() {
      return finished.get() != UNSET;
    }

    /** Seconds from the first task's start to the table's finish (or now). */
    public double seconds() {
      long start = started.get();
      if (start == UNSET) {
        return 0;
      }
      long end = finished.get() != UNSET ? finished.get() : System.nanoTime();
      return Math.max(0, end - start) / 1e9;
    }
  }

  private final Map<String, TableProgress> tables = new LinkedHashMap<>();
  private final long startNanos;
  private final AtomicLong endNanos = new AtomicLong(UNSET);
  private final long plannedRows;

  /** The progress of a fill that starts now. */
  public FillProgress(FillPlan plan) {
    this(plan, System.nanoTime());
  }

  private FillProgress(FillPlan plan, long startNanos) {
    for (TablePlan t : plan.tables()) {
      if (t.rows() > 0) {
        tables.put(t.name(), new TableProgress(t));
      }
    }
    this.plannedRows = plan.totalRows();
    this.startNanos = startNanos;
  }

  /** The progress of a published job, which started when it was submitted. */
  public static FillProgress ofJob(JobMessage job) {
    return new FillProgress(job.plan(), nanosAt(job.submittedAtMillis()));
  }

  /**
   * The {@code System.nanoTime()} value of a wall-clock instant (an event's Kafka timestamp, a
   * job's submission), so the times of other hosts and of the past compare with this process's.
   */
  public static long nanosAt(long epochMillis) {
    return System.nanoTime() - (System.currentTimeMillis() - epochMillis) * 1_000_000;
  }

  public TableProgress table(String name) {
    return tables.get(name);
  }

  /**
   * The table {@code name} committed its last task at {@code atNanos}. For the leader of a joint
   * group, whose task's rows were counted on its line, the rows of the group's other tables move to
   * theirs, which finish with it. Returns the plans finished: the table's, then its group's others.
   */
  public List<TablePlan> markFinished(String name, long atNanos) {
    TableProgress leader = tables.get(name);
    if (leader == null) {
      return List.of(); // no rows, no line
    }
    leader.markFinished(atNanos);
    List<TablePlan> finished = new ArrayList<>(List.of(leader.plan));
    for (String member : leader.plan.joint()) {
      TableProgress m = tables.get(member);
      if (m != null) {
        leader.add(-m.plan.rows());
        m.add(m.plan.rows());
        m.started.set(leader.started.get());
        m.markFinished(atNanos);
        finished.add(m.plan);
      }
    }
    return finished;
  }

  public List<TableProgress> tables() {
    return List.copyOf(tables.values());
  }

  public long plannedRows() {
    return plannedRows;
  }

  /** Rows inserted so far (a second pass updates rows already counted). */
  public long rows() {
    return tables.values().stream()
        .filter(t -> !t.plan().secondPass())
        .mapToLong(TableProgress::rows)
        .sum();
  }

  /** The job's start, as {@code System.nanoTime()}. */
  public long startNanos() {
    return startNanos;
  }

  /**
   * The job ended at {@code atNanos} (its last row committed, or it stopped); the first end counts.
   */
  public void markEnded(long atNanos) {
    endNanos.compareAndSet(UNSET, atNanos);
  }

  /** Seconds from the job's start to its end, or to now while it has not ended. */
  public double elapsedSeconds() {
    long end = endNanos.get() != UNSET ? endNanos.get() : System.nanoTime();
    return Math.max(0, end - startNanos) / 1e9;
  }
}
