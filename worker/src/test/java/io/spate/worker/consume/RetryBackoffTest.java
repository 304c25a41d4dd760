package io.spate.worker.consume;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A task that keeps failing runs again after a growing wait, never in a tight loop. */
class RetryBackoffTest {

  private static final long SECOND = 1_000_000_000L;

  private final RetryBackoff<String> backoff =
      new RetryBackoff<>(Duration.ofSeconds(1), Duration.ofSeconds(30));

  @Test
  void theWaitDoublesWithEachFailureInARowUpToTheMaximum() {
    List<Long> waits =
        java.util.stream.IntStream.range(0, 7)
            .mapToObj(i -> backoff.failed("p2", 0).toSeconds())
            .toList();

    assertEquals(List.of(1L, 2L, 4L, 8L, 16L, 30L, 30L), waits);
  }

  @Test
  void aPartitionWaitsUntilItsTimeHasCome() {
    long now = 100 * SECOND;
    backoff.failed("p2", now);
    backoff.failed("p2", now); // second failure: 2 s

    assertTrue(backoff.waiting("p2", now + SECOND));
    assertFalse(backoff.waiting("p2", now + 2 * SECOND));
    assertFalse(backoff.waiting("p1", now), "other partitions run on");
  }

  @Test
  void aSettledTaskOrALostPartitionStartsOverAtTheFirstWait() {
    backoff.failed("p1", 0);
    backoff.failed("p1", 0);
    backoff.failed("p2", 0);

    backoff.settled("p1");
    backoff.forget(List.of("p2"));

    assertFalse(backoff.waiting("p1", 0));
    assertFalse(backoff.waiting("p2", 0));
    assertEquals(Duration.ofSeconds(1), backoff.failed("p1", 0));
  }

  @Test
  void aWaitThatCannotEndIsRefused() {
    assertThrows(
        IllegalArgumentException.class,
        () -> new RetryBackoff<String>(Duration.ZERO, Duration.ofSeconds(1)));
  }
}
