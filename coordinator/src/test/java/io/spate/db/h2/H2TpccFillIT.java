package io.spate.db.h2;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.spate.coordinator.Fills;
import io.spate.worker.testing.TestDatabase;
import java.io.IOException;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * TPC-C's nine tables ({@code examples/schemas/tpcc.sql}, which H2 reads as it is) filled into an
 * H2 file by {@code spate local}: every table gets its rows with H2 checking every foreign key as
 * it loads (and an anti-join after, to be sure), four threads give the same rows as one, and the
 * values are a PostgreSQL fill's with the same seed, compared by a canonical text of each row.
 */
class H2TpccFillIT {

  private static final List<String> TABLES =
      List.of(
          "customer",
          "district",
          "history",
          "item",
          "new_order",
          "order_line",
          "orders",
          "stock",
          "warehouse");

  private static final String[] FILL = {"--seed", "7", "--default-rows", "2000"};

  private static final String PG_TABLES =
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"
          + " AND table_type = 'BASE TABLE' ORDER BY table_name";

  private static final String H2_TABLES =
      "SELECT TABLE_NAME FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_SCHEMA = SCHEMA()"
          + " AND TABLE_TYPE = 'BASE TABLE' ORDER BY TABLE_NAME";

  @Test
  void tpccFillsEveryTableWithValidForeignKeysAndPostgresqlsValuesForAnyThreadCount()
      throws Exception {
    String tpcc = Files.readString(Fills.example("schemas/tpcc.sql"));
    Map<String, String> postgres;
    try (TestDatabase pg = Fills.filled(tpcc, FILL, "--threads", "2");
        Connection c = pg.connect()) {
      postgres = TestH2.canonicalChecksums(c, PG_TABLES);
      foreignKeys =
          pg.queryLong(
              "SELECT count(*) FROM information_schema.table_constraints"
                  + " WHERE constraint_schema = 'public' AND constraint_type = 'FOREIGN KEY'");
    }
    Map<String, String> fourThreads = fill(tpcc, "--threads", "4", "--task-rows", "500");
    Map<String, String> oneThread = fill(tpcc, "--threads", "1", "--task-rows", "2000");
    assertEquals(TABLES, List.copyOf(fourThreads.keySet()));
    assertEquals(oneThread, fourThreads, "four threads wrote other rows than one");
    assertEquals(postgres, fourThreads, "H2 holds other values than PostgreSQL");
  }

  /** The foreign keys of TPC-C, as PostgreSQL counts them. */
  private long foreignKeys;

  /** Fills a new H2 file with {@link #FILL} and {@code extra}; returns its canonical checksums. */
  private Map<String, String> fill(String ddl, String... extra) throws Exception {
    try (TestH2 db = TestH2.create()) {
      db.execute(ddl);
      List<String> args = new ArrayList<>(List.of("local", "--db", db.url(), "--user", "sa"));
      args.addAll(List.of(FILL));
      args.addAll(List.of(extra));
      Fills.Run run = Fills.cli(args.toArray(String[]::new));
      assertEquals(0, run.exitCode(), () -> run.err() + run.out());
      for (String table : TABLES) {
        assertEquals(2000, db.count(table), table);
      }
      try (Connection c = db.connect();
          Statement s = c.createStatement()) {
        assertEquals(0, orphans(s), "rows referencing nothing");
        return TestH2.canonicalChecksums(c, H2_TABLES);
      }
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Rows of every foreign key of the database whose parent row is missing. */
  private long orphans(Statement s) throws Exception {
    List<String> checks = new ArrayList<>();
    try (ResultSet rs =
        s.executeQuery(
            "SELECT fk.TABLE_NAME, pk.TABLE_NAME,"
                + " LISTAGG('c.\"' || fc.COLUMN_NAME || '\" = p.\"' || pc.COLUMN_NAME || '\"', ' AND ')"
                + " WITHIN GROUP (ORDER BY fc.ORDINAL_POSITION)"
                + " FROM INFORMATION_SCHEMA.REFERENTIAL_CONSTRAINTS r"
                + " JOIN INFORMATION_SCHEMA.TABLE_CONSTRAINTS fk ON fk.CONSTRAINT_NAME = r.CONSTRAINT_NAME"
                + " AND fk.CONSTRAINT_SCHEMA = r.CONSTRAINT_SCHEMA"
                + " JOIN INFORMATION_SCHEMA.TABLE_CONSTRAINTS pk"
                + " ON pk.CONSTRAINT_NAME = r.UNIQUE_CONSTRAINT_NAME"
                + " AND pk.CONSTRAINT_SCHEMA = r.UNIQUE_CONSTRAINT_SCHEMA"
                + " JOIN INFORMATION_SCHEMA.KEY_COLUMN_USAGE fc ON fc.CONSTRAINT_NAME = r.CONSTRAINT_NAME"
                + " AND fc.CONSTRAINT_SCHEMA = r.CONSTRAINT_SCHEMA"
                + " JOIN INFORMATION_SCHEMA.KEY_COLUMN_USAGE pc"
                + " ON pc.CONSTRAINT_NAME = r.UNIQUE_CONSTRAINT_NAME"
                + " AND pc.CONSTRAINT_SCHEMA = r.UNIQUE_CONSTRAINT_SCHEMA"
                + " AND pc.ORDINAL_POSITION = fc.POSITION_IN_UNIQUE_CONSTRAINT"
                + " WHERE r.CONSTRAINT_SCHEMA = SCHEMA()"
                + " GROUP BY r.CONSTRAINT_NAME, fk.TABLE_NAME, pk.TABLE_NAME")) {
      while (rs.next()) {
        checks.add(
            "SELECT count(*) FROM \""
                + rs.getString(1)
                + "\" c WHERE NOT EXISTS (SELECT 1 FROM \""
                + rs.getString(2)
                + "\" p WHERE "
                + rs.getString(3)
                + ")");
      }
    }
    assertEquals(foreignKeys, checks.size(), "every foreign key PostgreSQL has");
    long orphans = 0;
    for (String check : checks) {
      try (ResultSet rs = s.executeQuery(check)) {
        rs.next();
        orphans += rs.getLong(1);
      }
    }
    return orphans;
  }
}
