package io.spate.coordinator.http;

import io.spate.coordinator.submit.DistributedFill;
import io.spate.coordinator.submit.JobTargetCheck;
import io.spate.core.progress.FillProgress;
import io.spate.engine.target.Targets;
import io.spate.protocol.message.JobMessage;
import io.spate.worker.kafka.JobCache;
import java.time.Duration;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * After a (re)start, the service follows every job still RUNNING on the jobs topic whose target it
 * serves, so a restarted service carries on where it stopped. A job is adopted only when the
 * service's target of that name is the database the job was planned against ({@link
 * JobTargetCheck}); another is left RUNNING for its own coordinator, and the log says why. Runs
 * once, on a follower thread, while the API already answers; a job this service already follows is
 * left as it is. A failure to read the topic is logged and leaves the service running, without the
 * adopted jobs.
 */
final class JobAdoption {

  private static final Logger log = LoggerFactory.getLogger(CoordinatorService.class);

  private JobAdoption() {}

  /** Follows every running job of a target this service serves (after a restart of the service). */
  static void adoptRunningJobs(ServiceSettings settings, Targets targets, FollowedJobs jobs) {
    try (JobCache cache = new JobCache(settings.kafka())) {
      cache.awaitCaughtUp(Duration.ofSeconds(30));
      for (JobMessage m : cache.all().values()) {
        if (m.state() != JobMessage.State.RUNNING
            || jobs.contains(m.jobId())
            || !settings.targets().containsKey(m.target())) {
          continue;
        }
        Optional<String> refusal = refusal(settings, targets, m);
        if (refusal.isPresent()) {
          log.error("not adopting running job {}: {}", m.jobId(), refusal.get());
          continue;
        }
        FillProgress progress = FillProgress.ofJob(m);
        DistributedFill fill =
            new DistributedFill(
                settings.kafka(),
                m,
                targets.dataSource(m.target()),
                progress,
                settings.retries(),
                settings.outage().at("target \"" + m.target() + "\""));
        log.info(
            "adopting running job {} (target {}, {} tasks)",
            m.jobId(),
            m.target(),
            m.plan().tasks().size());
        jobs.follow(fill, m.target(), m.plan(), progress, m.submittedAtMillis());
      }
    } catch (RuntimeException e) {
      log.warn(
          "could not adopt running jobs from {}: {}",
          settings.kafka().topics().jobs(),
          e.getMessage());
    }
  }

  /**
   * Why this service must not adopt {@code job} ({@link JobTargetCheck}): a target of the same name
   * is not enough, the target must be the database the job was planned against. Rides out an outage
   * of the target like the follower would.
   */
  private static Optional<String> refusal(
      ServiceSettings settings, Targets targets, JobMessage job) {
    String target = "target \"" + job.target() + "\"";
    return settings
        .outage()
        .at(target)
        .rideOut(
            "job " + job.jobId() + ": reading the target's identity",
            reached ->
                JobTargetCheck.refusal(
                    job, targets.dataSource(job.target()), target + " of this coordinator service"),
            () -> {});
  }
}
