package io.spate.coordinator.plan;

import static io.spate.coordinator.plan.TpccSchema.fk;
import static io.spate.coordinator.plan.TpccSchema.integer;
import static io.spate.coordinator.plan.TpccSchema.nullable;
import static io.spate.coordinator.plan.TpccSchema.table;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.protocol.error.Problems;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.SqlType;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The ordering stage on its own: levels, cycles broken at a nullable foreign key, or reported. */
class OrderStageTest {

  @Test
  void everyTableComesAfterTheTablesItReferences() {
    Order order = OrderStage.run(TpccSchema.schema(), new Problems());
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
    Order order = OrderStage.run(cycle, problems);
    assertTrue(problems.isEmpty(), problems.list()::toString);
    assertEquals(List.of(List.of("b"), List.of("a")), order.levels());
    assertEquals(Set.of("b_a"), order.deferredOf("b"));
    assertEquals(List.of(), order.waitsFor("b"));
    assertEquals(List.of("b"), order.waitsFor("a"));
  }

  @Test
  void aCycleOfNotNullForeignKeysIsOneProblemNamingEveryEdge() {
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
                    List.of(fk("b_a", List.of("a_id"), "a", List.of("id"))))));
    Problems problems = new Problems();
    Order order = OrderStage.run(cycle, problems);
    assertEquals(
        List.of(
            "foreign keys form a cycle among [a, b] with no nullable foreign key to break it at"
                + " (a.a_b [b_id] -> b, b.b_a [a_id] -> a): make one of these columns nullable, so"
                + " Spate can load the rows first and set it in a second pass"),
        problems.list());
    assertEquals(List.of(List.of("a", "b")), order.levels(), "the stuck tables form one level");
  }
}
