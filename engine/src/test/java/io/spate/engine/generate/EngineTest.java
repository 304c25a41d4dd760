package io.spate.engine.generate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.engine.encode.CopyBinaryWriter;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.plan.Distribution;
import io.spate.protocol.plan.Fanout;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.ReferencePlan;
import io.spate.protocol.plan.ReferencePlan.Pick;
import io.spate.protocol.plan.Slots;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.plan.ValueSpec;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.ForeignKey;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import io.spate.protocol.schema.UniqueKey;
import io.spate.protocol.seed.Streams;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TimeZone;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The engine against a hand-built, TPC-C-like plan: item and warehouse at the root, district (10
 * per warehouse), stock (500 per warehouse, each naming a distinct item), orders (5..15 per
 * district), order_line (2..4 per order) and audit (a root table referencing random orders). Rows
 * are read back with a small reader of the binary COPY tuple format.
 */
class EngineTest {

  private static final long SEED = 42;
  private static final long MICROS = 1_000_000L;
  private static final long HOUR = 3_600 * MICROS;

  private static final FillPlan PLAN = tpccLikePlan(SEED);

  private TimeZone originalZone;

  @BeforeEach
  void rememberTimeZone() {
    originalZone = TimeZone.getDefault();
  }

  @AfterEach
  void restoreTimeZone() {
    TimeZone.setDefault(originalZone);
  }

  // ---- purity ----------------------------------------------------------------------------------

  @Test
  void oneCallAndManySmallCallsWriteTheSameBytes() {
    for (TablePlan t : PLAN.tables()) {
      byte[] whole = fill(new Engine(PLAN), t.name(), 0, t.slots(), Integer.MAX_VALUE);
      assertTrue(whole.length > 0, t.name());
      for (int maxBytes : new int[] {1, 50, 333}) {
        assertArrayEquals(
            whole,
            fill(new Engine(PLAN), t.name(), 0, t.slots(), maxBytes),
            t.name() + " in calls of " + maxBytes + " bytes");
      }
    }
  }

  @Test
  void itemSlotsZeroToThousandAreTheSameInOneCallOrInSmallCalls() {
    Engine engine = new Engine(PLAN);
    byte[] whole = fill(engine, "item", 0, 1000, Integer.MAX_VALUE);
    assertEquals(1000, tuples(whole).size());
    assertArrayEquals(
        whole, fill(engine, "item", 0, 1000, 64), "the same engine, reused, in small calls");
  }

  @Test
  void anyCutIntoSlotRangesWritesTheSameBytes() {
    for (TablePlan t : PLAN.tables()) {
      byte[] whole = fill(new Engine(PLAN), t.name(), 0, t.slots(), Integer.MAX_VALUE);
      ByteArrayOutputStream pieces = new ByteArrayOutputStream();
      long step = Math.max(1, t.slots() / 7 + 3); // odd range sizes, last one short
      // Ranges filled out of order, each by a fresh engine, as tasks on different workers are.
      List<long[]> ranges = new ArrayList<>();
      for (long start = 0; start < t.slots(); start += step) {
        ranges.add(new long[] {start, Math.min(t.slots(), start + step)});
      }
      Map<Long, byte[]> byStart = new HashMap<>();
      for (int i = ranges.size() - 1; i >= 0; i--) {
        long[] r = ranges.get(i);
        byStart.put(r[0], fill(new Engine(PLAN), t.name(), r[0], r[1], 100));
      }
      ranges.forEach(r -> pieces.writeBytes(byStart.get(r[0])));
      assertArrayEquals(whole, pieces.toByteArray(), t.name());
    }
  }

  @Test
  void enginesOnOtherThreadsWriteTheSameBytes() throws Exception {
    Map<String, byte[]> here = fillAll(new Engine(PLAN));
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<Map<String, byte[]>>> results = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        results.add(pool.submit(() -> fillAll(new Engine(PLAN))));
      }
      for (Future<Map<String, byte[]>> result : results) {
        Map<String, byte[]> there = result.get();
        for (String table : here.keySet()) {
          assertArrayEquals(here.get(table), there.get(table), table);
        }
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void tablesFilledInAnotherOrderWriteTheSameBytes() {
    Map<String, byte[]> forward = fillAll(new Engine(PLAN));
    Engine backwardEngine = new Engine(PLAN);
    List<TablePlan> backward = new ArrayList<>(PLAN.tables());
    java.util.Collections.reverse(backward);
    for (TablePlan t : backward) {
      assertArrayEquals(
          forward.get(t.name()), fill(backwardEngine, t.name(), 0, t.slots(), 500), t.name());
    }
  }

  @Test
  void anotherSeedWritesOtherBytes() {
    FillPlan other = tpccLikePlan(SEED + 1);
    assertFalse(
        java.util.Arrays.equals(
            fill(new Engine(PLAN), "item", 0, 1000, Integer.MAX_VALUE),
            fill(new Engine(other), "item", 0, 1000, Integer.MAX_VALUE)));
  }

  @Test
  void fillWritesARowForExactlyTheSlotsThatHoldOneAndCountsThem() {
    for (TablePlan t : PLAN.tables()) {
      long expected = 0;
      for (long s = 0; s < t.slots(); s++) {
        expected += Slots.holdsRow(PLAN, t, s) ? 1 : 0;
      }
      TableEngine engine = new Engine(PLAN).table(t.name());
      CopyBinaryWriter out = new CopyBinaryWriter(256);
      SlotCursor cursor = new SlotCursor(0, t.slots());
      long reported = 0;
      while (!cursor.done()) {
        reported += engine.fill(cursor, out, out.size() + 200);
      }
      assertEquals(expected, reported, t.name() + " rows reported");
      assertEquals(
          expected,
          tuples(java.util.Arrays.copyOf(out.array(), out.size())).size(),
          t.name() + " tuples written");
    }
    long orders = 0;
    for (long district = 0; district < 40; district++) {
      orders += Slots.childCount(PLAN.table("orders"), district);
    }
    assertEquals(orders, rows("orders").size());
    assertTrue(orders > 40 * 5 && orders < 40 * 15);
  }

  @Test
  void fillStopsOnceTheBufferReachesMaxBytesAndTheCursorResumesThere() {
    TableEngine engine = new Engine(PLAN).table("item");
    CopyBinaryWriter out = new CopyBinaryWriter(16);
    SlotCursor cursor = new SlotCursor(0, 1000);
    assertEquals(1, engine.fill(cursor, out, 1), "at least one row, then stop");
    assertEquals(1, cursor.next());
    int written = engine.fill(cursor, out, out.size() + 1000);
    assertTrue(written > 1 && written < 999, "wrote " + written);
    assertEquals(1 + written, cursor.next());
    assertFalse(cursor.done());
  }

  // ---- keys and references
  // -----------------------------------------------------------------------

  @Test
  void keySequenceWithSpanTenYieldsOneToTenRepeating() {
    CellGen dId = new KeyCells.KeySequence(Column.of("d_id", SqlType.INTEGER), 1, 10, null, 7);
    for (long slot = 0; slot < 1000; slot++) {
      assertEquals(1 + slot % 10, dId.longValue(slot), "slot " + slot);
    }
  }

  @Test
  void districtRowsCountOneToTenWithinEachWarehouse() {
    List<Map<String, byte[]>> districts = rows("district");
    assertEquals(40, districts.size());
    for (int k = 0; k < districts.size(); k++) {
      assertEquals(1 + k / 10, int4(districts.get(k).get("d_w_id")), "row " + k);
      assertEquals(1 + k % 10, int4(districts.get(k).get("d_id")), "row " + k);
    }
  }

  @Test
  void keySequenceWithSpanZeroCountsSlotsFromFirst() {
    CellGen key = new KeyCells.KeySequence(Column.of("id", SqlType.BIGINT), 1, 0, null, 7);
    for (long slot = 0; slot < 1000; slot++) {
      assertEquals(1 + slot, key.longValue(slot));
    }
    List<Map<String, byte[]>> items = rows("item");
    for (int k = 0; k < items.size(); k++) {
      assertEquals(k + 1, int4(items.get(k).get("i_id")));
    }
  }

  @Test
  void sparseChildKeysCountFromOneWithoutGapsUnderEachParent() {
    Map<String, List<Integer>> ids = new LinkedHashMap<>();
    for (Map<String, byte[]> row : rows("orders")) {
      ids.computeIfAbsent(
              int4(row.get("o_w_id")) + "/" + int4(row.get("o_d_id")), k -> new ArrayList<>())
          .add(int4(row.get("o_id")));
    }
    assertEquals(40, ids.size(), "every district has orders");
    ids.forEach(
        (district, oIds) -> {
          assertTrue(oIds.size() >= 5 && oIds.size() <= 15, district + " has " + oIds.size());
          for (int i = 0; i < oIds.size(); i++) {
            assertEquals(i + 1, oIds.get(i), "district " + district);
          }
        });
  }

  @Test
  void injectiveReferenceNeverMapsTwoSlotsOfAGroupToOneParentSlot() {
    // 500 stock rows per warehouse pick among 1000 items, from the offset 500 on.
    ReferencePlan plan =
        new ReferencePlan(
            "s_i", "item", Pick.INJECTIVE, 500, 0, 500, 1, 1000, Distribution.UNIFORM);
    ParentPick pick = new ParentPick(plan, 11, null);
    for (long group = 0; group < 4; group++) {
      Set<Long> parents = new HashSet<>();
      for (long ordinal = 0; ordinal < 500; ordinal++) {
        long parent = pick.parentSlot(group * 500 + ordinal);
        assertTrue(parent >= 500 && parent < 1000, "parent slot " + parent);
        assertTrue(
            parents.add(parent), "group " + group + " picks parent slot " + parent + " twice");
      }
    }
  }

  @Test
  void injectiveReferenceWithinParentGroupsStaysInsideTheGroup() {
    // 900 new orders per district pick among the last 900 of its 3000 orders.
    ReferencePlan plan =
        new ReferencePlan(
            "no_o", "orders", Pick.INJECTIVE, 900, 3000, 2100, 1, 3000, Distribution.UNIFORM);
    ParentPick pick = new ParentPick(plan, 11, null);
    for (long group = 0; group < 5; group++) {
      Set<Long> parents = new HashSet<>();
      for (long ordinal = 0; ordinal < 900; ordinal++) {
        long parent = pick.parentSlot(group * 900 + ordinal);
        assertTrue(
            parent >= group * 3000 + 2100 && parent < (group + 1) * 3000,
            "group " + group + " -> " + parent);
        assertTrue(
            parents.add(parent), "group " + group + " picks parent slot " + parent + " twice");
      }
    }
  }

  @Test
  void mixedRadixInjectiveReferencesGiveDistinctPairs() {
    // A key of two foreign keys: 10 x 20 combinations for 200 child slots per group.
    ParentPick outer =
        new ParentPick(
            new ReferencePlan("a", "a", Pick.INJECTIVE, 200, 0, 0, 20, 10, Distribution.UNIFORM),
            1,
            null);
    ParentPick inner =
        new ParentPick(
            new ReferencePlan("b", "b", Pick.INJECTIVE, 200, 0, 0, 1, 20, Distribution.UNIFORM),
            2,
            null);
    for (long group = 0; group < 3; group++) {
      Set<List<Long>> pairs = new HashSet<>();
      for (long ordinal = 0; ordinal < 200; ordinal++) {
        long slot = group * 200 + ordinal;
        assertTrue(
            pairs.add(List.of(outer.parentSlot(slot), inner.parentSlot(slot))), "slot " + slot);
      }
    }
  }

  @Test
  void aPickRelativeToAnotherKeepsItsCheckForEverySlot() {
    ReferencePlan low = new ReferencePlan("lo", "p", Pick.RANDOM, 0, 0, 0, 1, 9, Distribution.ZIPF);
    ReferencePlan any = low.withSize(10);
    ParentPick base = new ParentPick(low, 1, null);
    ParentPick apart = new ParentPick(any.relativeTo("lo", "<>"), 2, null, base);
    ParentPick above = new ParentPick(any.relativeTo("lo", ">"), 3, null, base);
    ParentPick notBelow = new ParentPick(any.relativeTo("lo", ">="), 4, null, base);
    Set<Long> apartSlots = new HashSet<>();
    for (long slot = 0; slot < 10_000; slot++) {
      long b = base.parentSlot(slot);
      long a = apart.parentSlot(slot);
      assertTrue(a != b && a >= 0 && a < 10, slot + ": " + a + " <> " + b);
      apartSlots.add(a);
      long hi = above.parentSlot(slot);
      assertTrue(hi > b && hi < 10, slot + ": " + hi + " > " + b);
      long ge = notBelow.parentSlot(slot);
      assertTrue(ge >= b && ge < 10, slot + ": " + ge + " >= " + b);
    }
    assertEquals(10, apartSlots.size(), "every parent slot is picked");
  }

  @Test
  void injectivePicksApartFromEachOtherGiveDistinctPairsOfDistinctParents() {
    // a key (a, b) of two foreign keys to one 10-row table with CHECK (a <> b): 10 x 9 pairs
    ParentPick a =
        new ParentPick(
            new ReferencePlan("a", "p", Pick.INJECTIVE, 0, 0, 0, 9, 10, Distribution.UNIFORM),
            1,
            null);
    ParentPick b =
        new ParentPick(
            new ReferencePlan("b", "p", Pick.INJECTIVE, 0, 0, 0, 1, 10, Distribution.UNIFORM)
                .relativeTo("a", "<>"),
            2,
            null,
            a);
    Set<List<Long>> pairs = new HashSet<>();
    for (long slot = 0; slot < 90; slot++) {
      long pa = a.parentSlot(slot);
      long pb = b.parentSlot(slot);
      assertTrue(pa != pb, "slot " + slot);
      assertTrue(pairs.add(List.of(pa, pb)), "slot " + slot + " repeats " + pa + ", " + pb);
    }
  }

  @Test
  void aNotNullSelfReferencePicksAnEarlierSlotOfItsBlockOrItself() {
    ParentPick pick =
        new ParentPick(
            new ReferencePlan(
                "root", "t", Pick.EARLIER_OR_SELF, 64, 0, 0, 1, 64, Distribution.UNIFORM),
            5,
            null);
    for (long slot = 0; slot < 1000; slot++) {
      long parent = pick.parentSlot(slot);
      assertTrue(parent <= slot && parent >= slot / 64 * 64, slot + " -> " + parent);
    }
    assertEquals(0, pick.parentSlot(0));
    assertEquals(64, pick.parentSlot(64));
  }

  @Test
  void stockNamesDistinctItemsWithinEachWarehouse() {
    Map<Integer, Set<Integer>> items = new HashMap<>();
    for (Map<String, byte[]> row : rows("stock")) {
      int item = int4(row.get("s_i_id"));
      assertTrue(item >= 501 && item <= 1000, "item " + item);
      assertTrue(
          items.computeIfAbsent(int4(row.get("s_w_id")), w -> new HashSet<>()).add(item),
          "item " + item + " twice");
    }
    assertEquals(Set.of(1, 2, 3, 4), items.keySet());
    items.values().forEach(s -> assertEquals(500, s.size()));
  }

  @Test
  void randomReferenceToASparseParentLandsOnASlotThatHoldsARow() {
    TablePlan orders = PLAN.table("orders");
    ParentPick pick =
        new ParentPick(
            PLAN.table("audit").reference("a_o"), 5, s -> Slots.nearestRow(PLAN, orders, s));
    for (long slot = 0; slot < 10_000; slot++) {
      long parent = pick.parentSlot(slot);
      assertTrue(parent >= 0 && parent < orders.slots());
      assertTrue(
          Slots.holdsRow(PLAN, orders, parent), "slot " + slot + " -> empty orders slot " + parent);
    }
  }

  @Test
  void everyForeignKeyNamesARowItsParentWrote() {
    for (TablePlan t : PLAN.tables()) {
      for (ForeignKey fk : t.table().foreignKeys()) {
        Set<String> parentKeys =
            rows(fk.refTable()).stream()
                .map(r -> key(r, fk.refColumns()))
                .collect(Collectors.toSet());
        for (Map<String, byte[]> row : rows(t.name())) {
          assertTrue(
              parentKeys.contains(key(row, fk.columns())),
              t.name() + " " + fk.name() + " names a missing " + fk.refTable() + " row");
        }
      }
    }
  }

  @Test
  void everyPrimaryKeyIsUnique() {
    for (TablePlan t : PLAN.tables()) {
      List<String> pk = t.table().primaryKey().columns();
      Set<String> seen = new HashSet<>();
      for (Map<String, byte[]> row : rows(t.name())) {
        assertTrue(seen.add(key(row, pk)), t.name() + " repeats key " + key(row, pk));
      }
    }
  }

  // ---- value bounds ----------------------------------------------------------------------------

  @Test
  void integralValuesStayWithinInclusiveBoundsAndReachBoth() {
    CellGen gen = ValueGens.create(Column.of("q", SqlType.INTEGER), range("-5", "5"), 3);
    long lowest = Long.MAX_VALUE;
    long highest = Long.MIN_VALUE;
    for (long slot = 0; slot < 10_000; slot++) {
      long v = gen.longValue(slot);
      assertTrue(v >= -5 && v <= 5, "value " + v);
      lowest = Math.min(lowest, v);
      highest = Math.max(highest, v);
    }
    assertEquals(-5, lowest);
    assertEquals(5, highest);
  }

  @Test
  void exclusiveBoundsAreNeverProduced() {
    ValueSpec spec =
        new ValueSpec(List.of(), List.of(), "0", "10", true, true, 0, 0, Distribution.UNIFORM, 0);
    for (SqlType type : List.of(SqlType.SMALLINT, SqlType.INTEGER, SqlType.BIGINT)) {
      CellGen gen = ValueGens.create(Column.of("q", type), spec, 3);
      Set<Long> seen = new HashSet<>();
      for (long slot = 0; slot < 10_000; slot++) {
        seen.add(gen.longValue(slot));
      }
      assertEquals(Set.of(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L), seen, type.name());
    }
  }

  @Test
  void skewedDistributionsStayWithinBounds() {
    for (Distribution d : Distribution.values()) {
      ValueSpec spec = new ValueSpec(List.of(), List.of(), "100", "199", false, false, 0, 0, d, 0);
      CellGen gen = ValueGens.create(Column.of("q", SqlType.INTEGER), spec, 3);
      for (long slot = 0; slot < 10_000; slot++) {
        long v = gen.longValue(slot);
        assertTrue(v >= 100 && v <= 199, d + " gave " + v);
      }
    }
  }

  /**
   * A CHECK {@code (qty <= 2.5)} on an integer column arrives as the literal 2.5 (PostgreSQL prints
   * {@code (qty)::numeric <= 2.5}): the largest integer the column may hold is 2.
   */
  @Test
  void integerBoundsGivenAsFractionsAreRoundedInward() {
    CellGen gen = ValueGens.create(Column.of("qty", SqlType.INTEGER), range("0.5", "2.5"), 3);
    Set<Long> seen = new HashSet<>();
    for (long slot = 0; slot < 10_000; slot++) {
      seen.add(gen.longValue(slot));
    }
    assertEquals(Set.of(1L, 2L), seen, "values of an integer in [0.5, 2.5]");
  }

  /**
   * A CHECK {@code (x < 0)} gives only a maximum, below the default range's start of 0; the range
   * must extend down from it rather than come out empty.
   */
  @Test
  void anOnlyMaximumBelowTheDefaultRangeStillGivesValues() {
    ValueSpec negative =
        new ValueSpec(List.of(), List.of(), null, "0", false, true, 0, 0, Distribution.UNIFORM, 0);
    CellGen gen = ValueGens.create(Column.of("x", SqlType.INTEGER), negative, 3);
    for (long slot = 0; slot < 1_000; slot++) {
      assertTrue(gen.longValue(slot) < 0, "value " + gen.longValue(slot));
    }
    ValueSpec before1990 =
        new ValueSpec(
            List.of(), List.of(), null, "1990-01-01", false, true, 0, 0, Distribution.UNIFORM, 0);
    CellGen born = ValueGens.create(Column.of("born", SqlType.DATE), before1990, 3);
    for (long slot = 0; slot < 1_000; slot++) {
      assertTrue(born.longValue(slot) < days("1990-01-01"), "day " + born.longValue(slot));
    }
  }

  /** Nothing bounds them: dates and times lie in the ten years before 2026, none in the future. */
  @Test
  void unboundedDatesAndTimesLieInTheTenYearsBefore2026() {
    ValueSpec open =
        new ValueSpec(
            List.of(), List.of(), null, null, false, false, 0, 0, Distribution.UNIFORM, 0);
    CellGen day = ValueGens.create(Column.of("d", SqlType.DATE), open, 3);
    CellGen at = ValueGens.create(Column.of("at", SqlType.TIMESTAMPTZ), open, 3);
    long micros = 86_400_000_000L;
    long[] seen = {Long.MAX_VALUE, Long.MIN_VALUE};
    for (long slot = 0; slot < 10_000; slot++) {
      long d = day.longValue(slot);
      long t = at.longValue(slot) / micros;
      assertTrue(d >= days("2016-01-01") && d < days("2026-01-01"), "day " + d);
      assertTrue(t >= days("2016-01-01") && t < days("2026-01-01"), "time's day " + t);
      seen[0] = Math.min(seen[0], d);
      seen[1] = Math.max(seen[1], d);
    }
    assertTrue(seen[0] < days("2016-02-01") && seen[1] >= days("2025-12-01"), "all ten years");
  }

  @Test
  void numericValuesStayWithinTheDeclaredPrecision() {
    Column price = numeric("price", 5, 2);
    CellGen gen =
        ValueGens.create(
            price,
            new ValueSpec(
                List.of(), List.of(), null, null, false, false, 0, 0, Distribution.UNIFORM, 0),
            3);
    long highest = 0;
    for (long slot = 0; slot < 100_000; slot++) {
      long unscaled = gen.longValue(slot);
      assertTrue(Math.abs(unscaled) <= 99_999, "numeric(5,2) cannot hold " + unscaled + "e-2");
      highest = Math.max(highest, unscaled);
    }
    assertTrue(highest > 90_000, "the range reaches the precision's top, got " + highest);
  }

  @Test
  void numericValuesStayWithinTheirBounds() {
    CellGen gen = ValueGens.create(numeric("price", 5, 2), range("1.50", "2.25"), 3);
    for (long slot = 0; slot < 10_000; slot++) {
      long unscaled = gen.longValue(slot);
      assertTrue(unscaled >= 150 && unscaled <= 225, "unscaled " + unscaled);
    }
  }

  @Test
  void writtenPricesDecodeWithinTheirBoundsAtTheColumnScale() {
    for (Map<String, byte[]> row : rows("item")) {
      BigDecimal price = numericValue(row.get("i_price"));
      assertEquals(2, price.scale());
      assertTrue(
          price.compareTo(new BigDecimal("1.00")) >= 0
              && price.compareTo(new BigDecimal("100.00")) <= 0,
          "price " + price);
      int qty = int4(row.get("i_qty"));
      assertTrue(qty >= 10 && qty <= 20, "qty " + qty);
      int added = int4(row.get("i_added"));
      assertTrue(added >= days("2020-01-01") && added <= days("2020-12-31"), "day " + added);
    }
  }

  @Test
  void timestampsStayWithinBoundsAtWholeSeconds() {
    Column at = Column.of("at", SqlType.TIMESTAMP);
    CellGen gen = ValueGens.create(at, range("2020-01-01 00:00:00", "2020-01-02 00:00:00"), 3);
    long lo = Literals.toLong(at, "2020-01-01 00:00:00");
    for (long slot = 0; slot < 10_000; slot++) {
      long v = gen.longValue(slot);
      assertTrue(v >= lo && v <= lo + 24 * HOUR, "micros " + v);
      assertEquals(0, v % MICROS, "whole seconds");
    }
  }

  @Test
  void textLengthsStayWithinBoundsAndReachBoth() {
    Column name =
        new Column(
            "name",
            SqlType.VARCHAR,
            "character varying(24)",
            24,
            -1,
            -1,
            false,
            false,
            false,
            null);
    ValueSpec spec =
        new ValueSpec(
            List.of(), List.of(), null, null, false, false, 14, 24, Distribution.UNIFORM, 0);
    CellGen gen = ValueGens.create(name, spec, 3);
    Set<Byte> alphabet = new HashSet<>();
    for (byte b : TextCells.ALPHABET) {
      alphabet.add(b);
    }
    Set<Integer> lengths = new HashSet<>();
    for (long slot = 0; slot < 10_000; slot++) {
      byte[] field = field(gen, slot);
      assertNotNull(field);
      assertTrue(field.length >= 14 && field.length <= 24, "length " + field.length);
      lengths.add(field.length);
      for (byte b : field) {
        assertTrue(alphabet.contains(b), "character " + (char) b);
      }
    }
    assertEquals(11, lengths.size(), "every length in 14..24 occurs: " + lengths);
  }

  @Test
  void writtenTextColumnsHaveLengthsWithinTheirBounds() {
    for (Map<String, byte[]> row : rows("item")) {
      int length = row.get("i_name").length;
      assertTrue(length >= 14 && length <= 24, "i_name length " + length);
    }
  }

  @Test
  void choicePicksOnlyListedValuesFollowingTheirWeights() {
    ValueSpec spec =
        new ValueSpec(
            List.of("common", "rare"),
            List.of(9.0, 1.0),
            null,
            null,
            false,
            false,
            0,
            0,
            Distribution.UNIFORM,
            0);
    CellGen gen = ValueGens.create(Column.of("kind", SqlType.TEXT), spec, 3);
    Map<String, Integer> counts = new HashMap<>();
    int n = 100_000;
    for (long slot = 0; slot < n; slot++) {
      counts.merge(new String(field(gen, slot), StandardCharsets.UTF_8), 1, Integer::sum);
    }
    assertEquals(Set.of("common", "rare"), counts.keySet());
    assertEquals(0.9, counts.get("common") / (double) n, 0.02, counts.toString());
  }

  @Test
  void choiceWithZeroWeightNeverPicksThatValue() {
    ValueSpec spec =
        new ValueSpec(
            List.of("1", "2", "3"),
            List.of(1.0, 0.0, 1.0),
            null,
            null,
            false,
            false,
            0,
            0,
            Distribution.UNIFORM,
            0);
    CellGen gen = ValueGens.create(Column.of("n", SqlType.INTEGER), spec, 3);
    Set<Long> seen = new HashSet<>();
    for (long slot = 0; slot < 10_000; slot++) {
      seen.add(gen.longValue(slot));
    }
    assertEquals(Set.of(1L, 3L), seen);
  }

  @Test
  void choiceOfIntegersCarriesAndWritesTheListedValues() {
    ValueSpec spec =
        new ValueSpec(
            List.of("3", "5", "7"),
            List.of(),
            null,
            null,
            false,
            false,
            0,
            0,
            Distribution.UNIFORM,
            0);
    CellGen gen = ValueGens.create(Column.of("n", SqlType.INTEGER), spec, 3);
    assertTrue(gen.integral());
    Set<Long> seen = new HashSet<>();
    for (long slot = 0; slot < 3_000; slot++) {
      long carried = gen.longValue(slot);
      seen.add(carried);
      assertEquals(
          carried, ByteBuffer.wrap(field(gen, slot)).getInt(), "written and carried values agree");
    }
    assertEquals(Set.of(3L, 5L, 7L), seen);
  }

  @Test
  void nullRatioGivesRoughlyThatShareOfNulls() {
    int nulls = 0;
    int rows = 0;
    for (Map<String, byte[]> row : rows("item")) {
      rows++;
      nulls += row.get("i_data") == null ? 1 : 0;
      assertNotNull(row.get("i_name"), "a column without a null ratio is never NULL");
    }
    assertEquals(0.1, nulls / (double) rows, 0.03, nulls + " NULLs in " + rows);
  }

  @Test
  void derivedColumnStaysWithinItsDeltaOfTheBase() {
    for (Map<String, byte[]> row : rows("order_line")) {
      long delta = int8(row.get("ol_delivery")) - int8(row.get("ol_entry"));
      assertTrue(delta >= MICROS && delta <= 4 * HOUR, "delivery - entry = " + delta + " us");
    }
  }

  /**
   * A CHECK {@code (x > 1 AND x < 1.001)} on a real column: the engine draws a double inside the
   * range, but rounding it to float must not land on or beyond a bound.
   */
  @Test
  void realValuesRespectExclusiveBoundsAfterRoundingToFloat() {
    Column x = Column.of("x", SqlType.REAL);
    ValueSpec spec =
        new ValueSpec(
            List.of(), List.of(), "1", "1.001", true, true, 0, 0, Distribution.UNIFORM, 0);
    CellGen gen = ValueGens.create(x, spec, 3);
    for (long slot = 0; slot < 200_000; slot++) {
      float v = Float.intBitsToFloat(ByteBuffer.wrap(field(gen, slot)).getInt());
      long s = slot;
      assertTrue(
          v > 1.0f && (double) v < 1.001,
          () -> "slot " + s + " wrote " + v + " for a CHECK (x > 1 AND x < 1.001)");
    }
  }

  // ---- literals and time zones -----------------------------------------------------------------

  @Test
  void literalsParseTemporalValuesWithoutTheJvmTimeZone() {
    for (String zone :
        List.of(
            "UTC",
            "Pacific/Kiritimati",
            "America/St_Johns",
            "Asia/Kathmandu",
            "America/Los_Angeles")) {
      TimeZone.setDefault(TimeZone.getTimeZone(zone));
      assertEquals(0, Literals.toLong(Column.of("d", SqlType.DATE), "2000-01-01"), zone);
      assertEquals(1, Literals.toLong(Column.of("d", SqlType.DATE), "2000-01-02"), zone);
      assertEquals(-1, Literals.toLong(Column.of("d", SqlType.DATE), "1999-12-31"), zone);
      assertEquals(
          HOUR + 500_000, Literals.toLong(Column.of("t", SqlType.TIME), "01:00:00.5"), zone);
      Column ts = Column.of("ts", SqlType.TIMESTAMP);
      assertEquals(MICROS, Literals.toLong(ts, "2000-01-01 00:00:01"), zone);
      assertEquals(24 * HOUR, Literals.toLong(ts, "2000-01-02"), zone);
      assertEquals(-HOUR, Literals.toLong(ts, "1999-12-31T23:00:00"), zone);
      Column tz = Column.of("tz", SqlType.TIMESTAMPTZ);
      assertEquals(0, Literals.toLong(tz, "2000-01-01 00:00:00"), zone + ": no offset means UTC");
      assertEquals(0, Literals.toLong(tz, "2000-01-01"), zone + ": no offset means UTC");
      assertEquals(-2 * HOUR, Literals.toLong(tz, "2000-01-01 00:00:00+02"), zone);
      assertEquals(8 * HOUR, Literals.toLong(tz, "2000-01-01 00:00:00-08"), zone);
      assertEquals(-(5 * HOUR + HOUR / 2), Literals.toLong(tz, "2000-01-01 00:00:00+05:30"), zone);
      assertEquals(MICROS / 4, Literals.toLong(tz, "2000-01-01 00:00:00.25+00"), zone);
    }
  }

  @Test
  void temporalValuesGeneratedUnderAnotherTimeZoneAreTheSame() {
    Map<String, List<Long>> byZone = new LinkedHashMap<>();
    for (String zone : List.of("UTC", "Pacific/Kiritimati", "America/St_Johns")) {
      TimeZone.setDefault(TimeZone.getTimeZone(zone));
      List<Long> values = new ArrayList<>();
      for (SqlType type : List.of(SqlType.DATE, SqlType.TIMESTAMP, SqlType.TIMESTAMPTZ)) {
        CellGen gen = ValueGens.create(Column.of("c", type), range("2021-03-27", "2021-03-29"), 3);
        for (long slot = 0; slot < 100; slot++) {
          values.add(gen.longValue(slot));
        }
      }
      byZone.put(zone, values);
    }
    List<Long> utc = byZone.get("UTC");
    byZone.forEach((zone, values) -> assertEquals(utc, values, zone));
    assertArrayEquals(
        fill(new Engine(PLAN), "orders", 0, 600, Integer.MAX_VALUE),
        fillUnder("Pacific/Kiritimati", "orders"));
  }

  @Test
  void numericLiteralsAreCarriedUnscaledAtTheColumnScale() {
    assertEquals(150, Literals.toLong(numeric("p", 5, 2), "1.5"));
    assertEquals(-150, Literals.toLong(numeric("p", 5, 2), "-1.50"));
    assertEquals(15000, Literals.toLong(numeric("p", 10, 4), "1.5"));
    assertEquals(
        150,
        Literals.toLong(Column.of("p", SqlType.NUMERIC), "1.5"),
        "unconstrained numerics use scale 2");
  }

  // ---- the plan ------------------------------------------------------------------------------

  static FillPlan tpccLikePlan(long seed) {
    Table item =
        table(
            "item",
            List.of(
                notNull("i_id", SqlType.INTEGER),
                numeric("i_price", 5, 2),
                varchar("i_name", 24),
                Column.of("i_data", SqlType.TEXT),
                notNull("i_qty", SqlType.INTEGER),
                notNull("i_added", SqlType.DATE)),
            List.of("i_id"),
            List.of());
    Table warehouse =
        table(
            "warehouse",
            List.of(notNull("w_id", SqlType.INTEGER), varchar("w_name", 10)),
            List.of("w_id"),
            List.of());
    Table district =
        table(
            "district",
            List.of(
                notNull("d_w_id", SqlType.INTEGER),
                notNull("d_id", SqlType.INTEGER),
                varchar("d_name", 10)),
            List.of("d_w_id", "d_id"),
            List.of(new ForeignKey("d_w", List.of("d_w_id"), "warehouse", List.of("w_id"))));
    Table stock =
        table(
            "stock",
            List.of(
                notNull("s_w_id", SqlType.INTEGER),
                notNull("s_i_id", SqlType.INTEGER),
                notNull("s_quantity", SqlType.INTEGER)),
            List.of("s_w_id", "s_i_id"),
            List.of(
                new ForeignKey("s_w", List.of("s_w_id"), "warehouse", List.of("w_id")),
                new ForeignKey("s_i", List.of("s_i_id"), "item", List.of("i_id"))));
    Table orders =
        table(
            "orders",
            List.of(
                notNull("o_w_id", SqlType.INTEGER),
                notNull("o_d_id", SqlType.INTEGER),
                notNull("o_id", SqlType.INTEGER),
                notNull("o_i_id", SqlType.INTEGER),
                notNull("o_entry", SqlType.TIMESTAMPTZ),
                Column.of("o_note", SqlType.TEXT)),
            List.of("o_w_id", "o_d_id", "o_id"),
            List.of(
                new ForeignKey(
                    "o_d", List.of("o_w_id", "o_d_id"), "district", List.of("d_w_id", "d_id")),
                new ForeignKey("o_i", List.of("o_i_id"), "item", List.of("i_id"))));
    Table orderLine =
        table(
            "order_line",
            List.of(
                notNull("ol_w_id", SqlType.INTEGER),
                notNull("ol_d_id", SqlType.INTEGER),
                notNull("ol_o_id", SqlType.INTEGER),
                notNull("ol_number", SqlType.INTEGER),
                numeric("ol_amount", 6, 2),
                notNull("ol_entry", SqlType.TIMESTAMP),
                notNull("ol_delivery", SqlType.TIMESTAMP)),
            List.of("ol_w_id", "ol_d_id", "ol_o_id", "ol_number"),
            List.of(
                new ForeignKey(
                    "ol_o",
                    List.of("ol_w_id", "ol_d_id", "ol_o_id"),
                    "orders",
                    List.of("o_w_id", "o_d_id", "o_id"))));
    Table audit =
        table(
            "audit",
            List.of(
                notNull("a_id", SqlType.BIGINT),
                notNull("a_w_id", SqlType.INTEGER),
                notNull("a_d_id", SqlType.INTEGER),
                notNull("a_o_id", SqlType.INTEGER)),
            List.of("a_id"),
            List.of(
                new ForeignKey(
                    "a_o",
                    List.of("a_w_id", "a_d_id", "a_o_id"),
                    "orders",
                    List.of("o_w_id", "o_d_id", "o_id"))));

    List<TablePlan> tables =
        List.of(
            plan(
                seed,
                item,
                null,
                1000,
                List.of(
                    new ColumnPlan.KeySequence("i_id", 1, 0),
                    values("i_price", range("1.00", "100.00")),
                    values("i_name", text(14, 24, 0)),
                    values("i_data", text(26, 50, 0.1)),
                    values("i_qty", range("10", "20")),
                    values("i_added", range("2020-01-01", "2020-12-31"))),
                List.of()),
            plan(
                seed,
                warehouse,
                null,
                4,
                List.of(new ColumnPlan.KeySequence("w_id", 1, 0), values("w_name", text(6, 10, 0))),
                List.of()),
            plan(
                seed,
                district,
                new Fanout("warehouse", 10, 10),
                40,
                List.of(
                    new ColumnPlan.Reference("d_w_id", "d_w", "w_id"),
                    new ColumnPlan.KeySequence("d_id", 1, 10),
                    values("d_name", text(6, 10, 0))),
                List.of(
                    new ReferencePlan(
                        "d_w", "warehouse", Pick.GROUP, 10, 0, 0, 1, 1, Distribution.UNIFORM))),
            plan(
                seed,
                stock,
                new Fanout("warehouse", 500, 500),
                2000,
                List.of(
                    new ColumnPlan.Reference("s_w_id", "s_w", "w_id"),
                    new ColumnPlan.Reference("s_i_id", "s_i", "i_id"),
                    values("s_quantity", range("10", "100"))),
                List.of(
                    new ReferencePlan(
                        "s_w", "warehouse", Pick.GROUP, 500, 0, 0, 1, 1, Distribution.UNIFORM),
                    new ReferencePlan(
                        "s_i",
                        "item",
                        Pick.INJECTIVE,
                        500,
                        0,
                        500,
                        1,
                        1000,
                        Distribution.UNIFORM))),
            plan(
                seed,
                orders,
                new Fanout("district", 5, 15),
                40 * 15,
                List.of(
                    new ColumnPlan.Reference("o_w_id", "o_d", "d_w_id"),
                    new ColumnPlan.Reference("o_d_id", "o_d", "d_id"),
                    new ColumnPlan.KeySequence("o_id", 1, 15),
                    new ColumnPlan.Reference("o_i_id", "o_i", "i_id"),
                    values("o_entry", range("2021-03-27", "2021-03-29")),
                    values("o_note", text(0, 20, 0.5))),
                List.of(
                    new ReferencePlan(
                        "o_d", "district", Pick.GROUP, 15, 0, 0, 1, 1, Distribution.UNIFORM),
                    new ReferencePlan(
                        "o_i", "item", Pick.RANDOM, 0, 0, 0, 1, 1000, Distribution.ZIPF))),
            plan(
                seed,
                orderLine,
                new Fanout("orders", 2, 4),
                40 * 15 * 4,
                List.of(
                    new ColumnPlan.Reference("ol_w_id", "ol_o", "o_w_id"),
                    new ColumnPlan.Reference("ol_d_id", "ol_o", "o_d_id"),
                    new ColumnPlan.Reference("ol_o_id", "ol_o", "o_id"),
                    new ColumnPlan.KeySequence("ol_number", 1, 4),
                    values("ol_amount", range("0.01", "9999.99")),
                    values("ol_entry", range("2021-01-01", "2021-12-31")),
                    new ColumnPlan.Derived("ol_delivery", "ol_entry", MICROS, 4 * HOUR)),
                List.of(
                    new ReferencePlan(
                        "ol_o", "orders", Pick.GROUP, 4, 0, 0, 1, 1, Distribution.UNIFORM))),
            plan(
                seed,
                audit,
                null,
                300,
                List.of(
                    new ColumnPlan.KeySequence("a_id", 1, 0),
                    new ColumnPlan.Reference("a_w_id", "a_o", "o_w_id"),
                    new ColumnPlan.Reference("a_d_id", "a_o", "o_d_id"),
                    new ColumnPlan.Reference("a_o_id", "a_o", "o_id")),
                List.of(
                    new ReferencePlan(
                        "a_o", "orders", Pick.RANDOM, 0, 0, 0, 1, 40 * 15, Distribution.UNIFORM))));
    List<List<String>> levels =
        List.of(
            List.of("item", "warehouse"),
            List.of("district", "stock"),
            List.of("orders"),
            List.of("audit", "order_line"));
    return new FillPlan(FillPlan.GENERATION_VERSION, seed, tables, levels, List.of());
  }

  /** The engine reads neither {@code rows} nor tasks, so the plan states slots only. */
  private static TablePlan plan(
      long seed,
      Table t,
      Fanout fanout,
      long slots,
      List<ColumnPlan> columns,
      List<ReferencePlan> references) {
    return new TablePlan(
        t.id(),
        t,
        fanout,
        slots,
        slots,
        Streams.table(seed, t.schema(), t.name()),
        columns,
        references);
  }

  private static Table table(
      String name, List<Column> columns, List<String> pk, List<ForeignKey> fks) {
    return new Table(
        "public",
        name,
        columns,
        new UniqueKey(name + "_pkey", pk, true),
        List.of(),
        fks,
        List.of());
  }

  private static Column notNull(String name, SqlType type) {
    return new Column(
        name,
        type,
        type.name().toLowerCase(java.util.Locale.ROOT),
        -1,
        -1,
        -1,
        false,
        false,
        false,
        null);
  }

  private static Column varchar(String name, int length) {
    return new Column(
        name,
        SqlType.VARCHAR,
        "character varying(" + length + ")",
        length,
        -1,
        -1,
        false,
        false,
        false,
        null);
  }

  private static Column numeric(String name, int precision, int scale) {
    return new Column(
        name,
        SqlType.NUMERIC,
        "numeric(" + precision + "," + scale + ")",
        -1,
        precision,
        scale,
        false,
        false,
        false,
        null);
  }

  private static ColumnPlan values(String column, ValueSpec spec) {
    return new ColumnPlan.Values(column, spec);
  }

  private static ValueSpec range(String min, String max) {
    return new ValueSpec(
        List.of(), List.of(), min, max, false, false, 0, 0, Distribution.UNIFORM, 0);
  }

  private static ValueSpec text(int minLength, int maxLength, double nullRatio) {
    return new ValueSpec(
        List.of(),
        List.of(),
        null,
        null,
        false,
        false,
        minLength,
        maxLength,
        Distribution.UNIFORM,
        nullRatio);
  }

  // ---- filling and reading back
  // ------------------------------------------------------------------

  /**
   * Slots [start, end) of one table, in calls that each stop once {@code maxBytes} are buffered.
   */
  private static byte[] fill(Engine engine, String table, long start, long end, int maxBytes) {
    TableEngine tableEngine = engine.table(table);
    CopyBinaryWriter out = new CopyBinaryWriter(32);
    ByteArrayOutputStream all = new ByteArrayOutputStream();
    SlotCursor cursor = new SlotCursor(start, end);
    while (!cursor.done()) {
      out.reset();
      tableEngine.fill(cursor, out, maxBytes);
      all.write(out.array(), 0, out.size());
    }
    return all.toByteArray();
  }

  private static Map<String, byte[]> fillAll(Engine engine) {
    Map<String, byte[]> result = new LinkedHashMap<>();
    for (TablePlan t : engine.plan().tables()) {
      result.put(t.name(), fill(engine, t.name(), 0, t.slots(), 4096));
    }
    return result;
  }

  private byte[] fillUnder(String zone, String table) {
    TimeZone.setDefault(TimeZone.getTimeZone(zone));
    FillPlan plan = tpccLikePlan(SEED);
    return fill(new Engine(plan), table, 0, plan.table(table).slots(), Integer.MAX_VALUE);
  }

  /** The rows of a table, each a map from column name to the field's bytes (null for NULL). */
  private static List<Map<String, byte[]>> rows(String table) {
    List<String> names = new Engine(PLAN).table(table).columnNames();
    List<Map<String, byte[]>> rows = new ArrayList<>();
    for (byte[][] tuple :
        tuples(fill(new Engine(PLAN), table, 0, PLAN.table(table).slots(), Integer.MAX_VALUE))) {
      assertEquals(names.size(), tuple.length, table + " field count");
      Map<String, byte[]> row = new HashMap<>();
      for (int i = 0; i < names.size(); i++) {
        row.put(names.get(i), tuple[i]);
      }
      rows.add(row);
    }
    return rows;
  }

  /**
   * Reads binary COPY tuples (no header or trailer): int16 field count, then int32 length + bytes.
   */
  private static List<byte[][]> tuples(byte[] bytes) {
    ByteBuffer in = ByteBuffer.wrap(bytes);
    List<byte[][]> tuples = new ArrayList<>();
    while (in.hasRemaining()) {
      byte[][] fields = new byte[in.getShort()][];
      for (int i = 0; i < fields.length; i++) {
        int length = in.getInt();
        if (length >= 0) {
          fields[i] = new byte[length];
          in.get(fields[i]);
        }
      }
      tuples.add(fields);
    }
    return tuples;
  }

  /** One cell's field bytes, without the length prefix; null for NULL. */
  private static byte[] field(CellGen gen, long slot) {
    CopyBinaryWriter out = new CopyBinaryWriter(64);
    gen.write(slot, out);
    return tuples(prefixed(out)).get(0)[0];
  }

  private static byte[] prefixed(CopyBinaryWriter out) {
    byte[] bytes = new byte[out.size() + 2];
    bytes[1] = 1; // a one-field tuple
    System.arraycopy(out.array(), 0, bytes, 2, out.size());
    return bytes;
  }

  private static String key(Map<String, byte[]> row, List<String> columns) {
    return columns.stream()
        .map(c -> row.get(c) == null ? "NULL" : HexFormat.of().formatHex(row.get(c)))
        .collect(Collectors.joining("|"));
  }

  private static int int4(byte[] field) {
    assertEquals(4, field.length);
    return ByteBuffer.wrap(field).getInt();
  }

  private static long int8(byte[] field) {
    assertEquals(8, field.length);
    return ByteBuffer.wrap(field).getLong();
  }

  private static long days(String date) {
    return Literals.toLong(Column.of("d", SqlType.DATE), date);
  }

  /** numeric: int16 ndigits, weight, sign, dscale, then base-10000 digits. */
  private static BigDecimal numericValue(byte[] field) {
    ByteBuffer in = ByteBuffer.wrap(field);
    int digits = in.getShort();
    int weight = in.getShort();
    int sign = in.getShort() & 0xFFFF;
    int dscale = in.getShort();
    BigDecimal value = BigDecimal.ZERO;
    for (int i = 0; i < digits; i++) {
      value = value.add(BigDecimal.valueOf(in.getShort()).scaleByPowerOfTen(4 * (weight - i)));
    }
    return (sign == 0x4000 ? value.negate() : value).setScale(dscale);
  }
}
