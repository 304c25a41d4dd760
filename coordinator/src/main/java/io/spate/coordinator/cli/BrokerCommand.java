package io.spate.coordinator.cli;

import io.spate.coordinator.broker.EmbeddedBroker;
import io.spate.core.settings.Settings;
import io.spate.engine.settings.SettingsHelp;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code spate broker}: a single-node Kafka broker in this JVM, for {@code spate submit} and {@code
 * spate worker} on one machine without a Kafka installation or Docker. It runs until the process is
 * stopped; a shutdown hook closes it cleanly, so its logs are consistent on disk when a {@code
 * --data-dir} is reused.
 */
@Command(
    name = "broker",
    mixinStandardHelpOptions = true,
    description =
        "Runs a single-node Kafka broker (KRaft, broker and controller in this JVM) on 127.0.0.1 (or --host) until stopped.",
    footer = SettingsHelp.NO_DATABASE)
public final class BrokerCommand implements Callable<Integer> {

  @Option(names = "--port", paramLabel = "N", descriptionKey = "broker-port")
  int port = Settings.BROKER_PORT.defaultValue();

  @Option(names = "--host", paramLabel = "ADDRESS", descriptionKey = "broker-host")
  String host = Settings.BROKER_HOST.defaultValue();

  @Option(names = "--data-dir", paramLabel = "DIR")
  Path dataDir;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    EmbeddedBroker broker = EmbeddedBroker.start(host, port, dataDir);
    Thread hook = new Thread(broker::close, "spate-broker-shutdown");
    Runtime.getRuntime().addShutdownHook(hook);
    PrintWriter out = spec.commandLine().getOut();
    out.println("broker listening on " + broker.bootstrapServers() + " (Ctrl-C stops it)");
    out.flush();
    try {
      // Waits for ever: Ctrl-C or SIGTERM ends the process through the hook; an interrupt ends it
      // here.
      Thread.currentThread().join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException shuttingDown) {
        // The JVM is already exiting: the hook is closing the broker.
      }
      broker.close();
    }
    return 0;
  }
}
