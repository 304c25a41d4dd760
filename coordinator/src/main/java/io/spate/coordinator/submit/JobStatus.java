package io.spate.coordinator.submit;

import io.spate.core.job.JobTracker;
import io.spate.core.job.Retries;
import io.spate.protocol.message.EventMessage;
import io.spate.protocol.message.JobMessage;
import io.spate.protocol.message.Messages;
import io.spate.protocol.message.UnsupportedMessageException;
import io.spate.worker.kafka.KafkaSettings;
import io.spate.worker.kafka.SkippedRecords;
import java.io.PrintStream;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * {@code spate status}: the jobs on the topics and how far each has come, read from Kafka alone.
 * Each job's events are replayed into a {@link JobTracker} of its own; its state is the one the
 * coordinator last recorded on the jobs topic. A record that cannot be read is skipped with one
 * line naming where it is and why; it never stops the report.
 */
public final class JobStatus {

  private JobStatus() {}

  /**
   * Prints every job (or the one named) with its state, tasks and rows; returns false if the named
   * job is unknown.
   */
  public static boolean print(KafkaSettings kafka, String onlyJob, PrintStream out) {
    Map<String, JobMessage> jobs = new LinkedHashMap<>();
    for (ConsumerRecord<String, byte[]> r : TopicReader.readAll(kafka, kafka.topics().jobs())) {
      try {
        if (r.value() != null) {
          JobMessage job = Messages.decodeJob(r.value());
          jobs.put(job.jobId(), job);
        }
      } catch (UnsupportedMessageException e) {
        out.println("(" + SkippedRecords.describe(r, e.getMessage()) + ")");
      }
    }
    Map<String, JobTracker> trackers = new HashMap<>();
    jobs.values().forEach(j -> trackers.put(j.jobId(), new JobTracker(j.plan(), Retries.DEFAULT)));
    for (ConsumerRecord<String, byte[]> r : TopicReader.readAll(kafka, kafka.topics().events())) {
      try {
        EventMessage e = Messages.decodeEvent(r.value());
        JobTracker tracker = trackers.get(e.jobId());
        if (tracker != null) {
          tracker.on(
              e,
              TimeUnit.MILLISECONDS.toNanos(r.timestamp()),
              true); // history: nothing here schedules anything
        }
      } catch (UnsupportedMessageException e) {
        // not this tool's to count; named only when it sits under a job shown here
        if (r.key() != null && trackers.containsKey(r.key())) {
          out.println("(" + SkippedRecords.describe(r, e.getMessage()) + ")");
        }
      }
    }
    if (onlyJob != null && !jobs.containsKey(onlyJob)) {
      out.println(
          "no job "
              + onlyJob
              + " on "
              + kafka.topics().jobs()
              + " (jobs there: "
              + jobs.keySet()
              + ")");
      return false;
    }
    out.println(
        String.format(
            Locale.ROOT,
            "%-10s %-8s %-20s %12s %16s %16s  %s",
            "job",
            "state",
            "submitted",
            "tasks done",
            "rows done",
            "rows planned",
            "error"));
    for (JobMessage job : jobs.values()) {
      if (onlyJob != null && !onlyJob.equals(job.jobId())) {
        continue;
      }
      JobTracker.Summary done = trackers.get(job.jobId()).summary();
      out.println(
          String.format(
              Locale.ROOT,
              "%-10s %-8s %-20s %5d / %-5d %16d %16d  %s",
              job.jobId(),
              job.state(),
              Instant.ofEpochMilli(job.submittedAtMillis()).toString().substring(0, 19),
              done.tasksDone(),
              done.tasksTotal(),
              done.rowsDone(),
              job.plan().totalRows(),
              job.error() == null ? "" : job.error()));
    }
    return true;
  }
}
