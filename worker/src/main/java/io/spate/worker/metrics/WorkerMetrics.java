package io.spate.worker.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.DoubleSupplier;

/**
 * The worker's meters. Rows generated count every row encoded and sent to the server, including
 * attempts that rolled back; rows loaded count only rows this worker committed (a task skipped
 * because the ledger had it counts nothing), so their sum over all workers equals the rows in the
 * database. Thread-safe: task threads record, the HTTP server scrapes.
 */
public final class WorkerMetrics {

  private final PrometheusMeterRegistry registry =
      new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
  private final Counter rowsGenerated =
      Counter.builder("spate.rows.generated")
          .description("Rows generated and sent to the database (attempts rolled back included)")
          .register(registry);
  private final Counter bytesSent =
      Counter.builder("spate.copy.bytes")
          .description("Bytes of binary COPY data sent to the database")
          .register(registry);
  private final Counter retries =
      Counter.builder("spate.task.retries")
          .description("Task attempts after the first run by this worker")
          .register(registry);
  private final AtomicInteger running = new AtomicInteger();

  /**
   * Every series the docs list exists from the start, at 0 (both failure series, the skipped
   * tasks), so a rate over them has data before the first failure.
   */
  public WorkerMetrics() {
    Gauge.builder("spate.tasks.running", running, AtomicInteger::get)
        .description("Tasks this worker runs now")
        .register(registry);
    taskFailures(true);
    taskFailures(false);
    skipped();
  }

  public void rowsGenerated(long n) {
    rowsGenerated.increment(n);
  }

  public void bytesSent(long n) {
    bytesSent.increment(n);
  }

  /** A task attempt begins; {@code attempt} counts from 1. */
  public void taskStarted(int attempt) {
    running.incrementAndGet();
    if (attempt > 1) {
      retries.increment();
    }
  }

  /** A task committed {@code rows} rows of {@code table}. */
  public void taskSucceeded(String table, long rows, Duration took) {
    running.decrementAndGet();
    Counter.builder("spate.rows.loaded")
        .description("Rows this worker committed, by table")
        .tag("table", table)
        .register(registry)
        .increment(rows);
    timer("succeeded").record(took);
  }

  /** A task failed (rolled back); {@code retriable} says whether another attempt may pass. */
  public void taskFailed(boolean retriable, Duration took) {
    running.decrementAndGet();
    taskFailures(retriable).increment();
    timer("failed").record(took);
  }

  /** A delivered task the ledger says is done: acknowledged, nothing written. */
  public void taskSkipped() {
    skipped().increment();
  }

  private Counter taskFailures(boolean retriable) {
    return Counter.builder("spate.task.failures")
        .description("Failed task attempts, by whether a retry may pass")
        .tag("retriable", Boolean.toString(retriable))
        .register(registry);
  }

  private Counter skipped() {
    return Counter.builder("spate.tasks.skipped")
        .description("Delivered tasks the ledger showed done already (nothing written)")
        .register(registry);
  }

  /** The consumer's lag in records (the highest over its partitions); NaN while unknown. */
  public void consumerLag(DoubleSupplier lag) {
    Gauge.builder("spate.consumer.lag", lag, DoubleSupplier::getAsDouble)
        .baseUnit("records")
        .description(
            "Tasks waiting on this worker's partitions (max over partitions), as the Kafka consumer knows it")
        .register(registry);
  }

  private Timer timer(String outcome) {
    return Timer.builder("spate.task.duration")
        .description("Task attempts from delivery to outcome")
        .tag("outcome", outcome)
        .register(registry);
  }

  /** The Prometheus text exposition of every meter. */
  public String scrape() {
    return registry.scrape();
  }
}
