package io.spate.coordinator.broker;

import io.spate.protocol.error.SpateException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.BindException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import kafka.tools.StorageTool;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Time;

/**
 * A single-node Kafka broker in this JVM: one KRaft process that is broker and controller at once,
 * listening on 127.0.0.1 only (or on one other address of this machine, for tests whose clients
 * live in another network namespace). It is what {@code spate broker} and {@code spate demo} run,
 * so a distributed fill needs no Kafka installation and no Docker.
 *
 * <p>Every internal topic has replication factor 1 and new topics one partition, the only values a
 * one-node cluster can satisfy. The controller listens on a second, free port; the voter set is
 * static (that one node), so a data directory may be reused across runs on different ports.
 *
 * <p>{@link #start} returns only once an admin client has seen the broker in the cluster metadata,
 * so a producer or consumer created right after it connects at once. {@link #close} shuts both
 * roles down and waits, so the ports are free again when it returns.
 */
public final class EmbeddedBroker implements AutoCloseable {

  private static final int NODE_ID = 1;
  private static final String LOOPBACK = "127.0.0.1";
  private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);

  /** Attempts when a port picked as free is taken by someone else before Kafka binds it. */
  private static final int BIND_ATTEMPTS = 3;

  private final KafkaRaftServer server;
  private final String host;
  private final int port;
  private final Path dataDir;
  private final boolean ownsDataDir;
  private boolean closed;

  private EmbeddedBroker(
      KafkaRaftServer server, String host, int port, Path dataDir, boolean ownsDataDir) {
    this.server = server;
    this.host = host;
    this.port = port;
    this.dataDir = dataDir;
    this.ownsDataDir = ownsDataDir;
  }

  /**
   * Formats storage (unless {@code dataDir} already holds this broker's) and starts the broker.
   *
   * @param port the client port on 127.0.0.1, or 0 for a free one
   * @param dataDir where the logs live, or {@code null} for a temporary directory that {@link
   *     #close()} deletes
   */
  public static EmbeddedBroker start(int port, Path dataDir) {
    return start(LOOPBACK, port, dataDir);
  }

  /**
   * {@link #start(int, Path)} with the client port on {@code host}, an address of this machine,
   * which the broker also advertises (the controller stays on 127.0.0.1).
   */
  public static EmbeddedBroker start(String host, int port, Path dataDir) {
    if (port < 0 || port > 65_535) {
      throw new SpateException("broker port must be 0 (any free port) or 1-65535, got " + port);
    }
    if (port != 0 && !isFree(host, port)) {
      throw new SpateException("cannot start the broker: port " + host + ":" + port + " is in use");
    }
    boolean ownsDataDir = dataDir == null;
    Path dir = ownsDataDir ? createTempDir() : dataDir.toAbsolutePath();
    try {
      Path logDir = dir.resolve("kraft-logs");
      Files.createDirectories(logDir);
      for (int attempt = 1; ; attempt++) {
        int clientPort = port != 0 ? port : freePort(host);
        int controllerPort = freePort(LOOPBACK);
        Map<String, String> config = config(host, clientPort, controllerPort, logDir);
        format(config, dir, logDir);
        KafkaRaftServer server = new KafkaRaftServer(new KafkaConfig(config, false), Time.SYSTEM);
        try {
          server.startup();
        } catch (RuntimeException e) {
          stop(server);
          if (attempt < BIND_ATTEMPTS && causedBy(e, BindException.class)) {
            continue; // another process took a port between freePort() and the bind
          }
          throw new SpateException(
              "cannot start the broker on "
                  + host
                  + ":"
                  + clientPort
                  + " (controller port "
                  + controllerPort
                  + ", data in "
                  + dir
                  + "): "
                  + e.getMessage(),
              e);
        }
        EmbeddedBroker broker = new EmbeddedBroker(server, host, clientPort, dir, ownsDataDir);
        try {
          broker.awaitReady();
        } catch (RuntimeException e) {
          broker.close();
          throw e;
        }
        return broker;
      }
    } catch (IOException e) {
      deleteIfOwned(dir, ownsDataDir);
      throw new SpateException(
          "cannot prepare the broker's data directory " + dir + ": " + e.getMessage(), e);
    } catch (RuntimeException e) {
      deleteIfOwned(dir, ownsDataDir);
      throw e;
    }
  }

  /** The broker configuration: one node, both roles, one address, replication factor 1. */
  static Map<String, String> config(String host, int clientPort, int controllerPort, Path logDir) {
    return Map.ofEntries(
        Map.entry("process.roles", "broker,controller"),
        Map.entry("node.id", Integer.toString(NODE_ID)),
        Map.entry("controller.quorum.voters", NODE_ID + "@" + LOOPBACK + ":" + controllerPort),
        Map.entry(
            "listeners",
            "PLAINTEXT://"
                + host
                + ":"
                + clientPort
                + ",CONTROLLER://"
                + LOOPBACK
                + ":"
                + controllerPort),
        Map.entry("advertised.listeners", "PLAINTEXT://" + host + ":" + clientPort),
        Map.entry("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT"),
        Map.entry("controller.listener.names", "CONTROLLER"),
        Map.entry("inter.broker.listener.name", "PLAINTEXT"),
        Map.entry("log.dirs", logDir.toString()),
        Map.entry("num.partitions", "1"),
        Map.entry("default.replication.factor", "1"),
        Map.entry("offsets.topic.replication.factor", "1"),
        // 50 partitions by default: the first consumer group would wait for all of them.
        Map.entry("offsets.topic.num.partitions", "1"),
        Map.entry("transaction.state.log.replication.factor", "1"),
        Map.entry("transaction.state.log.min.isr", "1"),
        Map.entry("transaction.state.log.num.partitions", "1"),
        Map.entry("share.coordinator.state.topic.replication.factor", "1"),
        Map.entry("share.coordinator.state.topic.min.isr", "1"),
        Map.entry("group.initial.rebalance.delay.ms", "0"),
        // The log cleaner (compacted topics such as spate.jobs) allocates this on the heap: 128 MiB
        // by default.
        Map.entry("log.cleaner.dedupe.buffer.size", Integer.toString(16 << 20)));
  }

  /**
   * Writes the configuration to {@code server.properties} in the data directory (where it also
   * documents the broker) and formats the log directory with Kafka's storage tool, as {@code
   * kafka-storage.sh format} would. A directory formatted by an earlier run is kept as it is: its
   * meta.properties holds the cluster id the logs belong to.
   */
  private static void format(Map<String, String> config, Path dir, Path logDir) throws IOException {
    Path file = dir.resolve("server.properties");
    Properties props = new Properties();
    props.putAll(config);
    try (Writer out = Files.newBufferedWriter(file, StandardCharsets.ISO_8859_1)) {
      props.store(out, "written by spate for its embedded broker; overwritten on every start");
    }
    if (Files.exists(logDir.resolve("meta.properties"))) {
      return;
    }
    ByteArrayOutputStream output = new ByteArrayOutputStream();
    String[] args = {
      "format", "--config", file.toString(), "--cluster-id", Uuid.randomUuid().toString()
    };
    int exit;
    try (PrintStream out = new PrintStream(output, true, StandardCharsets.UTF_8)) {
      exit = StorageTool.execute(args, out);
    } catch (RuntimeException e) {
      throw new SpateException(
          "cannot format the broker's storage in " + dir + ": " + e.getMessage(), e);
    }
    if (exit != 0) {
      throw new SpateException(
          "cannot format the broker's storage in "
              + dir
              + " (exit "
              + exit
              + "): "
              + output.toString(StandardCharsets.UTF_8).strip());
    }
  }

  /** Blocks until an admin client sees this broker in the cluster metadata. */
  private void awaitReady() {
    Properties props = new Properties();
    props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers());
    props.put(AdminClientConfig.CLIENT_ID_CONFIG, "spate-broker-ready-check");
    long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
    try (Admin admin = Admin.create(props)) {
      while (true) {
        try {
          if (!admin.describeCluster().nodes().get(5, TimeUnit.SECONDS).isEmpty()) {
            return;
          }
        } catch (ExecutionException | TimeoutException e) {
          if (System.nanoTime() > deadline) {
            throw new SpateException(
                "the broker on "
                    + bootstrapServers()
                    + " did not answer within "
                    + READY_TIMEOUT.toSeconds()
                    + " s: "
                    + e.getMessage(),
                e);
          }
        }
        Thread.sleep(50);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SpateException(
          "interrupted while waiting for the broker on " + bootstrapServers(), e);
    }
  }

  /** {@code HOST:PORT} (127.0.0.1 unless started on another address), for bootstrap servers. */
  public String bootstrapServers() {
    return host + ":" + port;
  }

  public int port() {
    return port;
  }

  /** The data directory (a temporary one when none was given to {@link #start}). */
  public Path dataDir() {
    return dataDir;
  }

  /**
   * Shuts the broker and controller down, waits for them, and deletes a temporary data directory.
   */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    stop(server);
    deleteIfOwned(dataDir, ownsDataDir);
  }

  private static void stop(KafkaRaftServer server) {
    server.shutdown();
    server.awaitShutdown();
  }

  private static boolean causedBy(Throwable e, Class<? extends Throwable> type) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (type.isInstance(t)) {
        return true;
      }
    }
    return false;
  }

  private static int freePort(String host) {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(host))) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new SpateException("cannot find a free port on " + host + ": " + e.getMessage(), e);
    }
  }

  private static boolean isFree(String host, int port) {
    try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getByName(host))) {
      return socket.getLocalPort() == port;
    } catch (IOException e) {
      return false;
    }
  }

  private static Path createTempDir() {
    try {
      return Files.createTempDirectory("spate-broker-");
    } catch (IOException e) {
      throw new SpateException(
          "cannot create a temporary directory for the broker: " + e.getMessage(), e);
    }
  }

  private static void deleteIfOwned(Path dir, boolean owned) {
    if (!owned) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      paths
          .sorted(Comparator.reverseOrder())
          .forEach(
              p -> {
                try {
                  Files.deleteIfExists(p);
                } catch (IOException e) {
                  throw new UncheckedIOException(e);
                }
              });
    } catch (IOException | UncheckedIOException e) {
      throw new SpateException(
          "cannot delete the broker's temporary directory " + dir + ": " + e.getMessage(), e);
    }
  }
}
