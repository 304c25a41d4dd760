package io.spate.coordinator.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.opentest4j.TestAbortedException;

/**
 * A Linux network namespace joined to this machine by a veth pair on a private /30, so a process
 * run in it ({@link #exec()}) reaches servers listening on {@link #hostAddress()} over a link a
 * test can cut ({@link #cut()}, {@link #restore()}). Needs root and iproute2; {@link #create()}
 * aborts the test (a skip with the reason) without them. {@link #close()} deletes the namespace and
 * with it the veth pair.
 */
public final class NetworkNamespace implements AutoCloseable {

  private final String name;
  private final String hostDevice;
  private final String innerDevice;
  private final String hostAddress;
  private final String innerAddress;

  private NetworkNamespace(String id, int subnet) {
    this.name = "spate-it-" + id;
    this.hostDevice = "sph" + id;
    this.innerDevice = "spn" + id;
    // 10.231.0.0/16 cut into /30s: .1 this machine's end, .2 the namespace's
    this.hostAddress = "10.231." + (subnet >> 8) + "." + ((subnet & 0xff) + 1);
    this.innerAddress = "10.231." + (subnet >> 8) + "." + ((subnet & 0xff) + 2);
  }

  /** A new namespace with its link up, or the test aborted when namespaces are unavailable. */
  public static NetworkNamespace create() {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    NetworkNamespace ns =
        new NetworkNamespace(
            String.format(Locale.ROOT, "%06x", random.nextInt(1 << 24)),
            random.nextInt(1 << 14) * 4);
    try {
      ns.ip("netns", "add", ns.name);
    } catch (IllegalStateException e) {
      throw new TestAbortedException(
          "no network namespaces here (they need root and iproute2): " + e.getMessage(), e);
    }
    try {
      ns.ip("link", "add", ns.hostDevice, "type", "veth", "peer", "name", ns.innerDevice);
      ns.ip("link", "set", ns.innerDevice, "netns", ns.name);
      ns.ip("addr", "add", ns.hostAddress + "/30", "dev", ns.hostDevice);
      ns.ip("link", "set", ns.hostDevice, "up");
      ns.ip("-n", ns.name, "addr", "add", ns.innerAddress + "/30", "dev", ns.innerDevice);
      ns.ip("-n", ns.name, "link", "set", "lo", "up");
      ns.restore();
      return ns;
    } catch (RuntimeException e) {
      ns.close();
      throw e;
    }
  }

  /** This machine's end of the link: where servers listen for the namespace's processes. */
  public String hostAddress() {
    return hostAddress;
  }

  /** The namespace's end of the link: its processes' address as servers see it. */
  public String innerAddress() {
    return innerAddress;
  }

  /** The command prefix that runs a command in the namespace. */
  public List<String> exec() {
    return List.of("ip", "netns", "exec", name);
  }

  /**
   * Takes the namespace's end of the link down: its packets go nowhere and nothing reaches it, as
   * when a cable is pulled; no connection is closed on either side.
   */
  public void cut() {
    ip("-n", name, "link", "set", innerDevice, "down");
  }

  /** Brings the link back up. */
  public void restore() {
    ip("-n", name, "link", "set", innerDevice, "up");
  }

  /** Deletes the veth pair (either end takes the other along), then the namespace. */
  @Override
  public void close() {
    try {
      ip("link", "del", hostDevice);
    } catch (IllegalStateException e) {
      // no pair: creation failed before making it
    }
    ip("netns", "del", name);
  }

  private void ip(String... args) {
    List<String> command = new ArrayList<>(List.of("ip"));
    command.addAll(List.of(args));
    try {
      Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
      String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
        throw new IllegalStateException(String.join(" ", command) + " failed: " + output.strip());
      }
    } catch (IOException e) {
      throw new IllegalStateException(String.join(" ", command) + " failed: " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(String.join(" ", command) + " interrupted", e);
    }
  }
}
