package io.spate.bench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.spate.worker.testing.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

/**
 * The bench runner starts, measures a tiny scenario against its reference on a real server, and
 * writes its JSON and chart. Not a timing test: the figures themselves are not checked, only that
 * the local server's CPU is read (these servers run on the machine the tests run on).
 */
class BenchRunnerSmokeIT {

  @Test
  void runsATinyScenarioAndWritesResultsAndChart(@TempDir Path out) throws Exception {
    String adminUrl;
    String user;
    try (TestDatabase db = TestDatabase.create()) { // only to learn which server the tests use
      adminUrl = db.jdbcUrl();
      user = db.user();
    }
    int code =
        bench(
            out,
            "--db",
            adminUrl.replaceAll("/spate_it_\\w+", "/postgres"),
            "--user",
            user,
            "--scale",
            "0.001",
            "--iterations",
            "1",
            "--modes",
            "local-1,api-1",
            "single");
    assertEquals(0, code);
    JsonNode results = new ObjectMapper().readTree(out.resolve("results.json").toFile());
    Map<String, Long> rowsByMode = new HashMap<>();
    for (JsonNode m : results.get("measurements")) {
      rowsByMode.put(m.get("mode").asText(), m.get("rows").asLong());
      assertEquals("single", m.get("scenario").asText());
      assertEquals(1000, m.get("rows").asLong());
      assertTrue(m.get("seconds").asDouble() > 0);
    }
    // the process, the library in the bench's JVM, and their reference
    assertEquals(Map.of("local-1", 1000L, "api-1", 1000L, "copy-file", 1000L), rowsByMode);
    assertServerCpuRead(results);
    assertTrue(Files.readString(out.resolve("chart.svg")).startsWith("<svg"));
  }

  /**
   * On MariaDB (the server {@code SPATE_TEST_MARIADB} names, else 127.0.0.1:3306 as root), both
   * scenarios on their MySQL twins: every mode and both references report the rows the plan fills,
   * and every measurement its ratio against each reference. The references themselves fail the run
   * unless their load gives back the dumped tables' checksums.
   */
  @Test
  void runsTinyScenariosOnMariaDbAgainstTheFileLoadAndBatchedInsert(@TempDir Path out)
      throws Exception {
    String adminUrl =
        System.getenv().getOrDefault("SPATE_TEST_MARIADB", "jdbc:mariadb://127.0.0.1:3306/");
    int code =
        bench(
            out,
            "--db",
            adminUrl,
            "--scale",
            "0.001",
            "--iterations",
            "1",
            "--modes",
            "local-1",
            "single",
            "tpcc-1");
    assertEquals(0, code);
    JsonNode results = new ObjectMapper().readTree(out.resolve("results.json").toFile());
    assertTrue(results.get("machine").get("mariadb").asText().contains("MariaDB"));
    Map<String, Long> rowsByRun = new TreeMap<>();
    for (JsonNode m : results.get("measurements")) {
      rowsByRun.put(
          m.get("scenario").asText() + " " + m.get("mode").asText(), m.get("rows").asLong());
      assertEquals("load-data-file", m.get("reference").asText());
      for (String ref : List.of("load-data-file", "batch-insert")) {
        assertTrue(m.get("vs").get(ref).asDouble() > 0, m + " has no ratio against " + ref);
      }
    }
    // TPC-C at 0.001: 1 warehouse, 100 items and stock, 10 districts of 3 customers (and their
    // history and orders) and 1 new order each; 5 to 15 order lines per order
    long tpccRows = rowsByRun.get("tpcc-1 local-1");
    assertTrue(tpccRows >= 311 + 30 * 5 && tpccRows <= 311 + 30 * 15, "tpcc-1 rows " + tpccRows);
    assertEquals(
        Map.of(
            "single batch-insert",
            1000L,
            "single load-data-file",
            1000L,
            "single local-1",
            1000L,
            "tpcc-1 batch-insert",
            tpccRows,
            "tpcc-1 load-data-file",
            tpccRows,
            "tpcc-1 local-1",
            tpccRows),
        rowsByRun);
    assertServerCpuRead(results);
  }

  /**
   * On the embedded databases, a file per scenario in the admin URL's directory: every mode and the
   * batched INSERT report the plan's rows (the reference fails the run unless its load gives back
   * the dumped rows' count and checksum), no server CPU is claimed, and the scenario's files are
   * gone afterwards.
   */
  @ParameterizedTest
  @ValueSource(strings = {"jdbc:sqlite:%s/bench.db", "jdbc:h2:%s/bench"})
  void runsSingleOnAnEmbeddedDatabaseAgainstTheBatchedInsert(String url, @TempDir Path dir)
      throws Exception {
    Path out = dir.resolve("out");
    Files.createDirectories(out);
    int code =
        bench(
            out,
            "--db",
            url.formatted(dir.resolve("db")),
            "--scale",
            "0.001",
            "--iterations",
            "1",
            "--modes",
            "local-1,local-2",
            "single");
    assertEquals(0, code);
    JsonNode results = new ObjectMapper().readTree(out.resolve("results.json").toFile());
    Map<String, Long> rowsByMode = new TreeMap<>();
    for (JsonNode m : results.get("measurements")) {
      rowsByMode.put(m.get("mode").asText(), m.get("rows").asLong());
      assertEquals("batch-insert", m.get("reference").asText());
      assertFalse(m.has("server_cpu_s"), m.toString());
    }
    assertEquals(Map.of("batch-insert", 1000L, "local-1", 1000L, "local-2", 1000L), rowsByMode);
    try (var left = Files.list(dir.resolve("db"))) {
      assertEquals(List.of(), left.toList());
    }
  }

  @Test
  void fixedCostTimesTheWholeProcessAndTheLibraryFillAtTenRowsPerTable(@TempDir Path out)
      throws Exception {
    String adminUrl;
    String user;
    try (TestDatabase db = TestDatabase.create()) {
      adminUrl = db.jdbcUrl();
      user = db.user();
    }
    int code =
        bench(
            out,
            "--db",
            adminUrl.replaceAll("/spate_it_\\w+", "/postgres"),
            "--user",
            user,
            "--iterations",
            "2",
            "--modes",
            "local-1",
            "fixed-cost");
    assertEquals(0, code);
    JsonNode results = new ObjectMapper().readTree(out.resolve("results.json").toFile());
    Map<String, Integer> runsByMode = new TreeMap<>();
    for (JsonNode m : results.get("measurements")) {
      assertEquals("fixed-cost", m.get("scenario").asText());
      assertEquals(9 * 10, m.get("rows").asLong(), "TPC-C's nine tables at 10 rows each");
      runsByMode.put(m.get("mode").asText(), m.get("all_seconds").size());
    }
    // a run of each a round, the library's too; its first call in the JVM is a line of its own
    assertEquals(Map.of("local-1", 2, "api-fill-first", 1, "api-fill", 2), runsByMode);
  }

  /**
   * Every measurement has the server's CPU seconds, and Spate's runs more than nothing: a
   * reference's load of a thousand rows may take less than the one clock tick /proc counts in.
   */
  private static void assertServerCpuRead(JsonNode results) {
    for (JsonNode m : results.get("measurements")) {
      assertTrue(m.has("server_cpu_s") && m.get("server_cpu_s").asDouble() >= 0, m.toString());
      if (m.get("mode").asText().equals("local-1")) {
        assertTrue(m.get("server_cpu_s").asDouble() > 0, m.toString());
      }
    }
  }

  /** Runs the bench with the given options, its output to {@code out}, the build's CLI jar. */
  private static int bench(Path out, String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(
        0,
        List.of(
            "--out",
            out.toString(),
            "--jar",
            Path.of("..", "coordinator", "target", "spate.jar").toString()));
    return new CommandLine(new BenchRunner()).execute(all.toArray(String[]::new));
  }
}
