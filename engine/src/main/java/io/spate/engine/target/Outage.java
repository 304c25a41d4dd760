package io.spate.engine.target;

import io.spate.engine.settings.WorkerSettings;
import io.spate.protocol.error.RetriableException;
import io.spate.protocol.error.SpateException;
import java.time.Duration;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How work against a database rides out the loss of its connection (a restart, a failover, a cut
 * network): the one place for that rule, followed by a task's exactly-once path (workers and local
 * fills alike) and by the coordinator's own work while a fill runs. Work that fails with a lost
 * connection ({@link SqlErrors#connectionLost}) runs again after a wait that doubles from {@link
 * #FIRST_WAIT} to at most {@link #MAX_WAIT}, until the database has not answered for the limit;
 * then its last failure propagates, saying so. Any other failure propagates as it is.
 *
 * <p>The work must be safe to run again: each run opens its own transaction, and a task's starts
 * with the ledger check, so a commit that reached the server before the connection died is not
 * repeated. This is for losing a database that was reached, and for a worker's first connection
 * with a task (the coordinator reached the database to plan it): a command's own first connection
 * still fails at once on a wrong URL (bad input is not retried).
 *
 * <p>An outage is logged twice: when it starts (what waits, for which database, the error and how
 * long it will wait at most) and when the database answers again. Instances are immutable and
 * shared by threads; each {@link #rideOut} keeps its own count.
 */
public final class Outage {

  private static final Logger log = LoggerFactory.getLogger(Outage.class);

  /**
   * The wait after the first lost connection; each one after it doubles, up to {@link #MAX_WAIT}.
   */
  public static final Duration FIRST_WAIT = Duration.ofSeconds(1);

  public static final Duration MAX_WAIT = Duration.ofSeconds(10);

  /** While it waits, {@code waiting} is called at least this often. */
  static final Duration TICK = Duration.ofSeconds(1);

  /** Time as the rule reads and spends it: the system's, or a test's. */
  interface Clock {
    Clock SYSTEM =
        new Clock() {
          @Override
          public long nanoTime() {
            return System.nanoTime();
          }

          @Override
          public void sleep(Duration d) throws InterruptedException {
            Thread.sleep(d);
          }
        };

    long nanoTime();

    void sleep(Duration d) throws InterruptedException;
  }

  /**
   * One run of the work. It calls {@code reached} once it has reached the database (a task: its
   * ledger check answered), so that a connection lost later in the same work is a new outage with
   * the whole limit ahead of it, not the rest of the last one.
   */
  @FunctionalInterface
  public interface Attempt<T> {
    T run(Runnable reached);
  }

  /** No riding out: the first lost connection propagates (tests, tools). */
  public static final Outage NONE = new Outage(Duration.ZERO, "the database", Clock.SYSTEM);

  /** The declared default limit ({@link WorkerSettings#OUTAGE_SECONDS}). */
  public static final Outage DEFAULT =
      new Outage(
          Duration.ofSeconds(WorkerSettings.OUTAGE_SECONDS.defaultValue()),
          "the database",
          Clock.SYSTEM);

  private final Duration limit;
  private final String database;
  private final Clock clock;

  Outage(Duration limit, String database, Clock clock) {
    if (limit.isNegative()) {
      throw new IllegalArgumentException("an outage limit is zero or more, got " + limit);
    }
    this.limit = limit;
    this.database = database;
    this.clock = clock;
  }

  /** Rides out outages of up to {@code limit} ({@link WorkerSettings#OUTAGE_SECONDS}). */
  public static Outage upTo(Duration limit) {
    return new Outage(limit, "the database", Clock.SYSTEM);
  }

  /**
   * The same rule; log lines and errors name the database as {@code database} (a URL, a target).
   */
  public Outage at(String database) {
    return new Outage(limit, database, clock);
  }

  public Duration limit() {
    return limit;
  }

  /** Runs {@code work}, again after each lost connection while the outage lasts. */
  public void rideOut(String what, Runnable work) {
    rideOut(
        what,
        reached -> {
          work.run();
          return null;
        },
        () -> {});
  }

  /**
   * Runs {@code work} until it returns or fails otherwise than by a lost connection, or the outage
   * outlasts the limit.
   *
   * @param what what the work is, for the log: {@code task big_t[0,50000)}
   * @param waiting called at least every {@link #TICK} while waiting for the database (a worker
   *     tells the coordinator it is alive)
   * @throws RuntimeException the work's last failure; when an interrupt ends the wait, with the
   *     thread's interrupt flag set
   */
  public <T> T rideOut(String what, Attempt<T> work, Runnable waiting) {
    Ride ride = new Ride(what);
    while (true) {
      T result;
      try {
        result = work.run(ride::answered);
      } catch (RuntimeException e) {
        if (!SqlErrors.connectionLost(e)) {
          ride.answered(); // the database said no: an answer all the same
          throw e;
        }
        ride.lost(e, waiting);
        continue;
      }
      ride.answered();
      return result;
    }
  }

  /** One {@link #rideOut} call's outage, if any; used by the calling thread only. */
  private final class Ride {
    private final String what;

    /** Lost connections in a row in the current outage; 0: none. */
    private int failures;

    private long outageStartNanos;

    Ride(String what) {
      this.what = what;
    }

    /** The database answered: an outage in course is over. */
    void answered() {
      if (failures > 0) {
        log.warn(
            "{}: {} answers again after {} s",
            what,
            database,
            seconds(clock.nanoTime() - outageStartNanos));
        failures = 0;
      }
    }

    /** Waits before the next attempt, or throws {@code e} once the outage outlasts the limit. */
    void lost(RuntimeException e, Runnable waiting) {
      long now = clock.nanoTime();
      if (failures == 0) {
        outageStartNanos = now;
      }
      failures++;
      long left = limit.toNanos() - (now - outageStartNanos);
      if (limit.isZero()) {
        throw e;
      }
      if (left <= 0) {
        throw new RetriableException(
            message(e)
                + "; "
                + database
                + " did not answer for "
                + seconds(now - outageStartNanos)
                + " s ("
                + WorkerSettings.OUTAGE_SECONDS.option()
                + " "
                + limit.toSeconds()
                + ")",
            e);
      }
      if (failures == 1) {
        log.warn(
            "{}: lost the connection to {}, trying again for up to {} s ({}): {}",
            what,
            database,
            limit.toSeconds(),
            WorkerSettings.OUTAGE_SECONDS.option(),
            message(e));
      }
      try {
        pause(Math.min(backoffNanos(failures), left), waiting);
      } catch (InterruptedException interrupted) {
        Thread.currentThread().interrupt();
        throw e;
      }
    }
  }

  /** The wait after the {@code failures}-th lost connection in a row. */
  static long backoffNanos(int failures) {
    long wait = FIRST_WAIT.toNanos();
    for (int i = 1; i < failures && wait < MAX_WAIT.toNanos(); i++) {
      wait *= 2;
    }
    return Math.min(wait, MAX_WAIT.toNanos());
  }

  private void pause(long nanos, Runnable waiting) throws InterruptedException {
    long end = clock.nanoTime() + nanos;
    for (long left = nanos; left > 0; left = end - clock.nanoTime()) {
      clock.sleep(Duration.ofNanos(Math.min(left, TICK.toNanos())));
      waiting.run();
    }
  }

  private static String message(RuntimeException e) {
    return e instanceof SpateException ? e.getMessage() : e.toString();
  }

  private static String seconds(long nanos) {
    return String.format(Locale.ROOT, "%.1f", nanos / 1e9);
  }
}
