package io.spate.engine.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.engine.encode.CopyBinaryWriter;
import io.spate.protocol.plan.Distribution;
import io.spate.protocol.plan.ReferencePlan;
import io.spate.protocol.plan.ValueProfile;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Profiled draws: a row's quantile is a bijection of its slot, so shares come out exact. */
class ProfiledCellsTest {

  @Test
  void theSlotPermutationIsABijectionForAnySize() {
    for (long n : List.of(1L, 2L, 7L, 1000L, 4097L)) {
      Set<Long> seen = new HashSet<>();
      for (long x = 0; x < n; x++) {
        long y = ProfiledCells.permute(x, n, 42);
        assertTrue(y >= 0 && y < n, "in range: " + y + " of " + n);
        seen.add(y);
      }
      assertEquals(n, seen.size(), "every slot once for n = " + n);
    }
  }

  @Test
  void aHotParentTakesItsShareAndTheRestItsDistinctCount() {
    ValueProfile profile =
        new ValueProfile(
            List.of("0", "5"), List.of(0.25, 0.05), List.of("10", "500", "2000"), 300, false);
    ReferencePlan plan =
        new ReferencePlan(
                "fk", "parent", ReferencePlan.Pick.RANDOM, 0, 0, 0, 1, 2000, Distribution.UNIFORM)
            .withProfile(profile);
    ProfiledCells.ParentSlots slots = new ProfiledCells.ParentSlots(plan, 7, 10_000, 2000);
    Map<Long, Integer> counts = new HashMap<>();
    for (long slot = 0; slot < 10_000; slot++) {
      counts.merge(slots.pick(slot), 1, Integer::sum);
    }
    assertEquals(2500, counts.get(0L), 1, "the hot parent: a quarter of the rows, exactly");
    assertEquals(500, counts.get(5L), 1);
    long rest = counts.keySet().stream().filter(p -> p != 0 && p != 5).count();
    assertEquals(300, rest, 3, "the distinct count of the rest");
    long lowHalf =
        counts.entrySet().stream()
            .filter(e -> e.getKey() != 0 && e.getKey() != 5 && e.getKey() < 500)
            .mapToLong(Map.Entry::getValue)
            .sum();
    assertEquals(3500, lowHalf, 10, "half the rest in the first histogram bucket");
  }

  @Test
  void aDeterminedColumnTakesOneValuePerDeterminantAndKeepsItsOwnShares() {
    long slots = 20_000;
    Column code = Column.of("postal_code", SqlType.INTEGER);
    Column city = Column.of("city_code", SqlType.INTEGER);
    ProfiledCells.Drawn a =
        new ProfiledCells.Drawn(
            code,
            0.1,
            new ValueProfile( // frequent values inside the histogram: rest values move off them
                List.of("10005", "10010"),
                List.of(0.01, 0.01),
                List.of("10000", "11000", "12000"),
                1990,
                false),
            11,
            slots,
            null);
    ProfiledCells.Drawn b =
        new ProfiledCells.Drawn(
            city,
            0,
            new ValueProfile(List.of("7"), List.of(0.2), List.of("0", "1000", "5000"), 400, false),
            12,
            slots,
            a);
    // as fine as the rows: postal codes that differ in the middles of their shares differ here
    ProfiledCells.Drawn fine =
        new ProfiledCells.Drawn(
            Column.of("area", SqlType.INTEGER),
            0,
            new ValueProfile(List.of(), List.of(), List.of("0", "1000000"), slots, false),
            13,
            slots,
            a);
    Map<Integer, Integer> cityOf = new HashMap<>();
    Map<Integer, Integer> areaOf = new HashMap<>();
    Map<Integer, Integer> cities = new HashMap<>();
    for (long slot = 0; slot < slots; slot++) {
      Integer from = int4(a, slot);
      int to = int4(b, slot);
      cities.merge(to, 1, Integer::sum);
      if (from != null) {
        assertEquals(cityOf.computeIfAbsent(from, k -> to), to, "the city of " + from);
        int area = int4(fine, slot);
        assertEquals(areaOf.computeIfAbsent(from, k -> area), area, "the area of " + from);
      }
    }
    assertEquals(0.2 * slots, cities.get(7), 0.02 * slots, "the frequent city keeps its share");
    assertEquals(401, cities.size(), 20, "and the rest their distinct count");
    long low =
        cities.entrySet().stream()
            .filter(e -> e.getKey() != 7 && e.getKey() < 1000)
            .mapToLong(Map.Entry::getValue)
            .sum();
    assertEquals(0.4 * slots, low, 0.02 * slots, "half the rest in the first bucket");
  }

  @Test
  void booleanAndEnumColumnsDrawTheirFrequentValuesAsTheirOwnLiterals() {
    long slots = 10_000;
    ProfiledCells.Drawn active =
        new ProfiledCells.Drawn(
            Column.of("active", SqlType.BOOLEAN),
            0,
            new ValueProfile(List.of("f", "t"), List.of(0.6668, 0.3332), List.of(), 2, false),
            21,
            slots,
            null);
    Column moodColumn =
        new Column(
            "feeling",
            SqlType.ENUM,
            "mood",
            -1,
            -1,
            -1,
            false,
            false,
            false,
            null,
            0,
            null,
            List.of("sad", "ok", "happy"),
            List.of());
    ProfiledCells.Drawn feeling =
        new ProfiledCells.Drawn(
            moodColumn,
            0,
            new ValueProfile(
                List.of("ok", "happy", "sad"),
                List.of(0.3334, 0.3334, 0.3332),
                List.of(),
                3,
                false),
            22,
            slots,
            null);
    Map<String, Integer> actives = new HashMap<>();
    Map<String, Integer> feelings = new HashMap<>();
    for (long slot = 0; slot < slots; slot++) {
      actives.merge(field(active, slot), 1, Integer::sum);
      feelings.merge(field(feeling, slot), 1, Integer::sum);
    }
    assertEquals(Set.of("\u0000", "\u0001"), actives.keySet(), "false and true");
    assertEquals(6668, actives.get("\u0000"), 1, "false as often as profiled");
    assertEquals(Set.of("ok", "happy", "sad"), feelings.keySet(), "the profiled labels");
    assertEquals(3332, feelings.get("sad"), 1, "sad as often as profiled");
  }

  /** A cell's field bytes as ISO-8859-1 text (a boolean's one byte, an enum's label). */
  private static String field(CellGen gen, long slot) {
    CopyBinaryWriter out = new CopyBinaryWriter(16);
    gen.write(slot, out);
    ByteBuffer field = ByteBuffer.wrap(out.array(), 0, out.size());
    int length = field.getInt();
    return new String(out.array(), 4, length, java.nio.charset.StandardCharsets.ISO_8859_1);
  }

  /** An int4 cell's value, null for NULL. */
  private static Integer int4(CellGen gen, long slot) {
    CopyBinaryWriter out = new CopyBinaryWriter(16);
    gen.write(slot, out);
    ByteBuffer field = ByteBuffer.wrap(out.array(), 0, out.size());
    return field.getInt() < 0 ? null : field.getInt();
  }
}
