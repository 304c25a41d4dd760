package io.spate.coordinator.submit;

import io.spate.worker.kafka.KafkaSettings;
import io.spate.worker.testing.Await;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.errors.GroupIdNotFoundException;

/** The workers' consumer group, as the broker sees it. */
final class WorkerGroup {

  private WorkerGroup() {}

  /** Waits (up to 60 s) until {@code n} workers of the group hold partitions of the tasks topic. */
  static void awaitMembersHoldingPartitions(KafkaSettings kafka, int n) throws Exception {
    String group = kafka.workerGroup();
    try (Admin admin = Admin.create(kafka.client())) {
      long[] holding = {0};
      Await.until(
          () -> {
            try {
              holding[0] =
                  admin
                      .describeConsumerGroups(List.of(group))
                      .describedGroups()
                      .get(group)
                      .get()
                      .members()
                      .stream()
                      .filter(m -> !m.assignment().topicPartitions().isEmpty())
                      .count();
            } catch (ExecutionException e) {
              if (!(e.getCause() instanceof GroupIdNotFoundException)) {
                throw e;
              }
            }
            return holding[0] >= n;
          },
          Duration.ofSeconds(60),
          n + " members of " + group + " holding partitions",
          () -> holding[0] + " hold partitions");
    }
  }
}
