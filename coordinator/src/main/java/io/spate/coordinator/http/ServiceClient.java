package io.spate.coordinator.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.spate.core.progress.ProgressDisplay;
import io.spate.protocol.error.SpateException;
import java.io.IOException;
import java.io.PrintStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Iterator;
import java.util.Map;
import java.util.stream.Stream;

/**
 * {@code spate submit --coordinator URL}'s side of the API: posts a job, then follows its
 * server-sent events to the same summary every submit ends with. Uses the JDK's HTTP client.
 */
public final class ServiceClient {

  /** How often a non-terminal follower prints a progress line. */
  private static final long PRINT_EVERY_NANOS = 10_000_000_000L;

  private final URI base;
  private final ApiToken token;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

  /**
   * @param token null to send none (a service run with --no-auth)
   */
  public ServiceClient(URI base, ApiToken token) {
    String s = base.toString();
    this.base = URI.create(s.endsWith("/") ? s : s + "/");
    this.token = token;
  }

  /** Posts the job; the service plans and publishes it before it answers. */
  public JobView submit(JobRequest request) throws InterruptedException {
    HttpResponse<String> response =
        send(
            builder("jobs")
                .header("content-type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(ServiceJson.toJson(request)))
                .timeout(Duration.ofMinutes(10))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() != 201) {
      throw refused("refused the job", response.statusCode(), response.body());
    }
    return read(response.body(), JobView.class);
  }

  /** The job as the service sees it now. */
  public JobView job(String id) throws InterruptedException {
    HttpResponse<String> response =
        send(builder("jobs/" + id).GET().build(), HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() != 200) {
      throw refused("cannot show job " + id, response.statusCode(), response.body());
    }
    return read(response.body(), JobView.class);
  }

  /**
   * Follows the job's event stream to its end, printing progress to {@code err} (a redrawn line on
   * a terminal, a line every ten seconds elsewhere) and the summary to {@code out}.
   *
   * @return 0 when the job is done
   * @throws SpateException when it failed or was cancelled, or the stream broke off
   */
  public int follow(String id, PrintStream out, PrintStream err, boolean live)
      throws InterruptedException {
    HttpResponse<Stream<String>> response =
        send(
            builder("jobs/" + id + "/events").header("accept", "text/event-stream").GET().build(),
            HttpResponse.BodyHandlers.ofLines());
    if (response.statusCode() != 200) {
      throw refused(
          "cannot follow job " + id,
          response.statusCode(),
          String.join("\n", response.body().toList()));
    }
    JobView last = null;
    long lastPrint = System.nanoTime();
    try (Stream<String> lines = response.body()) {
      String event = null;
      StringBuilder data = new StringBuilder();
      for (Iterator<String> it = lines.iterator(); it.hasNext(); ) {
        String line = it.next();
        if (line.startsWith("event:")) {
          event = line.substring(6).strip();
        } else if (line.startsWith("data:")) {
          data.append(line.substring(5).strip());
        } else if (line.isEmpty() && data.length() > 0) {
          last = read(data.toString(), JobView.class);
          data.setLength(0);
          if ("end".equals(event)) {
            break;
          }
          if (live) {
            err.print(
                "\r"
                    + ProgressDisplay.line(
                            "total",
                            last.rowsDone(),
                            last.rowsPlanned(),
                            last.elapsedSeconds(),
                            false)
                        .stripTrailing()
                    + "\033[K");
            err.flush();
          } else if (System.nanoTime() - lastPrint > PRINT_EVERY_NANOS) {
            lastPrint = System.nanoTime();
            err.println(
                "[progress] "
                    + ProgressDisplay.line(
                            "total",
                            last.rowsDone(),
                            last.rowsPlanned(),
                            last.elapsedSeconds(),
                            false)
                        .trim());
          }
        }
      }
    }
    if (live) {
      err.print("\r\033[K");
      err.flush();
    }
    if (last == null || !last.finished()) {
      throw new SpateException(
          "coordinator "
              + base
              + " closed the event stream of job "
              + id
              + " before the job ended (GET /jobs/"
              + id
              + " tells how it stands)");
    }
    switch (last.state()) {
      case "DONE" -> {
        ProgressDisplay.printSummary(
            out,
            last.tables().stream()
                .map(t -> new ProgressDisplay.SummaryLine(t.name(), t.rowsDone(), t.seconds()))
                .toList(),
            last.rowsDone(),
            last.elapsedSeconds());
        return 0;
      }
      case "CANCELLED" ->
          throw new SpateException(
              "job "
                  + id
                  + " was cancelled on "
                  + base
                  + " ("
                  + last.rowsDone()
                  + " of "
                  + last.rowsPlanned()
                  + " rows written, in whole tasks)");
      default ->
          throw new SpateException(
              last.error() == null ? "job " + id + " " + last.state() : last.error());
    }
  }

  private HttpRequest.Builder builder(String path) {
    HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(path));
    if (token != null) {
      b.header("Authorization", token.header());
    }
    return b;
  }

  private <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler)
      throws InterruptedException {
    try {
      return http.send(request, handler);
    } catch (ConnectException e) {
      throw new SpateException(
          "cannot reach the coordinator at "
              + base
              + " (is `spate coordinator --port` running there?): "
              + e,
          e);
    } catch (IOException e) {
      throw new SpateException(
          "coordinator "
              + base
              + ": "
              + request.method()
              + " "
              + request.uri().getPath()
              + " failed: "
              + e,
          e);
    }
  }

  private SpateException refused(String what, int status, String body) {
    String message = body;
    try {
      Map<?, ?> error = ServiceJson.JSON.readValue(body, Map.class);
      if (error.get("error") instanceof String s) {
        message = s;
      }
    } catch (JsonProcessingException e) {
      // not JSON: show the body as it is
    }
    String hint =
        status == 401 ? " (set " + ApiToken.ENV + " or --token-file to the service's token)" : "";
    return new SpateException(
        "coordinator " + base + " " + what + " (HTTP " + status + "): " + message + hint);
  }

  private <T> T read(String json, Class<T> type) {
    try {
      return ServiceJson.JSON.readValue(json, type);
    } catch (JsonProcessingException e) {
      throw new SpateException(
          "coordinator "
              + base
              + " answered something that is not a "
              + type.getSimpleName()
              + ": "
              + e.getOriginalMessage(),
          e);
    }
  }
}
