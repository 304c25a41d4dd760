package io.spate.worker.kafka;

import io.spate.protocol.error.SpateException;
import io.spate.protocol.message.Topics;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The options of every command that talks to Kafka; declared once here. */
public final class KafkaOptions {

  @Option(
      names = "--bootstrap",
      paramLabel = "HOST:PORT",
      description =
          "Kafka bootstrap servers, comma-separated (required; not with submit --coordinator)")
  String bootstrap;

  @Option(
      names = "--kafka-config",
      paramLabel = "FILE",
      description = "Kafka client properties (TLS, SASL, ...) applied to every client")
  Path kafkaConfig;

  @Option(
      names = "--topic-prefix",
      paramLabel = "P",
      description =
          "Prefix of the topic names spate.jobs, spate.tasks, spate.events (default: none)")
  String topicPrefix = "";

  @Option(
      names = "--task-partitions",
      paramLabel = "N",
      description = "Partitions of the tasks topic when Spate creates it (default: 12)")
  int taskPartitions = Topics.DEFAULT.taskPartitions();

  /**
   * @throws SpateException when {@code --bootstrap} is missing (it is required but for {@code
   *     submit --coordinator})
   */
  public KafkaSettings settings() {
    if (bootstrap == null || bootstrap.isBlank()) {
      throw new SpateException("--bootstrap HOST:PORT is required (the Kafka bootstrap servers)");
    }
    Topics topics =
        new Topics(
                Topics.DEFAULT.jobs(),
                Topics.DEFAULT.tasks(),
                Topics.DEFAULT.events(),
                taskPartitions)
            .prefixed(topicPrefix);
    return KafkaSettings.of(bootstrap, kafkaConfig, topics);
  }

  public String bootstrap() {
    return bootstrap;
  }
}
