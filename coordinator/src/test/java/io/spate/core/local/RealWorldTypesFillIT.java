package io.spate.core.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.worker.testing.TestDatabase;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The types of real application schemas fill validly through binary COPY, within their declared
 * limits, and deterministically: enums, domains (with NOT NULL and CHECKs), arrays (of enums and
 * domains too), network addresses, intervals, time with time zone, money, bit strings, xml,
 * tsvector, the built-in ranges and citext. The server's own receive functions and constraints
 * check every value; the assertions spot-check the limits Spate promises on top.
 */
class RealWorldTypesFillIT {

  static final String SCHEMA =
      """
      CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy', 'ecstatic');
      CREATE DOMAIN us_zip AS varchar(5) NOT NULL CHECK (VALUE IN ('10001', '94105', '60601'));
      CREATE DOMAIN percent AS numeric(5,2) CHECK (VALUE >= 0 AND VALUE <= 100);
      CREATE DOMAIN positive_int AS integer NOT NULL CHECK (VALUE > 0) CHECK (VALUE < 50);
      CREATE DOMAIN short_code AS varchar(6);
      CREATE DOMAIN zip_list AS us_zip[];

      CREATE TABLE host (
        addr inet PRIMARY KEY,
        mac macaddr UNIQUE NOT NULL,
        net cidr NOT NULL
      );

      CREATE TABLE profile (
        id bigint PRIMARY KEY,
        home inet NOT NULL REFERENCES host,
        m mood NOT NULL CHECK (m >= 'ok'),
        maybe_mood mood,
        moods mood[] NOT NULL,
        zip us_zip,
        zips zip_list NOT NULL,
        pct percent NOT NULL,
        qty positive_int,
        code short_code NOT NULL,
        codes short_code[] NOT NULL,
        addr inet NOT NULL,
        other_addr inet,
        net cidr NOT NULL,
        mac macaddr NOT NULL,
        dur interval NOT NULL,
        at_tz timetz NOT NULL,
        price money NOT NULL CHECK (price > '0.50'::money),
        flags bit(8) NOT NULL,
        one_bit bit NOT NULL,
        vflags varbit(12) NOT NULL,
        anybits varbit NOT NULL,
        doc xml NOT NULL,
        search tsvector NOT NULL,
        r4 int4range NOT NULL,
        r8 int8range NOT NULL,
        rn numrange NOT NULL,
        rts tsrange NOT NULL,
        rtz tstzrange NOT NULL,
        rd daterange NOT NULL,
        tags text[] NOT NULL,
        nums integer[],
        names varchar(5)[] NOT NULL,
        stamps timestamptz[] NOT NULL
      );
      """;

  /** NOT NULL columns (by declaration or by their domain) of profile. */
  private static final List<String> NOT_NULL =
      List.of(
          "id", "home", "m", "moods", "zip", "zips", "pct", "qty", "code", "codes", "addr", "net",
          "mac", "dur", "at_tz", "price", "flags", "one_bit", "vflags", "anybits", "doc", "search",
          "r4", "r8", "rn", "rts", "rtz", "rd", "tags", "names", "stamps");

  private static final String[] FILL = {"--default-rows", "3000", "--task-rows", "777"};

  @Test
  void everyRealWorldTypeFillsWithinItsLimitsAndTheSameSeedRefillsIdentically()
      throws SQLException {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(SCHEMA);
      boolean citext = installCitext(db);
      if (citext) {
        db.execute(
            "ALTER TABLE profile ADD COLUMN email citext NOT NULL, ADD COLUMN emails citext[] NOT NULL");
      }

      Fills.local(db, FILL);

      assertEquals(3000L, db.queryLong("SELECT count(*) FROM profile"));
      assertEquals(3000L, db.queryLong("SELECT count(*) FROM host"));
      for (String column : NOT_NULL) {
        assertEquals(
            0L,
            db.queryLong("SELECT count(*) FROM profile WHERE " + column + " IS NULL"),
            column + " is NOT NULL");
      }
      assertTrue(
          db.queryLong("SELECT count(*) FROM profile WHERE other_addr IS NULL") > 0,
          "nullable columns get some NULLs");

      // Enums: labels only, the CHECK's bound honoured (in the enum's sort order), arrays of them.
      assertEquals(0L, db.queryLong("SELECT count(*) FROM profile WHERE m < 'ok'"));
      assertEquals(
          3L,
          db.queryLong("SELECT count(DISTINCT m) FROM profile"),
          "ok, happy and ecstatic all occur");
      assertEquals(4L, db.queryLong("SELECT count(DISTINCT x) FROM profile, unnest(moods) x"));
      // Arrays: one dimension, 0..4 elements, both ends reached, elements within their own limits.
      assertEquals(
          "0 4",
          db.queryString(
              "SELECT min(cardinality(moods)) || ' ' || max(cardinality(moods)) FROM profile"));
      assertEquals(
          0L,
          db.queryLong(
              "SELECT count(*) FROM profile WHERE array_ndims(tags) > 1 OR array_lower(tags, 1) <> 1"));
      assertEquals(
          0L, db.queryLong("SELECT count(*) FROM profile, unnest(names) x WHERE length(x) > 5"));
      assertEquals(
          0L, db.queryLong("SELECT count(*) FROM profile, unnest(codes) x WHERE length(x) > 6"));
      assertEquals(
          0L,
          db.queryLong(
              "SELECT count(*) FROM profile, unnest(zips) x WHERE x NOT IN ('10001', '94105', '60601')"));
      assertEquals(
          0L,
          db.queryLong(
              "SELECT count(*) FROM profile, unnest(stamps) x WHERE x < '2000-01-01' OR x >= '2030-01-01'"));
      // Domains: the base type's limits and the domain's checks.
      assertEquals(3L, db.queryLong("SELECT count(DISTINCT zip) FROM profile"));
      assertEquals("1 49", db.queryString("SELECT min(qty) || ' ' || max(qty) FROM profile"));
      assertEquals(
          0L,
          db.queryLong(
              "SELECT count(*) FROM profile WHERE pct < 0 OR pct > 100 OR length(code) > 6"));
      // Network addresses: IPv4 hosts, networks with zeroed host bits.
      assertEquals(
          0L,
          db.queryLong(
              "SELECT count(*) FROM profile WHERE family(addr) <> 4 OR masklen(addr) <> 32"));
      assertEquals(
          0L,
          db.queryLong(
              "SELECT count(*) FROM profile WHERE net <> network(net) OR masklen(net) NOT BETWEEN 8 AND 32"));
      assertEquals(0L, db.queryLong("SELECT count(*) FROM host WHERE net <> network(net)"));
      assertEquals(3000L, db.queryLong("SELECT count(DISTINCT mac) FROM profile"));
      // Bit strings: bit(n) exactly n bits, varbit(n) at most n.
      assertEquals(
          0L,
          db.queryLong(
              "SELECT count(*) FROM profile WHERE bit_length(flags) <> 8 OR bit_length(one_bit) <> 1"));
      assertEquals(
          "1 12",
          db.queryString(
              "SELECT min(bit_length(vflags)) || ' ' || max(bit_length(vflags)) FROM profile"));
      assertEquals(
          0L,
          db.queryLong(
              "SELECT count(*) FROM profile WHERE bit_length(anybits) NOT BETWEEN 1 AND 64"));
      // Ranges: non-empty, [lower, upper), numrange within numeric's default precision.
      for (String range : List.of("r4", "r8", "rn", "rts", "rtz", "rd")) {
        assertEquals(
            0L,
            db.queryLong(
                "SELECT count(*) FROM profile WHERE isempty("
                    + range
                    + ") OR NOT lower("
                    + range
                    + ") < upper("
                    + range
                    + ") OR NOT lower_inc("
                    + range
                    + ") OR upper_inc("
                    + range
                    + ")"),
            range);
      }
      assertEquals(
          0L,
          db.queryLong(
              "SELECT count(*) FROM profile WHERE scale(upper(rn)) > 2 OR upper(rn) >= 1e10 OR lower(rn) < 0"));
      assertEquals(
          0L,
          db.queryLong(
              "SELECT count(*) FROM profile WHERE lower(rts) < '2000-01-01' OR upper(rd) > '2031-01-01'"));
      // Everything else.
      assertEquals(
          0L,
          db.queryLong(
              "SELECT count(*) FROM profile WHERE price <= '0.50'::money OR price > '1000000'::money"));
      assertEquals(
          0L, db.queryLong("SELECT count(*) FROM profile WHERE dur < '0' OR dur >= '31 days'"));
      assertEquals(
          0L,
          db.queryLong("SELECT count(*) FROM profile WHERE extract(timezone FROM at_tz) <> 0"),
          "offset +00");
      assertEquals(
          0L,
          db.queryLong(
              "SELECT count(*) FROM profile WHERE NOT xml_is_well_formed_document(doc::text)"));
      assertEquals(
          0L,
          db.queryLong("SELECT count(*) FROM profile WHERE length(search) NOT BETWEEN 1 AND 5"));
      assertEquals(
          0L,
          db.queryLong(
              "SELECT count(*) FROM profile p WHERE NOT EXISTS (SELECT 1 FROM host h WHERE h.addr = p.home)"));
      if (citext) {
        assertEquals(
            0L,
            db.queryLong("SELECT count(*) FROM profile WHERE length(email) NOT BETWEEN 8 AND 64"));
        assertTrue(db.queryLong("SELECT count(*) FROM profile, unnest(emails) x") > 0);
      }

      Map<String, String> first = Fills.checksums(db);
      Fills.local(db, FILL[0], FILL[1], FILL[2], FILL[3], "--truncate", "--threads", "3");

      assertEquals(
          first,
          Fills.checksums(db),
          "the same seed refills byte for byte, on another thread count");
    }
  }

  @Test
  void configValuesInTheTypesOwnSyntaxReachTheDatabaseAsWritten() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(
          """
          CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy');
          CREATE TABLE configured (
            id int PRIMARY KEY,
            m mood NOT NULL, moods mood[] NOT NULL, addr inet NOT NULL, net cidr NOT NULL, mac macaddr NOT NULL,
            dur interval NOT NULL, at_tz timetz NOT NULL, price money NOT NULL, flags bit(4) NOT NULL,
            vflags varbit(6) NOT NULL, doc xml NOT NULL, search tsvector NOT NULL, r int4range NOT NULL,
            rts tstzrange NOT NULL, tags text[] NOT NULL, few int[] NOT NULL
          );
          """);
      java.nio.file.Path config = java.nio.file.Files.createTempFile("real-world-types-", ".yaml");
      try {
        java.nio.file.Files.writeString(
            config,
            """
            tables:
              configured:
                rows: 500
                columns:
                  m: {values: [sad, happy], weights: [1, 3]}
                  moods: {value: "{happy,sad}"}
                  addr: {values: ["192.168.1.10", "10.0.0.1/8"]}
                  net: {value: "172.16.0.0/12"}
                  mac: {value: "08-00-2B-01-02-03"}
                  dur: {value: "1 year 2 mons 3 days 04:05:06.5"}
                  at_tz: {value: "12:30:00+02"}
                  price: {min: "$10.00", max: "10.05"}
                  flags: {value: "1010"}
                  vflags: {values: ["", "X1", "101"]}
                  doc: {value: "<note><to>you</to></note>"}
                  search: {value: "fat:2 rat:3,5A cat"}
                  r: {value: "(1,5]"}
                  rts: {value: '["2024-01-01 00:00:00+00",)'}
                  tags: {value: '{"a b",c,NULL}'}
                  few: {length: 2..2}
            """);

        Fills.local(db, "--config", config.toString());
      } finally {
        java.nio.file.Files.delete(config);
      }

      assertEquals(500L, db.queryLong("SELECT count(*) FROM configured"));
      assertEquals(
          "happy,sad", db.queryString("SELECT string_agg(DISTINCT m::text, ',') FROM configured"));
      assertTrue(
          db.queryLong("SELECT count(*) FROM configured WHERE m = 'happy'") > 300, "weights 1:3");
      assertEquals(
          "{happy,sad}|172.16.0.0/12|08:00:2b:01:02:03|1 year 2 mons 3 days 04:05:06.5|12:30:00+02|1010"
              + "|<note><to>you</to></note>|'cat' 'fat':2 'rat':3,5A|[2,6)|[\"2024-01-01 00:00:00+00\",)|{\"a b\",c,NULL}",
          db.queryString(
              "SELECT DISTINCT concat_ws('|', moods, net, mac, dur, at_tz, flags, doc, search, r, rts, tags) FROM configured"));
      assertEquals(
          "10.0.0.1/8,192.168.1.10/32",
          db.queryString("SELECT string_agg(DISTINCT addr::text, ',') FROM configured"));
      assertEquals(
          ",0001,101",
          db.queryString("SELECT string_agg(DISTINCT vflags::text, ',') FROM configured"));
      assertEquals(
          "$10.00 $10.05",
          db.queryString("SELECT min(price) || ' ' || max(price) FROM configured"));
      assertEquals(0L, db.queryLong("SELECT count(*) FROM configured WHERE cardinality(few) <> 2"));
    }
  }

  /** Creates citext if the server has it; false (and the citext columns left out) otherwise. */
  private static boolean installCitext(TestDatabase db) {
    try {
      db.execute("CREATE EXTENSION IF NOT EXISTS citext");
      return true;
    } catch (RuntimeException e) {
      return false;
    }
  }
}
