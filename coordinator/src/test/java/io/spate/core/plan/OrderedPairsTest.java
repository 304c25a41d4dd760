package io.spate.core.plan;

import static io.spate.core.plan.TpccSchema.column;
import static io.spate.core.plan.TpccSchema.integer;
import static io.spate.core.plan.TpccSchema.table;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.core.config.FillConfig;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The later column of a pair named in order is drawn after the earlier one of its row. */
class OrderedPairsTest {

  private static Table orders(Check... checks) {
    return table(
        "orders",
        List.of(
            integer("id"),
            column("ordered_at", SqlType.TIMESTAMPTZ),
            column("shipped_at", SqlType.TIMESTAMPTZ),
            column("delivered_at", SqlType.TIMESTAMPTZ),
            column("valid_from", SqlType.DATE),
            column("valid_to", SqlType.DATE),
            column("start_date", SqlType.DATE),
            column("end_time", SqlType.TIMESTAMP)),
        List.of("id"),
        List.of(),
        checks);
  }

  private static TablePlan plan(Table t, FillConfig config) {
    return Planner.plan(new Schema(List.of(t)), FillSettings.of(config, 42L, 10L, null, Map.of()))
        .table(t.id());
  }

  @Test
  void pairsAreFoundBySwappingOneWord() {
    List<String> pairs = OrderedPairs.pairs(orders()).stream().map(p -> p[0] + "<" + p[1]).toList();
    assertEquals(
        List.of(
            "ordered_at<shipped_at",
            "ordered_at<delivered_at",
            "shipped_at<delivered_at",
            "valid_from<valid_to"),
        pairs,
        "start_date and end_time differ in two words");
  }

  @Test
  void theNextCheckIsAfterTheLast() {
    Table hosts =
        table(
            "icinga_hoststatus",
            List.of(
                integer("id"),
                column("last_check", SqlType.TIMESTAMP),
                column("next_check", SqlType.TIMESTAMP)),
            List.of("id"),
            List.of());
    assertEquals(
        List.of("last_check<next_check"),
        OrderedPairs.pairs(hosts).stream().map(p -> p[0] + "<" + p[1]).toList());
  }

  @Test
  void theLaterColumnIsDerivedFromTheEarlierWithAPositiveOffset() {
    TablePlan plan = plan(orders(), FillConfig.EMPTY);
    ColumnPlan.Derived shipped =
        assertInstanceOf(ColumnPlan.Derived.class, plan.column("shipped_at"));
    assertEquals("ordered_at", shipped.base());
    assertTrue(shipped.minDelta() > 0 && shipped.maxDelta() > shipped.minDelta());
    ColumnPlan.Derived delivered =
        assertInstanceOf(ColumnPlan.Derived.class, plan.column("delivered_at"));
    assertEquals("ordered_at", delivered.base(), "the first pair found decides");
    ColumnPlan.Derived to = assertInstanceOf(ColumnPlan.Derived.class, plan.column("valid_to"));
    assertEquals("valid_from", to.base());
    assertEquals(0, to.minDelta());
    assertInstanceOf(ColumnPlan.Values.class, plan.column("ordered_at"));
    assertInstanceOf(ColumnPlan.Values.class, plan.column("end_time"));
  }

  @Test
  void aCheckOrTheConfigOnTheLaterColumnWins() {
    TablePlan checked =
        plan(
            orders(new Check.CompareLiteral("late", "shipped_at", ">", "2020-01-01 00:00:00+00")),
            FillConfig.EMPTY);
    assertInstanceOf(ColumnPlan.Values.class, checked.column("shipped_at"));
    TablePlan configured =
        plan(
            orders(),
            FillConfig.parse(
                "tables: {orders: {columns: {valid_to: {value: '2030-01-01'}}}}", "test"));
    assertEquals(
        List.of("2030-01-01"),
        assertInstanceOf(ColumnPlan.Values.class, configured.column("valid_to")).spec().values());
  }

  @Test
  void realisticValuesFalseKeepsThePairApart() {
    TablePlan plan = plan(orders(), FillConfig.parse("realisticValues: false", "test"));
    assertInstanceOf(ColumnPlan.Values.class, plan.column("shipped_at"));
  }

  @Test
  void aColumnDerivedByACheckIsNotDerivedBack() {
    Column a = column("start_at", SqlType.TIMESTAMP);
    Column b = column("end_at", SqlType.TIMESTAMP);
    Table t =
        table(
            "t",
            List.of(integer("id"), a, b),
            List.of("id"),
            List.of(),
            new Check.CompareColumns("c", "start_at", "<", "end_at"));
    TablePlan plan = plan(t, FillConfig.EMPTY);
    ColumnPlan.Derived derived =
        assertInstanceOf(ColumnPlan.Derived.class, plan.column("start_at"));
    assertEquals("end_at", derived.base());
    assertInstanceOf(ColumnPlan.Values.class, plan.column("end_at"));
  }
}
