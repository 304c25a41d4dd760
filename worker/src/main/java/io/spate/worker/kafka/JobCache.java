package io.spate.worker.kafka;

import io.spate.protocol.error.SpateException;
import io.spate.protocol.message.JobMessage;
import io.spate.protocol.message.Messages;
import io.spate.protocol.message.UnsupportedMessageException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
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
 */
public final class JobCache implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(JobCache.class);

  private final Map<String, JobMessage> jobs = new ConcurrentHashMap<>();
  private final Map<String, String> unreadable = new ConcurrentHashMap<>();
  private final KafkaConsumer<String, byte[]> consumer;
  private final Thread thread;
  private final Map<TopicPartition, Long> endAtStart;
  private final CompletableFuture<Void> caughtUp = new CompletableFuture<>();
  private volatile boolean running = true;

  public JobCache(KafkaSettings kafka) {
    Properties p = kafka.consumer();
    p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
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
          if (r.value() == null) {
            jobs.remove(r.key());
            continue;
          }
          try {
            JobMessage job = Messages.decodeJob(r.value());
            jobs.put(job.jobId(), job);
          } catch (UnsupportedMessageException e) {
            unreadable.put(r.key() == null ? "?" : r.key(), e.getMessage());
            log.warn("skipping job record {}: {}", r.key(), e.getMessage());
          }
        }
      }
    } catch (WakeupException e) {
      // closing
    } finally {
      consumer.close(CloseOptions.timeout(Duration.ofSeconds(2)));
    }
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
    return Optional.ofNullable(jobs.get(jobId));
  }

  public Map<String, JobMessage> all() {
    return Map.copyOf(jobs);
  }

  /**
   * The job, waiting up to {@code timeout} for its record to arrive (a task may overtake it).
   *
   * @throws SpateException when the job never appears, or its record is of a version this process
   *     cannot read
   */
  public JobMessage await(String jobId, Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      JobMessage job = jobs.get(jobId);
      if (job != null) {
        return job;
      }
      String problem = unreadable.get(jobId);
      if (problem != null) {
        throw new SpateException("job " + jobId + ": " + problem);
      }
      Thread.sleep(50);
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
