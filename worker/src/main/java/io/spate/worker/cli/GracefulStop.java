package io.spate.worker.cli;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * How a long-running command ({@code spate worker}, the coordinator service) stops on SIGTERM or
 * SIGINT: a shutdown hook asks it to stop, waits for its main thread to release everything, and
 * ends the process with status 0 when the stop drained cleanly.
 *
 * <p>Why {@link Runtime#halt(int)}: a JVM that a signal stops exits with 128 + the signal (143 for
 * SIGTERM) whatever its hooks do, and {@code System.exit} during shutdown blocks for ever, so
 * halting from the hook is the only way to choose the status. Orchestrators count 143 as a failed
 * container, a restart loop or an alert. Halting skips the hooks still running; that is safe only
 * because it happens after the main thread has closed every resource and printed its last line
 * (Kafka clients and HikariCP register no hook; Vert.x, once closed, has deleted its file cache and
 * dropped its own). An unclean stop (tasks abandoned after the grace period, a failure, the wait
 * running out) keeps the signal's status.
 */
public final class GracefulStop {

  private final CompletableFuture<Boolean> finished = new CompletableFuture<>();
  private final Thread hook;

  private GracefulStop(String name, Runnable stop, Duration wait) {
    this.hook = new Thread(() -> onSignal(stop, wait), name);
  }

  /**
   * Registers the hook: on SIGTERM or SIGINT it runs {@code stop}, then waits up to {@code wait}
   * for {@link #finished}.
   */
  public static GracefulStop install(String name, Runnable stop, Duration wait) {
    GracefulStop graceful = new GracefulStop(name, stop, wait);
    Runtime.getRuntime().addShutdownHook(graceful.hook);
    return graceful;
  }

  /**
   * Called by the command's main thread last, once everything is closed: {@code clean} when the
   * stop drained (nothing abandoned). Without a signal the hook is removed, so a command run inside
   * a longer-lived JVM (tests, the demo) leaves nothing behind.
   */
  public void finished(boolean clean) {
    finished.complete(clean);
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException shuttingDown) {
      // the hook is running: it reads the outcome
    }
  }

  private void onSignal(Runnable stop, Duration wait) {
    stop.run();
    boolean clean;
    try {
      clean = finished.get(wait.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      clean = false;
    } catch (ExecutionException | TimeoutException e) {
      clean = false;
    }
    if (clean) {
      System.out.flush();
      System.err.flush();
      Runtime.getRuntime().halt(0);
    }
  }
}
