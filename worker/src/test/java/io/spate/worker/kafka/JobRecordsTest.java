package io.spate.worker.kafka;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.protocol.message.JobMessage;
import io.spate.protocol.message.Messages;
import io.spate.protocol.plan.FillPlan;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

/** The jobs topic's fold skips what it cannot read and keeps reading. */
class JobRecordsTest {

  private static final String TOPIC = "spate.jobs";

  private long offset;

  private ConsumerRecord<String, byte[]> record(String key, byte[] value) {
    return new ConsumerRecord<>(TOPIC, 0, offset++, key, value);
  }

  private static JobMessage job(String id, JobMessage.State state) {
    FillPlan plan = new FillPlan(FillPlan.GENERATION_VERSION, 1, List.of(), List.of(), List.of());
    return new JobMessage(Messages.VERSION, id, "default", plan, state, null, 1L);
  }

  @Test
  void recordsMissingFieldsOrNotJsonAreSkippedAndLaterJobsAreStillRead() {
    JobRecords records = new JobRecords();

    records.accept(record("bad", "{\"v\":\"4.0\"}".getBytes(UTF_8)));
    records.accept(record(null, "not json".getBytes(UTF_8)));
    records.accept(record("a1", Messages.encode(job("a1", JobMessage.State.RUNNING))));

    assertEquals(List.of("a1"), List.copyOf(records.all().keySet()));
    assertTrue(
        records
            .unreadable("bad")
            .orElseThrow()
            .startsWith("job message is invalid: jobId is missing"),
        records.unreadable("bad").toString());
  }

  @Test
  void aReadableRecordAfterAnUnreadableOneOfTheSameKeyClearsItsProblem() {
    JobRecords records = new JobRecords();

    records.accept(record("a1", "{\"v\":\"4.0\"}".getBytes(UTF_8)));
    records.accept(record("a1", Messages.encode(job("a1", JobMessage.State.DONE))));

    assertEquals(JobMessage.State.DONE, records.job("a1").orElseThrow().state());
    assertTrue(records.unreadable("a1").isEmpty());
  }

  @Test
  void aTombstoneRemovesTheJobAndOneWithoutKeyIsIgnored() {
    JobRecords records = new JobRecords();
    records.accept(record("a1", Messages.encode(job("a1", JobMessage.State.RUNNING))));

    records.accept(record(null, null));
    records.accept(record("a1", null));

    assertTrue(records.all().isEmpty());
  }

  @Test
  void aWaiterWakesWhenTheNextRecordIsTakenNotAtItsTimeout() throws Exception {
    JobRecords records = new JobRecords();
    long seen = records.taken();
    var waiter =
        CompletableFuture.runAsync(
            () -> {
              try {
                records.awaitAfter(seen, 60_000);
              } catch (InterruptedException e) {
                throw new IllegalStateException(e);
              }
            });

    records.accept(record("a1", Messages.encode(job("a1", JobMessage.State.RUNNING))));

    waiter.get(30, TimeUnit.SECONDS); // far sooner than its 60 s
    assertEquals(seen + 1, records.taken());
    assertTrue(records.job("a1").isPresent());
  }

  @Test
  void aWaiterForARecordAlreadyTakenReturnsAtOnce() throws Exception {
    JobRecords records = new JobRecords();
    records.accept(record("a1", Messages.encode(job("a1", JobMessage.State.RUNNING))));

    long before = System.nanoTime();
    records.awaitAfter(0, 60_000);

    assertTrue(System.nanoTime() - before < 30_000_000_000L);
  }
}
