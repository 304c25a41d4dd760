package io.spate.core.job;

import io.spate.core.settings.Settings;
import java.time.Duration;

/**
 * Limits on retries and silence; the defaults suit tasks of seconds to minutes.
 *
 * @param maxAttempts attempts of a task failing with a retriable error before the job fails
 * @param firstBackoff the wait before the second attempt; each later wait doubles it (up to 1024
 *     times)
 * @param stallTimeout a started task silent this long is published again; zero: never
 */
public record Retries(int maxAttempts, Duration firstBackoff, Duration stallTimeout) {

  /** The declared defaults ({@link Settings#MAX_ATTEMPTS}, {@link Settings#STALL_SECONDS}). */
  public static final Retries DEFAULT =
      new Retries(
          Settings.MAX_ATTEMPTS.defaultValue(),
          Duration.ofSeconds(1),
          Duration.ofSeconds(Settings.STALL_SECONDS.defaultValue()));

  /** One attempt, no stall detection: a fill whose first failure ends it (local mode). */
  public static final Retries NONE = new Retries(1, Duration.ZERO, Duration.ZERO);

  public Retries {
    if (maxAttempts < 1
        || firstBackoff == null
        || firstBackoff.isNegative()
        || stallTimeout == null
        || stallTimeout.isNegative()) {
      throw new IllegalArgumentException(
          "retries need at least 1 attempt and a backoff and stall timeout of zero or more, got "
              + maxAttempts
              + " attempts, backoff "
              + firstBackoff
              + ", stall timeout "
              + stallTimeout);
    }
  }

  /** The wait after the given failed attempt (1 for the first): doubles per attempt. */
  public long backoffNanos(int failedAttempt) {
    return firstBackoff.toNanos() << Math.min(failedAttempt - 1, 10);
  }
}
