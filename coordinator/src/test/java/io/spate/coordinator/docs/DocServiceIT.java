package io.spate.coordinator.docs;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.spate.coordinator.docs.DocPages.Block;
import io.spate.coordinator.docs.DocPages.Page;
import io.spate.coordinator.submit.SpateProcess;
import io.spate.coordinator.testing.TestBroker;
import io.spate.worker.testing.Await;
import io.spate.worker.testing.Scratch;
import io.spate.worker.testing.TestDatabase;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The HTTP examples of docs/service.md against a running service: a real {@code spate coordinator
 * --port} with a token, one real worker, a real broker and a scratch PostgreSQL database holding
 * TPC-C's schema. Everything sent and expected is read from the page, so a doc change is what is
 * tested: the documented job request (its config cut short on the page, so the text of {@code
 * examples/tpcc.yaml} it names) is submitted, its 201's status line and headers must be the
 * documented ones and its JSON must have the documented response's fields, and so must the job once
 * DONE; each documented error is sent as its note says and must come back with the documented
 * status line and error text; {@code /metrics} must hold every metric the API table and the metrics
 * example name.
 *
 * <p>Values (times, counts, ids) differ from run to run, so responses are compared by their field
 * names, and an error text with the page's job id in place of the real one. One job serves every
 * test: {@link #documentedJob()} submits it on first use and waits for it to end.
 */
class DocServiceIT {

  private static final String TOKEN = "docs-it-" + Long.toHexString(System.nanoTime());
  private static final JsonMapper JSON = new JsonMapper();

  /** A status line, then after two or more spaces a note in parentheses on what was sent. */
  private static final Pattern STATUS =
      Pattern.compile("^(HTTP/1\\.1 \\d{3} [A-Za-z ]*[A-Za-z])(?:\\s{2,}\\((.*)\\))?\\s*$");

  /** The note's request: method, path, then {@code with BODY} or {@code without Authorization}. */
  private static final Pattern NOTE =
      Pattern.compile("^(GET|POST|DELETE) (/\\S*)(?: with (\\{.*\\}))?(.*)$");

  /** The states of a job that is over. */
  private static final Set<String> OVER = Set.of("DONE", "FAILED", "CANCELLED");

  private static final Pattern METRIC = Pattern.compile("`(spate_[a-z_]+)(?:\\{([a-z]+)\\})?`");

  private static Page page;
  private static TestDatabase db;
  private static Path tokenFile;
  private static SpateProcess service;
  private static SpateProcess worker;
  private static int port;
  private static Job job;

  /** The documented job as the service ran it: its 201 and its final view. */
  private record Job(String id, Response created, JsonNode finished) {}

  /** A response as it came off the wire. */
  private record Response(String statusLine, Map<String, String> headers, String body) {
    Optional<String> header(String name) {
      return Optional.ofNullable(headers.get(name.toLowerCase(Locale.ROOT)));
    }
  }

  @BeforeAll
  static void startServiceAndWorker() throws Exception {
    page =
        DocPages.pages().stream()
            .filter(p -> p.name().equals("docs/service.md"))
            .findFirst()
            .orElseThrow();
    db = TestDatabase.createNamed("docs_svc_");
    db.executeFile(TestDatabase.fixtureSchema("tpcc.sql"));
    tokenFile = Files.createTempFile("spate-docs-token", ".txt");
    Files.writeString(tokenFile, TOKEN + "\n");
    String bootstrap = TestBroker.shared().bootstrapServers();
    String prefix = TestBroker.uniqueTopicPrefix();
    port = Scratch.freePort();
    service =
        SpateProcess.start(
            "coordinator",
            "--bootstrap",
            bootstrap,
            "--topic-prefix",
            prefix,
            "--task-partitions",
            "2",
            "--port",
            Integer.toString(port),
            "--bind",
            "127.0.0.1",
            "--db",
            db.jdbcUrl(),
            "--user",
            db.user(),
            "--token-file",
            tokenFile.toString());
    int workerPort = Scratch.freePort();
    worker =
        SpateProcess.start(
            "worker",
            "--bootstrap",
            bootstrap,
            "--topic-prefix",
            prefix,
            "--task-partitions",
            "2",
            "--db",
            db.jdbcUrl(),
            "--user",
            db.user(),
            "--threads",
            "2",
            "--http-port",
            Integer.toString(workerPort));
    service.awaitOutput("listening on http://127.0.0.1:" + port, Duration.ofSeconds(120));
    awaitReady(workerPort);
  }

  @AfterAll
  static void stop() throws IOException {
    if (worker != null) {
      worker.close();
    }
    if (service != null) {
      service.close();
    }
    if (db != null) {
      db.close();
    }
    if (tokenFile != null) {
      Files.deleteIfExists(tokenFile);
    }
  }

  @Test
  void theDocumentedJobIsCreatedWithTheDocumentedStatusHeadersAndFields() throws Exception {
    Job j = documentedJob();
    List<String> lines = createdHeaderBlock().body().strip().lines().toList();
    String docId = documentedJobId();

    assertEquals(lines.get(0), j.created().statusLine(), j.created().body());
    for (String line : lines.subList(1, lines.size())) {
      String name = line.substring(0, line.indexOf(':'));
      String value = line.substring(line.indexOf(':') + 1).strip();
      assertEquals(
          value,
          j.created().header(name).map(v -> v.replace(j.id(), docId)).orElse(null),
          "header " + name + " of " + j.created().headers());
    }
    assertSameFields(documentedResponse("RUNNING"), JSON.readTree(j.created().body()));
  }

  @Test
  void theDocumentedJobEndsDoneWithTheDocumentedFields() throws Exception {
    Job j = documentedJob();

    assertEquals("DONE", j.finished().get("state").asText(), j.finished().toString());
    assertSameFields(documentedResponse("DONE"), j.finished());
  }

  @Test
  void everyDocumentedErrorIsTheServicesAnswerToItsRequest() throws Exception {
    Job j = documentedJob();
    String docId = documentedJobId();
    List<String> problems = new ArrayList<>();
    int errors = 0;
    for (String entry : errorBlock().body().strip().split("\n\\s*\n")) {
      List<String> lines = entry.strip().lines().toList();
      Matcher status = STATUS.matcher(lines.get(0));
      assertTrue(status.matches(), "a status line and a note on what was sent: " + lines.get(0));
      assertTrue(status.group(2) != null, "no note on what was sent: " + lines.get(0));
      Matcher note = NOTE.matcher(status.group(2));
      assertTrue(note.matches(), "a note says METHOD PATH [with BODY]: " + status.group(2));
      String documented = JSON.readTree(lines.get(1)).get("error").asText();
      Response r =
          send(
              note.group(1),
              note.group(2).replace(docId, j.id()),
              note.group(3),
              note.group(4).contains("without Authorization") ? null : TOKEN);
      errors++;
      String actual = errorText(r.body()).replace(j.id(), docId);
      if (!status.group(1).equals(r.statusLine()) || !documented.equals(actual)) {
        problems.add(
            status.group(2)
                + ":\n    documented: "
                + status.group(1)
                + " "
                + documented
                + "\n    service:    "
                + r.statusLine()
                + " "
                + actual);
      }
    }
    assertTrue(errors >= 4, "found only " + errors + " documented errors");
    assertTrue(
        problems.isEmpty(),
        () ->
            "the service answers otherwise than docs/service.md documents ("
                + problems.size()
                + "):\n  "
                + String.join("\n  ", problems));
  }

  @Test
  void metricsHoldEveryMetricThePageNames() throws Exception {
    documentedJob();
    String exposition = send("GET", "/metrics", null, TOKEN).body();
    List<String> missing = new ArrayList<>();
    int named = 0;
    Matcher m = METRIC.matcher(apiTableRow("GET /metrics"));
    while (m.find()) {
      named++;
      String name = Pattern.quote(m.group(1));
      String labels =
          m.group(2) == null
              ? "(\\{[^}]*\\})?"
              : "\\{([^}]*,)?" + m.group(2) + "=\"[^\"]*\"[^}]*\\}";
      Pattern sample = Pattern.compile("(?m)^(" + name + labels + " |# TYPE " + name + " )");
      if (!sample.matcher(exposition).find()) {
        missing.add(m.group());
      }
    }
    for (String line : metricsExample().body().strip().lines().toList()) {
      named++;
      String series = line.substring(0, line.lastIndexOf(' '));
      if (!exposition.lines().anyMatch(l -> l.startsWith(series + " "))) {
        missing.add(series + " (the example)");
      }
    }
    assertTrue(named >= 15, "found only " + named + " metrics on the page");
    assertTrue(missing.isEmpty(), () -> "not in /metrics: " + missing + "\n" + exposition);
  }

  /**
   * The page's job request, its config the text of the file it names, submitted once and followed
   * until it is over.
   */
  private static synchronized Job documentedJob() throws Exception {
    if (job != null) {
      return job;
    }
    Block requestBlock =
        onlyBlock(b -> b.language().equals("json") && b.tags().contains("request"));
    ObjectNode request = (ObjectNode) JSON.readTree(requestBlock.body());
    String config = Files.readString(DocPages.root().resolve("examples/tpcc.yaml"), UTF_8);
    for (String piece : request.get("config").asText().split(" \\.\\.\\.")) {
      assertTrue(
          config.contains(piece),
          requestBlock.where() + ": the config shown is cut from examples/tpcc.yaml: " + piece);
    }
    request.put("config", config);

    Response created = send("POST", "/jobs", JSON.writeValueAsString(request), TOKEN);
    assertTrue(created.statusLine().startsWith("HTTP/1.1 201"), created.toString());
    String id = JSON.readTree(created.body()).get("id").asText();
    JsonNode finished =
        Await.untilPresent(
            () -> {
              JsonNode now = JSON.readTree(send("GET", "/jobs/" + id, null, TOKEN).body());
              return OVER.contains(now.get("state").asText()) ? Optional.of(now) : Optional.empty();
            },
            Duration.ofSeconds(60),
            "job " + id + " to end",
            () -> worker.output());
    job = new Job(id, created, finished);
    return job;
  }

  /**
   * Fails unless {@code actual} has the fields of {@code documented}, object by object: an array's
   * elements are compared with its first documented element when both have some, a null is taken
   * for any value.
   */
  private static void assertSameFields(JsonNode documented, JsonNode actual) {
    List<String> problems = new ArrayList<>();
    compareFields("$", documented, actual, problems);
    assertTrue(
        problems.isEmpty(),
        () -> "fields unlike the page's:\n  " + String.join("\n  ", problems) + "\n" + actual);
  }

  private static void compareFields(
      String path, JsonNode documented, JsonNode actual, List<String> problems) {
    if (documented.isNull() || actual.isNull()) {
      return;
    }
    if (documented.isObject() != actual.isObject() || documented.isArray() != actual.isArray()) {
      problems.add(
          path + ": documented " + documented.getNodeType() + ", is " + actual.getNodeType());
      return;
    }
    if (documented.isObject()) {
      TreeSet<String> want = names(documented);
      TreeSet<String> have = names(actual);
      if (!want.equals(have)) {
        problems.add(path + ": documented fields " + want + ", service's " + have);
      }
      for (String name : want) {
        if (have.contains(name)) {
          compareFields(path + "." + name, documented.get(name), actual.get(name), problems);
        }
      }
    } else if (documented.isArray() && !documented.isEmpty()) {
      for (int i = 0; i < actual.size(); i++) {
        compareFields(path + "[" + i + "]", documented.get(0), actual.get(i), problems);
      }
    }
  }

  private static TreeSet<String> names(JsonNode object) {
    TreeSet<String> names = new TreeSet<>();
    object.fieldNames().forEachRemaining(names::add);
    return names;
  }

  /** The documented response whose job is in {@code state}. */
  private static JsonNode documentedResponse(String state) throws JsonProcessingException {
    for (Block b : DocPages.blocks(page)) {
      if (b.language().equals("json") && b.tags().contains("response")) {
        JsonNode node = JSON.readTree(b.body());
        if (node.path("state").asText().equals(state)) {
          return node;
        }
      }
    }
    throw new AssertionError("docs/service.md shows no response of a " + state + " job");
  }

  /** The plain block showing the 201's status line and headers. */
  private static Block createdHeaderBlock() {
    return onlyBlock(b -> b.language().isEmpty() && b.body().startsWith("HTTP/1.1 201"));
  }

  /** The page's job id, from the 201's {@code Location}. */
  private static String documentedJobId() {
    Matcher m =
        Pattern.compile("(?m)^Location: /jobs/(\\S+)$").matcher(createdHeaderBlock().body());
    assertTrue(m.find(), "the 201 shows its Location");
    return m.group(1);
  }

  private static Block errorBlock() {
    return onlyBlock(b -> b.language().isEmpty() && b.body().startsWith("HTTP/1.1 4"));
  }

  private static Block metricsExample() {
    return onlyBlock(b -> b.language().isEmpty() && b.body().startsWith("spate_"));
  }

  private static String apiTableRow(String endpoint) {
    return page.text()
        .lines()
        .filter(l -> l.startsWith("| `" + endpoint + "` |"))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no row for " + endpoint + " in the API table"));
  }

  private static Block onlyBlock(java.util.function.Predicate<Block> which) {
    List<Block> found = DocPages.blocks(page).stream().filter(which).toList();
    assertEquals(1, found.size(), "blocks of docs/service.md: " + found);
    return found.get(0);
  }

  private static String errorText(String body) {
    try {
      JsonNode error = JSON.readTree(body).get("error");
      return error == null ? body : error.asText();
    } catch (JsonProcessingException e) {
      return body;
    }
  }

  /**
   * Sends one request on a fresh connection and reads the response as the wire has it, its status
   * line with the reason phrase the page shows.
   */
  private static Response send(String method, String path, String body, String token)
      throws IOException {
    byte[] content = body == null ? new byte[0] : body.getBytes(UTF_8);
    StringBuilder head = new StringBuilder();
    head.append(method).append(' ').append(path).append(" HTTP/1.1\r\n");
    head.append("Host: 127.0.0.1:").append(port).append("\r\n");
    if (token != null) {
      head.append("Authorization: Bearer ").append(token).append("\r\n");
    }
    if (body != null) {
      head.append("Content-Type: application/json\r\n");
    }
    head.append("Content-Length: ").append(content.length).append("\r\n");
    head.append("Connection: close\r\n\r\n");
    byte[] raw;
    try (Socket socket = new Socket("127.0.0.1", port)) {
      socket.setSoTimeout(30_000);
      socket.getOutputStream().write(head.toString().getBytes(UTF_8));
      socket.getOutputStream().write(content);
      socket.getOutputStream().flush();
      raw = readAll(socket.getInputStream());
    }
    String text = new String(raw, UTF_8);
    int end = text.indexOf("\r\n\r\n");
    assertTrue(end > 0, "no response to " + method + " " + path + ": " + text);
    Iterator<String> lines = text.substring(0, end).lines().iterator();
    String statusLine = lines.next();
    Map<String, String> headers = new LinkedHashMap<>();
    while (lines.hasNext()) {
      String line = lines.next();
      int colon = line.indexOf(':');
      headers.put(
          line.substring(0, colon).strip().toLowerCase(Locale.ROOT),
          line.substring(colon + 1).strip());
    }
    String rest = text.substring(end + 4);
    if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
      rest = dechunk(rest);
    }
    return new Response(statusLine, headers, rest);
  }

  private static byte[] readAll(InputStream in) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    in.transferTo(out);
    return out.toByteArray();
  }

  private static String dechunk(String chunked) {
    StringBuilder out = new StringBuilder();
    int i = 0;
    while (true) {
      int eol = chunked.indexOf("\r\n", i);
      int size = Integer.parseInt(chunked.substring(i, eol).split(";")[0].strip(), 16);
      if (size == 0) {
        return out.toString();
      }
      // sizes count bytes; the bodies here are ASCII JSON
      out.append(chunked, eol + 2, eol + 2 + size);
      i = eol + 2 + size + 2;
    }
  }

  private static void awaitReady(int workerPort) throws InterruptedException {
    Await.until(
        () -> {
          try (Socket s = new Socket("127.0.0.1", workerPort)) {
            s.getOutputStream()
                .write(
                    ("GET /ready HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                        .getBytes(UTF_8));
            return new String(readAll(s.getInputStream()), UTF_8).startsWith("HTTP/1.1 200");
          } catch (IOException e) {
            if (!worker.alive()) {
              throw new AssertionError("the worker exited:\n" + worker.output(), e);
            }
            return false; // not listening yet
          }
        },
        Duration.ofSeconds(120),
        "the worker to be ready",
        () -> worker.output());
  }
}
