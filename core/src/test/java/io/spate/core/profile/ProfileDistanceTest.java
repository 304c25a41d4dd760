package io.spate.core.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.spate.core.profile.Profile.ColumnStats;
import io.spate.core.profile.Profile.Frequent;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The distances {@code spate compare} reports, and the distinct counts a profiled fill aims at. */
class ProfileDistanceTest {

  private static ColumnStats stats(
      double nulls, long distinct, List<Frequent> frequent, List<String> histogram) {
    return new ColumnStats(
        "integer", nulls, distinct, distinct, 4, null, frequent, histogram, null);
  }

  @Test
  void histogramsShiftedByAQuarterBucketLieAQuarterOfABucketApart() {
    assertEquals(0.0, ProfileDistance.ks(List.of("0", "10", "20"), List.of("0", "10", "20")));
    assertEquals(
        0.125, ProfileDistance.ks(List.of("0", "10", "20"), List.of("2.5", "12.5", "22.5")), 1e-9);
    assertEquals(1.0, ProfileDistance.ks(List.of("0", "10"), null), "one side has none");
    assertNull(ProfileDistance.ks(null, List.of()));
    assertEquals(
        0.5,
        ProfileDistance.ks(List.of("a", "b", "c"), List.of("b", "c", "d")),
        1e-9,
        "text by whole buckets");
    assertEquals(
        0.5,
        ProfileDistance.ks(
            List.of("2024-01-01", "2024-01-03"), List.of("2024-01-02", "2024-01-04")),
        1e-9,
        "dates as days");
  }

  @Test
  void frequentValuesDifferByHalfTheirSummedDifferences() {
    ColumnStats a = stats(0, 2, List.of(new Frequent("x", 0.7), new Frequent("y", 0.3)), null);
    ColumnStats b = stats(0, 2, List.of(new Frequent("x", 0.5), new Frequent("y", 0.5)), null);
    assertEquals(0.2, ProfileDistance.tvd(a, b), 1e-9);
    ProfileDistance.ColumnDistance d =
        ProfileDistance.column("t", "c", a, stats(0.1, 3, null, null));
    assertEquals(0.1, d.nullFraction(), 1e-9);
    assertEquals(1.5, d.distinctRatio(), 1e-9);
  }

  @Test
  void aScaledCopyHoldsTheDistinctCountASampleOfItsRowsWould() {
    ColumnStats dates = stats(0, 3000, null, List.of("1", "2"));
    assertEquals(3000, ProfiledPlan.distinct(dates, 20_000, 20_000), 1, "the source's at scale 1");
    long tenth = ProfiledPlan.distinct(dates, 20_000, 2000);
    assertEquals(1460, tenth, 40, "about 3000 (1 - e^(-2000/3000)) of 2000 rows");
    ColumnStats unique = stats(0, 20_000, null, List.of("1", "2"));
    assertEquals(2000, ProfiledPlan.distinct(unique, 20_000, 2000), "unique stays unique");
  }
}
