package io.spate.core.local;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.spate.coordinator.Fills;
import io.spate.worker.testing.TestDatabase;
import org.junit.jupiter.api.Test;

/**
 * Bytea columns whose domain CHECK fixes their length ({@code octet_length(VALUE) = 20}, as Icinga
 * DB's {@code bytea20}, {@code bytea16} and {@code bytea4}) fill with no config: drawn values take
 * that length, and a key of such a domain writes its digits zero-padded to it, so its references
 * hold the same bytes. No row is an orphan, the constraints stay as they were, and the
 * application's next insert succeeds.
 */
class FixedLengthBytesFillIT {

  @Test
  void bytesOfAFixedLengthDomainTakeThatLength() throws Exception {
    try (TestDatabase db = Fills.filledValidly("bytea-fixed-length-domain.sql")) {
      assertEquals(1000L, Fills.rowCounts(db).get("host"));
      assertEquals(
          0L,
          db.queryLong(
              "SELECT count(*) FROM host WHERE octet_length(name_checksum) <> 20"
                  + " OR octet_length(address_bin) <> 4"));
      db.execute(
          "INSERT INTO host (id, name, name_checksum) VALUES (0, 'db1',"
              + " '\\x00112233445566778899aabbccddeeff00112233')");
    }
  }

  @Test
  void aKeyOfAFixedLengthDomainIsPaddedToItAndItsReferencesHoldIt() throws Exception {
    try (TestDatabase db = Fills.filledValidly("bytea-fixed-length-key.sql")) {
      assertEquals(1000L, Fills.rowCounts(db).get("service"));
      assertEquals(
          0L,
          db.queryLong(
              "SELECT count(*) FROM service WHERE octet_length(id) <> 20"
                  + " OR octet_length(host_id) <> 20"));
      db.execute(
          "INSERT INTO host (id, name) VALUES ('\\x00112233445566778899aabbccddeeff00112233',"
              + " 'db1')");
      assertEquals(1001L, db.queryLong("SELECT count(*) FROM host"));
    }
  }
}
