package io.spate.coordinator.demo;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;

/**
 * The demo's slow starts (PostgreSQL, the broker, Jackson) run side by side, each on a daemon
 * thread of its own so none can keep the JVM alive; their failures come back as thrown.
 */
final class Background {

  private Background() {}

  /** Runs each task on a daemon thread of its own with the given name. */
  static Executor thread(String name) {
    return task -> {
      Thread t = new Thread(task, name);
      t.setDaemon(true);
      t.start();
    };
  }

  /** The value of a start, with its failure rethrown as thrown. */
  static <T> T join(CompletableFuture<T> future) {
    try {
      return future.join();
    } catch (CompletionException e) {
      throw e.getCause() instanceof RuntimeException r ? r : e;
    }
  }

  /** Seconds since {@code since} ({@link System#nanoTime()}). */
  static double seconds(long since) {
    return (System.nanoTime() - since) / 1e9;
  }
}
