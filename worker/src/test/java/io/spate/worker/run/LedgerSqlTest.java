package io.spate.worker.run;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.worker.testing.Fixtures;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/** The SQL the README shows a DBA is the SQL Spate prints when it may not create the ledger. */
class LedgerSqlTest {

  @Test
  void theReadmeShowsTheLedgerSqlSpatePrints() throws Exception {
    String readme = Files.readString(Fixtures.root().resolve("README.md"));
    for (String statement : Ledger.dbaSql("app", false).split("(?<=;) ")) {
      assertTrue(readme.contains("\n" + statement + "\n"), () -> "README lacks: " + statement);
    }
  }
}
