package io.spate.core.plan;

import static io.spate.core.plan.TpccSchema.character;
import static io.spate.core.plan.TpccSchema.column;
import static io.spate.core.plan.TpccSchema.fk;
import static io.spate.core.plan.TpccSchema.integer;
import static io.spate.core.plan.TpccSchema.table;
import static io.spate.core.plan.TpccSchema.varchar;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.core.config.ColumnConfig;
import io.spate.core.config.FillConfig;
import io.spate.core.config.TableConfig;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.schema.Column;
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
        assertThrows(SpateException.class, () -> Plans.checkedPlan(ONE_TABLE, nIs("many")));
    assertTrue(
        e.getMessage().startsWith("cannot plan the fill: table 't', column "), e.getMessage());
    assertTrue(e.getMessage().contains("'many'"), e.getMessage());
  }

  @Test
  void aRejectedLiteralNamesTheColumnItsTypeTheValueAndTheAcceptedForms() {
    SpateException e =
        assertThrows(
            SpateException.class, () -> Plans.checkedPlan(ONE_TABLE, valueOf("flag", "maybe")));
    assertEquals(
        "cannot plan the fill: table 't', column 'flag' (boolean): 'maybe' is not a valid boolean"
            + " (true/false, t/f, yes/no, on/off, 1/0)",
        e.getMessage());
  }

  @Test
  void aValidLiteralGivesThePlannersPlan() {
    assertEquals(Planner.plan(ONE_TABLE, nIs("7")), Plans.checkedPlan(ONE_TABLE, nIs("7")));
  }

  /** A parent keyed by a {@code varchar(40)} and a child referencing it by {@code childKey}. */
  private static Schema textKeys(Column childKey) {
    return new Schema(
        List.of(
            table("account", List.of(varchar("id", 40)), List.of("id"), List.of()),
            table(
                "session",
                List.of(integer("id"), childKey),
                List.of("id"),
                List.of(
                    fk("session_account_fk", List.of("account_id"), "account", List.of("id"))))));
  }

  private static final FillSettings NO_CONFIG =
      FillSettings.of(FillConfig.EMPTY, null, null, null, Map.of());

  @Test
  void aCharKeyReferencingAWiderVarcharKeyPlansWhenTheParentsValuesFit() {
    assertDoesNotThrow(() -> Plans.checkedPlan(textKeys(character("account_id", 36)), NO_CONFIG));
    assertDoesNotThrow(() -> Plans.checkedPlan(textKeys(varchar("account_id", 12)), NO_CONFIG));
  }

  @Test
  void aTextReferenceTooNarrowForTheParentsValuesIsRefusedNamingBothColumnsAndTheFix() {
    SpateException e =
        assertThrows(
            SpateException.class,
            () -> Plans.checkedPlan(textKeys(character("account_id", 2)), NO_CONFIG));
    assertTrue(
        e.getMessage()
            .startsWith(
                "cannot plan the fill: table 'session', session.account_id (character(2))"
                    + " references account.id (character varying(40)), whose values Spate writes"
                    + " up to "),
        e.getMessage());
    assertTrue(
        e.getMessage()
            .endsWith(
                "widen session.account_id to the type it references, character varying(40)"
                    + " (or at least "
                    + e.getMessage().replaceAll(".* up to (\\d+) characters.*", "$1")
                    + " characters)"),
        e.getMessage());
  }
}
