package io.spate.engine.target;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.protocol.plan.TargetIdentity;
import io.spate.worker.testing.TestDatabase;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A database's identity read from its live catalog: the same for any session of the same database
 * and tables, different for another database or a changed table definition.
 */
class TargetIdentitiesIT {

  private static final List<String> TABLES = List.of("\"public\".\"t\"", "\"app\".\"u\"");

  private static final String SCHEMA =
      """
      CREATE TYPE mood AS ENUM ('sad', 'ok');
      CREATE SCHEMA app;
      CREATE TABLE t (id int PRIMARY KEY, m mood, name varchar(20));
      CREATE TABLE app.u (id bigint NOT NULL, note text);
      """;

  @Test
  void twoSessionsOfTheSameDatabaseReadTheSameIdentityWhateverTheirSearchPath() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(SCHEMA);
      TargetIdentity first;
      TargetIdentity second;
      try (Connection c = db.connect()) {
        first = TargetIdentities.of(c, TABLES);
      }
      try (Connection c = db.connect();
          Statement s = c.createStatement()) {
        s.execute("SET search_path = app");
        second = TargetIdentities.of(c, List.of(TABLES.get(1), TABLES.get(0)));
      }

      assertEquals(first, second);
      assertEquals(db.name(), first.databaseName());
      assertNotNull(first.systemIdentifier());
      assertEquals(16, first.tablesFingerprint().length());
    }
  }

  @Test
  void anotherDatabaseWithTheSameTablesHasAnotherIdentityButTheSameFingerprint() throws Exception {
    try (TestDatabase a = TestDatabase.create();
        TestDatabase b = TestDatabase.create()) {
      a.execute(SCHEMA);
      b.execute(SCHEMA);
      TargetIdentity ofA;
      TargetIdentity ofB;
      try (Connection c = a.connect()) {
        ofA = TargetIdentities.of(c, TABLES);
      }
      try (Connection c = b.connect()) {
        ofB = TargetIdentities.of(c, TABLES);
      }

      assertEquals(ofA.tablesFingerprint(), ofB.tablesFingerprint());
      assertEquals(ofA.systemIdentifier(), ofB.systemIdentifier());
      assertNotEquals(ofA.databaseOid(), ofB.databaseOid());
      String why = ofA.mismatch(ofB, "target \"default\" of worker w-1").orElseThrow();
      assertTrue(why.contains("\"" + a.name() + "\"") && why.contains("\"" + b.name() + "\""), why);
    }
  }

  @Test
  void aChangedTypeADroppedTableOrANewNotNullChangesTheFingerprint() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(SCHEMA);
      String before = fingerprint(db);

      db.execute("ALTER TABLE t ALTER COLUMN name TYPE varchar(30)");
      String widened = fingerprint(db);
      db.execute("ALTER TABLE app.u ALTER COLUMN note SET NOT NULL");
      String notNull = fingerprint(db);
      db.execute("DROP TABLE app.u");
      String dropped = fingerprint(db);

      assertEquals(4, List.of(before, widened, notNull, dropped).stream().distinct().count());
    }
  }

  private static String fingerprint(TestDatabase db) throws Exception {
    try (Connection c = db.connect()) {
      return TargetIdentities.of(c, TABLES).tablesFingerprint();
    }
  }
}
