package io.spate.worker.kafka;

import io.spate.protocol.error.SpateException;
import io.spate.protocol.message.JobMessage;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every job on the (compacted) jobs topic, read from the beginning by a consumer of its own, no
 * group: a late worker or a restarted coordinator learns every job and its latest state. Only the
 * cache's thread touches its consumer.
 *
 * <p>A record that cannot be read is skipped and logged once ({@code JobRecords}): the topic is
 * compacted, so a reader that stopped at it would stop at it again after every restart. Should the
 * thread die anyway, {@link #alive()} turns false and {@link #await} fails at once.
 */
public final class JobCache implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(JobCache.class);

  private final JobRecords records = new JobRecords();
  private final String topic;
  private final KafkaConsumer<String, byte[]> consumer;
  private final Thread thread;
  private final Map<TopicPartition, Long> endAtStart;
  private final CompletableFuture<Void> caughtUp = new CompletableFuture<>();
  private volatile boolean running = true;
  private volatile Throwable failure;

  public JobCache(KafkaSettings kafka) {
    Properties p = kafka.consumer();
    p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
    topic = kafka.topics().jobs();
    consumer = new KafkaConsumer<>(p, new StringDeserializer(), new ByteArrayDeserializer());
    List<TopicPartition> partitions =
        consumer.partitionsFor(kafka.topics().jobs()).stream()
            .map(i -> new TopicPartition(i.topic(), i.partition()))
            .toList();
    consumer.assign(partitions);
    consumer.seekToBeginning(partitions);
    endAtStart = consumer.endOffsets(partitions);
    thread = new Thread(this::run, "spate-jobs");
    thread.setDaemon(true);
    thread.start();
  }

  private void run() {
    try {
      while (running) {
        if (!caughtUp.isDone()
            && endAtStart.entrySet().stream()
                .allMatch(e -> consumer.position(e.getKey()) >= e.getValue())) {
          caughtUp.complete(null);
        }
        for (ConsumerRecord<String, byte[]> r : consumer.poll(Duration.ofMillis(200))) {
          records.accept(r);
        }
      }
    } catch (WakeupException e) {
      // closing
    } catch (RuntimeException | Error e) {
      failure = e;
      caughtUp.completeExceptionally(e);
      log.error(
          "the reader of {} stopped; this process no longer learns of jobs: {}",
          topic,
          e.toString(),
          e);
    } finally {
      consumer.close(CloseOptions.timeout(Duration.ofSeconds(2)));
    }
  }

  /**
   * Whether the cache still follows the jobs topic: false once its reader thread died of something
   * other than a bad record (which it skips), so a health check can report the process unhealthy
   * instead of leaving it to idle with a frozen view of the jobs.
   */
  public boolean alive() {
    return failure == null;
  }

  /** Waits until every job published before this cache started has been read. */
  public void awaitCaughtUp(Duration timeout) {
    try {
      caughtUp.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SpateException("interrupted while reading the jobs topic", e);
    } catch (ExecutionException | TimeoutException e) {
      throw new SpateException(
          "could not read the jobs topic to its end within " + timeout.toSeconds() + " s", e);
    }
  }

  public Optional<JobMessage> get(String jobId) {
    return records.job(jobId);
  }

  public Map<String, JobMessage> all() {
    return records.all();
  }

  /**
   * The job, waiting up to {@code timeout} for its record to arrive (a task may overtake it).
   *
   * @throws SpateException when the job never appears, its record cannot be read (a version this
   *     process does not speak, or a record that breaks the message rules), or the cache's reader
   *     stopped
   */
  public JobMessage await(String jobId, Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      long seen = records.taken();
      Optional<JobMessage> job = records.job(jobId);
      if (job.isPresent()) {
        return job.get();
      }
      Optional<String> problem = records.unreadable(jobId);
      if (problem.isPresent()) {
        throw new SpateException("job " + jobId + ": " + problem.get());
      }
      if (failure != null) {
        throw new SpateException(
            "job " + jobId + ": the reader of " + topic + " stopped: " + failure, failure);
      }
      // woken by the next record read, so a task that overtook its job's record starts at once
      records.awaitAfter(seen, 50);
    }
    throw new SpateException(
        "job " + jobId + " is not on the jobs topic after " + timeout.toSeconds() + " s");
  }

  @Override
  public void close() {
    running = false;
    consumer.wakeup();
    try {
      thread.join(5_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
