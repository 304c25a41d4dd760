package io.spate.db.mariadb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.spate.coordinator.Fills;
import io.spate.coordinator.testing.TestMariaDb;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The same seed fills identical MariaDB tables whatever the thread count and task size: per-table
 * digests computed by the server ({@link MariaDbFill#checksums}) over TPC-C's MySQL twin.
 */
class MariaDbDeterminismIT {

  @Test
  void tpccMysqlIsIdenticalForOneThreadWithHugeTasksAndFourThreadsWithOddSmallTasks()
      throws Exception {
    Map<String, String> one = fill("1", "1000000");
    Map<String, String> four = fill("4", "7919");
    assertEquals(one, four);
    assertNotEquals("0:null", one.get("order_line"), "the digest saw rows: " + one);
  }

  private static Map<String, String> fill(String threads, String taskRows) throws Exception {
    try (TestMariaDb db = TestMariaDb.withSchema(Fills.example("schemas/tpcc-mysql.sql"))) {
      MariaDbFill.local(
          db,
          "--config",
          Fills.example("tpcc.yaml").toString(),
          "--threads",
          threads,
          "--task-rows",
          taskRows);
      return MariaDbFill.checksums(db);
    }
  }
}
