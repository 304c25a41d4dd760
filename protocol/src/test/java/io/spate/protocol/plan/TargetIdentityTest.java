package io.spate.protocol.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** When a worker's database is the one a job was planned against, and how a mismatch reads. */
class TargetIdentityTest {

  private static final String WHERE = "target \"default\" of worker w-1";
  private static final TargetIdentity A = new TargetIdentity(7301L, 16_384, "a", "f00d");

  @Test
  void theSameDatabaseWithTheSameTablesMatches() {
    assertEquals(
        Optional.empty(), A.mismatch(new TargetIdentity(7301L, 16_384, "a", "f00d"), WHERE));
  }

  @Test
  void anotherDatabaseOfTheSameClusterIsNamedWithBothIdentities() {
    TargetIdentity b = new TargetIdentity(7301L, 16_390, "b", "beef");

    assertEquals(
        Optional.of(
            "the job was planned against database \"a\" (system 7301, oid 16384) but target"
                + " \"default\" of worker w-1 is database \"b\" (system 7301, oid 16390)"),
        A.mismatch(b, WHERE));
  }

  @Test
  void theSameNameAndOidInAnotherClusterDoNotMatch() {
    TargetIdentity elsewhere = new TargetIdentity(9999L, 16_384, "a", "f00d");

    assertTrue(A.mismatch(elsewhere, WHERE).orElseThrow().contains("(system 9999, oid 16384)"));
  }

  @Test
  void aRenamedDatabaseDoesNotMatch() {
    assertTrue(A.mismatch(new TargetIdentity(7301L, 16_384, "a2", "f00d"), WHERE).isPresent());
  }

  @Test
  void changedTableDefinitionsInTheSameDatabaseDoNotMatch() {
    String why = A.mismatch(new TargetIdentity(7301L, 16_384, "a", "cafe"), WHERE).orElseThrow();

    assertTrue(why.contains("tables fingerprint f00d"), why);
    assertTrue(why.contains("read cafe"), why);
    assertTrue(why.contains("changed since planning"), why);
  }

  @Test
  void anUnknownSystemIdentifierComparesTheRest() {
    TargetIdentity unknown = new TargetIdentity(null, 16_384, "a", "f00d");

    assertEquals(Optional.empty(), A.mismatch(unknown, WHERE));
    assertEquals(Optional.empty(), unknown.mismatch(A, WHERE));
    assertTrue(unknown.mismatch(new TargetIdentity(7301L, 16_390, "b", "f00d"), WHERE).isPresent());
    assertTrue(unknown.describeDatabase().contains("system unknown"));
  }
}
