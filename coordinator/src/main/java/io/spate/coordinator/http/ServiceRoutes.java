package io.spate.coordinator.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import io.spate.protocol.error.SpateException;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.Route;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The service's HTTP surface: the routes, the bearer-token check in front of them, reading a job
 * request's body, and every JSON response and error (status code and {@code {"error": ...}}). What
 * a route does beyond HTTP lives elsewhere: planning and publishing in {@link JobSubmitter}, the
 * jobs in {@link FollowedJobs}, the event stream in {@link EventStream}, the numbers in {@link
 * ServiceMetrics}.
 *
 * <p>Threading: handlers run on the Vert.x event loop and must not block; a submission's JDBC and
 * Kafka work goes to a worker thread ({@code executeBlocking}) and its response is written back on
 * the loop. The routes hold no state of their own besides the page, read once at start.
 */
final class ServiceRoutes {

  private static final Logger log = LoggerFactory.getLogger(CoordinatorService.class);

  private final Vertx vertx;
  private final ServiceSettings settings;
  private final FollowedJobs jobs;
  private final JobSubmitter submitter;
  private final ServiceMetrics metrics;
  private final byte[] page = resource("live.html");
  private final HeaderDeadline headers;
  private final RequestGuards guards;

  ServiceRoutes(
      Vertx vertx,
      ServiceSettings settings,
      FollowedJobs jobs,
      JobSubmitter submitter,
      ServiceMetrics metrics,
      HeaderDeadline headers) {
    this.headers = headers;
    this.guards = new RequestGuards(settings.bind(), settings.token() == null);
    this.vertx = vertx;
    this.settings = settings;
    this.jobs = jobs;
    this.submitter = submitter;
    this.metrics = metrics;
  }

  Router router() {
    Router router = Router.router(vertx);
    router.route().handler(headers::requestStarted);
    router.route().handler(this::guard);
    router.route().handler(this::authorize);
    get(router, "/health").handler(ctx -> end(ctx, "text/plain", Buffer.buffer("ok\n")));
    get(router, "/")
        .handler(
            ctx -> {
              ctx.response().putHeader("cache-control", "no-store");
              end(ctx, "text/html; charset=utf-8", Buffer.buffer(page));
            });
    get(router, "/metrics")
        .handler(
            ctx ->
                end(
                    ctx,
                    "text/plain; version=0.0.4; charset=utf-8",
                    Buffer.buffer(metrics.scrape())));
    router.post("/jobs").handler(ServiceRoutes::requireJson); // before the body is read
    router
        .post("/jobs")
        .handler(BodyHandler.create().setBodyLimit(4 * 1024 * 1024))
        .handler(this::submit);
    get(router, "/jobs")
        .handler(
            ctx -> json(ctx, 200, jobs.newestFirst().stream().map(j -> j.view(false)).toList()));
    get(router, "/jobs/:id").handler(ctx -> withJob(ctx, job -> json(ctx, 200, job.view(true))));
    router.delete("/jobs/:id").handler(ctx -> withJob(ctx, job -> cancel(ctx, job)));
    get(router, "/jobs/:id/events")
        .handler(ctx -> withJob(ctx, job -> EventStream.stream(vertx, ctx, job)));
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

  /**
   * A GET route that answers HEAD too, as HTTP asks of every GET resource (load balancers and
   * uptime checks probe with HEAD): the same status and headers, no body ({@link #end}).
   */
  private static Route get(Router router, String path) {
    return router.route(path).method(HttpMethod.GET).method(HttpMethod.HEAD);
  }

  /**
   * Before the token: a request from another site's page ({@code Origin}) or, without a token, one
   * addressed to a name that is not the service's ({@code Host}) is refused, 403.
   */
  private void guard(RoutingContext ctx) {
    Optional<String> refusal =
        guards
            .hostRefusal(ctx.request().authority())
            .or(
                () ->
                    RequestGuards.originRefusal(
                        ctx.request().getHeader("Origin"), ctx.request().authority()));
    if (refusal.isPresent()) {
      error(ctx, 403, ctx.request().method() + " " + ctx.request().path() + ": " + refusal.get());
      return;
    }
    ctx.next();
  }

  /**
   * A job request's body must be declared JSON, before it is read: a form or text a browser sends
   * across sites is refused, 400, whatever it holds.
   */
  private static void requireJson(RoutingContext ctx) {
    Optional<String> refusal =
        RequestGuards.bodyTypeRefusal(ctx.request().getHeader("Content-Type"));
    if (refusal.isPresent()) {
      error(ctx, 400, "POST /jobs: " + refusal.get());
      return;
    }
    ctx.next();
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

  private void withJob(RoutingContext ctx, Consumer<ServiceJob> action) {
    ServiceJob job = jobs.get(ctx.pathParam("id"));
    if (job == null) {
      error(
          ctx,
          404,
          "no job " + ctx.pathParam("id") + " on this coordinator (jobs: " + jobs.ids() + ")");
      return;
    }
    action.accept(job);
  }

  private void submit(RoutingContext ctx) {
    JobRequest request;
    try {
      request = ServiceJson.REQUEST_READER.readValue(ctx.body().asString());
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
        .executeBlocking(() -> submitter.submit(request), false)
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

  private static void cancel(RoutingContext ctx, ServiceJob job) {
    JobView view = job.view(false);
    if (view.finished()) {
      error(ctx, 409, "job " + job.id() + " is already " + view.state());
      return;
    }
    job.cancelling();
    json(ctx, 202, job.view(true));
  }

  private static void json(RoutingContext ctx, int status, Object body) {
    ctx.response().setStatusCode(status);
    end(ctx, "application/json", Buffer.buffer(ServiceJson.toJson(body)));
  }

  /**
   * Ends a response with its body, or a HEAD's with the body's length only: Vert.x drops a HEAD's
   * body over HTTP/1.1 but sends it over HTTP/2 (h2c), where clients then read one.
   */
  private static void end(RoutingContext ctx, String contentType, Buffer body) {
    HttpServerResponse response = ctx.response().putHeader("content-type", contentType);
    if (ctx.request().method() == HttpMethod.HEAD) {
      response.putHeader("content-length", Integer.toString(body.length())).end();
    } else {
      response.end(body);
    }
  }

  private static void error(RoutingContext ctx, int status, String message) {
    json(ctx, status, Map.of("error", message));
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
}
