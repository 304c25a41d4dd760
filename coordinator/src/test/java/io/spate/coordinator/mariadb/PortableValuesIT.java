package io.spate.coordinator.mariadb;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.spate.coordinator.Fills;
import io.spate.coordinator.testing.CanonicalDump;
import io.spate.coordinator.testing.TestMariaDb;
import io.spate.worker.testing.TestDatabase;
import java.sql.Connection;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The same seed gives the same logical values on PostgreSQL and on MariaDB for the types both have:
 * a portable schema ({@code schemas/portable-pg.sql} and its twin {@code portable-mysql.sql}),
 * filled with no config on each server, dumps to the same canonical text ({@link CanonicalDump}).
 */
class PortableValuesIT {

  private static final List<String> TABLES = List.of("region", "account", "ticket");

  @Test
  void sameSeedFillsThePortableSchemaWithTheSameValuesOnPostgresqlAndMariaDb() throws Exception {
    try (TestDatabase pg = TestDatabase.create();
        TestMariaDb mariaDb = TestMariaDb.create()) {
      pg.execute(Fills.schema("portable-pg.sql"));
      mariaDb.execute(Fills.schema("portable-mysql.sql"));
      Fills.local(pg, "--seed", "20240615");
      MariaDbFill.local(mariaDb, "--seed", "20240615");

      try (Connection p = pg.connect();
          Connection m = mariaDb.connectBinary()) {
        for (String table : TABLES) {
          List<String> expected = CanonicalDump.rows(p, table);
          List<String> actual = CanonicalDump.rows(m, table);
          assertFalse(expected.isEmpty(), table + " was filled");
          assertNull(
              CanonicalDump.difference(expected, actual),
              () -> table + ": MariaDB's rows against PostgreSQL's");
        }
      }
    }
  }
}
