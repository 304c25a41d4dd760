package io.spate.bench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.spate.worker.testing.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The bench runner starts, measures a tiny scenario against its reference on a real server, and
 * writes its JSON and chart. Not a timing test: the figures themselves are not checked.
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
        new CommandLine(new BenchRunner())
            .execute(
                "--db",
                adminUrl.replaceAll("/spate_it_\\w+", "/postgres"),
                "--user",
                user,
                "--scale",
                "0.001",
                "--iterations",
                "1",
                "--modes",
                "local-1",
                "--out",
                out.toString(),
                "--jar",
                Path.of("..", "coordinator", "target", "spate.jar").toString(),
                "single");
    assertEquals(0, code);
    JsonNode results = new ObjectMapper().readTree(out.resolve("results.json").toFile());
    assertEquals(2, results.get("measurements").size(), "local-1 and its reference copy-file");
    for (JsonNode m : results.get("measurements")) {
      assertEquals("single", m.get("scenario").asText());
      assertEquals(1000, m.get("rows").asLong());
      assertTrue(m.get("seconds").asDouble() > 0);
    }
    assertTrue(Files.readString(out.resolve("chart.svg")).startsWith("<svg"));
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
        new CommandLine(new BenchRunner())
            .execute(
                "--db",
                adminUrl.replaceAll("/spate_it_\\w+", "/postgres"),
                "--user",
                user,
                "--iterations",
                "2",
                "--modes",
                "local-1",
                "--out",
                out.toString(),
                "--jar",
                Path.of("..", "coordinator", "target", "spate.jar").toString(),
                "fixed-cost");
    assertEquals(0, code);
    JsonNode results = new ObjectMapper().readTree(out.resolve("results.json").toFile());
    Map<String, Integer> runsByMode = new TreeMap<>();
    for (JsonNode m : results.get("measurements")) {
      assertEquals("fixed-cost", m.get("scenario").asText());
      assertEquals(9 * 10, m.get("rows").asLong(), "TPC-C's nine tables at 10 rows each");
      runsByMode.put(m.get("mode").asText(), m.get("all_seconds").size());
    }
    assertEquals(Map.of("local-1", 2, "api-fill-first", 1, "api-fill", 1), runsByMode);
  }
}
