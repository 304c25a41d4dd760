package io.spate.worker.kafka;

import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * How every reader of Spate's topics words a record it skips: one line naming the topic, partition,
 * offset and key of the record and the problem, so an operator can find the record and see why it
 * was passed over. A skipped record is permanent garbage (redelivery reads the same bytes), so a
 * reader logs it once and moves on; it never stops reading for it.
 */
public final class SkippedRecords {

  private SkippedRecords() {}

  /** {@code skipping the record at spate.tasks-2@66 (key 7f3a): task message is invalid: ...}. */
  public static String describe(ConsumerRecord<String, byte[]> record, String problem) {
    return "skipping the record at "
        + where(record)
        + (record.key() == null ? "" : " (key " + record.key() + ")")
        + ": "
        + problem;
  }

  /** {@code topic-partition@offset}, the way Kafka's tools name a record. */
  public static String where(ConsumerRecord<?, ?> record) {
    return record.topic() + "-" + record.partition() + "@" + record.offset();
  }
}
