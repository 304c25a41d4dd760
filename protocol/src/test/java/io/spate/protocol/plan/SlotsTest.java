package io.spate.protocol.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import io.spate.protocol.seed.Streams;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A root table of 100 rows, a child with 5..15 rows per root row, a grandchild with a fixed 3 per
 * child row, and a child with a fixed 4 per root row.
 */
class SlotsTest {

  private static final long ROOT_ROWS = 100;

  private static final TablePlan ROOT = table("root", null, ROOT_ROWS);
  private static final TablePlan CHILD = table("child", new Fanout("root", 5, 15), ROOT_ROWS * 15);
  private static final TablePlan GRANDCHILD =
      table("grandchild", new Fanout("child", 3, 3), ROOT_ROWS * 15 * 3);
  private static final TablePlan FIXED = table("fixed", new Fanout("root", 4, 4), ROOT_ROWS * 4);
  private static final TablePlan FIXED_BELOW_FIXED =
      table("fixed2", new Fanout("fixed", 2, 2), ROOT_ROWS * 8);

  private static final FillPlan PLAN =
      new FillPlan(
          FillPlan.GENERATION_VERSION,
          42,
          List.of(ROOT, CHILD, GRANDCHILD, FIXED, FIXED_BELOW_FIXED),
          List.of(List.of("root"), List.of("child", "fixed"), List.of("grandchild", "fixed2")),
          List.of());

  private static TablePlan table(String name, Fanout fanout, long slots) {
    Table schema =
        new Table(
            "public",
            name,
            List.of(Column.of("id", SqlType.INTEGER)),
            null,
            List.of(),
            List.of(),
            List.of());
    return new TablePlan(
        name, schema, fanout, slots, 0, Streams.table(42, "public", name), List.of(), List.of());
  }

  @Test
  void childCountStaysWithinTheFanoutAndReachesBothEnds() {
    int lowest = Integer.MAX_VALUE;
    int highest = Integer.MIN_VALUE;
    for (long p = 0; p < ROOT_ROWS; p++) {
      int count = Slots.childCount(CHILD, p);
      assertTrue(count >= 5 && count <= 15, "count " + count + " for parent " + p);
      assertEquals(
          count, Slots.childCount(CHILD, p), "a parent's count is a pure function of its slot");
      lowest = Math.min(lowest, count);
      highest = Math.max(highest, count);
    }
    assertEquals(5, lowest);
    assertEquals(15, highest);
  }

  @Test
  void fixedFanoutGivesEveryParentTheSameCount() {
    for (long p = 0; p < ROOT_ROWS; p++) {
      assertEquals(4, Slots.childCount(FIXED, p));
    }
  }

  @Test
  void rootSlotsHoldRowsExactlyBelowTheirSlotCount() {
    for (long s = 0; s < ROOT_ROWS; s++) {
      assertTrue(Slots.holdsRow(PLAN, ROOT, s));
    }
    assertFalse(Slots.holdsRow(PLAN, ROOT, ROOT_ROWS));
  }

  @Test
  void childSlotHoldsARowExactlyWhenItsIndexIsBelowTheParentsCount() {
    long held = 0;
    for (long s = 0; s < CHILD.slots(); s++) {
      long parent = s / 15;
      boolean expected = s % 15 < Slots.childCount(CHILD, parent);
      assertEquals(expected, Slots.holdsRow(PLAN, CHILD, s), "slot " + s);
      held += expected ? 1 : 0;
    }
    assertTrue(held > 5 * ROOT_ROWS && held < 15 * ROOT_ROWS, "held " + held);
  }

  @Test
  void grandchildSlotHoldsARowOnlyUnderAChildSlotThatDoes() {
    long held = 0;
    for (long s = 0; s < GRANDCHILD.slots(); s++) {
      assertEquals(
          Slots.holdsRow(PLAN, CHILD, s / 3), Slots.holdsRow(PLAN, GRANDCHILD, s), "slot " + s);
      held += Slots.holdsRow(PLAN, GRANDCHILD, s) ? 1 : 0;
    }
    long children = 0;
    for (long p = 0; p < ROOT_ROWS; p++) {
      children += Slots.childCount(CHILD, p);
    }
    assertEquals(3 * children, held);
  }

  @Test
  void nearestRowIsTheSlotItselfWhenItHoldsARow() {
    for (TablePlan t : List.of(ROOT, CHILD, GRANDCHILD, FIXED)) {
      for (long s = 0; s < t.slots(); s++) {
        if (Slots.holdsRow(PLAN, t, s)) {
          assertEquals(s, Slots.nearestRow(PLAN, t, s), t.name() + " slot " + s);
        }
      }
    }
  }

  @Test
  void nearestRowAlwaysHoldsARowUnderTheSameRootRow() {
    for (long s = 0; s < CHILD.slots(); s++) {
      long nearest = Slots.nearestRow(PLAN, CHILD, s);
      assertTrue(Slots.holdsRow(PLAN, CHILD, nearest), "child slot " + s + " -> " + nearest);
      assertEquals(s / 15, nearest / 15, "child slot " + s + " moved to another parent");
    }
    for (long s = 0; s < GRANDCHILD.slots(); s++) {
      long nearest = Slots.nearestRow(PLAN, GRANDCHILD, s);
      assertTrue(
          Slots.holdsRow(PLAN, GRANDCHILD, nearest), "grandchild slot " + s + " -> " + nearest);
      assertEquals(s / 45, nearest / 45, "grandchild slot " + s + " moved to another root row");
    }
  }

  @Test
  void denseOnlyForFixedFanoutsAllTheWayUp() {
    assertTrue(Slots.dense(PLAN, ROOT), "a root table");
    assertTrue(Slots.dense(PLAN, FIXED), "fixed per root");
    assertTrue(Slots.dense(PLAN, FIXED_BELOW_FIXED), "fixed per fixed per root");
    assertFalse(Slots.dense(PLAN, CHILD), "5..15 per root");
    assertFalse(Slots.dense(PLAN, GRANDCHILD), "fixed, but per a 5..15 table");
  }

  @Test
  void denseTablesHoldARowInEverySlot() {
    for (TablePlan t : List.of(FIXED, FIXED_BELOW_FIXED)) {
      for (long s = 0; s < t.slots(); s++) {
        assertTrue(Slots.holdsRow(PLAN, t, s), t.name() + " slot " + s);
      }
    }
  }

  @Test
  void fanoutRejectsAMinimumBelowOneOrAboveTheMaximum() {
    assertThrows(IllegalArgumentException.class, () -> new Fanout("p", 0, 3));
    assertThrows(IllegalArgumentException.class, () -> new Fanout("p", 4, 3));
  }

  @Test
  void resolvedLineageAnswersLikeThePlanLookups() {
    for (TablePlan t : List.of(ROOT, CHILD, GRANDCHILD, FIXED, FIXED_BELOW_FIXED)) {
      Slots.Lineage lineage = new Slots.Lineage(PLAN, t);
      for (long slot = 0; slot < t.slots() + 20; slot++) {
        assertEquals(
            Slots.holdsRow(PLAN, t, slot), lineage.holdsRow(slot), t.name() + " slot " + slot);
        if (slot < t.slots()) {
          assertEquals(
              Slots.nearestRow(PLAN, t, slot),
              lineage.nearestRow(slot),
              t.name() + " slot " + slot);
        }
      }
    }
  }
}
