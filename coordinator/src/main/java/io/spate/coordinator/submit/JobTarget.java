package io.spate.coordinator.submit;

import io.spate.core.local.LocalFill;
import io.spate.core.local.LocalJob;
import io.spate.core.target.FillCheck;
import io.spate.core.target.ForeignKeys;
import io.spate.core.target.OutputTarget;
import io.spate.core.target.TargetSteps;
import io.spate.engine.target.TableClaims;
import io.spate.engine.target.TargetDialect;
import io.spate.engine.target.TargetKind;
import io.spate.engine.target.TaskLedger;
import io.spate.engine.target.TaskSink;
import io.spate.engine.target.Triggers;
import io.spate.protocol.message.JobMessage;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.plan.Task;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import javax.sql.DataSource;

/**
 * Where a distributed job's rows go, as its follower acts on it: a database, or an output such as a
 * directory of files. The follower claims it for the job, completes each table once full, and at
 * the end checks what it holds against the plan; workers write the rows.
 */
sealed interface JobTarget {

  /**
   * Throws unless this is where the job was planned to go: checked before following and before each
   * step the follower takes on it.
   */
  void requireOwn();

  /** Completes {@code table} once it holds all its rows. */
  void finish(TablePlan table);

  /**
   * Counts {@code table} once it holds all its rows, for {@link #verify}: beside its {@link
   * #finish} and the other tables' loads rather than after the last.
   */
  void count(TablePlan table);

  /**
   * The rows of {@code key}'s table that reference no row of its parent, once both are finished
   * (analyzed): for workers that loaded with the checks off.
   */
  long orphans(ForeignKeys.Key key);

  /**
   * What the tables hold once every task is done, checked against the plan ({@link FillCheck}),
   * taking the tables {@link #count} counted.
   */
  FillCheck.Result verify();

  /** Each task committed so far, by id, with its rows: what the ledger holds. */
  Map<String, Long> committed();

  /** Releases the job's claim: the job is over. */
  void release();

  /** Leaves the job's claim for its next follower: the job goes on without this process. */
  void leave();

  /**
   * A database: the job's tables are claimed in its claims table, completed by their sequences and
   * ANALYZE, and checked by their counts; the job's identity ({@link JobTargetCheck}) must read the
   * same as the database's before each step.
   */
  final class Database implements JobTarget {
    private final JobMessage job;
    private final DataSource dataSource;
    private volatile TargetKind kind;
    private volatile TableClaims.Claim claim;
    private final Map<String, Long> counted = new ConcurrentHashMap<>();

    Database(JobMessage job, DataSource dataSource) {
      this.job = job;
      this.dataSource = dataSource;
    }

    DataSource dataSource() {
      return dataSource;
    }

    /** Holds {@code claim} for the job, released or left at its end. */
    void hold(TableClaims.Claim claim) {
      this.claim = claim;
    }

    /** Claims the job's tables for a follower of a job published before (a takeover). */
    void claim(String holder) {
      hold(
          kind()
              .dialect()
              .claims()
              .claim(
                  dataSource,
                  job.jobId(),
                  LocalFill.planDigest(job.plan()),
                  TableClaims.holder(holder),
                  LocalJob.written(job.plan())));
    }

    private TargetKind kind() {
      TargetKind k = kind;
      if (k == null) {
        k = TargetKind.of(dataSource);
        kind = k;
      }
      return k;
    }

    @Override
    public void requireOwn() {
      JobTargetCheck.require(
          job, dataSource, "target \"" + job.target() + "\" of this coordinator");
    }

    @Override
    public void finish(TablePlan table) {
      TargetSteps.of(kind()).finish(dataSource, table);
    }

    @Override
    public void count(TablePlan table) {
      counted.put(table.name(), FillCheck.count(dataSource, kind().dialect(), table));
    }

    @Override
    public long orphans(ForeignKeys.Key key) {
      TargetDialect dialect = kind().dialect();
      return ForeignKeys.orphans(dataSource, key, dialect::tableName, dialect::quote);
    }

    @Override
    public FillCheck.Result verify() {
      return FillCheck.verify(
          dataSource,
          kind().dialect(),
          job.plan(),
          LocalFill.planDigest(job.plan()),
          job.disableTriggers() ? Triggers.Mode.OFF : Triggers.Mode.ON,
          "job " + job.jobId(),
          counted);
    }

    @Override
    public Map<String, Long> committed() {
      return kind().dialect().ledger().finished(dataSource, job.jobId());
    }

    @Override
    public void release() {
      TableClaims.Claim held = claim;
      if (held != null) {
        held.close();
      }
    }

    @Override
    public void leave() {
      TableClaims.Claim held = claim;
      if (held != null) {
        held.abandon();
      }
    }
  }

  /**
   * An output opened for the job ({@link OutputTarget}): opening it claimed it; a table is
   * completed by its manifest, which counts its rows; a task is committed when its sink's ledger
   * has it (a file under its final name).
   */
  final class Output implements JobTarget {
    private final JobMessage job;
    private final OutputTarget.Opened opened;
    private final TaskSink ledger;
    private final Map<String, Long> counted = new ConcurrentHashMap<>();

    Output(JobMessage job, OutputTarget.Opened opened) {
      this.job = job;
      this.opened = opened;
      this.ledger = opened.sink(bytes -> {});
    }

    @Override
    public void requireOwn() {
      // the output was opened for this job and stays claimed by this process until it ends
    }

    @Override
    public void finish(TablePlan table) {
      counted.put(table.name(), opened.finish(table));
    }

    @Override
    public void count(TablePlan table) {
      // its manifest counted it at the finish
    }

    @Override
    public long orphans(ForeignKeys.Key key) {
      return 0; // files keep no keys: their plans write every reference in the insert
    }

    @Override
    public FillCheck.Result verify() {
      return FillCheck.verify(
          job.plan(), LocalFill.planDigest(job.plan()), counted, "job " + job.jobId());
    }

    @Override
    public Map<String, Long> committed() {
      Map<String, Long> committed = new HashMap<>();
      for (Task task : job.plan().tasks()) {
        Optional<TaskLedger.Finished> done = ledger.finished(job.jobId(), task.id());
        done.ifPresent(d -> committed.put(task.id(), d.rows()));
      }
      return committed;
    }

    @Override
    public void release() {
      opened.close();
    }

    @Override
    public void leave() {
      opened.close(); // the lock is the process's: the next follower opens the output again
    }
  }
}
