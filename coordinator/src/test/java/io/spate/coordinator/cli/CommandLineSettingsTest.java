package io.spate.coordinator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The command line's help and bounds come from the settings' declarations; nothing here reaches a
 * database or a broker (every bad value is refused before).
 */
class CommandLineSettingsTest {

  private static final String DB = "jdbc:postgresql://127.0.0.1:1/none";

  @Test
  void helpListsEveryCommandAndEachOptionWithItsDeclaredDefault() {
    Fills.Run top = Fills.cli("--help");
    assertEquals(0, top.exitCode(), top.err());
    assertTrue(top.out().contains("local") && top.out().contains("worker"), top.out());

    Fills.Run local = Fills.cli("local", "--help");
    assertEquals(0, local.exitCode(), local.err());
    String help = local.out().replaceAll("\\s+", " ");
    assertTrue(
        help.contains(
            "--task-rows=N Rows per task: the unit of parallel work and of one transaction (default: config, else 250000)"),
        local.out());
    assertTrue(
        help.contains("--db=JDBC_URL JDBC URL of the database: jdbc:postgresql://"), local.out());
  }

  @Test
  void aPasswordWrittenInTheUrlIsMaskedInConnectionErrors() {
    for (String url :
        List.of(
            "jdbc:postgresql://127.0.0.1:1/none?password=hunter2",
            "jdbc:postgresql://u:hunter2@127.0.0.1:1/none",
            "jdbc:mysql://u:hunter2@127.0.0.1:1/none")) {
      Fills.Run run = Fills.cli("plan", "--db", url);
      assertEquals(1, run.exitCode(), run.err());
      assertTrue(run.err().startsWith("spate: error: "), run.err());
      assertTrue(run.err().contains("***") && !run.err().contains("hunter2"), run.err());
    }
  }

  @Test
  void theWorkerAndBrokerKeepTheirOwnHelpForSharedOptionNames() {
    Fills.Run worker = Fills.cli("worker", "--help");
    assertEquals(0, worker.exitCode(), worker.err());
    assertTrue(
        worker.out().replaceAll("\\s+", " ").contains("--grace-seconds=S On SIGTERM"),
        worker.out());
    Fills.Run broker = Fills.cli("broker", "--help");
    assertTrue(
        broker.out().replaceAll("\\s+", " ").contains("--port=N Client port on --host"),
        broker.out());
  }

  @Test
  void everyOutOfBoundsValueIsReportedAtOnceBeforeAnythingRuns() {
    Fills.Run run =
        Fills.cli("local", "--db", DB, "--threads", "0", "--task-rows", "0", "--rows", "t=-1");
    assertEquals(1, run.exitCode());
    assertTrue(
        run.err()
            .startsWith(
                "spate: error: invalid command line (3 problems):\n"
                    + "  - --threads must be at least 1, got 0\n"
                    + "  - --task-rows must be at least 1, got 0\n"
                    + "  - --rows t must be at least 0, got -1"),
        run.err());
  }

  @Test
  void oneBadValueIsOneLine() {
    Fills.Run run =
        Fills.cli("submit", "--bootstrap", "127.0.0.1:1", "--db", DB, "--max-attempts", "0");
    assertEquals(1, run.exitCode());
    assertEquals(
        "spate: error: invalid command line: --max-attempts must be at least 1, got 0",
        run.err().strip());
  }

  @Test
  void theWorkerAndTheCoordinatorStillRequireDb() {
    Fills.Run worker = Fills.cli("worker", "--bootstrap", "127.0.0.1:1");
    assertEquals(2, worker.exitCode());
    assertTrue(worker.err().contains("Missing required option: '--db=JDBC_URL'"), worker.err());
    Fills.Run coordinator = Fills.cli("coordinator", "--bootstrap", "127.0.0.1:1");
    assertEquals(2, coordinator.exitCode());
  }
}
