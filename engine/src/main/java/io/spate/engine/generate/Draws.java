package io.spate.engine.generate;

import io.spate.protocol.plan.Distribution;
import io.spate.protocol.seed.Seeds;

/**
 * Turns a cell hash into an index in [0, n) following a distribution. Transcendental functions come
 * from {@link StrictMath}, whose results are the same on every JVM and CPU.
 */
final class Draws {

  private static final double ZIPF_EXPONENT = 1.1;

  private Draws() {}

  static long index(Distribution distribution, long hash, long n) {
    return switch (distribution) {
      case UNIFORM -> Seeds.below(hash, n);
      case ZIPF -> zipf(Seeds.unit(hash), n);
      case NORMAL -> normal(hash, n);
    };
  }

  /** Inverse CDF of the continuous Zipf law on [1, n + 1), floored: rank 0 is the most likely. */
  private static long zipf(double u, long n) {
    double oneMinusS = 1 - ZIPF_EXPONENT;
    double x = StrictMath.pow((zipfTop(n) - 1) * u + 1, 1 / oneMinusS);
    return Math.min(n - 1, Math.max(0, (long) x - 1));
  }

  /** {@code (n + 1)^(1 - s)}, which a column's draws share: one {@code pow} a draw, not two. */
  private static double zipfTop(long n) {
    int slot = Long.hashCode(n) & (ZIPF_TOPS.length - 1);
    ZipfTop top = ZIPF_TOPS[slot];
    if (top == null || top.n != n) {
      top = new ZipfTop(n, StrictMath.pow(n + 1.0, 1 - ZIPF_EXPONENT));
      ZIPF_TOPS[slot] = top;
    }
    return top.value;
  }

  /**
   * Recent {@link #zipfTop} values by {@code n}, shared by the threads without locks: an entry is
   * immutable and a pure function of its {@code n}, so a racing write stores an equal value and a
   * read sees a whole entry or none.
   */
  private static final ZipfTop[] ZIPF_TOPS = new ZipfTop[64];

  private record ZipfTop(long n, double value) {}

  /** Box-Muller from two independent draws, mean at the centre, six sigmas across, clamped. */
  private static long normal(long hash, long n) {
    double u1 = Math.max(Seeds.unit(hash), 0x1.0p-53);
    double u2 = Seeds.unit(Seeds.draw(hash, 0));
    double z = Math.sqrt(-2 * StrictMath.log(u1)) * StrictMath.cos(2 * Math.PI * u2);
    double x = (n - 1) / 2.0 + z * n / 6.0;
    return Math.min(n - 1, Math.max(0, Math.round(x)));
  }
}
