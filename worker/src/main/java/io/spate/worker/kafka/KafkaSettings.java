package io.spate.worker.kafka;

import io.spate.protocol.error.SpateException;
import io.spate.protocol.message.Topics;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.TopicExistsException;

/**
 * How to reach Kafka: bootstrap servers plus any client settings (TLS, SASL, ...) from a properties
 * file, applied to every producer, consumer and admin client Spate makes.
 */
public record KafkaSettings(String bootstrap, Properties extra, Topics topics) {

  /**
   * The largest job record Spate publishes unless {@code --kafka-config} says otherwise (the
   * producer's {@code max.request.size}, before compression), and what the jobs topic Spate creates
   * accepts ({@code max.message.bytes}): a plan grows with its tables' schema, about 2 kB a table,
   * past Kafka's default 1 MiB at a few hundred tables.
   */
  public static final int JOB_RECORD_BYTES = 16 * 1024 * 1024;

  /** How long a client may try to reach the cluster before Spate reports it unreachable. */
  public static final int REACH_TIMEOUT_MS = 15_000;

  /** The consumer group every worker of a deployment joins: named after its tasks topic. */
  public String workerGroup() {
    return topics().tasks() + ".workers";
  }

  public static KafkaSettings of(String bootstrap, Path kafkaConfig, Topics topics) {
    Properties extra = new Properties();
    if (kafkaConfig != null) {
      try (Reader r = Files.newBufferedReader(kafkaConfig, StandardCharsets.UTF_8)) {
        extra.load(r);
      } catch (IOException e) {
        throw new SpateException(
            "--kafka-config " + kafkaConfig + ": cannot read: " + e.getMessage(), e);
      }
    }
    return new KafkaSettings(bootstrap, extra, topics);
  }

  /**
   * How long a consumer's fetch may wait at the broker for data. A fetch returns as soon as a
   * record is appended, so waiting long adds no latency to a consumer that follows a topic (the
   * jobs and events readers), and an idle one then asks the broker twice a second, not fifty times.
   */
  public static final int FETCH_WAIT_MS = 500;

  /**
   * The fetch wait of a consumer that pauses partitions while it works (a worker's tasks): the
   * fetch sent before a pause is still out when the partition is resumed, and no other can go to
   * that broker before it returns, so its wait bounds the hand-off's delay. Each idle worker asks
   * the broker this often: at 20 ms two idle workers kept Spate's broker at a third of a core on
   * the 2-core test machine, at 100 ms at 8%, with TPC-C's hand-offs no slower in the bench.
   */
  public static final int PAUSING_FETCH_WAIT_MS = 100;

  /** The base client properties: bootstrap, the file's settings, bounded timeouts. */
  public Properties client() {
    Properties p = new Properties();
    p.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    p.put(CommonClientConfigs.REQUEST_TIMEOUT_MS_CONFIG, REACH_TIMEOUT_MS);
    p.put(CommonClientConfigs.DEFAULT_API_TIMEOUT_MS_CONFIG, REACH_TIMEOUT_MS);
    p.putAll(extra);
    return p;
  }

  /** Client properties for a consumer that follows a topic ({@link #FETCH_WAIT_MS}). */
  public Properties consumer() {
    Properties p = client();
    p.putIfAbsent(
        org.apache.kafka.clients.consumer.ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, FETCH_WAIT_MS);
    return p;
  }

  /**
   * Creates the topics that do not exist yet (whoever comes first does it), or fails naming the
   * bootstrap servers when the cluster cannot be reached.
   */
  public void ensureTopics() {
    try (Admin admin = Admin.create(client())) {
      Set<String> existing =
          admin.listTopics().names().get(REACH_TIMEOUT_MS, TimeUnit.MILLISECONDS);
      List<NewTopic> missing = new java.util.ArrayList<>();
      if (!existing.contains(topics.jobs())) {
        missing.add(
            new NewTopic(topics.jobs(), 1, (short) -1)
                .configs(
                    Map.of(
                        TopicConfig.CLEANUP_POLICY_CONFIG,
                        TopicConfig.CLEANUP_POLICY_COMPACT,
                        TopicConfig.MAX_MESSAGE_BYTES_CONFIG,
                        Integer.toString(JOB_RECORD_BYTES))));
      }
      if (!existing.contains(topics.tasks())) {
        missing.add(new NewTopic(topics.tasks(), topics.taskPartitions(), (short) -1));
      }
      if (!existing.contains(topics.events())) {
        missing.add(new NewTopic(topics.events(), 1, (short) -1));
      }
      for (var result : admin.createTopics(missing).values().values()) {
        try {
          result.get(REACH_TIMEOUT_MS, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
          if (!(e.getCause() instanceof TopicExistsException)) {
            throw e;
          }
        }
      }
    } catch (TimeoutException e) {
      throw new SpateException(
          "cannot reach Kafka at "
              + bootstrap
              + " within "
              + REACH_TIMEOUT_MS / 1000
              + " s (check --bootstrap and --kafka-config)",
          e);
    } catch (ExecutionException e) {
      if (e.getCause()
          instanceof
          org.apache.kafka.common.errors.TimeoutException) { // the client's own deadline came first
        throw new SpateException(
            "cannot reach Kafka at "
                + bootstrap
                + " within "
                + REACH_TIMEOUT_MS / 1000
                + " s (check --bootstrap and --kafka-config)",
            e.getCause());
      }
      throw new SpateException(
          "Kafka at "
              + bootstrap
              + " refused to list or create the topics "
              + topics
              + ": "
              + e.getCause().getMessage(),
          e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SpateException("interrupted while reaching Kafka at " + bootstrap, e);
    }
  }
}
