package io.spate.worker.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.protocol.plan.Distribution;
import io.spate.protocol.plan.ReferencePlan;
import io.spate.protocol.plan.ValueProfile;
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
}
