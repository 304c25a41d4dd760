package io.spate.db.postgres;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.worker.testing.Fixtures;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/**
 * The SQL docs/distributed.md shows a DBA is the SQL Spate prints when it may not create the
 * ledger.
 */
class LedgerSqlTest {

  @Test
  void theDocsShowTheLedgerSqlSpatePrints() throws Exception {
    String page = Files.readString(Fixtures.root().resolve("docs/distributed.md"));
    for (String statement : PostgresLedger.dbaSql("app", false).split("(?<=;) ")) {
      assertTrue(
          page.contains("\n" + statement + "\n"), () -> "docs/distributed.md lacks: " + statement);
    }
  }
}
