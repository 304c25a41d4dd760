package io.spate.protocol.message;

/**
 * The three topics a deployment shares. Jobs are compacted (the latest record per job id wins);
 * tasks are spread over {@code taskPartitions} partitions so several workers share them; events
 * carry workers' reports to the coordinator.
 */
public record Topics(String jobs, String tasks, String events, int taskPartitions) {

  public static final Topics DEFAULT = new Topics("spate.jobs", "spate.tasks", "spate.events", 12);

  public Topics {
    if (taskPartitions < 1) {
      throw new IllegalArgumentException(
          "task partitions must be at least 1, got " + taskPartitions);
    }
  }

  /** The topics with every name prefixed, e.g. for a test or a second deployment on one cluster. */
  public Topics prefixed(String prefix) {
    return new Topics(prefix + jobs, prefix + tasks, prefix + events, taskPartitions);
  }
}
