package io.spate.coordinator.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.spate.core.config.FillConfig;
import io.spate.core.job.JobTracker;
import io.spate.core.job.Retries;
import io.spate.core.plan.FillSettings;
import io.spate.core.plan.Planner;
import io.spate.core.progress.FillProgress;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.ext.web.Router;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A job's event stream over a real HTTP/1.1 connection; no broker, no database. */
class EventStreamTest {

  @Test
  void headOfARunningJobsStreamEndsAtOnceSoTheConnectionServesTheNextRequest() throws Exception {
    // one small table: the job only has to be running
    Table t =
        new Table(
            "public",
            "t",
            List.of(Column.of("id", SqlType.INTEGER)),
            null,
            List.of(),
            List.of(),
            List.of());
    FillPlan plan =
        Planner.plan(
            new Schema(List.of(t)), FillSettings.of(FillConfig.EMPTY, 1L, 100L, 10L, Map.of()));
    ServiceJob running =
        new ServiceJob(
            "j1",
            "default",
            plan,
            new FillProgress(plan),
            new JobTracker(plan, Retries.DEFAULT),
            1_000L,
            () -> {},
            new ServiceMetrics());
    Vertx vertx = Vertx.vertx();
    try {
      Router router = Router.router(vertx);
      router
          .route("/events")
          .method(HttpMethod.GET)
          .method(HttpMethod.HEAD)
          .handler(ctx -> EventStream.stream(vertx, ctx, running));
      router.get("/next").handler(ctx -> ctx.response().end("next\n"));
      HttpServer server =
          vertx
              .createHttpServer()
              .requestHandler(router)
              .listen(0, "127.0.0.1")
              .toCompletionStage()
              .toCompletableFuture()
              .get(10, TimeUnit.SECONDS);
      // one HTTP/1.1 connection, kept alive: the next request waits until the HEAD's response ends
      HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
      URI base = URI.create("http://127.0.0.1:" + server.actualPort());

      HttpResponse<String> head =
          http.send(
              HttpRequest.newBuilder(base.resolve("/events"))
                  .method("HEAD", HttpRequest.BodyPublishers.noBody())
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      HttpResponse<String> next =
          http.sendAsync(
                  HttpRequest.newBuilder(base.resolve("/next")).build(),
                  HttpResponse.BodyHandlers.ofString())
              .get(5, TimeUnit.SECONDS);

      assertEquals(200, head.statusCode());
      assertEquals("text/event-stream", head.headers().firstValue("content-type").orElse(""));
      assertEquals("", head.body());
      assertEquals("next\n", next.body());
    } finally {
      vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }
  }
}
