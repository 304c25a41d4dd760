package io.spate.coordinator.plan;

import static io.spate.coordinator.plan.TpccSchema.column;
import static io.spate.coordinator.plan.TpccSchema.integer;
import static io.spate.coordinator.plan.TpccSchema.table;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.config.ColumnConfig;
import io.spate.coordinator.config.FillConfig;
import io.spate.coordinator.config.TableConfig;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.SqlType;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The checked plan the commands run: the planner's, with its literals read by the engine. */
class PlansTest {

  private static final Schema ONE_TABLE =
      new Schema(
          List.of(
              table(
                  "t",
                  List.of(integer("id"), integer("n"), column("flag", SqlType.BOOLEAN)),
                  List.of("id"),
                  List.of())));

  private static FillSettings nIs(String literal) {
    return valueOf("n", literal);
  }

  private static FillSettings valueOf(String column, String literal) {
    ColumnConfig value = new ColumnConfig(literal, null, null, null, null, null, null, null, null);
    FillConfig config =
        new FillConfig(
            null,
            null,
            null,
            null,
            Map.of("t", new TableConfig(null, null, null, Map.of(column, value))));
    return FillSettings.of(config, null, null, null, Map.of());
  }

  @Test
  void aLiteralTheEngineRejectsStopsTheCheckedPlanNamingTableAndColumn() {
    assertDoesNotThrow(
        () -> Planner.plan(ONE_TABLE, nIs("many")), "the planner alone does not read literals");
    SpateException e =
        assertThrows(SpateException.class, () -> Plans.checkedPlan(ONE_TABLE, nIs("many"), null));
    assertTrue(
        e.getMessage().startsWith("cannot plan the fill: table 't', column "), e.getMessage());
    assertTrue(e.getMessage().contains("'many'"), e.getMessage());
  }

  @Test
  void aRejectedLiteralNamesTheColumnItsTypeTheValueAndTheAcceptedForms() {
    SpateException e =
        assertThrows(
            SpateException.class,
            () -> Plans.checkedPlan(ONE_TABLE, valueOf("flag", "maybe"), null));
    assertEquals(
        "cannot plan the fill: table 't', column 'flag' (boolean): 'maybe' is not a valid boolean"
            + " (true/false, t/f, yes/no, on/off, 1/0)",
        e.getMessage());
  }

  @Test
  void aValidLiteralGivesThePlannersPlan() {
    assertEquals(Planner.plan(ONE_TABLE, nIs("7")), Plans.checkedPlan(ONE_TABLE, nIs("7"), null));
  }
}
