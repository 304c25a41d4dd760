package io.spate.worker.testing;

import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The one way tests wait: poll a condition every {@link #INTERVAL} until it holds or a deadline
 * passes, then fail with an {@link AssertionError} naming what was awaited, the deadline and, when
 * given, the last state seen. This is the only place a test sleeps to wait for something; a test
 * never sleeps a fixed time hoping a condition holds by then.
 *
 * <p>A condition may throw to fail at once (say, because the process it waits on exited); what it
 * throws reaches the caller unchanged. The condition is checked once more after the deadline, so a
 * slow last poll cannot turn success into a timeout.
 */
public final class Await {

  /** How often a condition is polled: short against every deadline, cheap for a query. */
  public static final Duration INTERVAL = Duration.ofMillis(20);

  private Await() {}

  /** A check that may throw, like the database, HTTP or Kafka calls tests wait on. */
  @FunctionalInterface
  public interface Condition<E extends Exception> {
    boolean holds() throws E;
  }

  /** A lookup that may throw: empty until the awaited value exists. */
  @FunctionalInterface
  public interface Probe<T, E extends Exception> {
    Optional<T> find() throws E;
  }

  /** Waits until {@code condition} holds. */
  public static <E extends Exception> void until(
      Condition<E> condition, Duration deadline, String description)
      throws E, InterruptedException {
    until(condition, deadline, description, () -> null);
  }

  /** Waits until {@code condition} holds; on timeout the message ends with {@code lastState}. */
  public static <E extends Exception> void until(
      Condition<E> condition, Duration deadline, String description, Supplier<String> lastState)
      throws E, InterruptedException {
    untilPresent(
        () -> condition.holds() ? Optional.of(Boolean.TRUE) : Optional.empty(),
        deadline,
        description,
        lastState);
  }

  /** Waits until {@code probe} finds a value, and returns it. */
  public static <T, E extends Exception> T untilPresent(
      Probe<T, E> probe, Duration deadline, String description) throws E, InterruptedException {
    return untilPresent(probe, deadline, description, () -> null);
  }

  /**
   * Waits until {@code probe} finds a value, and returns it; on timeout the message ends with
   * {@code lastState} (say, a process's output), unless that is null.
   */
  public static <T, E extends Exception> T untilPresent(
      Probe<T, E> probe, Duration deadline, String description, Supplier<String> lastState)
      throws E, InterruptedException {
    long end = System.nanoTime() + deadline.toNanos();
    while (true) {
      boolean last = System.nanoTime() - end >= 0;
      Optional<T> found = probe.find();
      if (found.isPresent()) {
        return found.get();
      }
      if (last) {
        String state = lastState.get();
        throw new AssertionError(
            "timed out after "
                + seconds(deadline)
                + " waiting for "
                + description
                + (state == null ? "" : ":\n" + state));
      }
      Thread.sleep(INTERVAL.toMillis());
    }
  }

  private static String seconds(Duration d) {
    return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
  }
}
