package io.spate.coordinator.submit;

import io.spate.protocol.message.EventMessage;
import io.spate.protocol.message.Messages;
import io.spate.worker.kafka.KafkaSettings;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Follows the events topic from its beginning with one consumer, so a test reacts within
 * milliseconds.
 */
final class EventTail implements AutoCloseable {

  private final KafkaConsumer<String, byte[]> consumer;

  EventTail(KafkaSettings kafka) {
    kafka.ensureTopics();
    consumer =
        new KafkaConsumer<>(
            kafka.consumer(), new StringDeserializer(), new ByteArrayDeserializer());
    List<TopicPartition> partitions =
        consumer.partitionsFor(kafka.topics().events()).stream()
            .map(i -> new TopicPartition(i.topic(), i.partition()))
            .toList();
    consumer.assign(partitions);
    consumer.seekToBeginning(partitions);
  }

  /** The first event matching, waiting up to the timeout. */
  EventMessage await(Predicate<EventMessage> wanted, Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      for (ConsumerRecord<String, byte[]> r : consumer.poll(Duration.ofMillis(10))) {
        EventMessage e = Messages.decodeEvent(r.value());
        if (wanted.test(e)) {
          return e;
        }
      }
    }
    throw new IllegalStateException("no such event within " + timeout);
  }

  @Override
  public void close() {
    consumer.close();
  }
}
