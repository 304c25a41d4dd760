package io.spate.api;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The API's dependency tree holds no broker, HTTP server or command-line parser: none of their
 * classes loads from this module's test classpath, which holds all its compile and runtime
 * dependencies (and test ones on top).
 */
class ApiDependenciesTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "org.apache.kafka.clients.producer.KafkaProducer",
        "org.apache.kafka.common.KafkaException",
        "kafka.server.KafkaRaftServer",
        "io.vertx.core.Vertx",
        "io.vertx.ext.web.Router",
        "picocli.CommandLine",
        "io.micrometer.core.instrument.MeterRegistry",
        "io.spate.worker.kafka.JobCache",
        "io.spate.worker.target.DatabaseOptions",
        "io.spate.coordinator.cli.SpateCli"
      })
  void noKafkaVertxOrPicocliIsOnTheClasspath(String className) {
    assertThrows(
        ClassNotFoundException.class,
        () -> Class.forName(className, false, getClass().getClassLoader()),
        className + " is on the API's classpath");
  }

  /** The check above can fail: what the API does need loads. */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "io.spate.api.Spate",
        "io.spate.core.plan.Planner",
        "io.spate.core.local.LocalFill",
        "io.spate.engine.generate.Engine",
        "org.postgresql.Driver"
      })
  void whatTheApiNeedsLoads(String className) {
    assertDoesNotThrow(() -> Class.forName(className, false, getClass().getClassLoader()));
  }
}
