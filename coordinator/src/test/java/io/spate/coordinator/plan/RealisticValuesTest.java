package io.spate.coordinator.plan;

import static io.spate.coordinator.plan.TpccSchema.integer;
import static io.spate.coordinator.plan.TpccSchema.table;
import static io.spate.coordinator.plan.TpccSchema.varchar;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.config.FillConfig;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.plan.ValueSpec;
import io.spate.protocol.schema.Schema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Column-name aware default values, on a people table built by hand. */
class RealisticValuesTest {

  private static final Schema PEOPLE =
      new Schema(
          List.of(
              table(
                  "person",
                  List.of(
                      integer("id"),
                      varchar("first_name", 16),
                      varchar("email", 80),
                      varchar("note_code", 20)),
                  List.of("id"),
                  List.of())));

  private static ValueSpec spec(FillConfig config, Long seed, String column) {
    ColumnPlan plan =
        Planner.plan(PEOPLE, FillSettings.of(config, seed, 10L, null, Map.of()))
            .table("person")
            .column(column);
    return assertInstanceOf(ColumnPlan.Values.class, plan).spec();
  }

  @Test
  void aFirstNameColumnGetsRealNamesThatFitItsLength() {
    List<String> names = spec(FillConfig.EMPTY, 42L, "first_name").values();
    assertTrue(names.size() > 100, "a pool of names, got " + names.size());
    for (String name : names) {
      assertTrue(name.length() <= 16, "longer than varchar(16): " + name);
      assertTrue(name.matches("\\p{Lu}[\\p{L}' .-]+"), "not a name: " + name);
    }
  }

  @Test
  void thePoolIsAFunctionOfTheSeed() {
    List<String> names = spec(FillConfig.EMPTY, 42L, "first_name").values();
    assertEquals(names, spec(FillConfig.EMPTY, 42L, "first_name").values(), "same seed, same pool");
    assertNotEquals(
        names, spec(FillConfig.EMPTY, 43L, "first_name").values(), "another seed, another pool");
  }

  @Test
  void anEmailColumnGetsAddresses() {
    List<String> emails = spec(FillConfig.EMPTY, 42L, "email").values();
    assertTrue(
        !emails.isEmpty() && emails.stream().allMatch(e -> e.contains("@") && e.length() <= 80),
        emails.toString());
  }

  @Test
  void anUnrecognisedNameKeepsPlainText() {
    assertTrue(spec(FillConfig.EMPTY, 42L, "note_code").values().isEmpty());
  }

  @Test
  void realisticValuesFalseGivesThePlainTextSpec(@TempDir Path dir) throws IOException {
    Path file = Files.writeString(dir.resolve("fill.yaml"), "realisticValues: false\n");
    FillConfig off = FillConfig.load(file);
    ValueSpec plain = spec(off, 42L, "first_name");
    assertTrue(plain.values().isEmpty(), plain.values().toString());
    assertEquals(4, plain.minLength());
    assertEquals(16, plain.maxLength());
    assertEquals(
        spec(off, 42L, "note_code"),
        spec(FillConfig.EMPTY, 42L, "note_code"),
        "unrecognised columns do not change");
  }
}
