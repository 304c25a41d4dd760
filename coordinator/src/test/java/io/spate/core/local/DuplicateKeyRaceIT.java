package io.spate.core.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.core.config.FillConfig;
import io.spate.db.postgres.PostgresDialect;
import io.spate.db.postgres.PostgresLedger;
import io.spate.engine.generate.Engine;
import io.spate.engine.run.TaskExecution;
import io.spate.protocol.error.RetriableException;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.Task;
import io.spate.worker.testing.Await;
import io.spate.worker.testing.TestDatabase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * A task's execution that waits on row locks held by another writer of the same keys, which then
 * commits: the duplicate key it meets is never a permanent failure on its own. When the other
 * writer was an execution of the same task (its ledger row committed with the rows), this one is
 * skipped; otherwise it may pass on another attempt.
 */
class DuplicateKeyRaceIT {

  private static final String JOB = "race-job";

  private TestDatabase db;
  private PGSimpleDataSource target;
  private FillPlan plan;
  private Task task;

  @BeforeEach
  void tableWithAPrimaryKey() throws Exception {
    db = TestDatabase.create();
    db.execute("CREATE TABLE t (id int PRIMARY KEY, v text)");
    target = new PGSimpleDataSource();
    target.setUrl(db.jdbcUrl());
    target.setUser(db.user());
    target.setPassword(db.password());
    PostgresLedger.ensure(target);
    plan = Fills.plan(db, FillConfig.EMPTY, Map.of("t", 100L));
    task = plan.tasks().get(0);
  }

  @AfterEach
  void drop() {
    db.close();
  }

  @Test
  void aDuplicateKeyFromAnotherExecutionOfTheTaskThatCommittedSkipsIt() throws Exception {
    TaskExecution.Result result = raceAgainstWriterThat(true).get();
    assertEquals(new TaskExecution.Result(TaskExecution.Outcome.SKIPPED, 100), result);
    assertEquals(1, db.queryLong("SELECT count(*) FROM spate.ledger"));
  }

  @Test
  void aDuplicateKeyTheLedgerCannotExplainMayPassOnAnotherAttempt() throws Exception {
    ExecutionException e =
        assertThrows(ExecutionException.class, () -> raceAgainstWriterThat(false).get());
    RetriableException retriable = assertInstanceOf(RetriableException.class, e.getCause());
    assertTrue(
        retriable.getMessage().contains("the ledger holds no row for the task"),
        retriable.getMessage());
    assertEquals(0, db.queryLong("SELECT count(*) FROM spate.ledger"));
  }

  /**
   * Another writer inserts every key the task could write (and, if {@code withLedgerRow}, the
   * task's ledger row) without committing; the task's execution starts and blocks on those keys;
   * then the writer commits.
   */
  private CompletableFuture<TaskExecution.Result> raceAgainstWriterThat(boolean withLedgerRow)
      throws Exception {
    try (Connection other = db.connect()) {
      other.setAutoCommit(false);
      try (Statement s = other.createStatement()) {
        s.execute("INSERT INTO t (id) SELECT generate_series(-100000, 100000)");
      }
      if (withLedgerRow) {
        try (PreparedStatement s =
            other.prepareStatement(
                "INSERT INTO spate.ledger (job_id, task_id, worker_id, attempt, rows)"
                    + " VALUES (?, ?, 'other', 1, 100)")) {
          s.setString(1, JOB);
          s.setString(2, task.id());
          s.executeUpdate();
        }
      }
      TaskExecution execution = Fills.taskExecution(target, PostgresDialect.KIND.dialect());
      CompletableFuture<TaskExecution.Result> run =
          CompletableFuture.supplyAsync(
              () ->
                  execution.run(
                      new Engine(plan),
                      new TaskExecution.Assignment(JOB, task, "w", 2),
                      new TaskExecution.Listener() {}));
      Await.until(
          () ->
              run.isDone()
                  || db.queryLong(
                          "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                              + " AND wait_event_type = 'Lock'")
                      > 0,
          Duration.ofSeconds(30),
          "the task's COPY to wait on the other writer's keys");
      other.commit();
      return run;
    }
  }
}
