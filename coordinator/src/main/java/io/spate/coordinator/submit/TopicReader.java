package io.spate.coordinator.submit;

import io.spate.worker.kafka.KafkaSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/** Reads a whole topic, from the beginning to its end as of the call, without a consumer group. */
final class TopicReader {

  private TopicReader() {}

  static List<ConsumerRecord<String, byte[]>> readAll(KafkaSettings kafka, String topic) {
    Properties p = kafka.consumer();
    p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
    List<ConsumerRecord<String, byte[]>> records = new ArrayList<>();
    try (KafkaConsumer<String, byte[]> c =
        new KafkaConsumer<>(p, new StringDeserializer(), new ByteArrayDeserializer())) {
      List<TopicPartition> partitions =
          c.partitionsFor(topic).stream()
              .map(i -> new TopicPartition(i.topic(), i.partition()))
              .toList();
      c.assign(partitions);
      c.seekToBeginning(partitions);
      Map<TopicPartition, Long> end = c.endOffsets(partitions);
      while (end.entrySet().stream().anyMatch(e -> c.position(e.getKey()) < e.getValue())) {
        c.poll(Duration.ofMillis(200)).forEach(records::add);
      }
    }
    return records;
  }
}
