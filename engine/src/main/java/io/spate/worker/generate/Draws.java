package io.spate.worker.generate;

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
    double x = StrictMath.pow((StrictMath.pow(n + 1.0, oneMinusS) - 1) * u + 1, 1 / oneMinusS);
    return Math.min(n - 1, Math.max(0, (long) x - 1));
  }

  /** Box-Muller from two independent draws, mean at the centre, six sigmas across, clamped. */
  private static long normal(long hash, long n) {
    double u1 = Math.max(Seeds.unit(hash), 0x1.0p-53);
    double u2 = Seeds.unit(Seeds.draw(hash, 0));
    double z = Math.sqrt(-2 * StrictMath.log(u1)) * StrictMath.cos(2 * Math.PI * u2);
    double x = (n - 1) / 2.0 + z * n / 6.0;
    return Math.min(n - 1, Math.max(0, Math.round(x)));
  }
}
