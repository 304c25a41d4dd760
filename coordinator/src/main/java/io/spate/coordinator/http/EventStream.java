package io.spate.coordinator.http;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;

/**
 * {@code GET /jobs/{id}/events}: server-sent events of one job, {@code progress} twice a second,
 * then one {@code end} when the job is over, and the response ends.
 *
 * <p>Threading: everything runs on the Vert.x event loop of the request (the handler, then a
 * periodic timer), so the response needs no lock. The timer is cancelled when the response ends or
 * the client goes away; a stream never outlives its response.
 */
final class EventStream {

  private static final long SSE_INTERVAL_MS = 500;

  private EventStream() {}

  /**
   * Server-sent events: {@code progress} twice a second, then one {@code end} when the job is over.
   */
  static void stream(Vertx vertx, RoutingContext ctx, ServiceJob job) {
    HttpServerResponse response = ctx.response();
    response
        .setChunked(true)
        .putHeader("content-type", "text/event-stream")
        .putHeader("cache-control", "no-cache")
        .putHeader("x-accel-buffering", "no");
    if (ctx.request().method() == HttpMethod.HEAD) {
      response.end(); // the stream's headers, no events
      return;
    }
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
                  + ServiceJson.toJson(view)
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
}
