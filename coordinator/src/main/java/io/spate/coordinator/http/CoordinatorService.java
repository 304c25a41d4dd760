package io.spate.coordinator.http;

import io.spate.coordinator.submit.DistributedFill;
import io.spate.coordinator.submit.Submission;
import io.spate.engine.target.SecretMask;
import io.spate.engine.target.Targets;
import io.spate.protocol.error.SpateException;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
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
 * Before the token, every request passes {@link RequestGuards} (no other site's {@code Origin};
 * without a token, a {@code Host} of the service's own), a job request's body must be declared
 * JSON, and a connection gets its request's headers within {@link HeaderDeadline#LIMIT}.
 *
 * <p>This class owns the lifecycle and wires the parts: {@link ServiceRoutes} (HTTP and auth),
 * {@link JobSubmitter} (planning and publishing), {@link FollowedJobs} (the followers), {@link
 * JobAdoption} (after a restart), {@link EventStream} and {@link ServiceMetrics}. It owns Vert.x,
 * the targets' pools and the follower threads; {@link #close()} releases them once, in that order
 * after stopping new followers, and a second call does nothing. The parts log under this class's
 * name, so the service's log reads as one.
 */
public final class CoordinatorService implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(CoordinatorService.class);

  private final ServiceSettings settings;
  private final Vertx vertx;
  private final Targets targets;
  private final FollowedJobs jobs;
  private final ServiceRoutes routes;
  private final HeaderDeadline headers;
  private final CompletableFuture<Void> closed = new CompletableFuture<>();
  private HttpServer server;

  private CoordinatorService(ServiceSettings settings) {
    this.settings = settings;
    this.vertx = Vertx.vertx();
    this.targets = new Targets(settings.targets(), 3);
    ServiceMetrics metrics = new ServiceMetrics();
    SecretMask secrets = new SecretMask(settings.targets().values());
    this.jobs = new FollowedJobs(metrics, secrets);
    this.headers = new HeaderDeadline(vertx);
    this.routes =
        new ServiceRoutes(
            vertx,
            settings,
            jobs,
            new JobSubmitter(settings, targets, metrics, jobs, secrets),
            metrics,
            headers);
    metrics.gauge(jobs);
  }

  /** Starts listening, then adopts the running jobs on the jobs topic in the background. */
  public static CoordinatorService start(ServiceSettings settings) {
    CoordinatorService service = new CoordinatorService(settings);
    try {
      service.server =
          service
              .vertx
              .createHttpServer(
                  // HTTP/1.1 only: with cleartext HTTP/2 (h2c, which no browser speaks) Vert.x
                  // opens a connection only once a whole request head came, so no deadline could
                  // bound the head's arrival
                  new HttpServerOptions().setHttp2ClearTextEnabled(false))
              .connectionHandler(service.headers::connected)
              .requestHandler(service.routes.router())
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
    service.vertx.setPeriodic(1_000, t -> service.jobs.sample());
    service.jobs.submit(
        () -> JobAdoption.adoptRunningJobs(service.settings, service.targets, service.jobs));
    return service;
  }

  public int port() {
    return server.actualPort();
  }

  /** Blocks until {@link #close()}. */
  public void awaitClosed() throws InterruptedException {
    try {
      closed.get();
    } catch (ExecutionException e) {
      throw new IllegalStateException(e);
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
    jobs.shutdown(); // no interrupt: a follower stopped mid-publish must not record its job FAILED
    try {
      vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    } catch (Exception e) {
      log.warn("closing the HTTP server: {}", e.toString());
    }
    targets.close();
    closed.complete(null);
  }
}
