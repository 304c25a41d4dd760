package io.spate.core.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.core.config.FillConfig;
import io.spate.protocol.plan.FillPlan;
import io.spate.worker.testing.TestDatabase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * CHECKs on lengths ({@code length}, {@code char_length}, {@code octet_length}) and patterns
 * ({@code ~}, {@code ~*}), on columns and in domains, and unique indexes that back no constraint
 * (plain, partial, on {@code lower(col)} / {@code upper(col)}) fill validly and deterministically;
 * what Spate cannot keep is refused before anything is written, naming the constraint and its text.
 * The database enforces every CHECK and index, so a successful fill is itself the main assertion.
 */
class ChecksAndUniqueIndexesFillIT {

  static final String SCHEMA =
      """
      CREATE DOMAIN sku AS text CHECK (VALUE ~ '^[A-Z]{3}-[0-9]{4}$');
      CREATE DOMAIN short_label AS varchar(30) CHECK (length(VALUE) BETWEEN 3 AND 12);

      CREATE TABLE account (
        id bigint PRIMARY KEY,
        code varchar(20) NOT NULL CHECK (code ~ '^[A-Z]{3}-[0-9]{4}$'),
        ref char(10) NOT NULL CHECK (length(ref) = 8),
        pin char(6) NOT NULL CHECK (pin ~ '^[0-9]{4,6}$'),
        initials char(4) NOT NULL CHECK (char_length(initials) >= 2 AND initials ~ '^[A-Z]+ *$'),
        note text NOT NULL CHECK (char_length(note) BETWEEN 3 AND 40),
        nick text CHECK (length(nick) >= 2),
        tag varchar(10) NOT NULL CHECK (octet_length(tag) < 6),
        slug text NOT NULL CHECK (slug ~* '^[a-z]+(-[a-z0-9]+)*$' AND length(slug) <= 20),
        zip text NOT NULL CHECK (zip ~ '^\\d{5}(-\\d{4})?$'),
        grade text NOT NULL CHECK (grade IN ('A1', 'B2', 'C3', 'xx') AND grade ~ '^[A-Z][0-9]$'),
        first_name varchar(40) NOT NULL CHECK (char_length(first_name) BETWEEN 4 AND 6),
        item sku NOT NULL,
        items sku[] NOT NULL,
        label short_label NOT NULL,
        email text NOT NULL,
        handle varchar(30),
        tenant int NOT NULL,
        seq int NOT NULL,
        deleted_at timestamptz
      );
      CREATE UNIQUE INDEX account_email ON account (lower(email));
      CREATE UNIQUE INDEX account_handle ON account (upper(handle)) WHERE deleted_at IS NULL;
      CREATE UNIQUE INDEX account_tenant_seq ON account (tenant, seq) INCLUDE (note);
      """;

  private static final String[] FILL = {"--default-rows", "1200", "--task-rows", "500"};

  @TempDir Path tmp;

  @Test
  void lengthAndPatternChecksAndUniqueIndexesFillValidlyAndTheSameSeedRefillsIdentically()
      throws SQLException {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(SCHEMA);
      FillPlan plan = Fills.plan(db, FillConfig.EMPTY, Map.of("account", 1200L));

      Fills.local(db, FILL);

      assertEquals(plan.table("account").rows(), db.queryLong("SELECT count(*) FROM account"));
      // Patterns: every value matches (as the database checked), drawn from a pool, not one value.
      assertEquals(
          0L,
          db.queryLong("SELECT count(*) FROM account WHERE NOT (code ~ '^[A-Z]{3}-[0-9]{4}$')"));
      assertEquals(
          0L,
          db.queryLong(
              "SELECT count(*) FROM account WHERE NOT (slug ~* '^[a-z]+(-[a-z0-9]+)*$') OR length(slug) > 20"));
      assertEquals(
          0L, db.queryLong("SELECT count(*) FROM account WHERE NOT (zip ~ '^\\d{5}(-\\d{4})?$')"));
      assertEquals(
          0L,
          db.queryLong("SELECT count(*) FROM account WHERE NOT (item ~ '^[A-Z]{3}-[0-9]{4}$')"));
      assertEquals(
          0L,
          db.queryLong(
              "SELECT count(*) FROM account, unnest(items) x WHERE NOT (x ~ '^[A-Z]{3}-[0-9]{4}$')"));
      assertTrue(db.queryLong("SELECT count(DISTINCT code) FROM account") > 300, "a pool of codes");
      // char(n) pads, and ~ sees the padding: only full-length pins fit; initials may be short.
      assertEquals(
          0L,
          db.queryLong(
              "SELECT count(*) FROM account WHERE NOT (pin ~ '^[0-9]{4,6}$') OR length(pin) <> 6"));
      assertEquals(
          "2 4",
          db.queryString(
              "SELECT min(char_length(initials)) || ' ' || max(char_length(initials)) FROM account"));
      assertTrue(
          db.queryLong("SELECT count(DISTINCT zip) FROM account WHERE length(zip) = 10") > 0,
          "the optional group occurs");
      // An IN list narrowed by a pattern on the same column keeps the values matching both.
      assertEquals(3L, db.queryLong("SELECT count(DISTINCT grade) FROM account"));
      // Lengths: within the CHECK's bounds, both ends reached where the range is small.
      assertEquals(
          "8 8", db.queryString("SELECT min(length(ref)) || ' ' || max(length(ref)) FROM account"));
      assertEquals(
          0L,
          db.queryLong("SELECT count(*) FROM account WHERE char_length(note) NOT BETWEEN 3 AND 40"),
          "a note is free text, within its CHECK's lengths");
      assertEquals(
          0L,
          db.queryLong(
              "SELECT count(*) FROM account WHERE length(nick) < 2 OR octet_length(tag) >= 6"));
      assertEquals(
          0L,
          db.queryLong("SELECT count(*) FROM account WHERE length(label) NOT BETWEEN 3 AND 12"),
          "a label is a thing's name, within its CHECK's lengths");
      // A recognised name keeps its realistic values, those the length CHECK allows.
      assertEquals(
          0L,
          db.queryLong(
              "SELECT count(*) FROM account WHERE char_length(first_name) NOT BETWEEN 4 AND 6 OR first_name !~ '^[A-Z][a-z]'"));
      // Unique indexes: keys unique after case folding, and over the pair.
      assertEquals(1200L, db.queryLong("SELECT count(DISTINCT lower(email)) FROM account"));
      assertEquals(1200L, db.queryLong("SELECT count(DISTINCT upper(handle)) FROM account"));
      assertEquals(1200L, db.queryLong("SELECT count(DISTINCT (tenant, seq)) FROM account"));

      Map<String, String> first = Fills.checksums(db);
      Fills.local(db, FILL[0], FILL[1], FILL[2], FILL[3], "--truncate", "--threads", "3");

      assertEquals(
          first,
          Fills.checksums(db),
          "the same seed refills byte for byte, on another thread count");
      Fills.local(db, FILL[0], FILL[1], "--truncate", "--seed", "7");
      assertNotEquals(first, Fills.checksums(db), "another seed draws other pools");
    }
  }

  @Test
  void aPatternSpateCannotGenerateIsNamedWithItsTextAndAConfigValueCoversIt() throws IOException {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(
          "CREATE TABLE part (id int PRIMARY KEY, code text NOT NULL CONSTRAINT code_upper CHECK (code ~ '^[[:upper:]]{3}$'))");

      String error = failure(db);

      assertContains(error, "CHECK code_upper on 'part.code' (code ~ '^[[:upper:]]{3}$')");
      assertContains(error, "POSIX classes");
      assertContains(error, "values");
      assertEquals(0L, db.queryLong("SELECT count(*) FROM part"));

      Fills.local(
          db,
          "--default-rows",
          "50",
          "--config",
          config("{tables: {part: {columns: {code: {values: [ABC, XYZ]}}}}}"));
      assertEquals(50L, db.queryLong("SELECT count(*) FROM part"));
    }
  }

  @Test
  void aUniqueTextKeyNoKeyFormSatisfiesIsRefusedNamingTheCheckAndTheOthersArePadded() {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(
          """
          CREATE TABLE coded (id int PRIMARY KEY, code text NOT NULL UNIQUE CONSTRAINT code_shape CHECK (code ~ '^[A-Z]{3}$'));
          CREATE TABLE sized (id int PRIMARY KEY, ref varchar(12) NOT NULL CONSTRAINT ref_len CHECK (length(ref) = 8));
          CREATE UNIQUE INDEX sized_ref ON sized (ref);
          CREATE TABLE numbered (no text PRIMARY KEY CHECK (no ~ '^[0-9]+$' AND length(no) <= 3));
          CREATE TABLE padded (no char(4) PRIMARY KEY CONSTRAINT no_digits CHECK (no ~ '^[0-9]+$'));
          """);

      String error = failure(db, "--default-rows", "500");

      assertContains(error, "coded.code is a unique key");
      assertContains(error, "1: CHECK code_shape (code ~ '^[A-Z]{3}$') rejects 1;");
      assertContains(error, "k1: CHECK code_shape (code ~ '^[A-Z]{3}$') rejects k1;");
      assertContains(error, "--rows coded=0");
      for (String fits : List.of("sized", "numbered", "padded")) {
        assertTrue(!error.contains(fits), () -> fits + " has a key form: " + error);
      }
      assertEquals(0L, db.queryLong("SELECT count(*) FROM numbered"));

      Fills.local(db, "--default-rows", "500", "--rows", "coded=0");
      assertEquals(500L, db.queryLong("SELECT count(*) FROM sized WHERE ref ~ '^0{5}[0-9]{3}$'"));
      assertEquals(500L, db.queryLong("SELECT count(*) FROM numbered WHERE no ~ '^[1-9][0-9]*$'"));
      assertEquals(500L, db.queryLong("SELECT count(*) FROM padded WHERE no ~ '^0[0-9]{3}$'"));
    }
  }

  @Test
  void anExpressionUniqueIndexIsRefusedNamingItsDefinitionAndSkippingANullableColumnCoversIt()
      throws IOException {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(
          """
          CREATE TABLE span (id int PRIMARY KEY, a int, b int NOT NULL);
          CREATE UNIQUE INDEX span_sum ON span ((a + b));
          CREATE TABLE mixed (id int PRIMARY KEY, t int NOT NULL, x int NOT NULL);
          CREATE UNIQUE INDEX mixed_t_x ON mixed (t, (x * 2));
          """);

      String error = failure(db, "--default-rows", "100");

      assertContains(error, "unique index span_sum on 'span'");
      assertContains(error, "CREATE UNIQUE INDEX span_sum ON public.span USING btree (((a + b)))");
      assertContains(error, "skip: true");
      assertTrue(
          !error.contains("mixed"), "a plain column in the index is kept unique instead: " + error);

      Fills.local(
          db,
          "--default-rows",
          "100",
          "--config",
          config("{tables: {span: {columns: {a: {skip: true}}}}}"));
      assertEquals(100L, db.queryLong("SELECT count(DISTINCT t) FROM mixed"));
    }
  }

  @Test
  void aLengthCheckBeyondTheDeclaredLengthIsRefused() {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(
          "CREATE TABLE narrow (id int PRIMARY KEY, v varchar(5) NOT NULL CONSTRAINT v_long CHECK (char_length(v) > 10))");

      String error = failure(db);

      assertContains(
          error,
          "narrow.v: no length satisfies CHECK v_long (char_length(v) > 10) within the declared character varying(5)");
    }
  }

  private String config(String yaml) throws IOException {
    Path file = Files.createTempFile(tmp, "checks-", ".yaml");
    Files.writeString(file, yaml);
    return file.toString();
  }

  /** Runs {@code spate local}, expecting a refusal; returns stderr. */
  private static String failure(TestDatabase db, String... extra) {
    List<String> args =
        new ArrayList<>(List.of("local", "--db", db.jdbcUrl(), "--user", db.user()));
    args.addAll(List.of(extra));
    Fills.Run run = Fills.cli(args.toArray(String[]::new));
    assertNotEquals(0, run.exitCode(), () -> "expected a refusal:\n" + run.out());
    return run.err();
  }

  private static void assertContains(String text, String expected) {
    assertTrue(text.contains(expected), () -> "expected '" + expected + "' in:\n" + text);
  }
}
