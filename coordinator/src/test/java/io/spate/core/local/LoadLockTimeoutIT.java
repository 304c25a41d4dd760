package io.spate.core.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.coordinator.testing.TestMariaDb;
import io.spate.core.config.FillConfig;
import io.spate.core.plan.FillSettings;
import io.spate.core.plan.Plans;
import io.spate.db.mariadb.MariaDbDialect;
import io.spate.db.mariadb.MariaDbIntrospector;
import io.spate.db.postgres.PostgresDialect;
import io.spate.db.postgres.PostgresLedger;
import io.spate.engine.generate.Engine;
import io.spate.engine.run.TaskExecution;
import io.spate.engine.target.DatabaseSink;
import io.spate.engine.target.Outage;
import io.spate.engine.target.SessionSettings;
import io.spate.engine.target.TargetKind;
import io.spate.engine.target.Triggers;
import io.spate.protocol.error.RetriableException;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.schema.Schema;
import io.spate.worker.testing.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * A load waiting on row locks that another transaction never releases (a worker frozen mid-load)
 * gives up after its lock timeout, twice the dead-link time, with a retriable failure and nothing
 * written: on PostgreSQL and on MariaDB.
 */
class LoadLockTimeoutIT {

  @Test
  void aLoadBlockedByAWriterThatNeverEndsFailsRetriablyAtItsLockTimeout() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute("CREATE TABLE t (id int PRIMARY KEY, v text)");
      PGSimpleDataSource target = new PGSimpleDataSource();
      target.setUrl(db.jdbcUrl());
      target.setUser(db.user());
      target.setPassword(db.password());
      PostgresLedger.ensure(target);
      FillPlan plan = Fills.plan(db, FillConfig.EMPTY, Map.of("t", 100L));
      try (Connection frozen = db.connect()) {
        frozen.setAutoCommit(false);
        try (Statement s = frozen.createStatement()) {
          s.execute("INSERT INTO t (id) SELECT generate_series(-100000, 100000)");
        }

        RuntimeException e = loadBlocked(target, PostgresDialect.KIND, plan);

        assertTrue(e.getMessage().contains("lock timeout"), e.getMessage());
        frozen.rollback();
      }
      assertTrue(db.queryLong("SELECT count(*) FROM t") == 0, "nothing written");
    }
  }

  @Test
  void onMariaDbALoadBlockedByAWriterThatNeverEndsFailsRetriablyAtItsLockWaitTimeout()
      throws Exception {
    try (TestMariaDb db = TestMariaDb.create()) {
      db.execute("CREATE TABLE t (id int PRIMARY KEY, v text)");
      DataSource target = db.dataSource();
      MariaDbDialect.KIND.dialect().ledger().ensure(target);
      FillPlan plan;
      try (Connection c = db.connect()) {
        Schema schema =
            MariaDbIntrospector.introspect(c, MariaDbIntrospector.chosenSchemas(c, List.of()));
        plan =
            Plans.checkedPlan(
                schema, FillSettings.of(FillConfig.EMPTY, null, null, null, Map.of("t", 100L)));
      }
      try (Connection frozen = db.connect()) {
        frozen.setAutoCommit(false);
        try (Statement s = frozen.createStatement()) {
          s.execute("INSERT INTO t (id) SELECT CAST(seq AS SIGNED) - 100000 FROM seq_0_to_200000");
        }

        RuntimeException e = loadBlocked(target, MariaDbDialect.KIND, plan);

        assertTrue(e.getMessage().contains("Lock wait timeout exceeded"), e.getMessage());
        frozen.rollback();
      }
      try (Connection c = db.connect();
          Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT count(*) FROM t")) {
        rs.next();
        assertEquals(0, rs.getLong(1), "nothing written");
      }
    }
  }

  /**
   * Runs the plan's first task on {@code target} with {@code --dead-link-seconds 1}, its rows
   * blocked by another transaction's, and returns how it failed: retriably, after about 2 s.
   */
  private static RuntimeException loadBlocked(DataSource target, TargetKind kind, FillPlan plan) {
    TaskExecution execution =
        new TaskExecution(
            new DatabaseSink(
                target, kind.dialect(), Triggers.Mode.ON, new SessionSettings(1), n -> {}),
            Outage.NONE);
    long started = System.nanoTime();

    RuntimeException e =
        assertTimeoutPreemptively(
            Duration.ofSeconds(30),
            () ->
                assertThrows(
                    RuntimeException.class,
                    () ->
                        execution.run(
                            new Engine(plan),
                            new TaskExecution.Assignment(
                                // MariaDB's ledger serves the whole server: a job of its own
                                "job-" + UUID.randomUUID(), plan.tasks().get(0), "w", 2),
                            new TaskExecution.Listener() {})),
            "the load still waits on the locks");

    long waitedMillis = (System.nanoTime() - started) / 1_000_000;
    assertInstanceOf(RetriableException.class, e, e.getMessage());
    assertTrue(waitedMillis >= 1_900 && waitedMillis < 15_000, waitedMillis + " ms");
    return e;
  }
}
