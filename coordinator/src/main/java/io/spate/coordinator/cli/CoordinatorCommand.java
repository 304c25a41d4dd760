package io.spate.coordinator.cli;

import com.zaxxer.hikari.HikariDataSource;
import io.spate.coordinator.http.ApiToken;
import io.spate.coordinator.http.CoordinatorService;
import io.spate.coordinator.http.ServiceSettings;
import io.spate.coordinator.progress.FillProgress;
import io.spate.coordinator.submit.DistributedFill;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.message.JobMessage;
import io.spate.worker.kafka.JobCache;
import io.spate.worker.kafka.KafkaOptions;
import io.spate.worker.kafka.KafkaSettings;
import io.spate.worker.target.Targets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
    description =
        "With --port: the coordinator service (HTTP API, live page, /metrics). Without: follows running jobs from Kafka to their end (after --detach, or a coordinator's crash).")
final class CoordinatorCommand implements Callable<Integer> {

  @Mixin KafkaOptions kafka;
  @Mixin SubmitCommand.FollowOptions follow;

  @Option(
      names = "--db",
      required = true,
      paramLabel = "JDBC_URL",
      description = "The jobs' target database (the service's default target)")
  String db;

  @Option(names = "--user", paramLabel = "USER", description = "Database user")
  String user;

  @Option(
      names = "--password-env",
      paramLabel = "VAR",
      description = "Environment variable holding the password")
  String passwordEnv;

  @Option(
      names = "--port",
      paramLabel = "N",
      description = "Run the coordinator service with its HTTP API on this port (0: any free port)")
  Integer port;

  @Option(
      names = "--bind",
      paramLabel = "ADDRESS",
      description = "Service: the address to listen on (default: 0.0.0.0, every interface)")
  String bind = "0.0.0.0";

  @Option(
      names = "--target",
      paramLabel = "NAME=JDBC_URL",
      description =
          "Service: another database jobs may name as their target; repeatable (same --user and password)")
  Map<String, String> targets = new LinkedHashMap<>();

  @Option(
      names = "--token-file",
      paramLabel = "PATH",
      description = "Service: file holding the API bearer token (default: $SPATE_API_TOKEN)")
  Path tokenFile;

  @Option(
      names = "--no-auth",
      description =
          "Service: run without a token (anyone who reaches the port may submit and cancel jobs)")
  boolean noAuth;

  @Option(
      names = "--metrics-public",
      description = "Service: serve /metrics without the token (for a Prometheus scraper)")
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
    if (!targets.isEmpty() || tokenFile != null || noAuth || metricsPublic) {
      throw new SpateException(
          "--target, --token-file, --no-auth and --metrics-public are service options: add --port N to run the coordinator service");
    }
    KafkaSettings settings = kafka.settings();
    settings.ensureTopics();
    String password = password();
    try (var probe = Database.connect(db, user, password)) {
      probe.isValid(1); // the target answers before any job is followed
    } catch (java.sql.SQLException e) {
      throw new SpateException("closing a connection to " + db + ": " + e.getMessage(), e);
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
    try (HikariDataSource pool = Database.pool(db, user, password, 2)) {
      for (JobMessage job : jobs) {
        SpateCli.Streams.err.println(
            "following job " + job.jobId() + " (" + job.plan().tasks().size() + " tasks)");
        FillProgress progress = new FillProgress(job.plan());
        try (DistributedFill fill =
            new DistributedFill(settings, job, pool, progress, follow.retries())) {
          SubmitCommand.followWithDisplay(fill, progress);
        }
      }
    }
    return 0;
  }

  private String password() {
    String password = passwordEnv == null ? null : System.getenv(passwordEnv);
    if (passwordEnv != null && password == null) {
      throw new SpateException(
          "--password-env " + passwordEnv + ": that environment variable is not set");
    }
    return password;
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
    String password = password();
    Map<String, Targets.Target> all = new LinkedHashMap<>();
    all.put(Targets.DEFAULT, new Targets.Target(Database.checkUrl(db, "--db"), user, password));
    targets.forEach(
        (name, url) ->
            all.put(
                name,
                new Targets.Target(Database.checkUrl(url, "--target " + name), user, password)));
    KafkaSettings settings = kafka.settings();
    settings.ensureTopics();
    ServiceSettings service =
        new ServiceSettings(bind, port, settings, all, token, metricsPublic, follow.retries());
    try (CoordinatorService running = CoordinatorService.start(service)) {
      SpateCli.Streams.err.println("spate coordinator service: " + service.describe());
      SpateCli.Streams.err.println(
          "spate coordinator service: listening on http://"
              + bind
              + ":"
              + running.port()
              + "/ (API under /jobs, live page at /)");
      Runtime.getRuntime().addShutdownHook(new Thread(running::close, "spate-service-stop"));
      running.awaitClosed();
    }
    return 0;
  }
}
