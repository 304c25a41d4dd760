package io.spate.worker.health;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.worker.metrics.WorkerMetrics;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class HealthServerTest {

  @Test
  void readinessFollowsTheWorkerAndHealthStaysUpWhileItRuns() throws Exception {
    AtomicBoolean ready = new AtomicBoolean(false);
    try (HealthServer server =
        HealthServer.start("127.0.0.1", 0, () -> true, ready::get, new WorkerMetrics()::scrape)) {
      assertEquals(200, get(server, "/health").statusCode());
      assertEquals(503, get(server, "/ready").statusCode());
      ready.set(true);
      assertEquals(200, get(server, "/ready").statusCode());
      assertEquals(404, get(server, "/jobs").statusCode());
    }
  }

  @Test
  void metricsArePrometheusTextWithEveryNamePrefixedSpate() throws Exception {
    WorkerMetrics metrics = new WorkerMetrics();
    metrics.taskStarted(2);
    metrics.rowsGenerated(250);
    metrics.bytesSent(4096);
    metrics.taskSucceeded("customer", 250, Duration.ofMillis(120));
    metrics.consumerLag(() -> 3);
    try (HealthServer server =
        HealthServer.start("127.0.0.1", 0, () -> true, () -> true, metrics::scrape)) {
      HttpResponse<String> response = get(server, "/metrics");
      assertEquals(200, response.statusCode());
      assertTrue(response.headers().firstValue("content-type").orElse("").startsWith("text/plain"));
      String text = response.body();
      assertTrue(text.contains("spate_rows_loaded_total{table=\"customer\"} 250.0"), text);
      assertTrue(text.contains("spate_rows_generated_total 250.0"), text);
      assertTrue(text.contains("spate_copy_bytes_total 4096.0"), text);
      assertTrue(text.contains("spate_task_retries_total 1.0"), text);
      assertTrue(text.contains("spate_consumer_lag_records 3.0"), text);
      assertTrue(text.contains("spate_task_duration_seconds_count{outcome=\"succeeded\"} 1"), text);
      text.lines()
          .filter(l -> !l.startsWith("#") && !l.isBlank())
          .forEach(l -> assertTrue(l.startsWith("spate_"), l));
    }
  }

  private static HttpResponse<String> get(HealthServer server, String path) throws Exception {
    HttpClient client = HttpClient.newHttpClient();
    HttpRequest request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path)).build();
    return client.send(request, HttpResponse.BodyHandlers.ofString());
  }
}
