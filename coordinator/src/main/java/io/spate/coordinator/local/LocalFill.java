package io.spate.coordinator.local;

import io.spate.coordinator.job.JobTracker;
import io.spate.coordinator.job.Retries;
import io.spate.coordinator.progress.FillProgress;
import io.spate.coordinator.target.ForeignKeys;
import io.spate.coordinator.target.TargetTables;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.message.JobMessage;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.plan.Task;
import io.spate.worker.generate.Engine;
import io.spate.worker.run.CopySink;
import io.spate.worker.target.Triggers;
import java.util.List;
import java.util.concurrent.CompletionService;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;

/**
 * Runs a plan in this JVM: the worker's engine and sink on a pool of {@code threads}, with an
 * in-process queue instead of Kafka. A table's tasks are released as soon as every plan it waits
 * for ({@link TablePlan#after()}: the tables it references) has committed all its tasks (the {@link
 * JobTracker}'s rule, the same as a distributed fill's), so foreign keys stay enforced throughout;
 * tables of the same level and tasks of one table run side by side. The first failing task cancels
 * the rest (their transactions roll back) and is reported; nothing is retried.
 */
public final class LocalFill {

  private final FillPlan plan;
  private final DataSource dataSource;
  private final int threads;
  private final FillProgress progress;
  private final Triggers.Mode triggers;

  public LocalFill(FillPlan plan, DataSource dataSource, int threads, FillProgress progress) {
    this(plan, dataSource, threads, progress, Triggers.Mode.ON);
  }

  /**
   * @param triggers what each load does with the server's triggers ({@link Triggers}); unless they
   *     stay on, every foreign key is validated once all tables are full
   */
  public LocalFill(
      FillPlan plan,
      DataSource dataSource,
      int threads,
      FillProgress progress,
      Triggers.Mode triggers) {
    this.plan = plan;
    this.dataSource = dataSource;
    this.threads = threads;
    this.progress = progress;
    this.triggers = triggers;
  }

  /** Runs every task; returns when all have committed, or throws the first failure. */
  public void run() {
    JobTracker job = new JobTracker(plan, Retries.NONE);
    ThreadLocal<Engine> engines = ThreadLocal.withInitial(() -> new Engine(plan));
    CopySink sink = new CopySink(dataSource, triggers, n -> {});
    ExecutorService pool = Executors.newFixedThreadPool(threads, r -> new Thread(r, "spate-fill"));
    CompletionService<Task> completions = new ExecutorCompletionService<>(pool);
    int running = 0;
    try {
      running += submit(job.due(System.nanoTime()), completions, engines, sink);
      while (running > 0) {
        Task finished = completions.take().get();
        running--;
        if (finished == null) {
          continue; // a table's finishing touches, not a task
        }
        // rows are counted in the progress as they are sent, so the tracker is told none
        JobTracker.Change change =
            job.succeeded(JobTracker.taskId(finished), 0, System.nanoTime()).orElseThrow();
        if (change.tableDone()) {
          progress.table(finished.table()).markFinished();
          TablePlan table = plan.table(finished.table());
          completions.submit(
              () -> {
                TargetTables.finish(dataSource, table);
                return null;
              });
          running++;
          running += submit(job.due(System.nanoTime()), completions, engines, sink);
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
    if (triggers != Triggers.Mode.ON) {
      ForeignKeys.validate(dataSource, plan);
    }
  }

  /** Submits the tasks the tracker released. */
  private int submit(
      List<JobTracker.Publication> released,
      CompletionService<Task> completions,
      ThreadLocal<Engine> engines,
      CopySink sink) {
    for (JobTracker.Publication p : released) {
      Task task = p.task();
      FillProgress.TableProgress tp = progress.table(task.table());
      completions.submit(
          () -> {
            tp.markStarted();
            sink.load(engines.get(), task, tp::add);
            return task;
          });
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
