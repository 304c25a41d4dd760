package io.spate.coordinator.cli;

import io.spate.coordinator.http.ApiToken;
import io.spate.coordinator.http.JobRequest;
import io.spate.coordinator.http.JobView;
import io.spate.coordinator.http.ServiceClient;
import io.spate.coordinator.submit.DistributedFill;
import io.spate.coordinator.submit.Submission;
import io.spate.core.job.Retries;
import io.spate.core.progress.FillProgress;
import io.spate.core.progress.ProgressDisplay;
import io.spate.core.settings.Settings;
import io.spate.core.target.LoadTriggers;
import io.spate.core.target.OutputTarget;
import io.spate.core.target.TargetSteps;
import io.spate.engine.settings.SettingsHelp;
import io.spate.engine.target.Outage;
import io.spate.engine.target.SecretMask;
import io.spate.engine.target.Targets;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.FillPlan;
import io.spate.worker.kafka.KafkaOptions;
import io.spate.worker.kafka.KafkaSettings;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code spate submit}: plans like {@code spate local}, publishes the job to Kafka and (unless
 * detached) follows it to the same summary. Workers write the rows; this process never does.
 */
@Command(
    name = "submit",
    mixinStandardHelpOptions = true,
    description = "Plans a fill and hands it to workers through Kafka, then follows it.",
    footer = SettingsHelp.DATABASES)
final class SubmitCommand implements Callable<Integer> {

  @Mixin FillOptions options;
  @Mixin KafkaOptions kafka;
  @Mixin FollowOptions follow;

  @Option(names = "--target", paramLabel = "NAME", descriptionKey = "target-name")
  String target = Settings.TARGET_NAME.defaultValue();

  @Option(names = "--truncate")
  boolean truncate;

  @Option(names = "--disable-triggers")
  boolean disableTriggers;

  @Option(names = "--detach")
  boolean detach;

  @Option(names = "--coordinator", paramLabel = "URL")
  URI coordinator;

  @Option(names = "--token-file", paramLabel = "PATH")
  Path tokenFile;

  @Option(names = "--out", paramLabel = "DIR", descriptionKey = "files-out")
  String out;

  @Option(names = "--format", paramLabel = "F")
  String format = Settings.FORMAT.defaultValue();

  @Option(names = "--ddl", paramLabel = "FILE")
  Path ddl;

  @Override
  public Integer call() throws Exception {
    if (coordinator != null) {
      if (out != null || ddl != null) {
        throw new SpateException(
            "--coordinator "
                + coordinator
                + ": the service fills its databases; to have workers write files, submit with"
                + " --bootstrap and --out DIR");
      }
      return submitToService();
    }
    if (tokenFile != null) {
      throw new SpateException("--token-file is for --coordinator URL (a coordinator service)");
    }
    if (ddl != null && out == null) {
      throw new SpateException(
          "--ddl reads the schema from a file, with no database to fill: give --out DIR to have"
              + " the workers write the rows as files");
    }
    if (out != null && disableTriggers) {
      throw new SpateException("--out writes files, so it takes no --disable-triggers");
    }
    if (ddl == null) {
      SpateCli.requireSchemaSource(options); // say so before reaching Kafka
    }
    KafkaSettings settings = kafka.settings();
    // Kafka's client start and the topics' round trips run beside introspection and planning
    FutureTask<Void> topics = new FutureTask<>(settings::ensureTopics, null);
    Thread.ofPlatform().daemon().name("spate-topics").start(topics);
    if (out != null) {
      return submitFiles(settings, topics);
    }
    try (PlannedTarget planned =
        PlannedTarget.open(
            options,
            DistributedFill.CONNECTIONS,
            "spate submit",
            "bootstrap="
                + kafka.bootstrap()
                + " target="
                + target
                + " truncate="
                + truncate
                + " disable-triggers="
                + disableTriggers
                + " outage-seconds="
                + follow.outage().limit().toSeconds(),
            disableTriggers)) {
      await(topics);
      FillProgress progress = new FillProgress(planned.plan());
      // this role's; with --disable-triggers each worker's own role is checked by its first task
      LoadTriggers triggers =
          TargetSteps.of(planned.pool())
              .chooseTriggers(planned.pool(), planned.plan(), disableTriggers);
      SpateCli.Streams.err.println(triggers.description());
      try (DistributedFill fill =
          Submission.publish(
              settings,
              planned.pool(),
              target,
              planned.plan(),
              truncate,
              SpateCli.Streams.err::println,
              triggers,
              follow.retries(),
              follow.outage().at(options.database.db()),
              progress)) {
        SpateCli.Streams.err.println(
            "job "
                + fill.jobId()
                + " submitted to "
                + kafka.bootstrap()
                + " ("
                + planned.plan().tasks().size()
                + " tasks); workers: spate worker --bootstrap "
                + kafka.bootstrap()
                + " --db JDBC_URL");
        if (detach) {
          SpateCli.Streams.out.println(fill.jobId());
          SpateCli.Streams.err.println(
              "detached: follow it with spate coordinator --bootstrap "
                  + kafka.bootstrap()
                  + " --db "
                  + SecretMask.url(options.database.db())
                  + " "
                  + fill.jobId());
          return 0;
        }
        followWithDisplay(fill, progress);
      }
    }
    return 0;
  }

  /**
   * {@code submit --out DIR}: plans from the database's schema (only read) or the DDL file, opens
   * {@code DIR} for the job (claimed while this process follows it) and publishes it; each worker
   * writes the files into its own mount of {@code DIR}, the one its target {@link #target} names.
   */
  private int submitFiles(KafkaSettings settings, FutureTask<Void> topics) throws Exception {
    String url = SpateCli.filesUrl(out, format);
    OutputTarget output = SpateCli.output(url);
    FillPlan plan =
        SpateCli.filesPlan(
            options,
            ddl,
            "spate submit",
            "bootstrap="
                + kafka.bootstrap()
                + " target="
                + target
                + " out="
                + out
                + " format="
                + format
                + " truncate="
                + truncate);
    await(topics);
    FillProgress progress = new FillProgress(plan);
    try (DistributedFill fill =
        Submission.publishFiles(
            settings,
            output,
            url,
            target,
            plan,
            truncate,
            SpateCli.Streams.err::println,
            follow.retries(),
            progress)) {
      SpateCli.Streams.err.println(
          "job "
              + fill.jobId()
              + " submitted to "
              + kafka.bootstrap()
              + " ("
              + plan.tasks().size()
              + " tasks, one "
              + format
              + " file each); workers: spate worker --bootstrap "
              + kafka.bootstrap()
              + (target.equals(Targets.DEFAULT) ? " --db " : " --target " + target + "=")
              + "file:///MOUNT, where MOUNT is the worker's mount of "
              + Path.of(out).toAbsolutePath().normalize());
      if (detach) {
        SpateCli.Streams.out.println(fill.jobId());
        SpateCli.Streams.err.println(
            "detached: no process holds "
                + out
                + " for the job now; follow it (and write its manifests) with spate coordinator"
                + " --bootstrap "
                + kafka.bootstrap()
                + " --db "
                + SpateCli.filesUrl(out, format)
                + " "
                + fill.jobId());
        return 0;
      }
      followWithDisplay(fill, progress);
      SpateCli.Streams.out.println(
          "files in " + Path.of(out).toAbsolutePath().normalize() + " (" + format + ")");
    }
    return 0;
  }

  /** Waits for the topics, rethrowing the reason they are not there. */
  private static void await(FutureTask<Void> topics) throws InterruptedException {
    try {
      topics.get();
    } catch (ExecutionException e) {
      throw e.getCause() instanceof SpateException se
          ? se
          : new SpateException("cannot make sure of the topics: " + e.getCause(), e.getCause());
    }
  }

  /**
   * {@code submit --coordinator URL}: the service plans, publishes and follows; this process sends
   * the config and options, then follows the job's event stream to the same summary.
   */
  private int submitToService() throws Exception {
    List<String> misplaced = new ArrayList<>(options.database.given());
    if (kafka.bootstrap() != null) {
      misplaced.add("--bootstrap");
    }
    if (follow.outageSeconds != null) {
      misplaced.add("--outage-seconds");
    }
    if (!misplaced.isEmpty()) {
      throw new SpateException(
          "--coordinator "
              + coordinator
              + ": the service holds the database and Kafka settings, so "
              + String.join(", ", misplaced)
              + " cannot be given here (name a target the service knows with --target)");
    }
    ApiToken token = ApiToken.find(tokenFile).orElse(null);
    JobRequest request =
        new JobRequest(
            target,
            options.config == null ? null : readConfig(options.config),
            options.schemas,
            options.seed,
            options.rows,
            options.defaultRows,
            options.taskRows,
            truncate,
            follow.maxAttempts,
            follow.stallSeconds,
            disableTriggers);
    ServiceClient client = new ServiceClient(coordinator, token);
    JobView job = client.submit(request);
    SpateCli.Streams.err.println(
        "job "
            + job.id()
            + " submitted to "
            + coordinator
            + " ("
            + job.tasks().total()
            + " tasks, "
            + job.rowsPlanned()
            + " rows, target "
            + job.target()
            + ")");
    if (detach) {
      SpateCli.Streams.out.println(job.id());
      SpateCli.Streams.err.println(
          "detached: follow it at " + coordinator.resolve("/") + " or GET /jobs/" + job.id());
      return 0;
    }
    return client.follow(
        job.id(), SpateCli.Streams.out, SpateCli.Streams.err, System.console() != null);
  }

  private static String readConfig(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new SpateException("config " + file + ": cannot read: " + e.getMessage(), e);
    }
  }

  /** Follows a job with the live display, then prints the summary: submit and coordinator alike. */
  static void followWithDisplay(DistributedFill fill, FillProgress progress) {
    ProgressDisplay display =
        ProgressDisplay.start(progress, SpateCli.Streams.err, System.console() != null);
    try {
      fill.follow();
    } finally {
      display.close();
    }
    display.finish(SpateCli.Streams.out);
    if (fill.result() != null) {
      SpateCli.Streams.out.println(fill.result());
    } else {
      SpateCli.Streams.out.println("dry run: the workers generated the rows and wrote none");
    }
  }

  /**
   * How a follower retries; shared by submit and coordinator. Null: not given, so the default (a
   * coordinator service's own, for {@code submit --coordinator}).
   */
  static final class FollowOptions {
    @Option(names = "--max-attempts", paramLabel = "N")
    Integer maxAttempts;

    @Option(names = "--stall-seconds", paramLabel = "S")
    Long stallSeconds;

    @Option(names = "--outage-seconds", paramLabel = "S")
    Integer outageSeconds;

    /** The retries given, over the defaults; the values were checked with the command line. */
    Retries retries() {
      Retries d = Retries.DEFAULT;
      return new Retries(
          maxAttempts == null ? d.maxAttempts() : maxAttempts,
          d.firstBackoff(),
          stallSeconds == null ? d.stallTimeout() : Duration.ofSeconds(stallSeconds));
    }

    /** How long the follower's own work on the target waits after losing the connection. */
    Outage outage() {
      return outageSeconds == null
          ? Outage.DEFAULT
          : Outage.upTo(Duration.ofSeconds(outageSeconds));
    }
  }
}
