package io.spate.coordinator.testing;

import io.spate.coordinator.broker.EmbeddedBroker;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.UUID;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.kafka.KafkaContainer;

/**
 * One real Kafka broker per test JVM, started on first use and stopped by a shutdown hook. Tests
 * share it and keep apart by topic names: each takes a {@link #uniqueTopicPrefix()}.
 *
 * <p>The broker is, in order: the one {@code SPATE_TEST_KAFKA} names (bootstrap servers of a broker
 * the tests may create topics on); a Testcontainers {@code apache/kafka} when a Docker engine
 * answers ({@code SPATE_TEST_KAFKA_IMAGE} overrides the image); Spate's own {@link EmbeddedBroker}
 * (KRaft, single node) in this JVM. Never a mock.
 */
public final class TestBroker {

  private static final String IMAGE = "apache/kafka:4.3.1";

  private static TestBroker shared;

  private final String bootstrapServers;

  private TestBroker(String bootstrapServers) {
    this.bootstrapServers = bootstrapServers;
  }

  /** The broker of this JVM, started on the first call. */
  public static synchronized TestBroker shared() {
    if (shared == null) {
      shared = start();
    }
    return shared;
  }

  /** A fresh prefix such as {@code it-3fa2c1d05b-}, so a test's topics are its own. */
  public static String uniqueTopicPrefix() {
    return "it-" + UUID.randomUUID().toString().replace("-", "").substring(0, 10) + "-";
  }

  public String bootstrapServers() {
    return bootstrapServers;
  }

  private static TestBroker start() {
    String named = System.getenv("SPATE_TEST_KAFKA");
    if (named != null && !named.isBlank()) {
      return new TestBroker(named);
    }
    if (dockerAvailable()) {
      KafkaContainer container =
          new KafkaContainer(System.getenv().getOrDefault("SPATE_TEST_KAFKA_IMAGE", IMAGE));
      container.start();
      Runtime.getRuntime().addShutdownHook(new Thread(container::stop, "test-broker-stop"));
      return new TestBroker(container.getBootstrapServers());
    }
    try {
      EmbeddedBroker broker =
          EmbeddedBroker.start(0, Files.createTempDirectory("spate-test-broker-"));
      Runtime.getRuntime().addShutdownHook(new Thread(broker::close, "test-broker-stop"));
      return new TestBroker(broker.bootstrapServers());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot make a directory for the test broker", e);
    }
  }

  private static boolean dockerAvailable() {
    try {
      return DockerClientFactory.instance().isDockerAvailable();
    } catch (RuntimeException | LinkageError e) {
      return false;
    }
  }
}
