package io.spate.worker.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A test's throwaway resources on this machine: a port for a server it starts, and the removal of a
 * temporary directory. A free port is free when asked; a test that starts a server on it may still
 * race another process for it.
 */
public final class Scratch {

  private Scratch() {}

  /** A TCP port free on every address of this machine. */
  public static int freePort() {
    return freePort((InetAddress) null);
  }

  /** A TCP port free on {@code host}, an address of this machine. */
  public static int freePort(String host) {
    try {
      return freePort(InetAddress.getByName(host));
    } catch (UnknownHostException e) {
      throw new UncheckedIOException("no address " + host + " to find a free port on", e);
    }
  }

  /** Binds port 0 on {@code address} (every address if null) and returns what the kernel gave. */
  private static int freePort(InetAddress address) {
    try (ServerSocket s = new ServerSocket(0, 1, address)) {
      return s.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot find a free port on " + address, e);
    }
  }

  /** Deletes {@code dir} and everything under it; fails on the first file it cannot delete. */
  public static void deleteTree(Path dir) {
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(f);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete " + dir, e);
    }
  }
}
