package io.spate.worker.metrics;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The worker's metrics: every series docs/distributed.md lists is there before it first counts. */
class WorkerMetricsTest {

  @Test
  void theFailureAndSkippedSeriesExistAtZeroBeforeTheFirstOfThem() {
    String scrape = new WorkerMetrics().scrape();
    assertTrue(scrape.contains("spate_task_failures_total{retriable=\"true\"} 0.0"), scrape);
    assertTrue(scrape.contains("spate_task_failures_total{retriable=\"false\"} 0.0"), scrape);
    assertTrue(scrape.contains("spate_tasks_skipped_total 0.0"), scrape);
  }

  @Test
  void aFailureCountsInItsOwnSeries() {
    WorkerMetrics metrics = new WorkerMetrics();
    metrics.taskStarted(1);
    metrics.taskFailed(true, Duration.ofMillis(5));
    String scrape = metrics.scrape();
    assertTrue(scrape.contains("spate_task_failures_total{retriable=\"true\"} 1.0"), scrape);
    assertTrue(scrape.contains("spate_task_failures_total{retriable=\"false\"} 0.0"), scrape);
  }
}
