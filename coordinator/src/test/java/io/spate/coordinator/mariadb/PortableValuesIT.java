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
 *
 * <p>Left out, as their values differ by design: MySQL's {@code timestamp} (seconds since 1970 in
 * 32 bits, so Spate keeps it within 1970..2038 where PostgreSQL's timestamp is drawn from
 * 2000..2029; its twin is {@code datetime}), the unsigned integers, {@code tinyint}, {@code year}
 * and {@code set} (no PostgreSQL twin; an unsigned type carries a range CHECK a signed one does
 * not), {@code tinytext} (a varchar of 63 characters, not a text) and PostgreSQL's unconstrained
 * {@code numeric} (MySQL's {@code decimal} is {@code decimal(10,0)}). PostgreSQL's inet has
 * MariaDB's inet4 as twin: Spate makes IPv4 hosts, which MariaDB's inet6 prints IPv4-mapped.
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
