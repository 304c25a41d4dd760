package io.spate.core.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.spate.coordinator.Fills;
import io.spate.worker.testing.TestDatabase;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A cell is a pure function of (seed, table, column, row): the same seed gives identical tables
 * whatever the thread count, task size or run, and another seed gives other tables.
 */
class DeterminismIT {

  private static TestDatabase db;
  private static String config;
  private static Map<String, String> reference;

  @BeforeAll
  static void fillOnceWithOneThreadAndHugeTasks() throws Exception {
    db = TestDatabase.withFixtureSchema("tpcc.sql");
    db.executeFile(TestDatabase.fixtureSchema("trip.sql"));
    db.executeFile(TestDatabase.fixtureSchema("single.sql"));
    config = resource("tpcc-small.yaml");
    reference = fill("--threads", "1", "--task-rows", "1000000");
  }

  @AfterAll
  static void dropDatabase() {
    db.close();
  }

  @Test
  void sameSeedGivesIdenticalTablesForFourThreadsAndOddTaskSize() throws Exception {
    assertEquals(reference, fill("--threads", "4", "--task-rows", "7919"));
  }

  @Test
  void sameSeedGivesIdenticalTablesOnASecondRun() throws Exception {
    assertEquals(reference, fill("--threads", "2"));
  }

  @Test
  void anotherSeedChangesEveryTableWithDrawnValues() throws Exception {
    Map<String, String> other = fill("--seed", "7", "--threads", "2");
    // new_order holds keys only; keys are bijections of the row index, the same for every seed
    assertEquals(reference.get("new_order"), other.get("new_order"));
    for (String table : reference.keySet()) {
      if (table.equals("new_order")) {
        continue;
      }
      assertNotEquals(
          reference.get(table), other.get(table), table + " did not change with the seed");
    }
  }

  private static Map<String, String> fill(String... args) throws Exception {
    String[] all = new String[args.length + 3];
    all[0] = "--config";
    all[1] = config;
    all[2] = "--truncate";
    System.arraycopy(args, 0, all, 3, args.length);
    Fills.local(db, all);
    Map<String, String> sums = Fills.checksums(db);
    assertEquals(11, sums.size());
    sums.values().forEach(sum -> assertNotEquals("empty", sum));
    return sums;
  }

  private static String resource(String name) throws URISyntaxException {
    return Path.of(DeterminismIT.class.getResource("/" + name).toURI()).toString();
  }
}
