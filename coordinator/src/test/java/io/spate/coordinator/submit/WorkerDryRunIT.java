package io.spate.coordinator.submit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.coordinator.testing.TestBroker;
import io.spate.protocol.message.JobMessage;
import io.spate.protocol.message.Messages;
import io.spate.worker.kafka.KafkaSettings;
import io.spate.worker.testing.Await;
import io.spate.worker.testing.TestDatabase;
import java.time.Duration;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

/**
 * {@code spate worker --dry-run} through a real broker: the job finishes with every row reported
 * generated, and the worker writes nothing (no row, no ledger row).
 */
class WorkerDryRunIT {

  @Test
  void aDryRunWorkerFinishesTheJobWritingNoRowAndNoLedgerRow() throws Exception {
    String prefix = TestBroker.uniqueTopicPrefix();
    try (TestDatabase db = TestDatabase.withFixtureSchema("single.sql")) {
      Fills.Run run;
      try (SpateProcess worker =
          SpateProcess.start(
              SharedBrokerRuns.worker(prefix, db.jdbcUrl(), db.user(), "--dry-run"))) {
        run =
            SharedBrokerRuns.submit(
                prefix, db.jdbcUrl(), db.user(), "--rows", "big_t=5000", "--task-rows", "1000");
      }
      assertEquals(0, run.exitCode(), run.err());
      assertTrue(run.out().contains("filled 5000 rows"), run.out());
      assertEquals(0, db.queryLong("SELECT count(*) FROM big_t"), "big_t stays empty");
      assertEquals(0, db.queryLong("SELECT count(*) FROM spate.ledger"), "no ledger row");
    }
  }

  /**
   * A job of 40,000 tasks, more than a record listing each task could hold (about 22,000 fit in
   * Kafka's 1 MiB): submit publishes it as a small record and its tasks, and a dry-run worker takes
   * them. Cancelled then, since one worker would take minutes over so many tasks.
   */
  @Test
  void aJobOfFortyThousandTasksIsPublishedAndConsumed() throws Exception {
    String prefix = TestBroker.uniqueTopicPrefix();
    KafkaSettings kafka = SharedBrokerRuns.kafka(prefix);
    try (TestDatabase db = TestDatabase.withFixtureSchema("single.sql");
        SpateProcess submit =
            SpateProcess.start(
                SharedBrokerRuns.submitArgs(
                    prefix, db.jdbcUrl(), db.user(), "--rows", "big_t=40000", "--task-rows", "1"));
        SpateProcess worker =
            SpateProcess.start(
                SharedBrokerRuns.worker(prefix, db.jdbcUrl(), db.user(), "--dry-run"))) {
      Await.until(
          () -> !TopicReader.readAll(kafka, kafka.topics().events()).isEmpty(),
          Duration.ofSeconds(90),
          "the worker's first event",
          () -> submit.output() + worker.output());
      List<ConsumerRecord<String, byte[]>> jobs = TopicReader.readAll(kafka, kafka.topics().jobs());
      assertEquals(1, jobs.size(), "one job record");
      byte[] record = jobs.getFirst().value();
      JobMessage job = Messages.decodeJob(record);
      assertEquals(40_000, job.plan().tasks().size());
      assertEquals(1, job.plan().taskRuns().size(), "one run for the one table");
      // listed, the tasks alone would take 46-47 bytes each: 1.8 MB; the plan's value pools ~40 kB
      assertTrue(record.length < 100_000, record.length + " bytes");
    }
  }
}
