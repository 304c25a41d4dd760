package io.spate.worker.health;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Liveness and readiness for an orchestrator: {@code GET /health} answers 200 while the worker runs
 * and still follows its topics (503 once, say, its reader of the jobs topic died, so the
 * orchestrator restarts it), {@code GET /ready} 200 once it holds partitions of the tasks topic
 * (503 otherwise), and {@code GET /metrics} the Prometheus text of its metrics. No authentication:
 * a worker serves no data and accepts no commands over HTTP, and its port is meant for the
 * orchestrator and scraper. It listens on the address it is given: {@code spate worker} defaults to
 * loopback, and a deployment whose probes come from outside the container widens it.
 */
public final class HealthServer implements AutoCloseable {

  private final Vertx vertx;
  private final HttpServer server;

  private HealthServer(Vertx vertx, HttpServer server) {
    this.vertx = vertx;
    this.server = server;
  }

  /**
   * @param host the address to listen on ({@code 127.0.0.1}, {@code 0.0.0.0} for every interface)
   * @param metrics the Prometheus exposition text, made on each scrape
   */
  public static HealthServer start(
      String host, int port, BooleanSupplier alive, BooleanSupplier ready, Supplier<String> metrics)
      throws Exception {
    Vertx vertx = Vertx.vertx();
    HttpServer server =
        vertx
            .createHttpServer()
            .requestHandler(
                request -> {
                  if (request.path().equals("/metrics")) {
                    request
                        .response()
                        .putHeader("content-type", "text/plain; version=0.0.4; charset=utf-8")
                        .end(metrics.get());
                    return;
                  }
                  BooleanSupplier check =
                      switch (request.path()) {
                        case "/health" -> alive;
                        case "/ready" -> ready;
                        default -> null;
                      };
                  if (check == null) {
                    request
                        .response()
                        .setStatusCode(404)
                        .end("not found: try /health, /ready or /metrics\n");
                  } else {
                    boolean ok = check.getAsBoolean();
                    request
                        .response()
                        .setStatusCode(ok ? 200 : 503)
                        .end(ok ? "ok\n" : check == alive ? "unhealthy\n" : "not ready\n");
                  }
                })
            .listen(port, host)
            .toCompletionStage()
            .toCompletableFuture()
            .get(10, TimeUnit.SECONDS);
    return new HealthServer(vertx, server);
  }

  public int port() {
    return server.actualPort();
  }

  @Override
  public void close() {
    try {
      vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    } catch (Exception e) {
      Thread.currentThread().interrupt();
    }
  }
}
