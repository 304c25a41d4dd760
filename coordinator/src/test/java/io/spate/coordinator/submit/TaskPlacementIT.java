package io.spate.coordinator.submit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.spate.coordinator.Fills;
import io.spate.coordinator.testing.TestBroker;
import io.spate.worker.testing.TestDatabase;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.common.errors.GroupIdNotFoundException;
import org.junit.jupiter.api.Test;

/** Through a real broker and two real workers: a table's tasks are shared evenly between them. */
class TaskPlacementIT {

  @Test
  void twoIdleWorkersEachGetHalfOfATablesTasks() throws Exception {
    String prefix = TestBroker.uniqueTopicPrefix();
    String bootstrap = TestBroker.shared().bootstrapServers();
    try (TestDatabase db = TestDatabase.withSharedSchema("single.sql");
        SpateProcess a = SpateProcess.start(workerArgs(db, bootstrap, prefix));
        SpateProcess b = SpateProcess.start(workerArgs(db, bootstrap, prefix))) {
      awaitMembersHoldingPartitions(bootstrap, prefix + "spate.tasks.workers", 2);

      Fills.Run run =
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
              "--task-partitions",
              "6",
              "--rows",
              "big_t=8000",
              "--task-rows",
              "1000");

      assertEquals(0, run.exitCode(), run.err());
      assertEquals(
          "4,4",
          db.queryString(
              "SELECT string_agg(n::text, ',') FROM"
                  + " (SELECT count(*) AS n FROM spate.ledger GROUP BY worker_id) per_worker"),
          "tasks per worker, from the ledger");
    }
  }

  private static String[] workerArgs(TestDatabase db, String bootstrap, String prefix) {
    return new String[] {
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
      "--task-partitions",
      "6"
    };
  }

  /** Waits (up to 60 s) until the group is stable with {@code n} members that hold partitions. */
  private static void awaitMembersHoldingPartitions(String bootstrap, String group, int n)
      throws Exception {
    Properties p = new Properties();
    p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    try (Admin admin = Admin.create(p)) {
      long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
      while (true) {
        long holding = 0;
        try {
          Map<String, ConsumerGroupDescription> groups =
              admin.describeConsumerGroups(List.of(group)).all().get(10, TimeUnit.SECONDS);
          holding =
              groups.get(group).members().stream()
                  .filter(m -> !m.assignment().topicPartitions().isEmpty())
                  .count();
        } catch (ExecutionException e) {
          if (!(e.getCause() instanceof GroupIdNotFoundException)) {
            throw e;
          }
        }
        if (holding == n) {
          return;
        }
        if (System.nanoTime() > deadline) {
          throw new AssertionError(group + " has " + holding + " members holding partitions");
        }
        TimeUnit.MILLISECONDS.sleep(200);
      }
    }
  }
}
