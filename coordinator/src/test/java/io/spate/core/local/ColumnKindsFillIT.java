package io.spate.core.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.worker.testing.TestDatabase;
import org.junit.jupiter.api.Test;

/** Every supported type, key kind and column kind fills validly through binary COPY. */
class ColumnKindsFillIT {

  @Test
  void everySupportedTypeFillsWithinItsLimits() {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(
          """
          CREATE TABLE everything (
            id uuid PRIMARY KEY,
            code varchar(8) UNIQUE NOT NULL,
            a smallint, b integer NOT NULL, c bigint, d numeric(5,2) NOT NULL, e numeric,
            f real, g double precision, h boolean, i char(3), j varchar(10), k text,
            l date NOT NULL, m time, n timestamp, o timestamptz, p bytea, q json, r jsonb,
            starts date NOT NULL,
            CHECK (b BETWEEN -5 AND 5), CHECK (d > 100), CHECK (l >= starts)
          )""");
      Fills.local(db, "--default-rows", "5000", "--task-rows", "777");

      assertEquals(5000L, db.queryLong("SELECT count(DISTINCT id) FROM everything"));
      assertEquals(5000L, db.queryLong("SELECT count(DISTINCT code) FROM everything"));
      assertEquals("-5 5", db.queryString("SELECT min(b) || ' ' || max(b) FROM everything"));
      assertTrue(db.queryString("SELECT min(d)::text FROM everything").compareTo("100.01") >= 0);
      assertEquals(
          0L,
          db.queryLong(
              "SELECT count(*) FROM everything WHERE d > 999.99 OR length(j) > 10 OR octet_length(i) <> 3"));
      // a json column's documents share the keys the column chose for itself
      assertEquals(
          1L,
          db.queryLong(
              "SELECT count(DISTINCT (SELECT string_agg(k, ',' ORDER BY k)"
                  + " FROM json_object_keys(q) k)) FROM everything WHERE q IS NOT NULL"));
      assertEquals(
          1L,
          db.queryLong(
              "SELECT count(DISTINCT (SELECT string_agg(k, ',' ORDER BY k)"
                  + " FROM jsonb_object_keys(r) k)) FROM everything WHERE r IS NOT NULL"));
      assertEquals(
          0L,
          db.queryLong(
              "SELECT count(*) FROM everything WHERE n < '2000-01-01' OR n >= '2030-01-01'"));
    }
  }

  @Test
  void identityAndSerialColumnsGetUniqueValuesAndTheirSequencesMovePastThem() {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(
          """
          CREATE TABLE account (
            id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            number serial,
            name text NOT NULL,
            name_length int GENERATED ALWAYS AS (length(name)) STORED
          )""");
      Fills.local(db, "--default-rows", "1234");

      assertEquals(1234L, db.queryLong("SELECT count(DISTINCT number) FROM account"));
      assertEquals(
          0L, db.queryLong("SELECT count(*) FROM account WHERE name_length <> length(name)"));
      db.execute("INSERT INTO account (name) VALUES ('the application inserts next')");
      assertEquals(
          1235L,
          db.queryLong("SELECT id FROM account WHERE name = 'the application inserts next'"));
      assertEquals(
          1235L,
          db.queryLong("SELECT number FROM account WHERE name = 'the application inserts next'"));
    }
  }
}
