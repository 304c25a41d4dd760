package io.spate.core.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.worker.testing.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A column the config gives {@code block: N} numbers the blocks of N consecutive rows, in the
 * database as in the plan: pgbench's tables (no foreign keys) get the rows {@code pgbench -i -s 2}
 * writes, 10 tellers and 100,000 accounts to a branch in key order, however the accounts are split
 * into tasks.
 */
class BlockColumnsFillIT {

  /** pgbench 15's own DDL, keys added as {@code pgbench -i} adds them. */
  private static final String PGBENCH =
      """
      CREATE TABLE pgbench_tellers (tid int NOT NULL PRIMARY KEY, bid int, tbalance int, filler char(84));
      CREATE TABLE pgbench_accounts (aid int NOT NULL PRIMARY KEY, bid int, abalance int, filler char(84));
      CREATE TABLE pgbench_branches (bid int NOT NULL PRIMARY KEY, bbalance int, filler char(88));
      """;

  private static final String BLOCKS =
      "SELECT string_agg(bid || ':' || n || ':' || lo || '-' || hi, ' ' ORDER BY bid) FROM"
          + " (SELECT bid, count(*) n, min(%2$s) lo, max(%2$s) hi FROM %1$s GROUP BY bid) b";

  @Test
  void pgbenchsTellersAndAccountsComeInBlocksOfTheirBranchForAnySplit(@TempDir Path dir)
      throws Exception {
    for (String indexes : new String[] {"after", "during"}) {
      Path config =
          Files.writeString(
              dir.resolve(indexes + ".yaml"),
              """
              nullRatio: 0
              taskRows: 30000
              tables:
                pgbench_branches: {rows: 2, columns: {bbalance: {value: "0"}, filler: {skip: true}}}
                pgbench_tellers:
                  rows: 20
                  columns: {bid: {block: 10}, tbalance: {value: "0"}, filler: {skip: true}}
                pgbench_accounts:
                  rows: 200000
                  indexes: %s
                  columns: {bid: {block: 100000}, abalance: {value: "0"}, filler: {value: ""}}
              """
                  .formatted(indexes));
      try (TestDatabase db = TestDatabase.create()) {
        db.execute(PGBENCH);

        Fills.Run run = Fills.local(db, "--config", config.toString(), "--threads", "2");

        // after: the accounts in one task; during: in seven of 30,000 rows, blocks across them
        String tasks = indexes.equals("after") ? ", 3 tasks" : ", 9 tasks";
        assertTrue(run.err().contains(tasks), indexes + ":\n" + run.err());

        assertEquals(
            "1:100000:1-100000 2:100000:100001-200000",
            db.queryString(BLOCKS.formatted("pgbench_accounts", "aid")),
            indexes + ":\n" + run.err());
        assertEquals(
            "1:10:1-10 2:10:11-20", db.queryString(BLOCKS.formatted("pgbench_tellers", "tid")));
        assertEquals(
            "200000 0 200000",
            db.queryString(
                "SELECT count(*) || ' ' || sum(abalance) || ' ' || count(*) FILTER (WHERE filler ="
                    + " '') FROM pgbench_accounts"));
        assertEquals(
            "2 3 0 0",
            db.queryString(
                "SELECT count(*) || ' ' || sum(bid) || ' ' || sum(bbalance) || ' ' || count(filler)"
                    + " FROM pgbench_branches"));
      }
    }
  }
}
