package io.spate.coordinator.submit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.spate.coordinator.Fills;
import io.spate.coordinator.testing.TestBroker;
import io.spate.coordinator.testing.TestMariaDb;
import io.spate.db.mariadb.MariaDbFill;
import io.spate.protocol.message.EventMessage;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * MariaDB through a real broker and real worker processes: the tables of a local fill, with two
 * workers, and after a worker killed mid-task.
 */
class MariaDbDistributedIT {

  private static final String SINGLE =
      "CREATE TABLE big_t (id bigint NOT NULL PRIMARY KEY, name varchar(40) NOT NULL,"
          + " amount decimal(10,2) NULL, created datetime(6) NOT NULL)";

  @Test
  void tpccMysqlThroughTwoWorkerProcessesGivesTheLocalTables() throws Exception {
    String prefix = TestBroker.uniqueTopicPrefix();
    String config = Fills.example("tpcc.yaml").toString();
    Map<String, String> local;
    try (TestMariaDb db = TestMariaDb.withSchema(Fills.example("schemas/tpcc-mysql.sql"))) {
      MariaDbFill.local(db, "--config", config);
      local = MariaDbFill.checksums(db);
    }
    try (TestMariaDb db = TestMariaDb.withSchema(Fills.example("schemas/tpcc-mysql.sql"));
        SpateProcess a = SpateProcess.start(SharedBrokerRuns.worker(prefix, db.jdbcUrl(), "root"));
        SpateProcess b =
            SpateProcess.start(SharedBrokerRuns.worker(prefix, db.jdbcUrl(), "root"))) {
      WorkerGroup.awaitMembersHoldingPartitions(SharedBrokerRuns.kafka(prefix), 2);
      Fills.Run run = SharedBrokerRuns.submit(prefix, db.jdbcUrl(), "root", "--config", config);
      assertEquals(0, run.exitCode(), run.err() + run.out());
      assertEquals(local, MariaDbFill.checksums(db), "two workers through Kafka");
      assertEquals(
          true, MariaDbFill.orphans(db).values().stream().allMatch(n -> n == 0), "no orphans");
    }
  }

  @Test
  void aWorkerKilledMidTaskLosesAndDoublesNothing() throws Exception {
    String prefix = TestBroker.uniqueTopicPrefix();
    String[] rows = {"--rows", "big_t=600000", "--task-rows", "60000"};
    Map<String, String> local;
    try (TestMariaDb db = TestMariaDb.create()) {
      db.execute(SINGLE);
      MariaDbFill.local(db, rows);
      local = MariaDbFill.checksums(db);
    }
    try (TestMariaDb db = TestMariaDb.create()) {
      db.execute(SINGLE);
      SpateProcess victim =
          SpateProcess.start(SharedBrokerRuns.worker(prefix, db.jdbcUrl(), "root"));
      String victimId = victim.workerId();
      Fills.Run[] result = new Fills.Run[1];
      Thread submitter =
          new Thread(() -> result[0] = SharedBrokerRuns.submit(prefix, db.jdbcUrl(), "root", rows));
      submitter.start();
      try (EventTail events = new EventTail(SharedBrokerRuns.kafka(prefix))) {
        events.await(
            e -> e.workerId().equals(victimId) && e.type() == EventMessage.Type.STARTED,
            Duration.ofSeconds(90));
        victim.kill();
      } finally {
        victim.kill();
      }
      try (SpateProcess survivor =
          SpateProcess.start(SharedBrokerRuns.worker(prefix, db.jdbcUrl(), "root"))) {
        submitter.join(Duration.ofMinutes(3).toMillis());
        assertEquals(0, result[0].exitCode(), result[0].err());
      }
      assertEquals(local, MariaDbFill.checksums(db), "after a worker killed mid-task");
    }
  }
}
