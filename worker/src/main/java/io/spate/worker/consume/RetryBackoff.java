package io.spate.worker.consume;

import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

/**
 * When a partition whose task did not settle may run it again: after the n-th failure in a row it
 * waits {@code first * 2^(n-1)}, at most {@code max}; a settled task clears the count. Without it,
 * a task that fails the same way each time (its outcome cannot be published, say) would run again
 * at once, in a tight loop that floods the log.
 *
 * <p>Pure: the caller passes the clock ({@code System.nanoTime()} in the loop), so tests drive
 * time. Only the loop's thread uses it.
 *
 * @param <P> what is backed off (a partition)
 */
final class RetryBackoff<P> {

  private final long firstNanos;
  private final long maxNanos;
  private final Map<P, Failing> failing = new HashMap<>();

  private record Failing(int failures, long notBeforeNanos) {}

  RetryBackoff(Duration first, Duration max) {
    if (first.isNegative() || first.isZero() || max.compareTo(first) < 0) {
      throw new IllegalArgumentException(
          "backoff must satisfy 0 < first <= max, got first " + first + ", max " + max);
    }
    this.firstNanos = first.toNanos();
    this.maxNanos = max.toNanos();
  }

  /** Counts one more failure in a row of {@code p} at {@code nowNanos}; returns the wait. */
  Duration failed(P p, long nowNanos) {
    int failures = failing.containsKey(p) ? failing.get(p).failures() + 1 : 1;
    long wait = firstNanos;
    for (int i = 1; i < failures && wait < maxNanos; i++) {
      wait *= 2;
    }
    wait = Math.min(wait, maxNanos);
    failing.put(p, new Failing(failures, nowNanos + wait));
    return Duration.ofNanos(wait);
  }

  /** Whether {@code p} must still wait before running its task again. */
  boolean waiting(P p, long nowNanos) {
    Failing f = failing.get(p);
    return f != null && nowNanos - f.notBeforeNanos() < 0;
  }

  /** {@code p}'s task settled: its next failure waits the first delay again. */
  void settled(P p) {
    failing.remove(p);
  }

  /** Forgets partitions this worker no longer holds. */
  void forget(Collection<P> ps) {
    ps.forEach(failing::remove);
  }
}
