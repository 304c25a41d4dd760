package io.spate.engine.target;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.protocol.error.RetriableException;
import io.spate.protocol.error.SpateException;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Work rides out a lost connection with a growing wait, up to the outage limit and no further. */
class OutageTest {

  /** Time that passes only when slept, or when a test says. */
  private static final class FakeClock implements Outage.Clock {
    long now;
    final List<Duration> sleeps = new ArrayList<>();

    @Override
    public long nanoTime() {
      return now;
    }

    @Override
    public void sleep(Duration d) {
      sleeps.add(d);
      now += d.toNanos();
    }

    long sleptSeconds() {
      return sleeps.stream().mapToLong(Duration::toMillis).sum() / 1000;
    }
  }

  private final FakeClock clock = new FakeClock();

  private Outage upTo(long seconds) {
    return new Outage(Duration.ofSeconds(seconds), "jdbc:postgresql://db/x", clock);
  }

  private static RetriableException lost() {
    return new RetriableException(
        "task t[0,10) - COPY failed", new SQLException("terminating connection", "57P01"));
  }

  @Test
  void theWaitDoublesFromOneSecondToTenAtMost() {
    List<Long> waits = new ArrayList<>();
    for (int failures = 1; failures <= 6; failures++) {
      waits.add(Duration.ofNanos(Outage.backoffNanos(failures)).toSeconds());
    }
    assertEquals(List.of(1L, 2L, 4L, 8L, 10L, 10L), waits);
  }

  @Test
  void workThatLosesItsConnectionRunsAgainUntilTheDatabaseAnswers() {
    AtomicInteger runs = new AtomicInteger();
    AtomicInteger ticks = new AtomicInteger();

    String result =
        upTo(120)
            .rideOut(
                "task t[0,10)",
                reached -> {
                  if (runs.incrementAndGet() <= 3) {
                    throw lost();
                  }
                  return "done";
                },
                ticks::incrementAndGet);

    assertEquals("done", result);
    assertEquals(4, runs.get());
    assertEquals(7, clock.sleptSeconds(), "1 + 2 + 4 s");
    assertTrue(
        clock.sleeps.stream().allMatch(d -> d.compareTo(Outage.TICK) <= 0),
        "slept in ticks: " + clock.sleeps);
    assertEquals(clock.sleeps.size(), ticks.get(), "told of every tick");
  }

  @Test
  void theOutageLimitEndsTheWaitWithTheLastErrorAndSaysSo() {
    RetriableException last = lost();
    AtomicInteger runs = new AtomicInteger();

    RetriableException e =
        assertThrows(
            RetriableException.class,
            () ->
                upTo(30)
                    .rideOut(
                        "task t[0,10)",
                        reached -> {
                          runs.incrementAndGet();
                          throw last;
                        },
                        () -> {}));

    assertEquals(30, clock.sleptSeconds(), "1 + 2 + 4 + 8 + 10, then the 5 s left");
    assertEquals(7, runs.get(), "one more attempt at the limit");
    assertSame(last, e.getCause());
    assertEquals(
        "task t[0,10) - COPY failed; jdbc:postgresql://db/x did not answer for 30.0 s"
            + " (--outage-seconds 30)",
        e.getMessage());
  }

  @Test
  void anyOtherFailureEndsTheWorkAtOnceAsItIs() {
    SpateException permanent =
        SqlErrors.classify("task t - COPY failed", new SQLException("duplicate key", "23505"));
    AtomicInteger runs = new AtomicInteger();

    SpateException e =
        assertThrows(
            SpateException.class,
            () ->
                upTo(120)
                    .rideOut(
                        "task t",
                        reached -> {
                          if (runs.incrementAndGet() == 1) {
                            throw lost();
                          }
                          throw permanent;
                        },
                        () -> {}));

    assertSame(permanent, e);
    assertEquals(1, clock.sleptSeconds(), "the one wait after the lost connection");
  }

  @Test
  void withoutALimitTheFirstLostConnectionPropagatesUnchanged() {
    RetriableException first = lost();

    RetriableException e =
        assertThrows(
            RetriableException.class,
            () ->
                new Outage(Duration.ZERO, "db", clock)
                    .rideOut(
                        "task t",
                        () -> {
                          throw first;
                        }));

    assertSame(first, e);
    assertTrue(clock.sleeps.isEmpty());
  }

  @Test
  void aConnectionLostAfterTheDatabaseAnsweredStartsANewOutage() {
    AtomicInteger runs = new AtomicInteger();

    String result =
        upTo(30)
            .rideOut(
                "task t",
                reached -> {
                  int run = runs.incrementAndGet();
                  if (run == 1) {
                    throw lost();
                  }
                  reached.run();
                  if (run == 2) {
                    clock.now += Duration.ofMinutes(10).toNanos(); // a long load, then a restart
                    throw lost();
                  }
                  return "done";
                },
                () -> {});

    assertEquals("done", result);
    assertEquals(List.of(Duration.ofSeconds(1), Duration.ofSeconds(1)), clock.sleeps);
  }

  @Test
  void anInterruptEndsTheWaitWithTheFailureAndTheFlagSet() {
    RetriableException failure = lost();
    Outage.Clock interrupted =
        new Outage.Clock() {
          @Override
          public long nanoTime() {
            return 0;
          }

          @Override
          public void sleep(Duration d) throws InterruptedException {
            throw new InterruptedException();
          }
        };

    try {
      RetriableException e =
          assertThrows(
              RetriableException.class,
              () ->
                  new Outage(Duration.ofSeconds(120), "db", interrupted)
                      .rideOut(
                          "task t",
                          () -> {
                            throw failure;
                          }));
      assertSame(failure, e);
      assertTrue(Thread.currentThread().isInterrupted());
    } finally {
      Thread.interrupted();
    }
  }

  @Test
  void theDeclaredDefaultRidesOutAtLeastAMinute() {
    assertTrue(Outage.DEFAULT.limit().compareTo(Duration.ofMinutes(1)) >= 0);
  }
}
