package io.spate.core.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.spate.coordinator.Fills;
import io.spate.worker.testing.TestDatabase;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Column types real schemas use fill on the first try (issue 13): the geometric types, cube and
 * PostGIS shapes with no config, keys of enums, booleans, char(n) and arrays, and a fixed value for
 * a type Spate does not generate. As in {@link FirstTryFillIT}: no orphan, every constraint as it
 * was and valid, and the application inserts afterwards.
 */
class TypeFormsFillIT {

  @Test
  void geometricTypesAndCubesGetShapesTheirTypesAccept() throws Exception {
    try (TestDatabase db = Fills.filledValidly("geometric-types.sql")) {
      assertEquals(1000L, db.queryLong("SELECT count(*) FROM shape"));
      assertEquals(
          1000L,
          db.queryLong(
              "SELECT count(*) FROM shape WHERE npoints(route) >= 2 AND npoints(outline) >= 3"
                  + " AND radius(reach) >= 0 AND cube_dim(position) = 3"
                  + " AND (bounds[0])[0] >= (bounds[1])[0] AND (bounds[0])[1] >= (bounds[1])[1]"
                  + " AND at[0] BETWEEN -180 AND 180 AND at[1] BETWEEN -90 AND 90"));
      assertTrue(db.queryLong("SELECT count(DISTINCT at::text) FROM shape") > 990);
      assertEquals(
          1000L,
          db.queryLong(
              "SELECT count(*) FROM shape WHERE split_part(btrim(edge::text, '{}'), ',', 1)::float8 > 0"),
          "every line's A is positive, so never the degenerate A = B = 0");
      db.execute(
          "INSERT INTO shape (at, edge, bounds, route, outline, reach, position)"
              + " VALUES ('(0,0)', '{1,-1,0}', '(1,1),(0,0)', '[(0,0),(1,1)]',"
              + " '((0,0),(1,0),(0,1))', '<(0,0),1>', '(1,2,3)')");
      db.execute("INSERT INTO shape_note (shape_id) SELECT max(id) FROM shape");
      assertEquals(1001L, db.queryLong("SELECT count(*) FROM shape_note"));
    }
  }

  @Test
  void postgisColumnsGetValidShapesOfTheirModifiersAtValidCoordinates() throws Exception {
    try (TestDatabase probe = TestDatabase.create()) {
      assumeTrue(
          probe.queryLong("SELECT count(*) FROM pg_available_extensions WHERE name = 'postgis'")
              > 0,
          "PostGIS is not installed on this server (apt-get install postgresql-15-postgis-3)");
    }
    try (TestDatabase db = Fills.filledValidly("postgis-types.sql")) {
      assertEquals(
          1000L,
          db.queryLong(
              "SELECT count(*) FROM place WHERE ST_IsValid(anywhere) AND ST_IsValid(spot)"
                  + " AND GeometryType(spot) = 'POINT' AND ST_SRID(spot) = 4326"
                  + " AND ST_SRID(globe::geometry) = 4326"
                  + " AND ST_X(globe::geometry) BETWEEN -180 AND 180"
                  + " AND ST_Y(globe::geometry) BETWEEN -90 AND 90"
                  + " AND ST_XMin(anywhere) >= -180 AND ST_XMax(anywhere) <= 180"
                  + " AND ST_YMin(anywhere) >= -90 AND ST_YMax(anywhere) <= 90"));
      assertEquals(
          0L,
          db.queryLong(
              "SELECT count(*) FROM place WHERE NOT ST_IsValid(area) OR NOT ST_IsValid(parcels)"
                  + " OR GeometryType(area) <> 'POLYGON' OR GeometryType(parcels) <> 'MULTIPOLYGON'"
                  + " OR GeometryType(things) <> 'GEOMETRYCOLLECTION' OR ST_SRID(track) <> 3857"
                  + " OR ST_Zmflag(track) <> 2 OR ST_Zmflag(measured) <> 1"
                  + " OR ST_YMax(region::geometry) > 90 OR ST_XMax(region::geometry) > 180"));
      assertTrue(db.queryLong("SELECT count(*) FROM place WHERE area IS NOT NULL") > 900);
      db.execute(
          "INSERT INTO place (anywhere, spot, globe)"
              + " VALUES ('POINT(1 2)', 'SRID=4326;POINT(1 2)', 'POINT(1 2)')");
      db.execute("INSERT INTO visit (place_id) SELECT max(id) FROM place");
      assertEquals(1001L, db.queryLong("SELECT count(*) FROM visit"));
    }
  }

  @Test
  void keysOfEnumsBooleansCharCodesAndArraysAreDistinctPerRow() throws Exception {
    try (TestDatabase db = Fills.filledValidly("key-forms.sql")) {
      assertEquals(1000L, db.queryLong("SELECT count(DISTINCT (kind, n)) FROM item"));
      assertEquals(3L, db.queryLong("SELECT count(DISTINCT kind) FROM item"));
      assertEquals(2L, db.queryLong("SELECT count(DISTINCT active) FROM item"));
      assertEquals(1000L, db.queryLong("SELECT count(DISTINCT code) FROM item"));
      assertEquals(
          1000L - 99,
          db.queryLong("SELECT count(*) FROM item WHERE code ~ '[A-Z]' AND length(code) = 2"),
          "the 99 one- and two-digit codes, then codes of digits and capital letters");
      assertEquals(1000L, db.queryLong("SELECT count(DISTINCT label) FROM item"));
      assertEquals(1000L, db.queryLong("SELECT count(DISTINCT tags) FROM item"));
      assertEquals(1000L, db.queryLong("SELECT count(DISTINCT steps) FROM route"));
      assertEquals(1000L, db.queryLong("SELECT count(DISTINCT (flags, steps)) FROM route"));
      db.execute(
          "INSERT INTO item (kind, n, active, code, label, tags)"
              + " VALUES ('small', -1, true, '-1', '-1', '{new}')");
      db.execute("INSERT INTO route (steps, kind, flags) VALUES ('{-1}', 'large', '{t}')");
      db.execute("INSERT INTO route_stop (route_steps, kind) VALUES ('{-1}', 'small')");
      assertEquals(1001L, db.queryLong("SELECT count(*) FROM route_stop"));
    }
  }

  @Test
  void aUniqueCodeThatCannotHoldTheRowsIsRefusedNamingTheColumnAndTheRowsThatFit() {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute("CREATE TABLE country (code char(1) PRIMARY KEY, name text)");
      Fills.Run run =
          Fills.cli("local", "--db", db.jdbcUrl(), "--user", db.user(), "--rows", "country=100");
      assertEquals(1, run.exitCode(), run::out);
      assertTrue(
          run.err()
              .contains(
                  "country.code is a unique character(1), which holds 35 distinct values, but 100"
                      + " rows need 100: give 'country' at most 35 rows (--rows country=35)"),
          run::err);
      Fills.local(db, "--rows", "country=35");
      assertEquals(35L, db.queryLong("SELECT count(DISTINCT code) FROM country"));

      db.execute("CREATE TABLE pin (code char(2) PRIMARY KEY CHECK (code ~ '^[0-9]+$'))");
      Fills.Run digitsOnly =
          Fills.cli("local", "--db", db.jdbcUrl(), "--user", db.user(), "--rows", "country=0");
      assertEquals(1, digitsOnly.exitCode(), digitsOnly::out);
      assertTrue(
          digitsOnly
              .err()
              .contains(
                  "pin.code is a unique character(2) whose 1000 rows need keys past its 99"
                      + " numbers, written with capital letters, which a length or pattern CHECK"
                      + " on it may refuse: give 'pin' at most 99 rows (--rows pin=99)"),
          digitsOnly::err);
    }
  }

  @Test
  void aFixedValueFillsTypesSpateCannotGenerateAsTheServerEncodesIt() throws Exception {
    Path config = Files.createTempFile("fixed-values", ".yaml");
    Files.writeString(
        config,
        """
        tables:
          device:
            columns:
              hardware: {value: '08:00:2b:01:02:03:04:05'}
              wal_at: {value: '16/B374D848'}
              origin: {value: '(1.5,-2)'}
              words: {value: 'fat cat'}
              spans: {value: '{[1,3), [7,9)}'}
              address: {values: ['10.0.0.1', '2001:db8::1']}
              wait: {value: 'P1DT2H'}
        """,
        StandardCharsets.UTF_8);
    try (TestDatabase db = Fills.filledValidly("fixed-values.sql", "--config", config.toString())) {
      assertEquals(
          1000L,
          db.queryLong(
              "SELECT count(*) FROM device WHERE hardware = '08:00:2b:01:02:03:04:05'"
                  + " AND wal_at = '16/B374D848' AND origin ~= point '(1.5,-2)'"
                  + " AND words = 'fat cat'::tsvector AND wait = interval '1 day 2 hours'"));
      assertEquals(
          "10.0.0.1,2001:db8::1",
          db.queryString(
              "SELECT string_agg(DISTINCT host(address), ',' ORDER BY host(address)) FROM device"));
      assertEquals(
          0L,
          db.queryLong("SELECT count(*) FROM device WHERE spans <> '{[1,3),[7,9)}'"),
          "the nullable multirange holds the value or NULL");
      db.execute(
          "INSERT INTO device (hardware, wal_at, origin, words, address, wait) VALUES"
              + " ('08:00:2b:01:02:03:04:06', '0/0', '(0,0)', 'new', '::1', '1 hour')");
    } finally {
      Files.delete(config);
    }
  }

  @Test
  void aTypeSpateCannotGenerateIsRefusedNamingTheValueThatFixesIt() throws Exception {
    Path config = Files.createTempFile("bad-value", ".yaml");
    Files.writeString(
        config,
        "tables: {device: {columns: {hardware: {value: 'not a mac'}, wal_at: {value: '0/0'},"
            + " spans: {skip: true}, address: {value: '::1'}, wait: {value: '1 hour'}}}}\n");
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(Fills.schema("fixed-values.sql"));
      Fills.Run bare = Fills.cli("local", "--db", db.jdbcUrl(), "--user", db.user());
      assertEquals(1, bare.exitCode(), bare::out);
      assertTrue(
          bare.err()
              .contains(
                  "device.wal_at has type pg_lsn, which Spate cannot generate yet; give it a fixed"
                      + " value with `tables: {device: {columns: {wal_at: {value: '...'}}}}`"),
          bare::err);
      Fills.Run bad =
          Fills.cli(
              "local", "--db", db.jdbcUrl(), "--user", db.user(), "--config", config.toString());
      assertEquals(1, bad.exitCode(), bad::out);
      assertTrue(
          bad.err()
              .contains(
                  "device.hardware (macaddr8): the server does not read a value given for it:"),
          bad::err);
      assertFalse(bad.err().contains("\tat "), bad::err);
      assertEquals(0L, db.queryLong("SELECT count(*) FROM device"));
    } finally {
      Files.delete(config);
    }
  }
}
