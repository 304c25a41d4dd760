package io.spate.coordinator.broker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddedBrokerIT {

  private static final int RECORDS = 100;

  @Test
  void servesAProduceConsumeRoundTripAndFreesItsPortOnClose() throws Exception {
    EmbeddedBroker broker = EmbeddedBroker.start(0, null);
    int port = broker.port();
    Path dataDir = broker.dataDir();
    try (broker) {
      assertEquals("127.0.0.1:" + port, broker.bootstrapServers());
      String topic = "embedded-broker-it";
      try (Admin admin =
          Admin.create(
              Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers()))) {
        admin
            .createTopics(List.of(new NewTopic(topic, 3, (short) 1)))
            .all()
            .get(30, TimeUnit.SECONDS);
        assertEquals(
            3,
            admin
                .describeTopics(List.of(topic))
                .allTopicNames()
                .get(30, TimeUnit.SECONDS)
                .get(topic)
                .partitions()
                .size());
      }

      Set<String> sent = new TreeSet<>();
      try (KafkaProducer<String, String> producer = new KafkaProducer<>(producerConfig(broker))) {
        for (int i = 0; i < RECORDS; i++) {
          String value = "record-" + i;
          producer.send(new ProducerRecord<>(topic, "key-" + i, value)).get(30, TimeUnit.SECONDS);
          sent.add(value);
        }
      }

      Set<String> received = new TreeSet<>();
      Set<Integer> partitions = new HashSet<>();
      try (KafkaConsumer<String, String> consumer =
          new KafkaConsumer<>(consumerConfig(broker, "embedded-broker-it-group"))) {
        consumer.subscribe(List.of(topic));
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (received.size() < RECORDS && System.nanoTime() < deadline) {
          for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(200))) {
            received.add(record.value());
            partitions.add(record.partition());
          }
        }
        consumer.commitSync();
      }
      assertEquals(sent, received, "every record produced is consumed back by the group");
      assertEquals(Set.of(0, 1, 2), partitions, "keyed records spread over the 3 partitions");
    }

    assertTrue(portIsFree(port), "port " + port + " is free again after close()");
    assertFalse(Files.exists(dataDir), "the temporary data directory " + dataDir + " is deleted");
  }

  @Test
  void keepsAGivenDataDirectoryAndStartsAgainFromIt(@TempDir Path dir) throws Exception {
    try (EmbeddedBroker broker = EmbeddedBroker.start(0, dir)) {
      try (KafkaProducer<String, String> producer = new KafkaProducer<>(producerConfig(broker))) {
        producer.send(new ProducerRecord<>("kept", "k", "v")).get(30, TimeUnit.SECONDS);
      }
    }
    assertTrue(Files.isRegularFile(dir.resolve("server.properties")), "the data directory is kept");

    try (EmbeddedBroker again = EmbeddedBroker.start(0, dir);
        KafkaConsumer<String, String> consumer =
            new KafkaConsumer<>(consumerConfig(again, "kept-group"))) {
      consumer.subscribe(List.of("kept"));
      String value = null;
      long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
      while (value == null && System.nanoTime() < deadline) {
        for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(200))) {
          value = record.value();
        }
      }
      assertEquals("v", value, "a record written before the restart is read after it");
    }
  }

  private static Map<String, Object> producerConfig(EmbeddedBroker broker) {
    return Map.of(
        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
        broker.bootstrapServers(),
        ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
        StringSerializer.class,
        ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
        StringSerializer.class,
        ProducerConfig.ACKS_CONFIG,
        "all");
  }

  private static Map<String, Object> consumerConfig(EmbeddedBroker broker, String group) {
    return Map.of(
        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
        broker.bootstrapServers(),
        ConsumerConfig.GROUP_ID_CONFIG,
        group,
        ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
        "earliest",
        ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
        false,
        ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
        StringDeserializer.class,
        ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
        StringDeserializer.class);
  }

  private static boolean portIsFree(int port) {
    try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getByName("127.0.0.1"))) {
      return socket.isBound();
    } catch (IOException e) {
      return false;
    }
  }
}
