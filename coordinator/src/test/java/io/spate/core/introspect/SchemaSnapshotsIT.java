package io.spate.core.introspect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.db.postgres.PgIntrospector;
import io.spate.protocol.schema.Schema;
import io.spate.worker.testing.Fixtures;
import io.spate.worker.testing.TestDatabase;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.sql.Connection;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every fixture schema in {@code examples/schemas} ({@code <name>.sql}), introspected on a real
 * PostgreSQL (every schema it creates, as a fill with no {@code --schema} takes them), is exactly
 * its snapshot ({@code <name>.schema.json}), the schema unit tests and benchmarks plan without a
 * database. The DDL is the one source: after changing a {@code .sql} file (or what introspection
 * reports), rewrite the snapshots with
 *
 * <pre>
 * ./mvnw -o -q -pl coordinator -am verify -Dtest=NONE -Dsurefire.failIfNoSpecifiedTests=false \
 *     -Dfailsafe.failIfNoSpecifiedTests=false -Dit.test=SchemaSnapshotsIT -Dspate.snapshots.write=true
 * </pre>
 *
 * and review their diff.
 */
class SchemaSnapshotsIT {

  /** Set to {@code true} to write each snapshot from the introspection before comparing. */
  static final String WRITE = "spate.snapshots.write";

  static List<String> fixtures() {
    return Fixtures.schemaNames();
  }

  @Test
  void theFiveFixturesAreThere() {
    assertEquals(List.of("multischema", "single", "tpcc", "trip", "wide"), fixtures());
  }

  @ParameterizedTest
  @MethodSource("fixtures")
  void introspectionOfTheDdlIsItsSnapshot(String name) throws Exception {
    Schema introspected;
    try (TestDatabase db = TestDatabase.withFixtureSchema(name + ".sql");
        Connection conn = db.connect()) {
      introspected = PgIntrospector.introspect(conn, PgIntrospector.chosenSchemas(conn, List.of()));
    }
    assertFalse(introspected.tables().isEmpty(), name + ".sql created no table");
    if (Boolean.getBoolean(WRITE)) {
      Fixtures.writeSnapshot(name, introspected);
    }
    assertTrue(
        Files.isRegularFile(Fixtures.snapshotFile(name)),
        "no snapshot "
            + Fixtures.snapshotFile(name)
            + "; write it with -D"
            + WRITE
            + "=true (see this class)");
    assertEquals(
        Fixtures.snapshotText(introspected),
        Files.readString(Fixtures.snapshotFile(name), StandardCharsets.UTF_8),
        name + ": the snapshot is stale; rewrite it with -D" + WRITE + "=true and review the diff");
    assertEquals(introspected, Fixtures.snapshot(name), name + ": the snapshot reads back as is");
  }
}
