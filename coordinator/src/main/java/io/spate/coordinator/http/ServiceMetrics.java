package io.spate.coordinator.http;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.spate.protocol.message.EventMessage;
import io.spate.protocol.message.TaskState;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * The coordinator service's Prometheus metrics, every name prefixed {@code spate_}: jobs submitted
 * and finished (by outcome), tasks published, retried, succeeded and failed, rows loaded by table,
 * task durations as workers report them, and gauges of running jobs and of their tasks by state
 * (queued tasks are the workers' consumer lag as the coordinator knows it).
 *
 * <p>Thread-safe: Micrometer's meters are; counters move on the followers' threads, gauges are read
 * at scrape time on the event loop.
 */
final class ServiceMetrics {

  final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
  private final Counter jobsSubmitted =
      Counter.builder("spate.jobs.submitted")
          .description("Jobs submitted to this coordinator")
          .register(registry);
  private final Counter tasksPublished =
      Counter.builder("spate.tasks.published")
          .description("Task attempts published to the tasks topic")
          .register(registry);
  private final Counter taskRetries =
      Counter.builder("spate.task.retries")
          .description("Task attempts published again (after a retriable failure or a stall)")
          .register(registry);
  private final Counter tasksSucceeded =
      Counter.builder("spate.tasks.succeeded")
          .description("Tasks workers reported committed")
          .register(registry);
  private final Timer taskDuration =
      Timer.builder("spate.task.duration")
          .description("Duration of succeeded tasks, as workers report them")
          .register(registry);

  /** Both series of failed attempts exist from the start, at 0, so a rate over them has data. */
  ServiceMetrics() {
    taskFailures(true);
    taskFailures(false);
  }

  private Counter taskFailures(boolean retriable) {
    return Counter.builder("spate.task.failures")
        .description("Failed task attempts, by whether a retry may pass")
        .tag("retriable", Boolean.toString(retriable))
        .register(registry);
  }

  /**
   * Registers the gauges of running jobs and of their tasks by state, read from {@code jobs} at
   * each scrape. Micrometer holds {@code jobs} weakly: the service keeps it for its lifetime.
   */
  void gauge(FollowedJobs jobs) {
    Gauge.builder("spate.jobs.running", jobs, FollowedJobs::running)
        .description("Jobs this coordinator follows now")
        .register(registry);
    for (TaskState s :
        List.of(TaskState.PENDING, TaskState.QUEUED, TaskState.RUNNING, TaskState.RETRYING)) {
      Gauge.builder("spate.tasks", jobs, j -> j.tasksIn(s))
          .description(
              "Tasks of running jobs by state (queued: published, not yet taken by a worker)")
          .tag("state", s.name().toLowerCase(Locale.ROOT))
          .register(registry);
    }
  }

  void jobSubmitted() {
    jobsSubmitted.increment();
  }

  void jobFinished(String state) {
    Counter.builder("spate.jobs.finished")
        .description("Jobs over, by outcome")
        .tag("state", state)
        .register(registry)
        .increment();
  }

  void taskPublished(int attempt) {
    tasksPublished.increment();
    if (attempt > 1) {
      taskRetries.increment();
    }
  }

  void event(EventMessage e) {
    switch (e.type()) {
      case SUCCEEDED -> {
        tasksSucceeded.increment();
        taskDuration.record(Duration.ofMillis(e.durationMillis()));
        Counter.builder("spate.rows.loaded")
            .description("Rows committed by workers, by table")
            .tag("table", e.table())
            .register(registry)
            .increment(e.rows());
      }
      case FAILED -> taskFailures(e.retriable()).increment();
      default -> {}
    }
  }

  String scrape() {
    return registry.scrape();
  }
}
