package io.spate.core.plan;

import static io.spate.core.plan.TpccSchema.column;
import static io.spate.core.plan.TpccSchema.integer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.core.config.FillConfig;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import io.spate.protocol.schema.UniqueKey;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The planner on integer keys that CHECKs bound. */
class KeyRangePlanTest {

  private static Table keyed(String key, Check... checks) {
    return new Table(
        "public",
        "t",
        List.of(column(key, SqlType.BIGINT), integer("n")),
        new UniqueKey("t_pkey", List.of(key), true),
        List.of(),
        List.of(),
        List.of(checks));
  }

  private static FillPlan plan(Table t, Map<String, Long> rows) {
    return Planner.plan(
        new Schema(List.of(t)), FillSettings.of(FillConfig.EMPTY, null, null, null, rows));
  }

  private static ColumnPlan.KeySequence key(FillPlan plan) {
    return assertInstanceOf(ColumnPlan.KeySequence.class, plan.table("t").column("id"));
  }

  @Test
  void keysStartAtOneWhenTheChecksAllowItElseAsNearToOneAsTheyDo() {
    assertEquals(1, key(plan(keyed("id", cmp(">", "0")), Map.of())).first());
    assertEquals(1000, key(plan(keyed("id", cmp(">=", "1000")), Map.of())).first());
    assertEquals(11, key(plan(keyed("id", cmp(">", "10.5")), Map.of())).first());
    assertEquals(-1000, key(plan(keyed("id", cmp("<", "0")), Map.of())).first());
    assertEquals(1, key(plan(keyed("id", cmp(">=", "-10"), cmp("<=", "5000")), Map.of())).first());
  }

  @Test
  void aTableOnlyTheDefaultSizesHoldsWhatItsKeyAdmitsAndAGivenSizePastThatIsAProblem() {
    Table oneRow = keyed("id", cmp("=", "0"));
    FillPlan plan = plan(oneRow, Map.of());
    assertEquals(1, plan.table("t").rows());
    assertEquals(0, key(plan).first());

    String message =
        assertThrows(SpateException.class, () -> plan(oneRow, Map.of("t", 2L))).getMessage();
    assertTrue(
        message.contains(
            "t.id is a key column whose CHECK only (id = 0) admits 1 value, but it needs 2 for the"
                + " rows of 't': give 't' `rows: 1` (or fewer) in the config"),
        message);
  }

  private static Check cmp(String op, String literal) {
    return new Check.CompareLiteral("only", "id", op, literal);
  }

  @Test
  void uniqueTimestampsSpreadOverSixYearsFrom2020UnlessACheckBoundsThem() {
    Table t =
        new Table(
            "public",
            "t",
            List.of(integer("id"), column("created_at", SqlType.TIMESTAMP)),
            new UniqueKey("t_pkey", List.of("id"), true),
            List.of(new UniqueKey("t_created_at_key", List.of("created_at"), false)),
            List.of(),
            List.of());
    ColumnPlan.KeySequence at =
        assertInstanceOf(
            ColumnPlan.KeySequence.class,
            plan(t, Map.of("t", 1000L)).table("t").column("created_at"));
    assertEquals(KeyColumns.FROM_2020, at.first());
    assertEquals(KeyColumns.SIX_YEARS / 1000 / 1_000_000 * 1_000_000, at.step());
    assertEquals(1, KeyColumns.timeStep(KeyColumns.SIX_YEARS * 2), "past a row a microsecond");
  }
}
