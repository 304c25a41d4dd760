package io.spate.core.plan;

import static io.spate.core.plan.TpccSchema.fk;
import static io.spate.core.plan.TpccSchema.integer;
import static io.spate.core.plan.TpccSchema.nullable;
import static io.spate.core.plan.TpccSchema.table;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.core.config.FillConfig;
import io.spate.core.config.TableConfig;
import io.spate.protocol.error.Problems;
import io.spate.protocol.schema.ForeignKey;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.SqlType;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The ordering stage on its own: levels, cycles broken at a nullable foreign key, or reported. */
class OrderStageTest {

  private static final FillSettings NO_CONFIG =
      FillSettings.of(FillConfig.EMPTY, null, null, null, Map.of());

  @Test
  void everyTableComesAfterTheTablesItReferences() {
    Order order = OrderStage.run(TpccSchema.schema(), NO_CONFIG, new Problems());
    assertEquals(
        List.of(
            List.of("item", "warehouse"),
            List.of("district", "stock"),
            List.of("customer"),
            List.of("history", "orders"),
            List.of("new_order", "order_line")),
        order.levels());
    assertEquals(List.of("district"), order.waitsFor("customer"));
  }

  @Test
  void aCycleIsBrokenAtItsNullableForeignKeyWhichIsDeferred() {
    Schema cycle =
        new Schema(
            List.of(
                table(
                    "a",
                    List.of(integer("id"), integer("b_id")),
                    List.of("id"),
                    List.of(fk("a_b", List.of("b_id"), "b", List.of("id")))),
                table(
                    "b",
                    List.of(integer("id"), nullable("a_id", SqlType.INTEGER)),
                    List.of("id"),
                    List.of(fk("b_a", List.of("a_id"), "a", List.of("id"))))));
    Problems problems = new Problems();
    Order order = OrderStage.run(cycle, NO_CONFIG, problems);
    assertTrue(problems.isEmpty(), problems.list()::toString);
    assertEquals(List.of(List.of("b"), List.of("a")), order.levels());
    assertEquals(Set.of("b_a"), order.deferredOf("b"));
    assertEquals(List.of(), order.waitsFor("b"));
    assertEquals(List.of("b"), order.waitsFor("a"));
  }

  @Test
  void aCycleOfNotNullForeignKeysLoadsItsFirstEdgeUncheckedAndOrdersTheRest() {
    Schema cycle =
        new Schema(
            List.of(
                table(
                    "a",
                    List.of(integer("id"), integer("b_id")),
                    List.of("id"),
                    List.of(fk("a_b", List.of("b_id"), "b", List.of("id")))),
                table(
                    "b",
                    List.of(integer("id"), integer("a_id")),
                    List.of("id"),
                    List.of(fk("b_a", List.of("a_id"), "a", List.of("id")))),
                table(
                    "c",
                    List.of(integer("id"), integer("b_id")),
                    List.of("id"),
                    List.of(fk("c_b", List.of("b_id"), "b", List.of("id"))))));
    Problems problems = new Problems();
    Order order = OrderStage.run(cycle, NO_CONFIG, problems);
    assertTrue(problems.isEmpty(), problems.list()::toString);
    assertEquals(List.of(List.of("a"), List.of("b"), List.of("c")), order.levels());
    assertEquals(Set.of("a_b"), order.uncheckedOf("a"));
    assertEquals(Set.of(), order.deferredOf("a"));
  }

  @Test
  void aCycleOfNotNullForeignKeysClosedByADeferrableOneIsAJointGroupLedByItsLastTable() {
    Problems problems = new Problems();
    Order order = OrderStage.run(deferrableCycle(), NO_CONFIG, problems);
    assertTrue(problems.isEmpty(), problems.list()::toString);
    assertEquals(
        List.of(List.of("x"), List.of("b"), List.of("a"), List.of("c"), List.of("d")),
        order.levels());
    assertEquals(Set.of(), order.uncheckedOf("a"), "a_b is first but not deferrable; b_c is");
    assertEquals(List.of("b", "a"), order.jointOf("c"), "c loads b then a, then its own rows");
    assertEquals(List.of("x"), order.waitsFor("c"), "the leader waits for the group's outside");
    assertEquals(List.of("c"), order.waitsFor("a"));
    assertEquals(List.of("c"), order.waitsFor("b"));
    assertEquals(List.of("c"), order.waitsFor("d"));
    assertEquals(List.of(), order.jointOf("a"));
  }

  /**
   * a -> b -> c -> a, all NOT NULL, only b_c deferrable; c also references x, and d hangs below c.
   */
  static Schema deferrableCycle() {
    return new Schema(
        List.of(
            table(
                "a",
                List.of(integer("id"), integer("b_id")),
                List.of("id"),
                List.of(fk("a_b", List.of("b_id"), "b", List.of("id")))),
            table(
                "b",
                List.of(integer("id"), integer("c_id")),
                List.of("id"),
                List.of(new ForeignKey("b_c", List.of("c_id"), "c", List.of("id"), true))),
            table(
                "c",
                List.of(integer("id"), integer("a_id"), integer("x_id")),
                List.of("id"),
                List.of(
                    fk("c_a", List.of("a_id"), "a", List.of("id")),
                    fk("c_x", List.of("x_id"), "x", List.of("id")))),
            table("x", List.of(integer("id")), List.of("id"), List.of()),
            table(
                "d",
                List.of(integer("id"), integer("c_id")),
                List.of("id"),
                List.of(fk("d_c", List.of("c_id"), "c", List.of("id"))))));
  }

  /** A cycle whose only nullable edge is in a key (b's key holds a_id), and another one outside. */
  private static Schema cycleWithANullableKeyEdge() {
    return new Schema(
        List.of(
            table(
                "a",
                List.of(integer("id"), nullable("b_id", SqlType.INTEGER)),
                List.of("id"),
                List.of(fk("a_b", List.of("b_id"), "b", List.of("id")))),
            table(
                "b",
                List.of(integer("id"), nullable("a_id", SqlType.INTEGER)),
                List.of("id"),
                List.of(fk("a_ref", List.of("a_id"), "a", List.of("id")))),
            new io.spate.protocol.schema.Table(
                "public",
                "k",
                List.of(nullable("a_id", SqlType.INTEGER), integer("b_id")),
                null,
                List.of(new io.spate.protocol.schema.UniqueKey("k_key", List.of("a_id"), false)),
                List.of(
                    fk("k_a", List.of("a_id"), "a", List.of("id")),
                    fk("k_b", List.of("b_id"), "b", List.of("id"))),
                List.of())));
  }

  @Test
  void aCycleIsBrokenAtANullableForeignKeyOutsideTheKeysOrTheOneTheConfigNames() {
    Schema schema =
        new Schema(
            List.of(
                table(
                    "parent",
                    List.of(integer("id"), nullable("best_id", SqlType.INTEGER)),
                    List.of("id"),
                    List.of(fk("parent_best", List.of("best_id"), "child", List.of("id")))),
                new io.spate.protocol.schema.Table(
                    "public",
                    "child",
                    List.of(integer("id"), nullable("parent_id", SqlType.INTEGER)),
                    null,
                    List.of(
                        new io.spate.protocol.schema.UniqueKey(
                            "child_key", List.of("id", "parent_id"), false)),
                    List.of(fk("child_parent", List.of("parent_id"), "parent", List.of("id"))),
                    List.of())));
    Problems problems = new Problems();
    Order order = OrderStage.run(schema, NO_CONFIG, problems);
    assertTrue(problems.isEmpty(), problems.list()::toString);
    assertEquals(Set.of(), order.deferredOf("child"), "child_parent is in child's key");
    assertEquals(Set.of("parent_best"), order.deferredOf("parent"));
    assertEquals(List.of(List.of("parent"), List.of("child")), order.levels());

    FillSettings chosen =
        FillSettings.of(
            new FillConfig(
                null,
                null,
                null,
                null,
                Map.of("child", new TableConfig(null, null, null, "child_parent", null))),
            null,
            null,
            null,
            Map.of());
    Problems refused = new Problems();
    OrderStage.run(schema, chosen, refused);
    assertEquals(
        List.of(
            "table 'child': breakCycleAt names child_parent, which is not a foreign key of it"
                + " that is nullable and outside its keys (those are: [])"),
        refused.list());
  }

  @Test
  void theConfigChoosesTheForeignKeyACycleIsBrokenAt() {
    Schema schema = cycleWithANullableKeyEdge();
    Problems problems = new Problems();
    Order chosen =
        OrderStage.run(
            schema,
            FillSettings.of(
                new FillConfig(
                    null,
                    null,
                    null,
                    null,
                    Map.of("b", new TableConfig(null, null, null, "a_ref", null))),
                null,
                null,
                null,
                Map.of()),
            problems);
    assertTrue(problems.isEmpty(), problems.list()::toString);
    assertEquals(Set.of("a_ref"), chosen.deferredOf("b"));
    assertEquals(Set.of(), chosen.deferredOf("a"));
    assertEquals(List.of(List.of("b"), List.of("a"), List.of("k")), chosen.levels());
    Order automatic = OrderStage.run(schema, NO_CONFIG, new Problems());
    assertEquals(Set.of("a_b"), automatic.deferredOf("a"), "the first by table, then name");
  }
}
