package io.spate.coordinator.submit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.coordinator.testing.TestBroker;
import io.spate.protocol.message.Messages;
import io.spate.protocol.message.TaskMessage;
import io.spate.protocol.message.Topics;
import io.spate.worker.kafka.KafkaSettings;
import io.spate.worker.testing.Await;
import io.spate.worker.testing.TestDatabase;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/**
 * A worker loads only the tasks of its job's plan: task records of a running job whose range lies
 * past the table's end, off the plan's grid, in a table the plan does not fill, or under an id that
 * names another range are refused as invalid records (logged once, committed past, nothing
 * written), and the job's real tasks then fill the table as a local fill does.
 */
class TasksOutsideThePlanIT {

  private static final int TASK_PARTITIONS = 2;

  @Test
  void aTaskRecordOutsideItsJobsPlanIsRefusedAsInvalidAndWritesNothing() throws Exception {
    String prefix = TestBroker.uniqueTopicPrefix();
    KafkaSettings kafka =
        KafkaSettings.of(
            TestBroker.shared().bootstrapServers(),
            null,
            new Topics("spate.jobs", "spate.tasks", "spate.events", TASK_PARTITIONS)
                .prefixed(prefix));
    try (TestDatabase db = TestDatabase.withFixtureSchemaNamed("svc_", "single.sql")) {
      // planned as big_t[0,1000), [1000,2000), [2000,3000); detached, so no task is published yet
      Fills.Run submit =
          Fills.cli(
              withKafka(
                  prefix,
                  "submit",
                  "--db",
                  db.jdbcUrl(),
                  "--user",
                  db.user(),
                  "--default-rows",
                  "3000",
                  "--task-rows",
                  "1000",
                  "--detach"));
      assertEquals(0, submit.exitCode(), submit.err());
      String jobId = submit.out().strip();

      List<RecordMetadata> forged = new ArrayList<>();
      try (KafkaProducer<String, byte[]> producer =
          new KafkaProducer<>(kafka.client(), new StringSerializer(), new ByteArraySerializer())) {
        forged.add(send(producer, kafka, task(jobId, "big_t[3000,4000)", "big_t", 3000, 4000)));
        forged.add(send(producer, kafka, task(jobId, "big_t[500,1500)", "big_t", 500, 1500)));
        forged.add(send(producer, kafka, task(jobId, "big_t[0,3000)", "big_t", 0, 3000)));
        forged.add(send(producer, kafka, task(jobId, "big_t[0,1000)", "big_t", 2000, 3000)));
        forged.add(send(producer, kafka, task(jobId, "other[0,1000)", "other", 0, 1000)));
      }

      try (SpateProcess worker =
          SpateProcess.start(
              withKafka(
                  prefix,
                  "worker",
                  "--db",
                  db.jdbcUrl(),
                  "--user",
                  db.user(),
                  "--threads",
                  "2",
                  "--http-port",
                  "0"))) {
        awaitCommittedPast(kafka, forged, worker);

        assertEquals(
            0L,
            db.queryLong("SELECT count(*) FROM big_t"),
            "no forged task loaded a row:\n" + worker.output());
        assertEquals(0L, db.queryLong("SELECT count(*) FROM spate.ledger"), "no task recorded");
        String log = worker.output();
        for (RecordMetadata bad : forged) {
          String at = bad.topic() + "-" + bad.partition() + "@" + bad.offset();
          assertEquals(
              1,
              count(
                  log,
                  "skipping the record at "
                      + Pattern.quote(at)
                      + " \\(key [^\\n]+?\\): task message is invalid: "),
              "the worker names " + at + " once as invalid:\n" + log);
        }
        assertTrue(
            log.contains(
                "task big_t[3000,4000) is not one of job "
                    + jobId
                    + "'s tasks (its plan loads big_t [0,3000) in tasks of 1000)"),
            log);
        assertTrue(
            log.contains("task id big_t[0,1000) does not name its range big_t[2000,3000)"), log);
        assertTrue(log.contains("its plan fills no table other"), log);

        Fills.Run follow =
            Fills.cli(
                withKafka(prefix, "coordinator", "--db", db.jdbcUrl(), "--user", db.user(), jobId));

        assertEquals(0, follow.exitCode(), follow.err() + worker.output());
        assertEquals(3L, db.queryLong("SELECT count(*) FROM spate.ledger"), "each task once");
        try (TestDatabase local = TestDatabase.withFixtureSchemaNamed("svc_", "single.sql")) {
          Fills.local(local, "--default-rows", "3000");
          assertEquals(Fills.checksums(local), Fills.checksums(db), "the bytes of a local fill");
        }
        assertTrue(worker.alive(), worker.output());
      }
    }
  }

  private static TaskMessage task(String jobId, String taskId, String table, long start, long end) {
    return new TaskMessage(Messages.VERSION, jobId, taskId, table, start, end, 1);
  }

  private static RecordMetadata send(
      KafkaProducer<String, byte[]> producer, KafkaSettings kafka, TaskMessage task)
      throws Exception {
    return producer
        .send(new ProducerRecord<>(kafka.topics().tasks(), task.taskId(), Messages.encode(task)))
        .get();
  }

  /** Waits until the worker group's committed offsets are past every forged record. */
  private static void awaitCommittedPast(
      KafkaSettings kafka, List<RecordMetadata> records, SpateProcess worker) throws Exception {
    try (Admin admin = Admin.create(kafka.client())) {
      Await.until(
          () -> {
            Map<TopicPartition, OffsetAndMetadata> committed =
                admin
                    .listConsumerGroupOffsets(kafka.workerGroup())
                    .partitionsToOffsetAndMetadata()
                    .get();
            return records.stream()
                .allMatch(
                    r -> {
                      OffsetAndMetadata o =
                          committed.get(new TopicPartition(r.topic(), r.partition()));
                      return o != null && o.offset() > r.offset();
                    });
          },
          Duration.ofSeconds(90),
          "the worker group committed past every forged task record",
          worker::output);
    }
  }

  private static String[] withKafka(String prefix, String command, String... args) {
    List<String> all =
        new ArrayList<>(
            List.of(
                command,
                "--bootstrap",
                TestBroker.shared().bootstrapServers(),
                "--topic-prefix",
                prefix,
                "--task-partitions",
                String.valueOf(TASK_PARTITIONS)));
    all.addAll(List.of(args));
    return all.toArray(String[]::new);
  }

  private static int count(String text, String regex) {
    return (int) Pattern.compile(regex).matcher(text).results().count();
  }
}
