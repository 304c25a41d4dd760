package io.spate.coordinator.demo;

import io.spate.protocol.error.SpateException;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

/**
 * What one demo run has started, and its temporary directory. Everything started is registered here
 * as soon as it exists and {@link #close closed} newest first, then the directory is deleted.
 *
 * <p>Locking: the stack and the closed flag are guarded by {@code this}; closing itself runs
 * outside the lock, so a start still registering on the run's thread is never blocked by a slow
 * stop. {@code close} may run from a shutdown hook while the run is still going: it runs once, and
 * anything registered after it began is closed on the spot and refused ("the demo is stopping").
 */
final class Teardown {

  private final PrintStream err;
  private final Path dir;
  private final Deque<Resource> owned = new ArrayDeque<>();
  private boolean closed;

  /** Something started, and how to stop it. */
  private record Resource(String name, AutoCloseable closer) {}

  /** A close that throws nothing checked. */
  interface Stoppable extends AutoCloseable {
    @Override
    void close();
  }

  /** Creates the demo's temporary directory; {@code err} gets the stop messages. */
  Teardown(PrintStream err) {
    this.err = err;
    try {
      this.dir = Files.createTempDirectory("spate-demo-");
    } catch (IOException e) {
      throw new SpateException(
          "cannot create a temporary directory for the demo: " + e.getMessage(), e);
    }
  }

  /** The demo's temporary directory, deleted by {@link #close}. */
  Path dir() {
    return dir;
  }

  /** Whether {@link #close} has begun. */
  synchronized boolean closing() {
    return closed;
  }

  /**
   * Takes ownership of something started: it is closed by {@link #close}, or now when the demo is
   * already closing.
   */
  <T extends AutoCloseable> T own(String name, T resource) {
    onClose(name, resource);
    return resource;
  }

  /** Runs {@code closer} at {@link #close}, or now (and refuses) when the demo is closing. */
  void onClose(String name, AutoCloseable closer) {
    synchronized (this) {
      if (!closed) {
        owned.push(new Resource(name, closer));
        return;
      }
    }
    try {
      closer.close();
    } catch (Exception e) {
      // the demo is stopping anyway
    }
    throw new SpateException("the demo is stopping");
  }

  /**
   * Stops whatever was started, newest first, then deletes the directory; runs {@code first} before
   * anything stops. Safe to call twice (the second call does nothing) and from a shutdown hook.
   */
  void close(Runnable first) {
    List<Resource> toClose;
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      toClose = List.copyOf(owned);
      owned.clear();
    }
    boolean interrupted =
        Thread.interrupted(); // joins below must wait even on an interrupted thread
    first.run();
    long t0 = System.nanoTime();
    if (!toClose.isEmpty()) {
      err.println("stopping the workers, the broker and PostgreSQL ...");
    }
    for (Resource r : toClose) {
      try {
        r.closer().close();
      } catch (Exception e) {
        err.println("spate demo: warning: stopping " + r.name() + ": " + e);
      }
    }
    try {
      delete(dir);
      err.printf(Locale.ROOT, "stopped; %s deleted (%.1f s)%n", dir, Background.seconds(t0));
    } catch (IOException | UncheckedIOException e) {
      err.println("spate demo: warning: cannot delete " + dir + ": " + e.getMessage());
    }
    err.flush();
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  /** Runs {@code close} on the first call only: both the run and {@link #close} may call it. */
  static Stoppable once(Runnable close) {
    AtomicBoolean done = new AtomicBoolean();
    return () -> {
      if (done.compareAndSet(false, true)) {
        close.run();
      }
    };
  }

  private static void delete(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
