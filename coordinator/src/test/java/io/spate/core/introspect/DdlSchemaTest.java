package io.spate.core.introspect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.spate.protocol.schema.Schema;
import io.spate.worker.testing.Fixtures;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class DdlSchemaTest {

  static List<String> fixtures() {
    return Fixtures.schemaNames();
  }

  @ParameterizedTest
  @MethodSource("fixtures")
  void aFixtureReadFromItsDdlIsWhatPostgresIntrospects(String name) {
    Schema read = DdlSchema.read(Fixtures.schemas().resolve(name + ".sql"), List.of()).schema();
    assertEquals(Fixtures.snapshotText(Fixtures.snapshot(name)), Fixtures.snapshotText(read));
  }
}
