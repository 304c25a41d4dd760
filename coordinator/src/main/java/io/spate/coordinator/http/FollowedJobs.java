package io.spate.coordinator.http;

import io.spate.coordinator.submit.DistributedFill;
import io.spate.core.progress.FillProgress;
import io.spate.engine.target.SecretMask;
import io.spate.protocol.message.JobMessage;
import io.spate.protocol.message.TaskState;
import io.spate.protocol.plan.FillPlan;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The jobs this service follows, submitted here or adopted, each followed ({@link
 * DistributedFill#follow()}) on a daemon thread of its own until it is over.
 *
 * <p>Locking and lifecycle: the map is concurrent and only grows; a job is put in before its
 * follower starts, so every reader (HTTP handlers on the event loop, the sampling timer, the metric
 * gauges, adoption) sees it from then on. {@link #shutdown()} stops taking followers without
 * interrupting those running: a follower stopped mid-publish must not record its job FAILED, and a
 * job still followed at exit stays RUNNING on Kafka, for the next coordinator.
 */
final class FollowedJobs {

  private static final Logger log = LoggerFactory.getLogger(CoordinatorService.class);

  private final ServiceMetrics metrics;
  private final SecretMask secrets;
  private final Map<String, ServiceJob> jobs = new ConcurrentHashMap<>();
  private final ExecutorService followers =
      Executors.newCachedThreadPool(
          r -> {
            Thread t = new Thread(r, "spate-follow");
            t.setDaemon(true); // a job still followed at exit stays RUNNING on Kafka, for the next
            // coordinator
            return t;
          });

  FollowedJobs(ServiceMetrics metrics, SecretMask secrets) {
    this.metrics = metrics;
    this.secrets = secrets;
  }

  /** The job {@code id}, or null when this service does not follow it. */
  ServiceJob get(String id) {
    return jobs.get(id);
  }

  boolean contains(String id) {
    return jobs.containsKey(id);
  }

  Set<String> ids() {
    return jobs.keySet();
  }

  /** Every job, newest first. */
  List<ServiceJob> newestFirst() {
    return jobs.values().stream()
        .sorted(Comparator.comparingLong(ServiceJob::submittedAtMillis).reversed())
        .toList();
  }

  /** Jobs whose follower still runs. */
  long running() {
    return jobs.values().stream().filter(x -> !x.finished()).count();
  }

  /** Tasks in {@code state}, over every job. */
  int tasksIn(TaskState state) {
    return jobs.values().stream().mapToInt(x -> x.tasksIn(state)).sum();
  }

  /** Takes a rate sample of every job (the service's timer, once a second). */
  void sample() {
    jobs.values().forEach(ServiceJob::sample);
  }

  /** Runs {@code task} on a follower thread (adoption, which then follows what it finds). */
  void submit(Runnable task) {
    followers.submit(task);
  }

  /**
   * Starts following {@code fill}, published now or adopted; returns the job as the API shows it.
   */
  ServiceJob follow(
      DistributedFill fill,
      String target,
      FillPlan plan,
      FillProgress progress,
      long submittedAtMillis) {
    ServiceJob job =
        new ServiceJob(
            fill.jobId(),
            target,
            plan,
            progress,
            fill.tracker(),
            submittedAtMillis,
            fill::cancel,
            metrics);
    fill.observe(job);
    jobs.put(job.id(), job);
    followers.submit(
        () -> {
          try (fill) {
            fill.follow();
            job.finish(JobMessage.State.DONE, null);
            log.info("job {} done", job.id());
          } catch (DistributedFill.CancelledException e) {
            job.finish(JobMessage.State.CANCELLED, e.getMessage());
            log.info("{}", e.getMessage());
          } catch (RuntimeException e) {
            String why = secrets.text(e.getMessage() == null ? e.toString() : e.getMessage());
            job.finish(JobMessage.State.FAILED, why);
            log.warn("job {} failed: {}", job.id(), why);
          }
        });
    return job;
  }

  /** Starts no more followers; those running go on (see the class comment). */
  void shutdown() {
    followers.shutdown();
  }
}
