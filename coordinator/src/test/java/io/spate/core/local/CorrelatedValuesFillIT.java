package io.spate.core.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.worker.testing.TestDatabase;
import java.sql.SQLException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Realistic values agree within a row once loaded: every email is made of its own row's name, city,
 * state and zip come from one address, a unique email stays unique, and the same seed refills
 * identically whatever the threads and task size.
 */
class CorrelatedValuesFillIT {

  private static final String SCHEMA =
      """
      CREATE TABLE people (
        id int PRIMARY KEY,
        first_name varchar(30),
        last_name varchar(30),
        email varchar(80),
        phone varchar(30),
        city varchar(40),
        state varchar(30),
        zip varchar(10)
      );
      CREATE TABLE account (
        id bigint PRIMARY KEY,
        full_name text NOT NULL,
        email text NOT NULL UNIQUE,
        city text NOT NULL,
        state char(2) NOT NULL,
        postal_code varchar(10) NOT NULL
      );
      """;

  /** The row's first name as an email starts with it: lower-case letters only. */
  private static final String FOLDED_FIRST = "regexp_replace(lower(first_name), '[^a-z]', '', 'g')";

  @Test
  void emailsFollowTheirRowsNameAndAddressesAgree() throws SQLException {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(SCHEMA);

      Fills.local(db, "--default-rows", "5000", "--threads", "1", "--task-rows", "1000000");
      Map<String, String> reference = Fills.checksums(db);

      assertEquals(5000L, db.queryLong("SELECT count(*) FROM people"));
      assertEquals(
          0L,
          db.queryLong(
              "SELECT count(*) FROM people WHERE first_name IS NOT NULL AND email IS NOT NULL"
                  + " AND email NOT LIKE "
                  + FOLDED_FIRST
                  + " || '.%'"),
          "every email starts with its row's first name");
      assertEquals(
          0L,
          db.queryLong(
              "SELECT count(*) FROM people WHERE last_name IS NOT NULL AND email IS NOT NULL"
                  + " AND email NOT LIKE '%.' || regexp_replace(lower(last_name), '[^a-z]', '', 'g') || '%@%'"),
          "and holds its last name");
      assertEquals(
          0L,
          db.queryLong(
              "SELECT count(*) FROM people WHERE email !~ '^[a-z.]+[0-9]*@example\\.(com|org|net)$'"));
      assertTrue(
          db.queryLong("SELECT count(DISTINCT email) FROM people") > 900,
          "a thousand people, give or take the NULLs");
      assertEquals(
          0L,
          db.queryLong(
              "SELECT count(*) FROM (SELECT city, zip FROM people WHERE city IS NOT NULL AND zip IS NOT NULL AND state IS NOT NULL"
                  + " GROUP BY city, zip HAVING count(DISTINCT state) > 1) x"),
          "at most one state per city and zip");
      assertEquals(
          0L,
          db.queryLong(
              "SELECT count(*) FROM (SELECT city FROM people WHERE city IS NOT NULL AND zip IS NOT NULL"
                  + " GROUP BY city HAVING count(DISTINCT zip) > 1) x"),
          "one address per city");
      assertTrue(
          db.queryLong("SELECT count(DISTINCT state) FROM people") > 40, "states of all kinds");

      assertEquals(
          5000L,
          db.queryLong("SELECT count(DISTINCT email) FROM account"),
          "a unique email stays unique");
      assertEquals(
          0L,
          db.queryLong(
              "SELECT count(*) FROM account WHERE email NOT LIKE"
                  + " regexp_replace(lower(split_part(full_name, ' ', 1)), '[^a-z]', '', 'g') || '.%'"),
          "made of the full name");
      assertEquals(
          0L,
          db.queryLong(
              "SELECT count(*) FROM account WHERE state !~ '^[A-Z]{2}$' OR postal_code !~ '^[0-9]{5}$'"));
      assertEquals(
          0L,
          db.queryLong(
              "SELECT count(*) FROM (SELECT city FROM account GROUP BY city HAVING count(DISTINCT state) > 1) x"));

      Fills.local(
          db, "--default-rows", "5000", "--threads", "2", "--task-rows", "777", "--truncate");
      assertEquals(
          reference,
          Fills.checksums(db),
          "the same seed refills identically with other threads and tasks");
    }
  }
}
