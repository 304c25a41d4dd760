package io.spate.coordinator.http;

import io.spate.coordinator.submit.DistributedFill;
import io.spate.coordinator.submit.Submission;
import io.spate.core.config.FillConfig;
import io.spate.core.job.Retries;
import io.spate.core.plan.FillSettings;
import io.spate.core.plan.Plans;
import io.spate.core.progress.FillProgress;
import io.spate.core.settings.Settings;
import io.spate.core.target.LoadTriggers;
import io.spate.core.target.TargetSteps;
import io.spate.engine.target.SecretMask;
import io.spate.engine.target.SqlErrors;
import io.spate.engine.target.Targets;
import io.spate.protocol.error.Problems;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.FillPlan;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code POST /jobs} past the HTTP layer: checks a {@link JobRequest} (every problem at once),
 * introspects and plans on the service's own connection to the named target, publishes exactly as
 * {@code spate submit} does ({@link Submission}) and hands the job to {@link FollowedJobs}.
 *
 * <p>Blocking (JDBC and Kafka): runs on a Vert.x worker thread, never the event loop. Holds no
 * state of its own, so concurrent submissions need no lock; a request that fails its checks
 * publishes nothing.
 */
final class JobSubmitter {

  private static final Logger log = LoggerFactory.getLogger(CoordinatorService.class);

  private final ServiceSettings settings;
  private final Targets targets;
  private final ServiceMetrics metrics;
  private final FollowedJobs jobs;
  private final SecretMask secrets;

  JobSubmitter(
      ServiceSettings settings,
      Targets targets,
      ServiceMetrics metrics,
      FollowedJobs jobs,
      SecretMask secrets) {
    this.settings = settings;
    this.targets = targets;
    this.metrics = metrics;
    this.jobs = jobs;
    this.secrets = secrets;
  }

  /**
   * Introspects and plans on the service's connection, publishes like {@code spate submit}, and
   * starts following. Whatever fails is thrown with the targets' secrets masked (a driver's message
   * may quote a URL).
   */
  ServiceJob submit(JobRequest r) {
    try {
      return submitUnmasked(r);
    } catch (RuntimeException e) {
      throw secrets.mask(e);
    }
  }

  private ServiceJob submitUnmasked(JobRequest r) {
    String targetName = r.target() == null || r.target().isBlank() ? Targets.DEFAULT : r.target();
    Problems problems = new Problems();
    if (!settings.targets().containsKey(targetName)) {
      problems.add(
          "unknown target '"
              + targetName
              + "': this coordinator serves "
              + settings.targets().keySet()
              + " (start it with --target "
              + targetName
              + "=JDBC_URL)");
    }
    Settings.check(r, Settings.JOB_REQUEST, problems);
    FillSettings fillSettings = null;
    try {
      FillConfig config = FillConfig.parse(r.config(), "config of the request");
      fillSettings =
          FillSettings.of(
                  config,
                  r.seed(),
                  r.defaultRows(),
                  r.taskRows(),
                  r.rows() == null ? Map.of() : r.rows())
              .withTriggersOff(Boolean.TRUE.equals(r.disableTriggers()));
    } catch (SpateException e) {
      problems.add(e.getMessage());
    }
    problems.throwIfAny("invalid job request");
    DataSource target = targets.dataSource(targetName);
    List<String> schemas;
    FillPlan plan;
    TargetSteps steps = TargetSteps.of(targets.dialect(targetName).kind());
    try (Connection c = target.getConnection()) {
      schemas = steps.chosenSchemas(c, r.schemas() == null ? List.of() : r.schemas());
      plan =
          Plans.checkedPlan(
              steps.introspect(c, schemas),
              fillSettings,
              c,
              steps.checkServer(c, note -> log.info("target {}: {}", targetName, note)));
    } catch (SQLException e) {
      throw SqlErrors.classify("target " + targetName + ": cannot connect", e);
    }
    LoadTriggers triggers =
        steps.chooseTriggers(target, plan, Boolean.TRUE.equals(r.disableTriggers()));
    FillProgress progress = new FillProgress(plan);
    DistributedFill fill =
        Submission.publish(
            settings.kafka(),
            target,
            targetName,
            plan,
            Boolean.TRUE.equals(r.truncate()),
            note -> log.warn("target {}: {}", targetName, note),
            triggers,
            retries(r),
            settings.outage().at("target \"" + targetName + "\""),
            progress);
    metrics.jobSubmitted();
    log.info(
        "job {} submitted: target {}, schemas {}, {} tables, {} rows, {} tasks",
        fill.jobId(),
        targetName,
        String.join(", ", schemas),
        plan.tables().size(),
        plan.totalRows(),
        plan.tasks().size());
    return jobs.follow(fill, targetName, plan, progress, System.currentTimeMillis());
  }

  /** The service's retries, with what the request overrides. */
  private Retries retries(JobRequest r) {
    Retries d = settings.retries();
    return new Retries(
        r.maxAttempts() == null ? d.maxAttempts() : r.maxAttempts(),
        d.firstBackoff(),
        r.stallSeconds() == null ? d.stallTimeout() : Duration.ofSeconds(r.stallSeconds()));
  }
}
