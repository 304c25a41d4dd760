package io.spate.coordinator.submit;

import io.spate.coordinator.Fills;
import io.spate.coordinator.testing.TestBroker;
import io.spate.protocol.message.Topics;
import io.spate.worker.kafka.KafkaSettings;
import java.util.ArrayList;
import java.util.List;

/**
 * Workers and submits on the shared test broker: one test's topics under its own prefix, with
 * {@link #TASK_PARTITIONS} task partitions, so tests on the broker never see each other's jobs.
 */
final class SharedBrokerRuns {

  static final int TASK_PARTITIONS = 6;

  private SharedBrokerRuns() {}

  /**
   * {@code spate worker} arguments for one thread loading into {@code url} as {@code user}, {@code
   * extra} appended.
   */
  static String[] worker(String prefix, String url, String user, String... extra) {
    return with(
        extra,
        "worker",
        "--bootstrap",
        TestBroker.shared().bootstrapServers(),
        "--topic-prefix",
        prefix,
        "--db",
        url,
        "--user",
        user,
        "--threads",
        "1",
        "--task-partitions",
        String.valueOf(TASK_PARTITIONS));
  }

  /** {@code spate submit} of a fill of {@code url} in this JVM, {@code extra} appended. */
  static Fills.Run submit(String prefix, String url, String user, String... extra) {
    return Fills.cli(submitArgs(prefix, url, user, extra));
  }

  /** The arguments of {@link #submit}, for a submit in a process of its own. */
  static String[] submitArgs(String prefix, String url, String user, String... extra) {
    return with(
        extra,
        "submit",
        "--bootstrap",
        TestBroker.shared().bootstrapServers(),
        "--topic-prefix",
        prefix,
        "--db",
        url,
        "--user",
        user,
        "--task-partitions",
        String.valueOf(TASK_PARTITIONS));
  }

  /** The client settings of {@code prefix}'s topics. */
  static KafkaSettings kafka(String prefix) {
    return KafkaSettings.of(
        TestBroker.shared().bootstrapServers(),
        null,
        new Topics("spate.jobs", "spate.tasks", "spate.events", TASK_PARTITIONS).prefixed(prefix));
  }

  private static String[] with(String[] extra, String... head) {
    List<String> args = new ArrayList<>(List.of(head));
    args.addAll(List.of(extra));
    return args.toArray(String[]::new);
  }
}
