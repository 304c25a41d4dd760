package io.spate.coordinator.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.micrometer.core.instrument.Gauge;
import io.spate.coordinator.config.FillConfig;
import io.spate.coordinator.introspect.PgIntrospector;
import io.spate.coordinator.job.Retries;
import io.spate.coordinator.plan.FillSettings;
import io.spate.coordinator.plan.Plans;
import io.spate.coordinator.progress.FillProgress;
import io.spate.coordinator.settings.Settings;
import io.spate.coordinator.submit.DistributedFill;
import io.spate.coordinator.submit.Submission;
import io.spate.coordinator.target.LoadTriggers;
import io.spate.protocol.error.Problems;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.message.JobMessage;
import io.spate.protocol.message.TaskState;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.schema.Schema;
import io.spate.worker.kafka.JobCache;
import io.spate.worker.target.SqlErrors;
import io.spate.worker.target.Targets;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import java.io.IOException;
import java.io.InputStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The coordinator as a long-running service. {@code POST /jobs} plans a fill on the service's own
 * connection to the named target and publishes it exactly as {@code spate submit} does ({@link
 * Submission}); a thread per job follows it ({@link DistributedFill#follow()}) while the API, the
 * event stream and the live page read what that follower sees. On start it adopts the running jobs
 * of its targets found on the jobs topic, so a restarted service carries on where it stopped.
 *
 * <p>Endpoints: {@code GET /health} (open), {@code GET /metrics}, {@code POST /jobs}, {@code GET
 * /jobs}, {@code GET /jobs/{id}}, {@code DELETE /jobs/{id}} (cancel), {@code GET /jobs/{id}/events}
 * (server-sent events), {@code GET /} (the live page: a static shell that holds no data; its script
 * calls the API with the token). Everything else requires {@code Authorization: Bearer <token>}.
 */
public final class CoordinatorService implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(CoordinatorService.class);
  private static final long SSE_INTERVAL_MS = 500;
  private static final Pattern PASSWORD_IN_TEXT = Pattern.compile("(?i)(password=)[^&\\s;]*");

  /** Reads responses leniently (a newer service may add fields) ... */
  static final JsonMapper JSON =
      JsonMapper.builder().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();

  /** ... and requests strictly: a misspelt option is an error, not a silent default. */
  private static final ObjectReader REQUEST_READER =
      JSON.readerFor(JobRequest.class).with(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  private final ServiceSettings settings;
  private final Vertx vertx;
  private final Targets targets;
  private final ServiceMetrics metrics = new ServiceMetrics();
  private final Map<String, ServiceJob> jobs = new ConcurrentHashMap<>();
  private final ExecutorService followers =
      Executors.newCachedThreadPool(
          r -> {
            Thread t = new Thread(r, "spate-follow");
            t.setDaemon(true); // a job still followed at exit stays RUNNING on Kafka, for the next
            // coordinator
            return t;
          });
  private final CompletableFuture<Void> closed = new CompletableFuture<>();
  private final byte[] page;
  private HttpServer server;

  private CoordinatorService(ServiceSettings settings) {
    this.settings = settings;
    this.vertx = Vertx.vertx();
    this.targets = new Targets(settings.targets(), 3);
    this.page = resource("live.html");
    Gauge.builder(
            "spate.jobs.running", jobs, j -> j.values().stream().filter(x -> !x.finished()).count())
        .description("Jobs this coordinator follows now")
        .register(metrics.registry);
    for (TaskState s :
        List.of(TaskState.PENDING, TaskState.QUEUED, TaskState.RUNNING, TaskState.RETRYING)) {
      Gauge.builder("spate.tasks", jobs, j -> j.values().stream().mapToInt(x -> x.tasksIn(s)).sum())
          .description(
              "Tasks of running jobs by state (queued: published, not yet taken by a worker)")
          .tag("state", s.name().toLowerCase(java.util.Locale.ROOT))
          .register(metrics.registry);
    }
  }

  /** Starts listening, then adopts the running jobs on the jobs topic in the background. */
  public static CoordinatorService start(ServiceSettings settings) {
    CoordinatorService service = new CoordinatorService(settings);
    try {
      service.server =
          service
              .vertx
              .createHttpServer()
              .requestHandler(service.router())
              .listen(settings.port(), settings.bind())
              .toCompletionStage()
              .toCompletableFuture()
              .get(10, TimeUnit.SECONDS);
    } catch (Exception e) {
      service.close();
      throw new SpateException(
          "coordinator service: cannot listen on "
              + settings.bind()
              + ":"
              + settings.port()
              + ": "
              + e.getMessage(),
          e);
    }
    service.vertx.setPeriodic(1_000, t -> service.jobs.values().forEach(ServiceJob::sample));
    service.followers.submit(service::adoptRunningJobs);
    return service;
  }

  public int port() {
    return server.actualPort();
  }

  /** Blocks until {@link #close()}. */
  public void awaitClosed() throws InterruptedException {
    try {
      closed.get();
    } catch (java.util.concurrent.ExecutionException e) {
      throw new IllegalStateException(e);
    }
  }

  private Router router() {
    Router router = Router.router(vertx);
    router.route().handler(this::authorize);
    router
        .get("/health")
        .handler(ctx -> ctx.response().putHeader("content-type", "text/plain").end("ok\n"));
    router
        .get("/")
        .handler(
            ctx ->
                ctx.response()
                    .putHeader("content-type", "text/html; charset=utf-8")
                    .putHeader("cache-control", "no-store")
                    .end(io.vertx.core.buffer.Buffer.buffer(page)));
    router
        .get("/metrics")
        .handler(
            ctx ->
                ctx.response()
                    .putHeader("content-type", "text/plain; version=0.0.4; charset=utf-8")
                    .end(metrics.scrape()));
    router
        .post("/jobs")
        .handler(BodyHandler.create().setBodyLimit(4 * 1024 * 1024))
        .handler(this::submit);
    router
        .get("/jobs")
        .handler(
            ctx ->
                json(
                    ctx,
                    200,
                    jobs.values().stream()
                        .sorted(Comparator.comparingLong(ServiceJob::submittedAtMillis).reversed())
                        .map(j -> j.view(false))
                        .toList()));
    router.get("/jobs/:id").handler(ctx -> withJob(ctx, job -> json(ctx, 200, job.view(true))));
    router.delete("/jobs/:id").handler(ctx -> withJob(ctx, job -> cancel(ctx, job)));
    router.get("/jobs/:id/events").handler(ctx -> withJob(ctx, job -> stream(ctx, job)));
    router
        .route()
        .last()
        .handler(
            ctx ->
                error(
                    ctx,
                    404,
                    "no such endpoint: "
                        + ctx.request().method()
                        + " "
                        + ctx.request().path()
                        + " (try GET /jobs, POST /jobs, GET|DELETE /jobs/{id}, GET /jobs/{id}/events, GET /metrics, GET /health)"));
    return router;
  }

  /** Open: /health, the page's static shell, and /metrics when the operator made it public. */
  private void authorize(RoutingContext ctx) {
    String path = ctx.request().path();
    boolean open =
        path.equals("/health")
            || path.equals("/")
            || (settings.metricsPublic() && path.equals("/metrics"));
    if (open || settings.token() == null) {
      ctx.next();
      return;
    }
    String header = ctx.request().getHeader("Authorization");
    if (settings.token().accepts(header)) {
      ctx.next();
      return;
    }
    ctx.response().putHeader("WWW-Authenticate", "Bearer realm=\"spate\"");
    error(
        ctx,
        401,
        header == null
            ? "missing bearer token: send Authorization: Bearer <token> (the service's "
                + ApiToken.ENV
                + " or --token-file)"
            : "the bearer token is not this service's");
  }

  private void withJob(RoutingContext ctx, java.util.function.Consumer<ServiceJob> action) {
    ServiceJob job = jobs.get(ctx.pathParam("id"));
    if (job == null) {
      error(
          ctx,
          404,
          "no job " + ctx.pathParam("id") + " on this coordinator (jobs: " + jobs.keySet() + ")");
      return;
    }
    action.accept(job);
  }

  private void submit(RoutingContext ctx) {
    JobRequest request;
    try {
      request = REQUEST_READER.readValue(ctx.body().asString());
      if (request == null) {
        throw new SpateException("the body is empty");
      }
    } catch (UnrecognizedPropertyException e) {
      error(
          ctx,
          400,
          "POST /jobs: unknown field '"
              + e.getPropertyName()
              + "' (known: "
              + e.getKnownPropertyIds()
              + ")");
      return;
    } catch (JsonProcessingException | SpateException e) {
      error(
          ctx,
          400,
          "POST /jobs: the body must be a JSON job request: "
              + (e instanceof JsonProcessingException j ? j.getOriginalMessage() : e.getMessage()));
      return;
    }
    vertx
        .executeBlocking(() -> plan(request), false)
        .onComplete(
            result -> {
              if (result.succeeded()) {
                ServiceJob job = result.result();
                ctx.response().putHeader("Location", "/jobs/" + job.id());
                json(ctx, 201, job.view(true));
              } else if (result.cause() instanceof SpateException e) {
                error(ctx, 400, e.getMessage());
              } else {
                log.error("POST /jobs failed", result.cause());
                error(ctx, 500, "POST /jobs: " + result.cause());
              }
            });
  }

  /**
   * Introspects and plans on the service's connection, publishes like {@code spate submit}, and
   * starts following.
   */
  private ServiceJob plan(JobRequest r) {
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
              r.rows() == null ? Map.of() : r.rows());
    } catch (SpateException e) {
      problems.add(e.getMessage());
    }
    problems.throwIfAny("invalid job request");
    DataSource target = targets.dataSource(targetName);
    Schema schema;
    try (Connection c = target.getConnection()) {
      schema =
          PgIntrospector.introspect(
              c,
              r.schemas() == null || r.schemas().isEmpty()
                  ? List.of(Settings.SCHEMAS.defaultValue())
                  : r.schemas());
    } catch (SQLException e) {
      throw mask(SqlErrors.classify("target " + targetName + ": cannot connect", e));
    }
    FillPlan plan = Plans.checkedPlan(schema, fillSettings);
    LoadTriggers triggers =
        LoadTriggers.choose(target, plan, Boolean.TRUE.equals(r.disableTriggers()));
    Retries d = settings.retries();
    Retries retries =
        new Retries(
            r.maxAttempts() == null ? d.maxAttempts() : r.maxAttempts(),
            d.firstBackoff(),
            r.stallSeconds() == null ? d.stallTimeout() : Duration.ofSeconds(r.stallSeconds()));
    FillProgress progress = new FillProgress(plan);
    DistributedFill fill =
        Submission.publish(
            settings.kafka(),
            target,
            targetName,
            plan,
            Boolean.TRUE.equals(r.truncate()),
            triggers,
            retries,
            progress);
    ServiceJob job =
        new ServiceJob(
            fill.jobId(),
            targetName,
            plan,
            progress,
            fill.tracker(),
            System.currentTimeMillis(),
            fill::cancel,
            metrics);
    metrics.jobSubmitted();
    log.info(
        "job {} submitted: target {}, {} tables, {} rows, {} tasks",
        fill.jobId(),
        targetName,
        plan.tables().size(),
        plan.totalRows(),
        plan.tasks().size());
    follow(job, fill);
    return job;
  }

  private void follow(ServiceJob job, DistributedFill fill) {
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
            job.finish(JobMessage.State.FAILED, mask(e).getMessage());
            log.warn("job {} failed: {}", job.id(), mask(e).getMessage());
          }
        });
  }

  /** Follows every running job of a target this service serves (after a restart of the service). */
  private void adoptRunningJobs() {
    try (JobCache cache = new JobCache(settings.kafka())) {
      cache.awaitCaughtUp(Duration.ofSeconds(30));
      for (JobMessage m : cache.all().values()) {
        if (m.state() != JobMessage.State.RUNNING
            || jobs.containsKey(m.jobId())
            || !settings.targets().containsKey(m.target())) {
          continue;
        }
        FillProgress progress = new FillProgress(m.plan());
        DistributedFill fill =
            new DistributedFill(
                settings.kafka(), m, targets.dataSource(m.target()), progress, settings.retries());
        log.info(
            "adopting running job {} (target {}, {} tasks)",
            m.jobId(),
            m.target(),
            m.plan().tasks().size());
        follow(
            new ServiceJob(
                m.jobId(),
                m.target(),
                m.plan(),
                progress,
                fill.tracker(),
                m.submittedAtMillis(),
                fill::cancel,
                metrics),
            fill);
      }
    } catch (RuntimeException e) {
      log.warn(
          "could not adopt running jobs from {}: {}",
          settings.kafka().topics().jobs(),
          e.getMessage());
    }
  }

  private void cancel(RoutingContext ctx, ServiceJob job) {
    JobView view = job.view(false);
    if (view.finished()) {
      error(ctx, 409, "job " + job.id() + " is already " + view.state());
      return;
    }
    job.cancelling();
    json(ctx, 202, job.view(true));
  }

  /**
   * Server-sent events: {@code progress} twice a second, then one {@code end} when the job is over.
   */
  private void stream(RoutingContext ctx, ServiceJob job) {
    HttpServerResponse response = ctx.response();
    response
        .setChunked(true)
        .putHeader("content-type", "text/event-stream")
        .putHeader("cache-control", "no-cache")
        .putHeader("x-accel-buffering", "no");
    Runnable send =
        () -> {
          if (response.closed() || response.ended()) {
            return;
          }
          JobView view = job.view(true);
          response.write(
              "event: "
                  + (view.finished() ? "end" : "progress")
                  + "\ndata: "
                  + toJson(view)
                  + "\n\n");
          if (view.finished()) {
            response.end();
          }
        };
    send.run();
    if (response.ended()) {
      return;
    }
    long timer =
        vertx.setPeriodic(
            SSE_INTERVAL_MS,
            t -> {
              send.run();
              if (response.ended() || response.closed()) {
                vertx.cancelTimer(t);
              }
            });
    response.closeHandler(v -> vertx.cancelTimer(timer));
  }

  private static void json(RoutingContext ctx, int status, Object body) {
    ctx.response()
        .setStatusCode(status)
        .putHeader("content-type", "application/json")
        .end(toJson(body));
  }

  private static void error(RoutingContext ctx, int status, String message) {
    json(ctx, status, Map.of("error", message));
  }

  static String toJson(Object o) {
    try {
      return JSON.writeValueAsString(o);
    } catch (JsonProcessingException e) {
      throw new SpateException(
          "cannot encode " + o.getClass().getSimpleName() + ": " + e.getOriginalMessage(), e);
    }
  }

  /** The exception with any password of the service's targets, or password=... in a URL, masked. */
  private SpateException mask(RuntimeException e) {
    String message = e.getMessage() == null ? e.toString() : e.getMessage();
    String masked = PASSWORD_IN_TEXT.matcher(message).replaceAll("$1***");
    for (Targets.Target t : settings.targets().values()) {
      if (t.password() != null && !t.password().isEmpty()) {
        masked = masked.replace(t.password(), "***");
      }
    }
    return masked.equals(message) && e instanceof SpateException s
        ? s
        : new SpateException(masked, e);
  }

  private static byte[] resource(String name) {
    try (InputStream in = CoordinatorService.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException(
            "missing resource " + name + " next to " + CoordinatorService.class.getName());
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new IllegalStateException("cannot read resource " + name, e);
    }
  }

  /**
   * Stops listening and following (a job still running stays RUNNING on Kafka, for the next
   * coordinator).
   */
  @Override
  public void close() {
    if (closed.isDone()) {
      return;
    }
    followers
        .shutdown(); // no interrupt: a follower stopped mid-publish must not record its job FAILED
    try {
      vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    } catch (Exception e) {
      log.warn("closing the HTTP server: {}", e.toString());
    }
    targets.close();
    closed.complete(null);
  }
}
