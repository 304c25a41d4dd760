package io.spate.worker.kafka;

import io.spate.protocol.message.JobMessage;
import io.spate.protocol.message.Messages;
import io.spate.protocol.message.UnsupportedMessageException;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The fold of the jobs topic: the latest readable record of each job, and for a key whose latest
 * record cannot be read, why. {@link #accept} never throws for a record: one bad record on a
 * compacted topic would otherwise stop every reader of it, on every restart.
 *
 * <p>Fed by one thread (the cache's); read by any (its maps are concurrent).
 */
final class JobRecords {

  private static final Logger log = LoggerFactory.getLogger(JobCache.class);

  private final Map<String, JobMessage> jobs = new ConcurrentHashMap<>();
  private final Map<String, String> unreadable = new ConcurrentHashMap<>();

  /** How many records were taken: a waiter for a job wakes when it moves ({@link #awaitAfter}). */
  private long taken;

  /** Takes one record of the jobs topic: a job, a tombstone, or something to skip and log once. */
  void accept(ConsumerRecord<String, byte[]> record) {
    try {
      fold(record);
    } finally {
      synchronized (this) {
        taken++;
        notifyAll();
      }
    }
  }

  private void fold(ConsumerRecord<String, byte[]> record) {
    String key = record.key();
    if (record.value() == null) {
      if (key != null) {
        jobs.remove(key);
        unreadable.remove(key);
      }
      return;
    }
    try {
      JobMessage job = Messages.decodeJob(record.value());
      jobs.put(job.jobId(), job);
      unreadable.remove(job.jobId());
    } catch (UnsupportedMessageException e) {
      if (key != null) {
        unreadable.put(key, e.getMessage());
      }
      log.warn(SkippedRecords.describe(record, e.getMessage()));
    } catch (RuntimeException e) {
      log.error(SkippedRecords.describe(record, "cannot be read: " + e), e);
    }
  }

  /** How many records were taken so far. */
  synchronized long taken() {
    return taken;
  }

  /** Waits until a record past the first {@code seen} is taken, or {@code millis} pass. */
  synchronized void awaitAfter(long seen, long millis) throws InterruptedException {
    long deadline = System.nanoTime() + millis * 1_000_000;
    for (long left = millis; taken == seen && left > 0; ) {
      wait(left);
      left = (deadline - System.nanoTime()) / 1_000_000;
    }
  }

  Optional<JobMessage> job(String jobId) {
    return Optional.ofNullable(jobs.get(jobId));
  }

  /** Why the latest record keyed by the job id could not be read, if it could not. */
  Optional<String> unreadable(String jobId) {
    return Optional.ofNullable(unreadable.get(jobId));
  }

  Map<String, JobMessage> all() {
    return Map.copyOf(jobs);
  }
}
