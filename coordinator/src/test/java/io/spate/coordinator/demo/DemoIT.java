package io.spate.coordinator.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.worker.testing.Await;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * {@code spate demo} as a user runs it, in this JVM: it needs no database, broker or Docker of the
 * test environment's, fills one TPC-C warehouse through two workers, and leaves nothing behind.
 */
class DemoIT {

  private static final Pattern SUMMARY =
      Pattern.compile("filled (\\d+) rows in [\\d.]+ s \\(\\d+ rows/s\\)");
  private static final Pattern SUMMARY_ROW = Pattern.compile("(\\w+)\\s+(\\d+)\\s+[\\d.]+\\s+\\d+");

  /**
   * The planner's total for the bundled config (examples/tpcc.yaml: one warehouse, seed 42): the
   * fixed TPC-C cardinalities (299,011 rows) plus 300,505 order lines, 5 to 15 per order as the
   * seed draws them. The demo also prints the plan; both must agree.
   */
  private static final long ONE_WAREHOUSE_ROWS = 598_644; // generation version 3

  private static final Map<String, Long> FIXED_TABLES =
      Map.of(
          "warehouse",
          1L,
          "district",
          10L,
          "customer",
          30_000L,
          "history",
          30_000L,
          "orders",
          30_000L,
          "new_order",
          9_000L,
          "item",
          100_000L,
          "stock",
          100_000L);

  @Test
  void fillsOneTpccWarehouseThroughTwoWorkersAndLeavesNothingBehind() throws Exception {
    Set<Thread> threadsBefore = liveThreads();

    Fills.Run run = Fills.cli("demo");

    assertEquals(0, run.exitCode(), () -> "spate demo failed:\n" + run.err() + run.out());
    List<String> out = run.out().lines().toList();
    String last = out.get(out.size() - 1);
    Matcher summary = SUMMARY.matcher(last);
    assertTrue(
        summary.matches(),
        () -> "the last line is the summary, got '" + last + "' in:\n" + run.out());
    long filled = Long.parseLong(summary.group(1));

    Matcher plan = Pattern.compile("plan: 9 tables, \\d+ levels, (\\d+) rows").matcher(run.err());
    assertTrue(plan.find(), () -> "the plan line is on stderr:\n" + run.err());
    assertEquals(Long.parseLong(plan.group(1)), filled, "every planned row is filled");
    assertEquals(ONE_WAREHOUSE_ROWS, filled, "one TPC-C warehouse, seed 42");

    Map<String, Long> perTable = new TreeMap<>();
    for (String line : out) {
      Matcher m = SUMMARY_ROW.matcher(line);
      if (m.matches()) {
        perTable.put(m.group(1), Long.parseLong(m.group(2)));
      }
    }
    Map<String, Long> expected = new TreeMap<>(FIXED_TABLES);
    expected.put(
        "order_line",
        ONE_WAREHOUSE_ROWS - FIXED_TABLES.values().stream().mapToLong(Long::longValue).sum());
    assertEquals(expected, perTable, "the summary's per-table rows are TPC-C's cardinalities");

    assertTrue(
        run.out().contains("sample customer rows:")
            && run.out().contains("sample order_line rows:"),
        run.out());
    assertEquals(
        2 * (2 + 3),
        out.stream().filter(l -> l.startsWith(" ") || l.startsWith("-")).count(),
        () -> "two samples of a header, a rule and 3 rows:\n" + run.out());

    // Nothing is left: directory, PostgreSQL (process and port), broker (port), threads.
    Path dir = Path.of(find(run.err(), "data in (\\S+) \\(deleted at the end\\)"));
    int pgPort = Integer.parseInt(find(run.err(), "PostgreSQL \\S+ on localhost:(\\d+)"));
    int brokerPort = Integer.parseInt(find(run.err(), "broker on 127\\.0\\.0\\.1:(\\d+)"));
    assertFalse(Files.exists(dir), dir + " is deleted");
    assertFalse(accepts(pgPort), "PostgreSQL's port " + pgPort + " is closed");
    assertFalse(accepts(brokerPort), "the broker's port " + brokerPort + " is closed");
    List<String> processes =
        ProcessHandle.allProcesses()
            .filter(p -> p.info().commandLine().map(c -> c.contains(dir.toString())).orElse(false))
            .map(p -> p.pid() + " " + p.info().commandLine().orElse(""))
            .toList();
    assertEquals(List.of(), processes, "no process works in " + dir);
    Await.until(
        () -> threadsLeft(threadsBefore).isEmpty(),
        Duration.ofSeconds(10), // a grace period for threads on their way out
        "the threads the demo started to end (non-daemon, or Kafka's or the demo's)",
        () -> "still running: " + threadsLeft(threadsBefore));
  }

  /** Threads started since {@code before} that still run and are the demo's to stop. */
  private static List<String> threadsLeft(Set<Thread> before) {
    return liveThreads().stream()
        .filter(t -> !before.contains(t))
        .filter(DemoIT::ours)
        .map(t -> t.getName() + (t.isDaemon() ? " (daemon)" : ""))
        .sorted()
        .toList();
  }

  /**
   * Non-daemon threads hold a JVM open; the others are checked by name (Kafka, the demo, the
   * workers, the pools).
   */
  private static boolean ours(Thread t) {
    String name = t.getName().toLowerCase(java.util.Locale.ROOT);
    return !t.isDaemon()
        || name.contains("kafka")
        || name.contains("spate")
        || name.contains("raft")
        || name.contains("quorum")
        || name.contains("postgres")
        || name.contains("hikari");
  }

  private static Set<Thread> liveThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(Thread::isAlive)
        .collect(Collectors.toSet());
  }

  private static boolean accepts(int port) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", port), 1_000);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  private static String find(String text, String regex) {
    Matcher m = Pattern.compile(regex).matcher(text);
    assertTrue(m.find(), () -> "'" + regex + "' in:\n" + text);
    return m.group(1);
  }
}
