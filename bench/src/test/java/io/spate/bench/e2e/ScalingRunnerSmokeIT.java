package io.spate.bench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.worker.testing.TestDatabase;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The scaling runner runs every part at a tiny size on a real server and prints each figure and the
 * model's prediction beside each full-size check. Not a timing test: no figure is checked.
 */
class ScalingRunnerSmokeIT {

  @Test
  void measuresEveryPartAndPrintsThePredictionBesideEachCheck() {
    String adminUrl;
    String user;
    try (TestDatabase db = TestDatabase.create()) { // only to learn which server the tests use
      adminUrl = db.jdbcUrl().replaceAll("/spate_it_\\w+", "/postgres");
      user = db.user();
    }
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    PrintStream original = System.out;
    int code;
    System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
    try {
      code =
          new CommandLine(new ScalingRunner())
              .execute(
                  "--db",
                  adminUrl,
                  "--user",
                  user,
                  "--gen-rows",
                  "20000",
                  "--rows",
                  "20000",
                  "--workers",
                  "4",
                  "--tasks",
                  "40",
                  "--check-rows",
                  "20000");
    } finally {
      System.setOut(original);
    }
    String out = captured.toString(StandardCharsets.UTF_8);
    original.print(out);
    assertEquals(0, code, out);
    for (String line :
        new String[] {
          "[scaling] gen single threads=1 best rows=20000 ",
          "[scaling] gen tpcc-1 threads=2 best ",
          "[scaling] ingest copy-file streams=2 best rows=40000 ",
          "[scaling] coordinator job tasks=40 ",
          "[scaling] coordinator records topic=spate.tasks count=55 ",
          "[scaling] check local threads=2 rows=20000 ",
          "[scaling] check dist workers=4 rows=20000 "
        }) {
      assertTrue(out.contains(line), () -> "no line starting " + line + " in:\n" + out);
    }
    assertTrue(out.contains("predicted_s="), out);
  }
}
