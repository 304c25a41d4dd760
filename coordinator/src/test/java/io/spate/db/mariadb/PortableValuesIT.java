package io.spate.db.mariadb;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The same seed gives the same logical values on PostgreSQL and on MariaDB for the types both have:
 * a portable schema ({@code schemas/portable-pg.sql} and its twin {@code portable-mysql.sql}),
 * filled with no config on each server, dumps to the same canonical text ({@link
 * MariaDbFill#assertSameValuesAsPostgresql}).
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
    MariaDbFill.assertSameValuesAsPostgresql("portable-pg.sql", "portable-mysql.sql", TABLES);
  }
}
