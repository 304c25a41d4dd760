package io.spate.coordinator.submit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.coordinator.testing.TestBroker;
import io.spate.worker.testing.TestDatabase;
import org.junit.jupiter.api.Test;

/**
 * A worker writes a job only into the database it was planned against: a job planned on database
 * {@code a} and taken by a worker whose {@code --db} is database {@code b} fails for good, naming
 * both, and writes nothing anywhere; the worker goes on serving jobs meant for it.
 */
class TargetIdentityIT {

  @Test
  void aWorkerOfAnotherDatabaseRefusesTheJobWritesNothingAndServesTheNextJob() throws Exception {
    String prefix = TestBroker.uniqueTopicPrefix();
    try (TestDatabase a = TestDatabase.withFixtureSchema("single.sql");
        TestDatabase b = TestDatabase.withFixtureSchema("single.sql")) {
      b.execute("INSERT INTO big_t (c_int) VALUES (1)");
      try (SpateProcess worker =
          SpateProcess.start(
              "worker",
              "--bootstrap",
              TestBroker.shared().bootstrapServers(),
              "--topic-prefix",
              prefix,
              "--db",
              b.jdbcUrl(),
              "--user",
              b.user(),
              "--threads",
              "1",
              "--task-partitions",
              "2")) {
        String workerId = worker.workerId();

        Fills.Run wrong = submit(a, prefix, "--default-rows", "1000");

        assertNotEquals(0, wrong.exitCode(), wrong.out());
        assertTrue(
            wrong.err().contains("task big_t[0,1000)")
                && wrong
                    .err()
                    .contains(
                        "refusing to write: the job was planned against database \""
                            + a.name()
                            + "\"")
                && wrong
                    .err()
                    .contains(
                        "but target \"default\" of worker "
                            + workerId
                            + " is database \""
                            + b.name()
                            + "\""),
            wrong.err());
        assertEquals(1L, b.queryLong("SELECT count(*) FROM big_t"), "b keeps its one row");
        assertEquals(0L, a.queryLong("SELECT count(*) FROM big_t"), "a got nothing");
        assertEquals(0L, b.queryLong("SELECT count(*) FROM spate.ledger"), "b recorded no task");
        assertTrue(worker.alive(), worker.output());

        Fills.Run right = submit(b, prefix, "--default-rows", "1000", "--truncate");

        assertEquals(0, right.exitCode(), right.err());
        assertEquals(1000L, b.queryLong("SELECT count(*) FROM big_t"));
        assertEquals(0L, a.queryLong("SELECT count(*) FROM big_t"));
      }
    }
  }

  private static Fills.Run submit(TestDatabase db, String prefix, String... extra) {
    String[] common = {
      "submit",
      "--bootstrap",
      TestBroker.shared().bootstrapServers(),
      "--topic-prefix",
      prefix,
      "--task-partitions",
      "2",
      "--db",
      db.jdbcUrl(),
      "--user",
      db.user()
    };
    String[] args = new String[common.length + extra.length];
    System.arraycopy(common, 0, args, 0, common.length);
    System.arraycopy(extra, 0, args, common.length, extra.length);
    return Fills.cli(args);
  }
}
