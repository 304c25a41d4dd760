package io.spate.worker.consume;

import io.spate.engine.target.Outage;
import io.spate.engine.target.Targets;
import io.spate.protocol.message.InvalidMessageException;
import io.spate.protocol.message.Messages;
import io.spate.protocol.message.TaskMessage;
import io.spate.protocol.message.UnsupportedMessageException;
import io.spate.worker.kafka.JobCache;
import io.spate.worker.kafka.KafkaSettings;
import io.spate.worker.kafka.SkippedRecords;
import io.spate.worker.metrics.WorkerMetrics;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A worker's consume loop. It takes one task at a time from each partition it owns (up to {@code
 * threads} at once), pauses a partition while its task runs and keeps polling, so a long task never
 * costs the group membership, and commits a task's offset only after the task's transaction has
 * committed and its outcome is published. A task cut short (shutdown, a lost partition) is never
 * committed: it is delivered again, and the ledger keeps its effect single.
 *
 * <p>Only the loop's thread touches the consumer, but for {@code wakeup()}: {@link #stop()} and
 * every finished task call it, so the loop settles a finished task at once instead of after its
 * poll's timeout (with every partition paused, nothing else ends a poll).
 */
public final class WorkerLoop implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(WorkerLoop.class);

  private final KafkaSettings kafka;
  private final int threads;
  private final KafkaConsumer<String, byte[]> consumer;
  private final KafkaProducer<String, byte[]> producer;
  private final JobCache jobs;
  private final TaskRunner runner;
  private final ExecutorService pool;
  private final Map<TopicPartition, InFlight> inFlight = new HashMap<>();
  private final RetryBackoff<TopicPartition> backoff =
      new RetryBackoff<>(Duration.ofSeconds(1), Duration.ofSeconds(30));
  private final int graceSeconds;
  private volatile boolean running = true;
  private volatile boolean assigned;

  private record InFlight(ConsumerRecord<String, byte[]> record, Future<?> future) {
    long offset() {
      return record.offset();
    }
  }

  /**
   * @param graceSeconds how long a stop waits for running tasks before abandoning them
   * @param outage how long a task waits for its database after losing the connection
   */
  public WorkerLoop(
      KafkaSettings kafka,
      Targets targets,
      int threads,
      String workerId,
      int graceSeconds,
      Outage outage) {
    this(kafka, targets, threads, workerId, graceSeconds, outage, new WorkerMetrics(), false);
  }

  /**
   * @param metrics where tasks are counted (served by the health server's {@code /metrics})
   * @param dryRun whether tasks are generated and discarded ({@link
   *     io.spate.engine.run.TaskExecution#discarding}) instead of loaded: the worker then never
   *     connects to a target, and reports every task succeeded with the rows it generated
   */
  public WorkerLoop(
      KafkaSettings kafka,
      Targets targets,
      int threads,
      String workerId,
      int graceSeconds,
      Outage outage,
      WorkerMetrics metrics,
      boolean dryRun) {
    this.kafka = kafka;
    this.threads = threads;
    this.graceSeconds = graceSeconds;
    kafka.ensureTopics();
    Properties c = kafka.consumer();
    c.put(ConsumerConfig.GROUP_ID_CONFIG, kafka.workerGroup());
    c.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
    c.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    c.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "1");
    if (!kafka.extra().containsKey(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG)) {
      c.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, KafkaSettings.PAUSING_FETCH_WAIT_MS);
    }
    c.put(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, "10000");
    c.put(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, "2000");
    c.put(ConsumerConfig.CLIENT_ID_CONFIG, workerId);
    consumer = new KafkaConsumer<>(c, new StringDeserializer(), new ByteArrayDeserializer());
    Properties p = kafka.client();
    p.put(ProducerConfig.ACKS_CONFIG, "all");
    // a task's outcome is awaited before its offset moves on, and it may release the next table's
    // tasks: lingering would only delay them
    p.put(ProducerConfig.LINGER_MS_CONFIG, "0");
    producer = new KafkaProducer<>(p, new StringSerializer(), new ByteArraySerializer());
    jobs = new JobCache(kafka);
    runner =
        new TaskRunner(
            jobs, targets, producer, kafka.topics().events(), workerId, metrics, outage, dryRun);
    metrics.consumerLag(this::lag);
    pool = Executors.newFixedThreadPool(threads, r -> new Thread(r, "spate-task"));
  }

  /**
   * The consumer's own records-lag-max (tasks behind on its partitions); NaN until it has fetched.
   * Reading the consumer's metrics is safe from any thread.
   */
  private double lag() {
    for (var e : consumer.metrics().entrySet()) {
      if (e.getKey().name().equals("records-lag-max")
          && e.getKey().group().equals("consumer-fetch-manager-metrics")
          && !e.getKey().tags().containsKey("topic")) {
        return e.getValue().metricValue() instanceof Number n ? n.doubleValue() : Double.NaN;
      }
    }
    return Double.NaN;
  }

  /** Whether the worker holds partitions of the tasks topic (for the readiness probe). */
  public boolean ready() {
    return running && assigned;
  }

  public boolean running() {
    return running;
  }

  /**
   * For the liveness probe: the loop runs and its job cache still follows the jobs topic (a worker
   * whose cache died would fail every task it takes).
   */
  public boolean alive() {
    return running && jobs.alive();
  }

  /**
   * Polls and runs tasks until {@link #stop()}; then lets running tasks finish within the grace
   * period and abandons the rest.
   *
   * @return whether the stop drained cleanly: every task that was running finished in time
   */
  public boolean run() {
    consumer.subscribe(
        List.of(kafka.topics().tasks()),
        new ConsumerRebalanceListener() {
          @Override
          public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
            partitions.forEach(
                inFlight
                    ::remove); // their tasks finish, but their offsets stay: redelivery is harmless
            backoff.forget(partitions);
          }

          @Override
          public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
            assigned = true;
          }
        });
    boolean drained;
    try {
      while (running) {
        ConsumerRecords<String, byte[]> records = ConsumerRecords.empty();
        try {
          records = consumer.poll(Duration.ofMillis(100));
        } catch (WakeupException e) {
          // stop() was called, or a task finished: settle it now
        }
        for (ConsumerRecord<String, byte[]> record : records) {
          start(record);
        }
        settleFinished();
        if (inFlight.size() >= threads) {
          consumer.pause(consumer.assignment());
        } else {
          long now = System.nanoTime();
          Set<TopicPartition> held = new HashSet<>(inFlight.keySet());
          consumer.assignment().stream().filter(tp -> backoff.waiting(tp, now)).forEach(held::add);
          consumer.pause(held);
          consumer.resume(consumer.assignment().stream().filter(tp -> !held.contains(tp)).toList());
        }
      }
    } finally {
      drained = abandonRunning();
    }
    return drained;
  }

  private void start(ConsumerRecord<String, byte[]> record) {
    TopicPartition tp = new TopicPartition(record.topic(), record.partition());
    TaskMessage task;
    try {
      task = Messages.decodeTask(record.value());
    } catch (UnsupportedMessageException e) {
      // garbage stays garbage: committed past at once, never run, logged this once
      log.error(SkippedRecords.describe(record, e.getMessage()));
      commit(tp, record.offset());
      return;
    }
    consumer.pause(List.of(tp));
    FutureTask<Void> run =
        new FutureTask<>(
            () -> {
              runner.run(task);
              return null;
            }) {
          @Override
          protected void done() {
            // once isDone() holds: with every partition busy, the poll would idle out its timeout
            consumer.wakeup();
          }
        };
    inFlight.put(tp, new InFlight(record, run));
    pool.execute(run);
  }

  /**
   * Commits the offsets of tasks whose outcome is settled; a failed run is logged and runs again
   * once its partition's {@link RetryBackoff} has passed (the partition stays paused till then). A
   * record its job's plan does not hold ({@link InvalidMessageException} from the run) is skipped
   * as garbage is at decoding: logged once and committed past.
   */
  private void settleFinished() {
    var it = inFlight.entrySet().iterator();
    while (it.hasNext()) {
      var entry = it.next();
      Future<?> f = entry.getValue().future();
      if (!f.isDone()) {
        continue;
      }
      it.remove();
      try {
        try {
          f.get();
        } catch (ExecutionException e) {
          if (!(e.getCause() instanceof InvalidMessageException bad)) {
            throw e;
          }
          // garbage stays garbage, as at decoding: committed past, never run, logged this once
          log.error(SkippedRecords.describe(entry.getValue().record(), bad.getMessage()));
        }
        backoff.settled(entry.getKey());
        commit(entry.getKey(), entry.getValue().offset());
      } catch (Exception e) {
        // not settled (abandoned, or the outcome could not be published): seek back so it runs
        // again, after a wait that grows while it keeps failing
        Duration wait = backoff.failed(entry.getKey(), System.nanoTime());
        log.warn(
            "task at {}@{} not settled, will run again in {} ms: {}",
            entry.getKey(),
            entry.getValue().offset(),
            wait.toMillis(),
            e instanceof ExecutionException x && x.getCause() != null
                ? x.getCause().toString()
                : e.toString());
        if (consumer.assignment().contains(entry.getKey())) {
          consumer.seek(entry.getKey(), entry.getValue().offset());
        }
      }
    }
  }

  private void commit(TopicPartition tp, long offset) {
    if (!consumer.assignment().contains(tp)) {
      return;
    }
    try {
      try {
        consumer.commitSync(Map.of(tp, new OffsetAndMetadata(offset + 1)));
      } catch (WakeupException e) { // a task finished meanwhile: the wake-up is spent, commit again
        consumer.commitSync(Map.of(tp, new OffsetAndMetadata(offset + 1)));
      }
    } catch (KafkaException e) {
      log.warn(
          "cannot commit {}@{} (the task will be delivered again and skipped by the ledger): {}",
          tp,
          offset,
          e.getMessage());
    }
  }

  /**
   * Lets running tasks finish within the grace period, then interrupts the rest (their transactions
   * roll back and they are delivered again); commits what finished. Returns whether none was
   * interrupted.
   */
  private boolean abandonRunning() {
    pool.shutdown();
    boolean drained = false;
    try {
      drained = pool.awaitTermination(graceSeconds, TimeUnit.SECONDS);
      if (!drained) {
        log.warn(
            "abandoning {} running task(s) after {} s: rolled back, to be delivered again",
            inFlight.size(),
            graceSeconds);
        pool.shutdownNow();
        pool.awaitTermination(30, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      pool.shutdownNow();
    }
    settleFinished();
    return drained;
  }

  /** Asks the loop to stop after its current poll; safe from any thread (a shutdown hook). */
  public void stop() {
    running = false;
    consumer.wakeup();
  }

  @Override
  public void close() {
    jobs.close();
    producer.close(Duration.ofSeconds(5));
    consumer.close(CloseOptions.timeout(Duration.ofSeconds(5)));
  }
}
