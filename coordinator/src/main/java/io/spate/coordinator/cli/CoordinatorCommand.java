package io.spate.coordinator.cli;

import com.zaxxer.hikari.HikariDataSource;
import io.spate.coordinator.http.ApiToken;
import io.spate.coordinator.http.CoordinatorService;
import io.spate.coordinator.http.ServiceSettings;
import io.spate.coordinator.submit.DistributedFill;
import io.spate.coordinator.submit.JobTargetCheck;
import io.spate.core.local.LocalFill;
import io.spate.core.progress.FillProgress;
import io.spate.core.settings.Settings;
import io.spate.core.target.Database;
import io.spate.core.target.OutputTarget;
import io.spate.core.target.TargetTables;
import io.spate.engine.settings.SettingsHelp;
import io.spate.engine.target.SecretMask;
import io.spate.engine.target.SessionSettings;
import io.spate.engine.target.Targets;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.message.JobMessage;
import io.spate.worker.cli.GracefulStop;
import io.spate.worker.kafka.JobCache;
import io.spate.worker.kafka.KafkaOptions;
import io.spate.worker.kafka.KafkaSettings;
import io.spate.worker.target.DatabaseOptions;
import io.spate.worker.target.TargetOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code spate coordinator}: with {@code --port}, the long-running coordinator service (HTTP API,
 * live page, metrics; see {@link CoordinatorService}). Without it, follows submitted jobs from
 * Kafka to their end; the job named, or every running one. This is how a detached job is followed,
 * and how a coordinator that died mid-job is replaced: it replays the job's events and carries on.
 */
@Command(
    name = "coordinator",
    mixinStandardHelpOptions = true,
    modelTransformer = TargetOptions.RequireDb.class,
    description =
        "With --port: the coordinator service (HTTP API, live page, /metrics). Without: follows running jobs from Kafka to their end (after --detach, or a coordinator's crash).",
    footer = SettingsHelp.DATABASES)
final class CoordinatorCommand implements Callable<Integer> {

  @Mixin KafkaOptions kafka;
  @Mixin SubmitCommand.FollowOptions follow;
  @Mixin TargetOptions databases;

  @Option(names = "--port", paramLabel = "N")
  Integer port;

  @Option(names = "--bind", paramLabel = "ADDRESS")
  String bind = Settings.BIND.defaultValue();

  @Option(names = "--token-file", paramLabel = "PATH")
  Path tokenFile;

  @Option(names = "--no-auth")
  boolean noAuth;

  @Option(names = "--metrics-public")
  boolean metricsPublic;

  @Parameters(
      arity = "0..1",
      paramLabel = "JOB",
      description = "The job to follow (default: every running job); not with --port")
  String jobId;

  @Override
  public Integer call() throws Exception {
    if (port != null) {
      return serve();
    }
    if (databases.anyExtraTarget() || tokenFile != null || noAuth || metricsPublic) {
      throw new SpateException(
          "--target, --token-file, --no-auth and --metrics-public are service options: add --port N to run the coordinator service");
    }
    KafkaSettings settings = kafka.settings();
    settings.ensureTopics();
    DatabaseOptions database = databases.database();
    String db = database.db();
    String user = database.user();
    String password = database.password();
    SessionSettings session = database.session();
    Optional<OutputTarget> output = OutputTarget.of(db);
    if (output.isPresent()) {
      return followFiles(settings, output.get(), db);
    }
    try (var probe = Database.connect(db, user, password, session)) {
      probe.isValid(1); // the target answers before any job is followed
    } catch (java.sql.SQLException e) {
      throw new SpateException(
          "closing a connection to " + SecretMask.url(db) + ": " + e.getMessage(), e);
    }
    List<JobMessage> jobs;
    try (JobCache cache = new JobCache(settings)) {
      cache.awaitCaughtUp(Duration.ofSeconds(30));
      if (jobId != null) {
        JobMessage job = cache.await(jobId, Duration.ofSeconds(15));
        jobs = job.state() == JobMessage.State.RUNNING ? List.of(job) : List.of();
        if (jobs.isEmpty()) {
          SpateCli.Streams.out.println(
              "job "
                  + jobId
                  + " is "
                  + job.state()
                  + (job.error() == null ? "" : ": " + job.error()));
          return job.state() == JobMessage.State.DONE ? 0 : 1;
        }
      } else {
        jobs =
            cache.all().values().stream()
                .filter(j -> j.state() == JobMessage.State.RUNNING)
                .toList();
      }
    }
    if (jobs.isEmpty()) {
      SpateCli.Streams.out.println("no running jobs on " + settings.topics().jobs());
      return 0;
    }
    try (HikariDataSource pool =
        Database.pool(db, user, password, DistributedFill.CONNECTIONS, session)) {
      int refused = 0;
      for (JobMessage job : jobs) {
        // only the jobs planned against this --db: another's after-load steps belong elsewhere
        Optional<String> refusal =
            follow
                .outage()
                .at(db)
                .rideOut(
                    "job " + job.jobId() + ": reading the target's identity",
                    reached ->
                        JobTargetCheck.refusal(
                            job, pool, "this coordinator's --db " + SecretMask.url(db)),
                    () -> {});
        if (refusal.isPresent()) {
          if (jobId != null) {
            throw new SpateException(refusal.get());
          }
          SpateCli.Streams.err.println("not following: " + refusal.get());
          refused++;
          continue;
        }
        SpateCli.Streams.err.println(
            "following job " + job.jobId() + " (" + job.plan().tasks().size() + " tasks)");
        FillProgress progress = FillProgress.ofJob(job);
        try (DistributedFill fill =
            new DistributedFill(
                settings, job, pool, progress, follow.retries(), follow.outage().at(db))) {
          fill.claimTables("spate coordinator");
          SubmitCommand.followWithDisplay(fill, progress);
        }
      }
      if (refused == jobs.size()) {
        return 1; // every running job belongs to another database
      }
    }
    return 0;
  }

  /**
   * Follows the job {@link #jobId} that writes files into the directory {@code url} names (its
   * submitter detached or died): opens the directory for the job, which must be the one its {@code
   * .spate-job} names, then follows the job to its end and writes the manifests.
   */
  private int followFiles(KafkaSettings settings, OutputTarget output, String url)
      throws InterruptedException {
    if (jobId == null) {
      throw new SpateException(
          "--db " + url + " is a directory of files: name the job that writes it (JOB)");
    }
    JobMessage job;
    try (JobCache cache = new JobCache(settings)) {
      cache.awaitCaughtUp(Duration.ofSeconds(30));
      job = cache.await(jobId, Duration.ofSeconds(15));
    }
    if (job.state() != JobMessage.State.RUNNING) {
      SpateCli.Streams.out.println(
          "job " + jobId + " is " + job.state() + (job.error() == null ? "" : ": " + job.error()));
      return job.state() == JobMessage.State.DONE ? 0 : 1;
    }
    if (!job.writesFiles()) {
      throw new SpateException(
          "job " + jobId + " fills a database, not files: follow it with that database's --db");
    }
    String withFormat =
        url.contains("format=")
            ? url
            : url + (url.contains("?") ? "&" : "?") + "format=" + job.fileFormat();
    if (!output.format(withFormat).equals(job.fileFormat())) {
      throw new SpateException(
          "job " + jobId + " writes " + job.fileFormat() + " files, not " + output.format(url));
    }
    SpateCli.Streams.err.println(
        "following job " + job.jobId() + " (" + job.plan().tasks().size() + " tasks)");
    FillProgress progress = FillProgress.ofJob(job);
    try (OutputTarget.Opened opened =
            output.open(
                withFormat,
                job.plan(),
                LocalFill.planDigest(job.plan()),
                job.jobId(),
                TargetTables.Start.RESUME,
                SpateCli.Streams.err::println);
        DistributedFill fill =
            new DistributedFill(settings, job, opened, progress, follow.retries())) {
      SubmitCommand.followWithDisplay(fill, progress);
    }
    return 0;
  }

  /** Runs the service until SIGTERM (or SIGINT). */
  private int serve() throws Exception {
    if (jobId != null) {
      throw new SpateException(
          "--port runs the coordinator service, which takes no JOB argument (follow a job with spate coordinator --bootstrap ... --db ... "
              + jobId
              + ")");
    }
    ApiToken token = ApiToken.find(tokenFile).orElse(null);
    if (token == null && !noAuth) {
      throw new SpateException(
          "the coordinator service needs an API token: set "
              + ApiToken.ENV
              + " or --token-file PATH (or run it open with --no-auth)");
    }
    if (token != null && noAuth) {
      throw new SpateException(
          "--no-auth given but a token is set ("
              + (tokenFile != null ? "--token-file " + tokenFile : "$" + ApiToken.ENV)
              + "): choose one");
    }
    Map<String, Targets.Target> all = databases.targets(Database::checkUrl);
    KafkaSettings settings = kafka.settings();
    settings.ensureTopics();
    ServiceSettings service =
        new ServiceSettings(
            bind, port, settings, all, token, metricsPublic, follow.retries(), follow.outage());
    GracefulStop graceful = null;
    boolean closed = false;
    try {
      try (CoordinatorService running = CoordinatorService.start(service)) {
        // SIGTERM: stop listening and following (jobs stay RUNNING on Kafka), then exit
        graceful =
            GracefulStop.install("spate-service-stop", running::close, Duration.ofSeconds(30));
        SpateCli.Streams.err.println("spate coordinator service: " + service.describe());
        SpateCli.Streams.err.println(
            "spate coordinator service: listening on http://"
                + bind
                + ":"
                + running.port()
                + "/ (API under /jobs, live page at /)");
        running.awaitClosed();
        closed = true;
      }
      SpateCli.Streams.err.println("spate coordinator service: stopped");
    } finally {
      if (graceful != null) {
        graceful.finished(closed);
      }
    }
    return 0;
  }
}
