package io.spate.worker.kafka;

import io.spate.engine.settings.WorkerSettings;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.message.Topics;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The options of every command that talks to Kafka (a picocli mixin); their help, defaults and
 * bounds come from {@link WorkerSettings}.
 */
public final class KafkaOptions {

  @Option(names = "--bootstrap", paramLabel = "HOST:PORT")
  String bootstrap;

  @Option(names = "--kafka-config", paramLabel = "FILE")
  Path kafkaConfig;

  @Option(names = "--topic-prefix", paramLabel = "P")
  String topicPrefix = WorkerSettings.TOPIC_PREFIX.defaultValue();

  @Option(names = "--task-partitions", paramLabel = "N")
  int taskPartitions = WorkerSettings.TASK_PARTITIONS.defaultValue();

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
