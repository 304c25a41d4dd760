package io.spate.protocol.seed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SeedsTest {

  @Test
  void deriveIsStableAcrossCalls() {
    long first = Seeds.derive(42, "customer");
    for (int i = 0; i < 100; i++) {
      assertEquals(first, Seeds.derive(42, "customer"));
    }
  }

  @Test
  void deriveHashesNamesFromUtf8BytesNotFromStringIdentity() {
    String built = new StringBuilder("cust").append("omer").toString();
    assertEquals(Seeds.derive(42, "customer"), Seeds.derive(42, built));
    assertEquals(Seeds.derive(42, "größe"), Seeds.derive(42, new String("größe".toCharArray())));
  }

  @Test
  void deriveIsSensitiveToTheName() {
    long parent = 42;
    assertNotEquals(Seeds.derive(parent, "a"), Seeds.derive(parent, "b"));
    assertNotEquals(Seeds.derive(parent, "ab"), Seeds.derive(parent, "ba"));
    assertNotEquals(Seeds.derive(parent, "c_id"), Seeds.derive(parent, "c_id "));
    assertNotEquals(Seeds.derive(parent, ""), Seeds.derive(parent, "\0"));
    // "Aa" and "BB" share String.hashCode(); the derivation must not.
    assertEquals("Aa".hashCode(), "BB".hashCode());
    assertNotEquals(Seeds.derive(parent, "Aa"), Seeds.derive(parent, "BB"));
  }

  @Test
  void deriveIsSensitiveToTheParent() {
    assertNotEquals(Seeds.derive(1, "x"), Seeds.derive(2, "x"));
    assertNotEquals(Seeds.derive(0, "x"), Seeds.derive(-1, "x"));
  }

  @Test
  void derivedStreamsOfManyNamesAndParentsDoNotCollide() {
    Set<Long> streams = new HashSet<>();
    for (long parent = 0; parent < 20; parent++) {
      for (int i = 0; i < 5_000; i++) {
        assertTrue(
            streams.add(Seeds.derive(parent, "t" + i)), () -> "collision at " + streams.size());
      }
    }
  }

  @Test
  void nestedDerivationDependsOnThePath() {
    long job = 42;
    long aThenB = Seeds.derive(Seeds.derive(job, "a"), "b");
    long bThenA = Seeds.derive(Seeds.derive(job, "b"), "a");
    long joined = Seeds.derive(job, "ab");
    assertEquals(3, Set.of(aThenB, bThenA, joined).size());
  }

  @Test
  void belowStaysInRangeForEveryBound() {
    List<Long> bounds =
        List.of(1L, 2L, 3L, 7L, 10L, 1000L, 1L << 31, (1L << 62) + 1, Long.MAX_VALUE);
    long[] edgeHashes = {0, 1, -1, Long.MIN_VALUE, Long.MAX_VALUE};
    for (long bound : bounds) {
      for (long h : edgeHashes) {
        long v = Seeds.below(h, bound);
        assertTrue(v >= 0 && v < bound, () -> "below(" + h + ", " + bound + ") = " + v);
      }
      for (long i = 0; i < 100_000; i++) {
        long v = Seeds.below(Seeds.mix(i), bound);
        assertTrue(v >= 0 && v < bound, "below out of range for bound " + bound + ": " + v);
      }
    }
    assertEquals(0, Seeds.below(-1, 1));
    assertEquals(6, Seeds.below(-1, 7), "the largest hash maps to the top of the range");
  }

  @Test
  void belowIsRoughlyUniform() {
    int buckets = 10;
    int draws = 1_000_000;
    long[] counts = new long[buckets];
    for (long i = 0; i < draws; i++) {
      counts[(int) Seeds.below(Seeds.cell(99, i), buckets)]++;
    }
    double expected = (double) draws / buckets;
    double chiSquare = 0;
    for (long c : counts) {
      assertEquals(expected, c, expected * 0.01, () -> "bucket counts " + Arrays.toString(counts));
      chiSquare += (c - expected) * (c - expected) / expected;
    }
    // 9 degrees of freedom: the 99.9th percentile is 27.9.
    assertTrue(chiSquare < 27.9, "chi-square " + chiSquare + " for " + Arrays.toString(counts));
  }

  @Test
  void belowOfAnOddBoundHitsEveryValue() {
    long[] counts = new long[3];
    for (long i = 0; i < 30_000; i++) {
      counts[(int) Seeds.below(Seeds.mix(i), 3)]++;
    }
    for (long c : counts) {
      assertEquals(10_000, c, 300, () -> Arrays.toString(counts));
    }
  }

  @Test
  void mixHasNoCollisionsOnAMillionConsecutiveInputs() {
    int n = 1_000_000;
    long[] out = new long[n];
    for (int i = 0; i < n; i++) {
      out[i] = Seeds.mix(i);
    }
    Arrays.sort(out);
    for (int i = 1; i < n; i++) {
      assertNotEquals(out[i - 1], out[i], "mix collides on " + out[i]);
    }
  }

  @Test
  void mixIsInvertibleSoABijection() {
    for (long x : new long[] {0, 1, -1, Long.MIN_VALUE, Long.MAX_VALUE, 0x9E3779B97F4A7C15L}) {
      assertEquals(x, unmix(Seeds.mix(x)));
    }
    for (long i = 0; i < 100_000; i++) {
      long x = Seeds.mix(i) ^ (i << 40);
      assertEquals(x, unmix(Seeds.mix(x)));
    }
  }

  @Test
  void cellsOfConsecutiveRowsAreDistinct() {
    long stream = Seeds.derive(42, "orders");
    Set<Long> seen = new HashSet<>();
    for (long row = 0; row < 200_000; row++) {
      assertTrue(seen.add(Seeds.cell(stream, row)));
    }
  }

  @Test
  void drawsOfOneCellAreDistinctFromEachOtherAndTheCell() {
    long cell = Seeds.cell(Seeds.derive(42, "t"), 7);
    Set<Long> seen = new HashSet<>(List.of(cell));
    for (long d = 0; d < 1000; d++) {
      assertTrue(seen.add(Seeds.draw(cell, d)));
    }
  }

  @Test
  void unitStaysInTheHalfOpenUnitInterval() {
    assertEquals(0.0, Seeds.unit(0));
    assertTrue(Seeds.unit(-1) < 1.0);
    assertEquals(Math.nextDown(1.0), Seeds.unit(-1));
    for (long i = 0; i < 100_000; i++) {
      double u = Seeds.unit(Seeds.mix(i));
      assertTrue(u >= 0 && u < 1, "unit " + u);
    }
  }

  /** The inverse of {@link Seeds#mix}: undo each xor-shift and multiply in reverse order. */
  private static long unmix(long z) {
    z = unxorshift(z, 31);
    z *= inverse(0x94D049BB133111EBL);
    z = unxorshift(z, 27);
    z *= inverse(0xBF58476D1CE4E5B9L);
    return unxorshift(z, 30);
  }

  private static long unxorshift(long y, int shift) {
    long x = y;
    for (int i = 0; i < 64 / shift + 1; i++) {
      x = y ^ (x >>> shift);
    }
    return x;
  }

  /** The multiplicative inverse of an odd number modulo 2^64, by Newton's iteration. */
  private static long inverse(long odd) {
    long x = odd;
    for (int i = 0; i < 6; i++) {
      x *= 2 - odd * x;
    }
    assertEquals(1L, odd * x);
    return x;
  }
}
