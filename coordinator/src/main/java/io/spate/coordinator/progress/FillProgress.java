package io.spate.coordinator.progress;

import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.TablePlan;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Live counters of a fill, written by task threads and read by the display: rows sent per table
 * (counted as buffers reach the server) and each table's first start and last finish.
 */
public final class FillProgress {

  /** One table's counters. Times are {@code System.nanoTime()} values, 0 until set. */
  public static final class TableProgress {
    private final TablePlan plan;
    private final LongAdder rows = new LongAdder();
    private final AtomicLong started = new AtomicLong();
    private final AtomicLong finished = new AtomicLong();

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

    public void markStarted() {
      started.compareAndSet(0, System.nanoTime());
    }

    public void markFinished() {
      finished.set(System.nanoTime());
    }

    public boolean started() {
      return started.get() != 0;
    }

    public boolean finished() {
      return finished.get() != 0;
    }

    /** Seconds from the first task's start to the table's finish (or now). */
    public double seconds() {
      long start = started.get();
      if (start == 0) {
        return 0;
      }
      long end = finished.get() != 0 ? finished.get() : System.nanoTime();
      return (end - start) / 1e9;
    }
  }

  private final Map<String, TableProgress> tables = new LinkedHashMap<>();
  private final long startNanos = System.nanoTime();
  private final long plannedRows;

  public FillProgress(FillPlan plan) {
    for (TablePlan t : plan.tables()) {
      if (t.rows() > 0) {
        tables.put(t.name(), new TableProgress(t));
      }
    }
    this.plannedRows = plan.totalRows();
  }

  public TableProgress table(String name) {
    return tables.get(name);
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

  public double elapsedSeconds() {
    return (System.nanoTime() - startNanos) / 1e9;
  }
}
