package io.spate.db.postgres;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.worker.testing.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The ledger's {@code finished_at} is when the task's work was done, not when its transaction began
 * ({@code now()}), in a ledger this version creates and in one an older version created.
 */
class LedgerIT {

  /** How long the task's work takes here: well above the clock's resolution. */
  private static final long WORK_MILLIS = 150;

  @Test
  void finishedAtIsAfterTheWorkOfTheTasksTransaction() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      PGSimpleDataSource target = new PGSimpleDataSource();
      target.setURL(db.jdbcUrl());
      target.setUser(db.user());
      target.setPassword(db.password());
      PostgresLedger.ensure(target);

      assertFinishedAfterTheWork(db);
    }
  }

  @Test
  void aLedgerWhoseDefaultIsNowStillRecordsTheEndOfTheWork() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(
          "CREATE SCHEMA spate; CREATE TABLE spate.ledger (job_id text NOT NULL, task_id text NOT"
              + " NULL, worker_id text NOT NULL, attempt int NOT NULL, rows bigint NOT NULL,"
              + " finished_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (job_id, task_id))");

      assertFinishedAfterTheWork(db);
    }
  }

  private static void assertFinishedAfterTheWork(TestDatabase db) throws SQLException {
    long began;
    try (Connection c = db.connect();
        Statement s = c.createStatement()) {
      c.setAutoCommit(false);
      began = epochMillis(s, "SELECT now()"); // the transaction's start
      s.execute("SELECT pg_sleep(" + WORK_MILLIS / 1000.0 + ")"); // the task's rows
      PostgresLedger.record(c, "job-1", "t[0,10)", "worker-1", 1, 10);
      c.commit();
    }
    long finished;
    try (Connection c = db.connect();
        Statement s = c.createStatement()) {
      finished = epochMillis(s, "SELECT finished_at FROM spate.ledger");
    }
    assertTrue(
        finished - began >= WORK_MILLIS,
        "finished_at "
            + (finished - began)
            + " ms after the transaction began, the work took more");
  }

  private static long epochMillis(Statement s, String query) throws SQLException {
    try (ResultSet rs = s.executeQuery(query)) {
      rs.next();
      return rs.getTimestamp(1).getTime();
    }
  }
}
