package io.spate.coordinator.submit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.coordinator.testing.TestBroker;
import io.spate.worker.testing.TestDatabase;
import org.junit.jupiter.api.Test;

/**
 * {@code spate worker --dry-run} through a real broker: the job finishes with every row reported
 * generated, and the worker writes nothing (no row, no ledger row).
 */
class WorkerDryRunIT {

  @Test
  void aDryRunWorkerFinishesTheJobWritingNoRowAndNoLedgerRow() throws Exception {
    String prefix = TestBroker.uniqueTopicPrefix();
    String bootstrap = TestBroker.shared().bootstrapServers();
    try (TestDatabase db = TestDatabase.withFixtureSchema("single.sql")) {
      Fills.Run run;
      try (SpateProcess worker =
          SpateProcess.start(
              "worker",
              "--bootstrap",
              bootstrap,
              "--topic-prefix",
              prefix,
              "--db",
              db.jdbcUrl(),
              "--user",
              db.user(),
              "--threads",
              "1",
              "--dry-run")) {
        run =
            Fills.cli(
                "submit",
                "--bootstrap",
                bootstrap,
                "--topic-prefix",
                prefix,
                "--db",
                db.jdbcUrl(),
                "--user",
                db.user(),
                "--rows",
                "big_t=5000",
                "--task-rows",
                "1000");
      }
      assertEquals(0, run.exitCode(), run.err());
      assertTrue(run.out().contains("filled 5000 rows"), run.out());
      assertEquals(0, db.queryLong("SELECT count(*) FROM big_t"), "big_t stays empty");
      assertEquals(0, db.queryLong("SELECT count(*) FROM spate.ledger"), "no ledger row");
    }
  }
}
